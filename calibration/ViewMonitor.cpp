#include "calibration/ViewMonitor.h"

#include "calibration/Grey.h"

#include <opencv2/calib3d.hpp>
#include <opencv2/features2d.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace muster::calibration {

namespace {

using detail::toGrey;

Status checkFrame(const cv::Mat& frame) {
    if (frame.empty())
        return Error{"the frame is empty"};
    if (frame.depth() != CV_8U || (frame.channels() != 1 && frame.channels() != 3 && frame.channels() != 4))
        return Error{"the frame must be 8-bit grey or colour"};
    return {};
}

constexpr int kOrbFeatures = 1500;

} // namespace

std::string viewMethodName(ViewMethod method) {
    switch (method) {
    case ViewMethod::Markers:
        return "markers";
    case ViewMethod::PhaseCorrelation:
        return "phase-correlation";
    case ViewMethod::Features:
        return "features";
    }
    return "unknown";
}

Result<ViewMonitor> ViewMonitor::create(const cv::Mat& reference, const std::vector<MarkerSighting>& markers,
                                        const ViewMonitorOptions& options) {
    if (Status ok = checkFrame(reference); !ok)
        return Error{"reference view: " + ok.error().message};
    ViewMonitor monitor;
    monitor.m_options = options;
    monitor.m_size = reference.size();
    monitor.m_scale = std::min(1.0, static_cast<double>(options.workingWidth) / reference.cols);
    monitor.m_referenceGrey = toGrey(reference).clone();
    monitor.m_referenceEdges = monitor.edges(monitor.m_referenceGrey);
    cv::createHanningWindow(monitor.m_window, monitor.m_referenceEdges.size(), CV_32F);
    monitor.m_markers = markers;
    cv::ORB::create(kOrbFeatures)
        ->detectAndCompute(monitor.m_referenceGrey, cv::noArray(), monitor.m_referenceKeys,
                           monitor.m_referenceDescriptors);
    return monitor;
}

// Gradient magnitude of the smoothed, downscaled frame: edges survive brightness changes and noise is
// blurred.
cv::Mat ViewMonitor::edges(const cv::Mat& grey) const {
    cv::Mat small, gx, gy, magnitude;
    cv::resize(grey, small, cv::Size(), m_scale, m_scale, cv::INTER_AREA);
    small.convertTo(small, CV_32F, 1.0 / 255.0);
    cv::GaussianBlur(small, small, cv::Size(), 1.2);
    cv::Sobel(small, gx, CV_32F, 1, 0);
    cv::Sobel(small, gy, CV_32F, 0, 1);
    cv::magnitude(gx, gy, magnitude);
    // Normalise so a global brightness change does not change the edge image.
    const double mean = cv::mean(magnitude)[0];
    if (mean > 0)
        magnitude /= mean;
    return magnitude;
}

ViewCheck ViewMonitor::fromShift(double shiftPx, cv::Point2f translation, ViewMethod method,
                                 double confidence) const {
    ViewCheck c;
    c.shiftPx = shiftPx;
    c.shiftFraction = shiftPx / std::max(m_size.width, m_size.height);
    c.translation = translation;
    c.method = method;
    c.confidence = confidence;
    c.moved = c.shiftFraction > m_options.movedAbove;
    char text[200];
    std::snprintf(text, sizeof text, "%s: the view %s by %.1f px (%.2f%% of the frame, by %s)",
                  c.moved ? "camera moved, recalibrate" : "camera steady", c.moved ? "moved" : "shifted",
                  shiftPx, 100.0 * c.shiftFraction, viewMethodName(method).c_str());
    c.message = text;
    return c;
}

Result<ViewCheck> ViewMonitor::byFeatures(const cv::Mat& grey) const {
    std::vector<cv::KeyPoint> keys;
    cv::Mat desc;
    cv::ORB::create(kOrbFeatures)->detectAndCompute(grey, cv::noArray(), keys, desc);
    if (m_referenceDescriptors.empty() || desc.empty())
        return Error{"the view has too little texture to tell whether the camera moved"};
    cv::BFMatcher matcher(cv::NORM_HAMMING, true);
    std::vector<cv::DMatch> matches;
    matcher.match(m_referenceDescriptors, desc, matches);
    std::vector<cv::Point2f> from, to;
    for (const cv::DMatch& m : matches) {
        from.push_back(m_referenceKeys[static_cast<size_t>(m.queryIdx)].pt);
        to.push_back(keys[static_cast<size_t>(m.trainIdx)].pt);
    }
    if (static_cast<int>(from.size()) < m_options.minFeatureInliers)
        return Error{
            "too few features match the calibrated view: the camera may have moved a lot, recalibrate"};
    std::vector<unsigned char> inliers;
    const cv::Mat a = cv::estimateAffinePartial2D(from, to, inliers, cv::RANSAC, 3.0);
    const int count = cv::countNonZero(inliers);
    if (a.empty() || count < m_options.minFeatureInliers)
        return Error{"the calibrated view cannot be found in this frame: recalibrate"};
    double shift = 0;
    const cv::Matx23d m(a);
    for (const cv::Point2f& c :
         {cv::Point2f(0, 0), cv::Point2f(static_cast<float>(m_size.width), 0),
          cv::Point2f(static_cast<float>(m_size.width), static_cast<float>(m_size.height)),
          cv::Point2f(0, static_cast<float>(m_size.height))}) {
        const cv::Vec2d moved = m * cv::Vec3d(c.x, c.y, 1.0);
        shift = std::max(shift, std::hypot(moved[0] - c.x, moved[1] - c.y));
    }
    const cv::Vec2d centre = m * cv::Vec3d(m_size.width / 2.0, m_size.height / 2.0, 1.0);
    const cv::Point2f centreShift(static_cast<float>(centre[0] - m_size.width / 2.0),
                                  static_cast<float>(centre[1] - m_size.height / 2.0));
    return fromShift(shift, centreShift, ViewMethod::Features,
                     static_cast<double>(count) / static_cast<double>(from.size()));
}

Result<ViewCheck> ViewMonitor::check(const cv::Mat& frame) const {
    if (Status ok = checkFrame(frame); !ok)
        return ok.error();
    if (frame.size() != m_size)
        return Error{"the frame is " + std::to_string(frame.cols) + "x" + std::to_string(frame.rows) +
                     " but the view was calibrated at " + std::to_string(m_size.width) + "x" +
                     std::to_string(m_size.height)};
    const cv::Mat grey = toGrey(frame);

    // The sheet's markers, when the reference had them and at least two are still in view.
    if (!m_markers.empty()) {
        Result<std::vector<MarkerSighting>> seen = detectSheetMarkers(grey);
        if (seen) {
            double shift = 0;
            cv::Point2f sum(0, 0);
            int matched = 0;
            for (const MarkerSighting& ref : m_markers)
                for (const MarkerSighting& now : seen.value())
                    if (now.id == ref.id) {
                        ++matched;
                        for (size_t k = 0; k < 4; ++k) {
                            const cv::Point2f d = now.cornersPx[k] - ref.cornersPx[k];
                            shift = std::max(shift,
                                             std::hypot(static_cast<double>(d.x), static_cast<double>(d.y)));
                            sum += d * 0.25f;
                        }
                    }
            if (matched >= 2)
                return fromShift(shift, sum * (1.0f / static_cast<float>(matched)), ViewMethod::Markers,
                                 static_cast<double>(matched) / static_cast<double>(m_markers.size()));
        }
    }

    // Features see rotation and zoom as well as shifts; where the view has too little texture for them, the
    // phase correlation of edge images still sees a shift.
    Result<ViewCheck> features = m_options.useFeatures
                                     ? byFeatures(grey)
                                     : Result<ViewCheck>(Error{"the view cannot be matched: recalibrate"});
    if (features)
        return features;
    double response = 0;
    const cv::Point2d d = cv::phaseCorrelate(m_referenceEdges, edges(grey), m_window, &response);
    if (response >= m_options.minPhaseResponse) {
        const cv::Point2f t(static_cast<float>(d.x / m_scale), static_cast<float>(d.y / m_scale));
        return fromShift(std::hypot(t.x, t.y), t, ViewMethod::PhaseCorrelation, response);
    }
    return features.error();
}

} // namespace muster::calibration
