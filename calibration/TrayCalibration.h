#pragma once

// TrayCalibration: from one image of the calibration sheet lying in the tray, the homography between camera
// pixels and tray millimetres (the sheet's coordinates), the region to watch, and the expected die size in
// pixels.

#include "calibration/CalibrationError.h"
#include "calibration/CalibrationSheet.h"

#include <opencv2/core.hpp>

#include <string>
#include <vector>

namespace muster::calibration {

// One sheet marker as seen in an image.
struct MarkerSighting {
    int id = 0;
    std::vector<cv::Point2f> cornersPx; // ArUco order
};

struct TrayOptions {
    SheetLayout layout = SheetLayout::standard();
    float dieSizeMm = 16.0f;           // edge of the dice on this table
    std::vector<cv::Point2f> regionMm; // the area to watch in sheet mm; empty: the sheet itself
    int requiredMarkers = 4;           // fewer sightings than this is an error
};

struct TrayCalibration {
    cv::Size resolution;               // the image the calibration was made from
    cv::Matx33d imageToTray;           // camera px -> sheet mm
    cv::Matx33d trayToImage;           // sheet mm -> camera px
    std::vector<cv::Point2f> regionMm; // the watched area in sheet mm
    std::vector<cv::Point2f> regionPx; // the same in camera px
    float dieSizeMm = 16.0f;
    float dieSizePx = 0.0f;              // expected die edge in px at the region's centre
    double pxPerMm = 0.0;                // linear scale at the region's centre
    std::vector<MarkerSighting> markers; // the sightings the homography was fitted to
    double rmsErrorPx = 0.0;             // RMS marker-corner reprojection error, camera px
    double rmsErrorMm = 0.0;             // the same mapped back onto the sheet, mm
    double maxErrorMm = 0.0;             // worst marker corner, mm
};

// Where the sheet lies in the tray, for trayRegionMm(): in its middle or in one of its corners (the sheet's
// own corner in that corner, paper upright as printed).
enum class SheetPlacement { Middle, TopLeft, TopRight, BottomRight, BottomLeft };

Result<SheetPlacement> parseSheetPlacement(const std::string& name); // middle, top-left, ...
std::string sheetPlacementName(SheetPlacement placement);

// The watched region for a tray of trayMm (width along the sheet's x axis, height along its y) with the
// sheet laid at `placement`, in sheet mm (clockwise from top-left). The wizard and `calibrate tray --tray-mm`
// both use it; an Error when the tray is smaller than the paper.
Result<std::vector<cv::Point2f>> trayRegionMm(const SheetLayout& layout, cv::Size2f trayMm,
                                              SheetPlacement placement);

// Finds the sheet's DICT_4X4_50 markers (sub-pixel corners). Grey or BGR 8-bit image.
Result<std::vector<MarkerSighting>> detectSheetMarkers(const cv::Mat& image);

Result<TrayCalibration> calibrateTray(const cv::Mat& image, const TrayOptions& options = {});

cv::Point2f mapPoint(const cv::Matx33d& homography, cv::Point2f p);
std::vector<cv::Point2f> mapPoints(const cv::Matx33d& homography, const std::vector<cv::Point2f>& points);

} // namespace muster::calibration
