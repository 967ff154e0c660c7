// The calibration sheet: layout, rendering (markers where the layout says) and the one-page PDF.

#include "calibration/CalibrationSheet.h"
#include "calibration/PdfWriter.h"
#include "calibration/TrayCalibration.h"

#include <gtest/gtest.h>
#include <opencv2/imgcodecs.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>

namespace mc = muster::calibration;

TEST(CalibrationSheet, StandardLayoutsFitTheirPaper) {
    for (mc::Paper paper : {mc::Paper::A4, mc::Paper::Letter}) {
        const mc::SheetLayout layout = mc::SheetLayout::standard(paper);
        ASSERT_EQ(layout.markers.size(), 4u);
        for (const cv::Point2f& p : layout.allCornersMm()) {
            EXPECT_GE(p.x, 10.0f);
            EXPECT_GE(p.y, 10.0f);
            EXPECT_LE(p.x, layout.paperMm.width - 10.0f);
            EXPECT_LE(p.y, layout.paperMm.height - 10.0f);
        }
        EXPECT_GE(layout.rulerLengthMm, 150.0f);
    }
    EXPECT_FLOAT_EQ(mc::SheetLayout::standard(mc::Paper::Letter).paperMm.width, 215.9f);
}

TEST(CalibrationSheet, ParsesPaperNames) {
    EXPECT_EQ(mc::parsePaper("a4").value(), mc::Paper::A4);
    EXPECT_EQ(mc::parsePaper("letter").value(), mc::Paper::Letter);
    const auto bad = mc::parsePaper("a3");
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().message.find("a4 or letter"), std::string::npos);
}

TEST(CalibrationSheet, RenderedMarkersAreWhereTheLayoutSays) {
    const mc::SheetLayout layout = mc::SheetLayout::standard(mc::Paper::A4);
    const double dpi = 100.0;
    const cv::Mat sheet = mc::renderSheet(layout, dpi);
    EXPECT_EQ(sheet.cols, 827);
    EXPECT_EQ(sheet.rows, 1169);
    const auto found = mc::detectSheetMarkers(sheet);
    ASSERT_TRUE(found) << found.error().message;
    ASSERT_EQ(found->size(), 4u);
    for (const mc::MarkerSighting& s : found.value()) {
        const mc::SheetMarker* m = layout.marker(s.id);
        ASSERT_NE(m, nullptr);
        const std::vector<cv::Point2f> mm = m->cornersMm();
        for (size_t k = 0; k < 4; ++k)
            EXPECT_NEAR(cv::norm(s.cornersPx[k] * (25.4f / static_cast<float>(dpi)) - mm[k]), 0.0, 0.5)
                << "marker " << s.id << " corner " << k;
    }
}

TEST(CalibrationSheet, WritesAOnePagePdfOfThePaperSize) {
    const mc::SheetLayout layout = mc::SheetLayout::standard(mc::Paper::A4);
    const std::filesystem::path path = std::filesystem::temp_directory_path() / "muster_sheet_test.pdf";
    ASSERT_TRUE(mc::writeSheetPdf(layout, path.string(), 100.0));
    std::ifstream in(path, std::ios::binary);
    const std::string pdf((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::filesystem::remove(path);
    EXPECT_EQ(pdf.rfind("%PDF-1.4", 0), 0u);
    EXPECT_NE(pdf.find("/MediaBox [0 0 595.28 841.89]"), std::string::npos); // A4 in points
    EXPECT_NE(pdf.find("/Filter /DCTDecode"), std::string::npos);
    EXPECT_NE(pdf.find("/Count 1"), std::string::npos);
    // Every cross-reference entry points at the object it names.
    const size_t xref = pdf.rfind("\nxref\n") + 1;
    ASSERT_NE(xref, 0u);
    const size_t startxref = pdf.find("startxref\n");
    EXPECT_EQ(std::stoul(pdf.substr(startxref + 10)), xref);
    std::istringstream table(pdf.substr(xref));
    std::string word;
    int first = 0, count = 0;
    table >> word >> first >> count;
    ASSERT_EQ(count, 6);
    std::string offset, generation, kind;
    table >> offset >> generation >> kind; // the free entry
    for (int object = 1; object < count; ++object) {
        table >> offset >> generation >> kind;
        const std::string header = std::to_string(object) + " 0 obj";
        EXPECT_EQ(pdf.compare(std::stoul(offset), header.size(), header), 0) << "object " << object;
    }
}

TEST(PdfWriter, RefusesEmptyImages) {
    const auto pdf = mc::singleImagePdf(cv::Mat(), {210, 297});
    ASSERT_FALSE(pdf);
    EXPECT_FALSE(pdf.error().message.empty());
}

// End to end: the PDF as a PDF reader draws it (poppler's pdftoppm, where installed) still has the markers at
// their millimetre positions.
TEST(CalibrationSheet, PdfRasterisedByPopplerKeepsTheMillimetres) {
    if (std::system("pdftoppm -v > /dev/null 2>&1") != 0)
        GTEST_SKIP() << "pdftoppm (poppler-utils) is not installed";
    const mc::SheetLayout layout = mc::SheetLayout::standard(mc::Paper::Letter);
    const std::filesystem::path dir = std::filesystem::temp_directory_path();
    const std::filesystem::path pdf = dir / "muster_sheet_poppler.pdf";
    ASSERT_TRUE(mc::writeSheetPdf(layout, pdf.string(), 300.0));
    const std::filesystem::path png = dir / "muster_sheet_poppler";
    ASSERT_EQ(std::system(("pdftoppm -r 72 -png -singlefile " + pdf.string() + " " + png.string()).c_str()),
              0);
    const cv::Mat page = cv::imread(png.string() + ".png", cv::IMREAD_GRAYSCALE);
    std::filesystem::remove(pdf);
    std::filesystem::remove(png.string() + ".png");
    ASSERT_FALSE(page.empty());
    EXPECT_NEAR(page.cols, 612, 1); // 8.5 in at 72 dpi
    const auto found = mc::detectSheetMarkers(page);
    ASSERT_TRUE(found);
    ASSERT_EQ(found->size(), 4u);
    const float mmPerPx = 25.4f / 72.0f;
    for (const mc::MarkerSighting& s : found.value()) {
        const std::vector<cv::Point2f> mm = layout.marker(s.id)->cornersMm();
        for (size_t k = 0; k < 4; ++k)
            EXPECT_LT(cv::norm(s.cornersPx[k] * mmPerPx - mm[k]), 0.6)
                << "marker " << s.id << " corner " << k;
    }
}
