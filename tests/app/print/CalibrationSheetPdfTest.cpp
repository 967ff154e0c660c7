// The calibration sheet as a vector PDF: one page of the paper's size (pdfinfo), the four ArUco markers found
// at the layout's millimetres once poppler rasterises it (pdftoppm), no embedded raster, and clear errors.

#include "app/print/CalibrationSheetPdf.h"

#include "app/print/PrintApplication.h"
#include "calibration/CalibrationSheet.h"
#include "calibration/TrayCalibration.h"

#include <gtest/gtest.h>
#include <opencv2/imgcodecs.hpp>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <regex>
#include <string>

namespace mc = muster::calibration;
namespace fs = std::filesystem;

namespace {

bool havePoppler() {
    return std::system("pdftoppm -v > /dev/null 2>&1") == 0 &&
           std::system("pdfinfo -v > /dev/null 2>&1") == 0;
}

// What a shell command prints on stdout.
std::string run(const std::string& command) {
    std::string out;
    if (FILE* pipe = popen(command.c_str(), "r")) {
        char buffer[4096];
        while (const std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe))
            out.append(buffer, n);
        pclose(pipe);
    }
    return out;
}

// A temporary file of this test process: ctest runs the tests of this file side by side.
fs::path tempFile(const std::string& name) {
    return fs::temp_directory_path() / ("muster_" + std::to_string(getpid()) + "_" + name);
}

// The standard sheet of one paper, written to a temporary file that goes with the test.
struct SheetFile {
    fs::path path;
    explicit SheetFile(mc::Paper paper)
        : path(tempFile("calibration_sheet_" + mc::paperName(paper) + ".pdf")) {
        const mc::Status status =
            muster::app::writeCalibrationSheetPdf(mc::SheetLayout::standard(paper), path.string());
        EXPECT_TRUE(status) << status.error().message;
    }
    SheetFile(const SheetFile&) = delete;
    SheetFile& operator=(const SheetFile&) = delete;
    ~SheetFile() { fs::remove(path); }
};

class SheetPdf : public testing::TestWithParam<mc::Paper> {};

} // namespace

TEST_P(SheetPdf, IsOnePageOfThePapersSize) {
    if (!havePoppler())
        GTEST_SKIP() << "pdfinfo/pdftoppm (poppler-utils) are not installed";
    const mc::SheetLayout layout = mc::SheetLayout::standard(GetParam());
    const SheetFile pdf(GetParam());
    const std::string info = run("pdfinfo '" + pdf.path.string() + "'");
    std::smatch m;
    ASSERT_TRUE(std::regex_search(info, m, std::regex("Pages: +([0-9]+)"))) << info;
    EXPECT_EQ(m[1].str(), "1");
    ASSERT_TRUE(std::regex_search(info, m, std::regex("Page size: +([0-9.]+) x ([0-9.]+) pts"))) << info;
    // Qt keeps page sizes in whole points: A4 is 595 x 842 (0.1 mm narrower, 0.04 mm taller than 210 x 297).
    // The drawing is placed from the top-left corner, so the markers keep their millimetres all the same.
    EXPECT_EQ(m[1].str() + " x " + m[2].str(), GetParam() == mc::Paper::A4 ? "595 x 842" : "612 x 792");
    EXPECT_NEAR(std::stod(m[1].str()) * 25.4 / 72.0, layout.paperMm.width, 0.1);
    EXPECT_NEAR(std::stod(m[2].str()) * 25.4 / 72.0, layout.paperMm.height, 0.1);
    EXPECT_TRUE(std::regex_search(
        info, std::regex("Title: +Muster calibration sheet \\(" + mc::paperName(GetParam()) + "\\)")))
        << info;
}

// Vectors, not a picture of the sheet: no image in the PDF, and a small file.
TEST_P(SheetPdf, HoldsNoRasterImage) {
    if (!havePoppler())
        GTEST_SKIP() << "pdfimages (poppler-utils) is not installed";
    const SheetFile pdf(GetParam());
    const std::string images = run("pdfimages -list '" + pdf.path.string() + "'");
    // The header is two lines (names and dashes); every image would add one.
    EXPECT_EQ(std::count(images.begin(), images.end(), '\n'), 2) << images;
    EXPECT_LT(fs::file_size(pdf.path), 64u * 1024u);
}

// As a PDF reader draws it, the markers are where the layout says, to a fraction of a millimetre.
TEST_P(SheetPdf, RasterisedByPopplerKeepsTheMillimetres) {
    if (!havePoppler())
        GTEST_SKIP() << "pdftoppm (poppler-utils) is not installed";
    const mc::SheetLayout layout = mc::SheetLayout::standard(GetParam());
    const SheetFile pdf(GetParam());
    for (const int dpi : {72, 150}) {
        const fs::path png = tempFile("calibration_sheet_poppler");
        ASSERT_EQ(std::system(("pdftoppm -r " + std::to_string(dpi) + " -gray -png -singlefile '" +
                               pdf.path.string() + "' '" + png.string() + "'")
                                  .c_str()),
                  0);
        const cv::Mat page = cv::imread(png.string() + ".png", cv::IMREAD_GRAYSCALE);
        fs::remove(png.string() + ".png");
        ASSERT_FALSE(page.empty());
        const float mmPerPx = 25.4f / static_cast<float>(dpi);
        EXPECT_NEAR(page.cols * mmPerPx, layout.paperMm.width, 2 * mmPerPx); // poppler rounds up
        EXPECT_NEAR(page.rows * mmPerPx, layout.paperMm.height, 2 * mmPerPx);
        const auto found = mc::detectSheetMarkers(page);
        ASSERT_TRUE(found) << found.error().message;
        ASSERT_EQ(found->size(), 4u);
        const float tolerance = dpi == 72 ? 0.6f : 0.3f;
        double worst = 0;
        for (const mc::MarkerSighting& s : found.value()) {
            const mc::SheetMarker* marker = layout.marker(s.id);
            ASSERT_NE(marker, nullptr) << "id " << s.id;
            const std::vector<cv::Point2f> mm = marker->cornersMm();
            for (size_t k = 0; k < 4; ++k) {
                const double error = cv::norm(s.cornersPx[k] * mmPerPx - mm[k]);
                worst = std::max(worst, error);
                EXPECT_LT(error, tolerance) << dpi << " dpi, marker " << s.id << " corner " << k;
            }
        }
        std::printf("[ measured ] %s at %d dpi: worst marker corner %.3f mm from the layout\n",
                    mc::paperName(GetParam()).c_str(), dpi, worst);
    }
}

INSTANTIATE_TEST_SUITE_P(Papers, SheetPdf, testing::Values(mc::Paper::A4, mc::Paper::Letter),
                         [](const testing::TestParamInfo<mc::Paper>& param) {
                             return param.param == mc::Paper::A4 ? std::string("A4") : std::string("Letter");
                         });

TEST(CalibrationSheetPdf, AnUnwritablePathIsAClearError) {
    const mc::SheetLayout layout = mc::SheetLayout::standard(mc::Paper::A4);
    const std::string missing = (fs::temp_directory_path() / "muster-no-such-folder" / "sheet.pdf").string();
    const mc::Status status = muster::app::writeCalibrationSheetPdf(layout, missing);
    ASSERT_FALSE(status);
    EXPECT_EQ(status.error().message.rfind("cannot write " + missing + ": ", 0), 0u)
        << status.error().message;
    EXPECT_FALSE(fs::exists(missing));

    const mc::Status folder =
        muster::app::writeCalibrationSheetPdf(layout, fs::temp_directory_path().string());
    ASSERT_FALSE(folder);
    EXPECT_EQ(folder.error().message.rfind("cannot write " + fs::temp_directory_path().string(), 0), 0u)
        << folder.error().message;
}

TEST(CalibrationSheetPdf, AMarkerOutsideTheDictionaryIsAnError) {
    mc::SheetLayout layout = mc::SheetLayout::standard(mc::Paper::A4);
    layout.markers[2].id = 64;
    const fs::path path = tempFile("calibration_sheet_bad_id.pdf");
    const mc::Status status = muster::app::writeCalibrationSheetPdf(layout, path.string());
    ASSERT_FALSE(status);
    EXPECT_EQ(status.error().message, "marker id 64 is not in the sheet's dictionary (0-49)");
    EXPECT_FALSE(fs::exists(path)) << "nothing is written for a layout that cannot be drawn";
}

int main(int argc, char** argv) {
    const auto app = muster::app::printingApplication(); // offscreen, as muster-cli prints
    testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
