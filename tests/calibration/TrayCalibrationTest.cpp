// Tray calibration on synthetic camera views of real tray photos with the sheet composited in: the recovered
// homography must put the tray's corners within 1 mm; bad input gives clear errors.

#include "calibration/TrayCalibration.h"

#include "TestData.h"

#include <gtest/gtest.h>

#include <cstdio>

namespace mc = muster::calibration;
namespace mt = muster::calibration::test;

namespace {

// A camera looking down at the tray plane from a little off vertical: the tray square's corners land on a
// rectangle inset in the frame, each jittered, which gives perspective, rotation and scale together.
std::vector<cv::Point2f> cameraCorners(cv::Size frame, cv::RNG& rng, float jitter) {
    const float w = static_cast<float>(frame.width), h = static_cast<float>(frame.height);
    const float side = 0.9f * std::min(w, h);
    const cv::Point2f o((w - side) / 2, (h - side) / 2);
    std::vector<cv::Point2f> c = {o, o + cv::Point2f(side, 0), o + cv::Point2f(side, side),
                                  o + cv::Point2f(0, side)};
    for (cv::Point2f& p : c)
        p += cv::Point2f(rng.uniform(-jitter, jitter), rng.uniform(-jitter, jitter)) * side;
    return c;
}

struct Trial {
    double worstCornerMm = 0;
    double rmsMarkerPx = 0;
};

Trial runTrial(const cv::Mat& photo, cv::Size frame, cv::RNG& rng) {
    const mc::SheetLayout layout = mc::SheetLayout::standard(mc::Paper::A4);
    const float trayMm = 400.0f;
    const mt::SyntheticView view = mt::syntheticView(
        photo, layout, frame, cameraCorners(frame, rng, 0.06f), trayMm, rng.uniform(-20.0f, 20.0f),
        {rng.uniform(-25.0f, 25.0f), rng.uniform(-15.0f, 15.0f)});
    const cv::Mat image = mt::cameraNoise(view.image, 3.0, 90, rng);
    const auto cal = mc::calibrateTray(image);
    EXPECT_TRUE(cal) << cal.error().message;
    if (!cal)
        return {1e9, 1e9};
    Trial t;
    t.rmsMarkerPx = cal->rmsErrorPx;
    // The tray's corners, ~150-200 mm beyond the sheet: where the extrapolated mapping is worst.
    const cv::Matx33d trayToSheet = view.sheetToTray.inv();
    for (const cv::Point2f& corner :
         {cv::Point2f(0, 0), cv::Point2f(trayMm, 0), cv::Point2f(trayMm, trayMm), cv::Point2f(0, trayMm)}) {
        const cv::Point2f px = mc::mapPoint(view.trayToImage, corner);
        const cv::Point2f estimated = mc::mapPoint(cal->imageToTray, px);
        const cv::Point2f truth = mc::mapPoint(trayToSheet, corner);
        t.worstCornerMm = std::max(t.worstCornerMm, cv::norm(estimated - truth));
    }
    return t;
}

} // namespace

TEST(TrayCalibration, CornerErrorAtTrayScaleIsUnderOneMillimetre) {
    MUSTER_REQUIRE_DICE_DATA(dir);
    cv::RNG rng(20261130);
    for (cv::Size frame : {cv::Size(1280, 960), cv::Size(1920, 1080)}) {
        double worst = 0, rms = 0;
        int trials = 0;
        for (const std::string& name : mt::trayPhotos()) {
            const cv::Mat photo = cv::imread(mt::photoPath(dir, name));
            ASSERT_FALSE(photo.empty()) << name;
            for (int k = 0; k < 2; ++k) {
                const Trial t = runTrial(photo, frame, rng);
                worst = std::max(worst, t.worstCornerMm);
                rms = std::max(rms, t.rmsMarkerPx);
                ++trials;
            }
        }
        std::printf(
            "[ measured ] %dx%d, %d views of 400 mm trays: worst tray-corner error %.3f mm, worst marker RMS "
            "%.3f px\n",
            frame.width, frame.height, trials, worst, rms);
        EXPECT_LE(worst, 1.0) << frame;
    }
}

TEST(TrayCalibration, ReportsScaleDieSizeAndRegion) {
    const mc::SheetLayout layout = mc::SheetLayout::standard(mc::Paper::A4);
    // The sheet seen straight on at 4 px/mm, 50 px from the frame's edge.
    cv::Mat sheet = mc::renderSheet(layout, 4.0 * 25.4);
    cv::Mat frame(sheet.rows + 100, sheet.cols + 100, CV_8U, cv::Scalar(128));
    sheet.copyTo(frame(cv::Rect(50, 50, sheet.cols, sheet.rows)));
    mc::TrayOptions options;
    options.dieSizeMm = 12.0f;
    const auto cal = mc::calibrateTray(frame, options);
    ASSERT_TRUE(cal) << cal.error().message;
    EXPECT_EQ(cal->resolution, frame.size());
    EXPECT_NEAR(cal->pxPerMm, 4.0, 0.02);
    EXPECT_NEAR(cal->dieSizePx, 48.0, 0.3);
    ASSERT_EQ(cal->regionPx.size(), 4u);
    EXPECT_NEAR(cal->regionPx[0].x, 50.0, 0.5);
    EXPECT_NEAR(cal->regionPx[2].y, 50.0 + 297 * 4, 1.0);
    EXPECT_LT(cal->rmsErrorPx, 0.5);
    EXPECT_EQ(cal->markers.size(), 4u);
}

TEST(TrayCalibration, EmptyImageIsAnError) {
    const auto cal = mc::calibrateTray(cv::Mat());
    ASSERT_FALSE(cal);
    EXPECT_NE(cal.error().message.find("empty"), std::string::npos);
}

TEST(TrayCalibration, RealPhotoWithoutSheetSaysNoMarkers) {
    MUSTER_REQUIRE_DICE_DATA(dir);
    const cv::Mat photo = cv::imread(mt::photoPath(dir, mt::trayPhotos().front()));
    const auto cal = mc::calibrateTray(photo);
    ASSERT_FALSE(cal);
    EXPECT_NE(cal.error().message.find("no calibration-sheet markers"), std::string::npos)
        << cal.error().message;
}

TEST(TrayCalibration, ThreeMarkersNameTheMissingOne) {
    const mc::SheetLayout layout = mc::SheetLayout::standard(mc::Paper::A4);
    const double pxPerMm = 3.0;
    cv::Mat sheet = mc::renderSheet(layout, pxPerMm * 25.4);
    // Cover marker 2 (bottom right), as a die or a hand would.
    const mc::SheetMarker* m = layout.marker(2);
    const cv::Point2f tl = m->centreMm - cv::Point2f(m->sideMm / 2 + 2, m->sideMm / 2 + 2);
    cv::rectangle(sheet,
                  cv::Rect(cv::Point(tl * pxPerMm),
                           cv::Size(cvRound((m->sideMm + 4) * pxPerMm), cvRound((m->sideMm + 4) * pxPerMm))),
                  cv::Scalar(90), cv::FILLED);
    const auto cal = mc::calibrateTray(sheet);
    ASSERT_FALSE(cal);
    EXPECT_NE(cal.error().message.find("found 3 of 4"), std::string::npos) << cal.error().message;
    EXPECT_NE(cal.error().message.find("missing id 2"), std::string::npos) << cal.error().message;
}

// The wizard's "tray of W x H mm, sheet in the middle or a corner" as a region in sheet mm.
TEST(TrayCalibration, TrayRegionFromTraySizeAndSheetPlacement) {
    const mc::SheetLayout a4 = mc::SheetLayout::standard(mc::Paper::A4); // 210 x 297 mm
    const auto middle = mc::trayRegionMm(a4, {400, 350}, mc::SheetPlacement::Middle);
    ASSERT_TRUE(middle);
    EXPECT_EQ(middle.value(),
              (std::vector<cv::Point2f>{{-95, -26.5f}, {305, -26.5f}, {305, 323.5f}, {-95, 323.5f}}));
    const auto corner = mc::trayRegionMm(a4, {400, 350}, mc::SheetPlacement::BottomRight);
    ASSERT_TRUE(corner);
    EXPECT_EQ(corner->front(), cv::Point2f(-190, -53));
    EXPECT_EQ(corner->at(2), cv::Point2f(210, 297)); // the tray's corner is the sheet's
    const auto small = mc::trayRegionMm(a4, {200, 350}, mc::SheetPlacement::Middle);
    ASSERT_FALSE(small);
    EXPECT_NE(small.error().message.find("at least as large as the sheet"), std::string::npos);
    for (const char* name : {"middle", "top-left", "top-right", "bottom-right", "bottom-left"}) {
        const auto p = mc::parseSheetPlacement(name);
        ASSERT_TRUE(p) << name;
        EXPECT_EQ(mc::sheetPlacementName(p.value()), name);
    }
    EXPECT_FALSE(mc::parseSheetPlacement("centre"));
}
