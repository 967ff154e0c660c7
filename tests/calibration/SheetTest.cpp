// The calibration sheet: layout (markers, ruler, die square, text), ArUco cells and the raster rendering. The
// PDF drawn from the same layout is tested in tests/app/print.

#include "calibration/CalibrationSheet.h"
#include "calibration/TrayCalibration.h"

#include <gtest/gtest.h>
#include <opencv2/aruco.hpp>

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

TEST(CalibrationSheet, MarkerCellsAreTheDictionarysBitsInsideABlackBorder) {
    const cv::Ptr<cv::aruco::Dictionary> dictionary =
        cv::aruco::getPredefinedDictionary(mc::kSheetDictionary);
    for (int id = 0; id < 4; ++id) {
        const auto cells = mc::sheetMarkerCells(id);
        ASSERT_TRUE(cells) << cells.error().message;
        ASSERT_EQ(cells->rows, 6);
        ASSERT_EQ(cells->cols, 6);
        // ArUco's own drawing at one pixel per cell: 0 is black.
        cv::Mat drawn;
        cv::aruco::drawMarker(dictionary, id, 6, drawn, 1);
        for (int y = 0; y < 6; ++y)
            for (int x = 0; x < 6; ++x)
                EXPECT_EQ(cells->at<uchar>(y, x), drawn.at<uchar>(y, x) == 0 ? 1 : 0)
                    << "id " << id << " cell " << x << "," << y;
    }
    // Marker 0 of DICT_4X4_50 inside its border, row by row ('#' black).
    const cv::Mat zero = mc::sheetMarkerCells(0).value();
    const char* rows[] = {"######", "#.#..#", "##.#.#", "###..#", "###.##", "######"};
    for (int y = 0; y < 6; ++y)
        for (int x = 0; x < 6; ++x)
            EXPECT_EQ(zero.at<uchar>(y, x), rows[y][x] == '#' ? 1 : 0) << "cell " << x << "," << y;
    const auto bad = mc::sheetMarkerCells(50);
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().message.find("not in the sheet's dictionary (0-49)"), std::string::npos);
}

TEST(CalibrationSheet, RulerDieSquareAndTextSitWhereTheSheetSaysOnA4) {
    const mc::SheetLayout layout = mc::SheetLayout::standard(mc::Paper::A4);
    EXPECT_FLOAT_EQ(layout.rulerLengthMm, 170.0f);
    const std::vector<mc::SheetLine> lines = layout.rulerLinesMm();
    ASSERT_EQ(lines.size(), 1u + 171u); // baseline, then a tick per mm from 0 to 170
    EXPECT_EQ(lines[0].fromMm, cv::Point2f(20.0f, 148.5f));
    EXPECT_EQ(lines[0].toMm, cv::Point2f(190.0f, 148.5f));
    EXPECT_FLOAT_EQ(lines[1].toMm.y, 148.5f - 6.0f); // 0 cm
    EXPECT_FLOAT_EQ(lines[2].toMm.y, 148.5f - 2.5f); // 1 mm
    EXPECT_FLOAT_EQ(lines[6].toMm.y, 148.5f - 4.0f); // 5 mm
    EXPECT_FLOAT_EQ(lines[170].fromMm.x, 189.0f);    // 169 mm
    const cv::Rect2f die = layout.dieSquareRectMm();
    EXPECT_EQ(die, cv::Rect2f(97.0f, 163.5f, 16.0f, 16.0f));
    const std::vector<mc::SheetText> texts = layout.texts();
    ASSERT_EQ(texts.size(), 4u + 4u + 18u + 1u); // title, 2 instruction lines, die; ids; 0-17 cm; "cm"
    EXPECT_EQ(texts[0].text, "Muster calibration sheet (a4)");
    EXPECT_EQ(texts[3].text, "16 mm die");
    EXPECT_FLOAT_EQ(texts[3].atMm.y, 186.5f);
    EXPECT_EQ(texts[4].text, "id 0");
    EXPECT_EQ(texts[4].atMm, cv::Point2f(35.0f, 60.0f));
    EXPECT_EQ(texts[8 + 17].text, "17");
    EXPECT_EQ(texts.back().text, "cm");
    EXPECT_FALSE(texts.back().centred);
}
