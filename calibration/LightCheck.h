#pragma once

// LightCheck: warns, as values, when the view is too dark, blown out, or has glare (specular blobs) on the
// dice.

#include "calibration/CalibrationError.h"

#include <opencv2/core.hpp>

#include <string>
#include <vector>

namespace muster::calibration {

enum class LightIssue { TooDark, BlownOut, Glare };

struct LightWarning {
    LightIssue issue;
    double measure = 0.0; // median grey (TooDark), clipped percentage (BlownOut), dice with glare (Glare)
    std::string message;
};

struct LightOptions {
    double darkMedianBelow = 60.0;    // median grey of the watched region, 0-255
    double clippedPercentAbove = 2.0; // share of the region at or above clippedLevel
    int clippedLevel = 250;
    int glareLevel = 245;                // a glare pixel: this bright in every channel ...
    double glareAboveDie = 30.0;         // ... and this much brighter than the die's median grey
    double glareMinAreaFraction = 0.004; // smallest glare blob, as a share of the die box area
};

struct LightReport {
    double medianGrey = 0.0;
    double clippedPercent = 0.0;
    int diceWithGlare = 0;
    std::vector<LightWarning> warnings;

    bool ok() const { return warnings.empty(); }
};

// bgr: 8-bit colour frame. region: polygon in frame px to judge (empty: whole frame). dice: die boxes to look
// for glare on (empty: no glare check).
Result<LightReport> checkLight(const cv::Mat& bgr, const std::vector<cv::Point2f>& region = {},
                               const std::vector<cv::Rect2f>& dice = {}, const LightOptions& options = {});

std::string lightIssueName(LightIssue issue);

} // namespace muster::calibration
