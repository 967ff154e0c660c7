#pragma once

// CalibrationProfile: everything one calibration learnt about a table (tray mapping, dice sets, optional
// lens), tied to the camera resolution it was made at, and its JSON text for storage (per game or per table).

#include "calibration/CalibrationError.h"
#include "calibration/DiceSets.h"
#include "calibration/LensCalibration.h"
#include "calibration/TrayCalibration.h"

#include <opencv2/core.hpp>

#include <optional>
#include <string>
#include <vector>

namespace muster::calibration {

struct CalibrationProfile {
    static constexpr int kFormatVersion = 1;

    std::string name;        // "kitchen table"
    Paper paper = Paper::A4; // the sheet it was made with
    TrayCalibration tray;    // tray.resolution is the profile's camera resolution
    std::vector<DiceSet> diceSets;
    // Taught faces for the dice of no set (no sets learnt, or a die whose colour is unknown); as
    // DiceSet::faces.
    std::string faces;
    std::optional<LensModel> lens;
    cv::Mat referenceView; // 8-bit grey calibrated view, for ViewMonitor after a restart; may be empty

    cv::Size resolution() const { return tray.resolution; }

    // The profile for frames of another size: pixel quantities are rescaled when the aspect ratio matches
    // (within 0.5%), and an Error is returned when it does not (a crop or a different camera mode).
    Result<CalibrationProfile> rescaledTo(cv::Size frameSize) const;

    std::string toJson() const;
    // Parses and validates profile JSON; a corrupt or foreign text is an Error, never a half-filled profile.
    static Result<CalibrationProfile> fromJson(const std::string& text);

    // The calibration a game keeps (its journal's calibration event): {"name", "width", "height", "profile"},
    // the profile's JSON text under "profile" and its name and resolution beside it, for readers that do not
    // parse the profile (the game log).
    std::string toGamePayload() const;
    // Parses a game's calibration payload into a validated profile. The copies beside the profile must agree
    // with it (a payload whose size or name disagrees with its profile was not written by toGamePayload).
    static Result<CalibrationProfile> fromGamePayload(const std::string& payload);
};

CalibrationProfile makeProfile(const std::string& name, const TrayCalibration& tray, Paper paper = Paper::A4);

} // namespace muster::calibration
