// Optional lens calibration on synthetic chessboard views with a known barrel distortion.

#include "calibration/LensCalibration.h"

#include <gtest/gtest.h>
#include <opencv2/calib3d.hpp>
#include <opencv2/imgproc.hpp>

namespace mc = muster::calibration;

namespace {

const cv::Size kFrame(640, 480);
const cv::Matx33d kCamera(600, 0, 320, 0, 600, 240, 0, 0, 1);
const std::vector<double> kDistortion = {-0.2, 0.05, 0, 0, 0};

// A chessboard with 9x6 inner corners, seen through a homography, then through the distorting lens.
cv::Mat chessboardView(const cv::Matx33d& boardToUndistorted) {
    const int square = 40;
    cv::Mat board(7 * square + 2 * square, 10 * square + 2 * square, CV_8U, cv::Scalar(255));
    for (int y = 0; y < 7; ++y)
        for (int x = 0; x < 10; ++x)
            if ((x + y) % 2 == 0)
                board(cv::Rect(square + x * square, square + y * square, square, square)).setTo(0);
    cv::Mat flat;
    cv::warpPerspective(board, flat, cv::Mat(boardToUndistorted), kFrame, cv::INTER_AREA, cv::BORDER_CONSTANT,
                        cv::Scalar(255));
    // For every pixel of the distorted frame, where it comes from in the undistorted one.
    std::vector<cv::Point2f> distorted;
    for (int y = 0; y < kFrame.height; ++y)
        for (int x = 0; x < kFrame.width; ++x)
            distorted.emplace_back(static_cast<float>(x), static_cast<float>(y));
    std::vector<cv::Point2f> source;
    cv::undistortPoints(distorted, source, cv::Mat(kCamera), kDistortion, cv::noArray(), cv::Mat(kCamera));
    cv::Mat map(kFrame, CV_32FC2, source.data());
    cv::Mat out;
    cv::remap(flat, out, map, cv::Mat(), cv::INTER_LINEAR, cv::BORDER_CONSTANT, cv::Scalar(255));
    return out;
}

} // namespace

TEST(LensCalibration, RecoversTheDistortionOfSyntheticChessboardViews) {
    std::vector<cv::Mat> views;
    cv::RNG rng(5);
    for (int i = 0; i < 8; ++i) {
        // A real pose: the board (480 x 360 px image = 300 x 225 mm) tilted up to 25 degrees, 400 mm away.
        const cv::Vec3d tilt(rng.uniform(-0.45, 0.45), rng.uniform(-0.45, 0.45), rng.uniform(-0.3, 0.3));
        cv::Matx33d r;
        cv::Rodrigues(tilt, r);
        const cv::Vec3d centre(150, 112.5, 0);
        const cv::Vec3d t =
            -(r * centre) + cv::Vec3d(rng.uniform(-30.0, 30.0), rng.uniform(-20.0, 20.0), 400);
        const cv::Matx33d pose(r(0, 0), r(0, 1), t[0], r(1, 0), r(1, 1), t[1], r(2, 0), r(2, 1), t[2]);
        const double mmPerPx = 25.0 / 40.0;
        views.push_back(chessboardView(kCamera * pose * cv::Matx33d(mmPerPx, 0, 0, 0, mmPerPx, 0, 0, 0, 1)));
    }
    const auto lens = mc::calibrateLens(views, {9, 6}, 25.0f);
    ASSERT_TRUE(lens) << lens.error().message;
    std::printf(
        "[ measured ] lens: %d views, RMS reprojection %.3f px, k1 %.3f (true -0.2), fx %.1f (true 600)\n",
        lens->views, lens->rmsErrorPx, lens->distortion[0], lens->cameraMatrix(0, 0));
    EXPECT_GE(lens->views, 6);
    EXPECT_LT(lens->rmsErrorPx, 0.5);
    EXPECT_NEAR(lens->distortion[0], -0.2, 0.05);
    const auto straight = mc::undistortFrame(views[0], lens.value());
    ASSERT_TRUE(straight);
    EXPECT_EQ(straight->size(), kFrame);
}

TEST(LensCalibration, TooFewViewsIsAnError) {
    const auto none = mc::calibrateLens({cv::Mat(480, 640, CV_8U, cv::Scalar(255))}, {9, 6}, 25.0f);
    ASSERT_FALSE(none);
    EXPECT_NE(none.error().message.find("at least 3"), std::string::npos) << none.error().message;
    EXPECT_FALSE(mc::calibrateLens({}, {9, 6}, 25.0f));
}
