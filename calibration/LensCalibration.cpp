#include "calibration/LensCalibration.h"

#include <opencv2/calib3d.hpp>
#include <opencv2/imgproc.hpp>

namespace muster::calibration {

Result<LensModel> calibrateLens(const std::vector<cv::Mat>& views, cv::Size innerCorners, float squareMm) {
    if (views.empty())
        return Error{"lens calibration needs chessboard views"};
    if (innerCorners.width < 3 || innerCorners.height < 3 || squareMm <= 0)
        return Error{"the chessboard needs at least 3x3 inner corners and a positive square size"};
    std::vector<cv::Point3f> board;
    for (int y = 0; y < innerCorners.height; ++y)
        for (int x = 0; x < innerCorners.width; ++x)
            board.emplace_back(static_cast<float>(x) * squareMm, static_cast<float>(y) * squareMm, 0.0f);

    std::vector<std::vector<cv::Point3f>> objectPoints;
    std::vector<std::vector<cv::Point2f>> imagePoints;
    const cv::Size size = views.front().size();
    for (const cv::Mat& view : views) {
        if (view.empty() || view.size() != size || view.depth() != CV_8U)
            return Error{"every chessboard view must be a non-empty 8-bit image of the same size"};
        cv::Mat grey = view;
        if (view.channels() == 3)
            cv::cvtColor(view, grey, cv::COLOR_BGR2GRAY);
        std::vector<cv::Point2f> corners;
        if (!cv::findChessboardCorners(grey, innerCorners, corners,
                                       cv::CALIB_CB_ADAPTIVE_THRESH | cv::CALIB_CB_NORMALIZE_IMAGE))
            continue;
        cv::cornerSubPix(grey, corners, cv::Size(5, 5), cv::Size(-1, -1),
                         cv::TermCriteria(cv::TermCriteria::EPS + cv::TermCriteria::COUNT, 30, 0.01));
        imagePoints.push_back(corners);
        objectPoints.push_back(board);
    }
    if (imagePoints.size() < 3)
        return Error{"the chessboard was found in " + std::to_string(imagePoints.size()) +
                     " views; at least 3 are needed"};
    LensModel lens;
    lens.resolution = size;
    cv::Mat k, dist;
    std::vector<cv::Mat> rvecs, tvecs;
    lens.rmsErrorPx = cv::calibrateCamera(objectPoints, imagePoints, size, k, dist, rvecs, tvecs);
    lens.cameraMatrix = cv::Matx33d(k);
    lens.distortion.assign(dist.begin<double>(), dist.end<double>());
    lens.views = static_cast<int>(imagePoints.size());
    return lens;
}

Result<cv::Mat> undistortFrame(const cv::Mat& frame, const LensModel& lens) {
    if (frame.empty())
        return Error{"the frame is empty"};
    if (frame.size() != lens.resolution)
        return Error{"the lens was calibrated at another resolution; rescale the profile first"};
    cv::Mat out;
    cv::undistort(frame, out, cv::Mat(lens.cameraMatrix), lens.distortion);
    return out;
}

} // namespace muster::calibration
