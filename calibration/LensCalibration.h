#pragma once

// LensCalibration (optional): lens distortion from several views of a printed chessboard
// (cv::calibrateCamera), with the RMS reprojection error, and undistortion of frames before the tray
// homography is applied.

#include "calibration/CalibrationError.h"

#include <opencv2/core.hpp>

#include <vector>

namespace muster::calibration {

struct LensModel {
    cv::Size resolution;
    cv::Matx33d cameraMatrix = cv::Matx33d::eye();
    std::vector<double> distortion; // k1 k2 p1 p2 k3
    double rmsErrorPx = 0.0;        // RMS reprojection error of the chessboard corners
    int views = 0;                  // chessboard views used
};

// innerCorners: inner corner grid of the chessboard (e.g. 9x6); squareMm: side of one square.
// Views where the board is not found are skipped; at least 3 must be found.
Result<LensModel> calibrateLens(const std::vector<cv::Mat>& views, cv::Size innerCorners, float squareMm);

Result<cv::Mat> undistortFrame(const cv::Mat& frame, const LensModel& lens);

} // namespace muster::calibration
