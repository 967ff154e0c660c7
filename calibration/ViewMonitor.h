#pragma once

// ViewMonitor: tells whether the camera was bumped since calibration, by comparing a new frame with the
// calibrated view: the sheet's markers when they are in view, else ORB features of the tray (a similarity
// fit, so rotation counts too), else for views with too little texture the phase correlation of edge images.
// A moved view means "recalibrate", not "read dice in the wrong place".

#include "calibration/CalibrationError.h"
#include "calibration/TrayCalibration.h"

#include <opencv2/core.hpp>
#include <opencv2/features2d.hpp>

#include <string>
#include <vector>

namespace muster::calibration {

enum class ViewMethod { Markers, PhaseCorrelation, Features };

struct ViewCheck {
    bool moved = false;
    double shiftPx = 0.0;       // largest displacement of the view, frame px
    double shiftFraction = 0.0; // shiftPx / the frame's larger side
    cv::Point2f translation;    // how far the frame's centre (or the markers) moved, frame px
    ViewMethod method = ViewMethod::PhaseCorrelation;
    double confidence = 0.0; // phase-correlation response, inlier share, or markers matched / markers known
    std::string message;
};

struct ViewMonitorOptions {
    double movedAbove = 0.01;       // a shift above this share of the larger frame side is a moved camera
    int workingWidth = 320;         // frames are compared at this width
    double minPhaseResponse = 0.08; // weaker correlation peaks fall back to features
    int minFeatureInliers = 15;
    bool useFeatures = true; // false: markers, then phase correlation only (cheaper, shifts only)
};

class ViewMonitor {
public:
    // reference: the calibrated view (8-bit grey or BGR). markers: the sheet sightings in it, if any.
    static Result<ViewMonitor> create(const cv::Mat& reference,
                                      const std::vector<MarkerSighting>& markers = {},
                                      const ViewMonitorOptions& options = {});

    Result<ViewCheck> check(const cv::Mat& frame) const;

    const ViewMonitorOptions& options() const { return m_options; }

private:
    ViewMonitor() = default;
    cv::Mat edges(const cv::Mat& grey) const;
    ViewCheck fromShift(double shiftPx, cv::Point2f translation, ViewMethod method, double confidence) const;
    Result<ViewCheck> byFeatures(const cv::Mat& grey) const;

    ViewMonitorOptions m_options;
    cv::Size m_size;
    double m_scale = 1.0; // working px per frame px
    cv::Mat m_referenceGrey;
    cv::Mat m_referenceEdges;
    cv::Mat m_window;
    std::vector<MarkerSighting> m_markers;
    std::vector<cv::KeyPoint> m_referenceKeys;
    cv::Mat m_referenceDescriptors;
};

std::string viewMethodName(ViewMethod method);

} // namespace muster::calibration
