#pragma once

// What a calibration tells the dice reader, as plain OpenCV/std types: where to look and how big a die is.
// Field for field the same as vision::DiceHints (vision/DiceReader.h); app code copies one into the other
// (see app/camera/VisionHints.h), so calibration does not need the vision library.

#include "calibration/CalibrationProfile.h"

#include <opencv2/core.hpp>

#include <vector>

namespace muster::calibration {

struct ReaderHints {
    std::vector<cv::Point2f> trayPolygon; // frame pixels; empty means the whole frame
    float dieSizePx = 0.0f;               // expected die edge in frame pixels; 0 means unknown
};

// The hints for frames of `frameSize`; the profile is rescaled to it first, and an Error says why it cannot
// be.
inline Result<ReaderHints> readerHints(const CalibrationProfile& profile, cv::Size frameSize) {
    Result<CalibrationProfile> scaled = profile.rescaledTo(frameSize);
    if (!scaled)
        return scaled.error();
    return ReaderHints{scaled->tray.regionPx, scaled->tray.dieSizePx};
}

} // namespace muster::calibration
