#pragma once

// SettledThrowReader: the work done on a settled frame of the dice tray, without Qt. Configured with the
// dice models and the game's calibration (rescaled to the feed's frame size), read() checks that the camera
// has not moved since calibration, reads the dice (in the tray, at the calibrated die size, unless the view
// moved), gives each die to a player by its colour, checks the light, and makes the evidence the journal
// keeps beside the throw: the frame as JPEG and every detection as JSON. One instance per feed, used from one
// thread (the vision worker's).

#include "calibration/CalibrationProfile.h"
#include "calibration/DiceSets.h"
#include "calibration/TrayCalibration.h"
#include "calibration/ViewMonitor.h"
#include "vision/DiceReader.h"
#include "vision/DiceSet.h"

#include <opencv2/core.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace muster::camera {

// What the game's calibration does for frames of one size.
struct CalibrationFit {
    bool present = false;     // the game has a calibration
    bool applied = false;     // ...and it fits these frames (rescaled if need be)
    std::string name;         // the profile's name
    std::string refused;      // why it cannot be used for these frames ("" when applied or absent)
    int diceSets = 0;         // dice sets in the profile
    int taughtFaces = 0;      // of them (and the table's own, for dice of no set) with taught faces
    std::string facesRefused; // taught faces that cannot be read (a damaged profile); "" when none
    cv::Size frameSize;       // the frames it was fitted to
    vision::DiceHints hints;  // tray polygon (frame px) and die size; empty unless applied
};

// A die's set by colour, when the calibration has dice sets (calibration/DiceSets.h).
struct Ownership {
    std::string set;    // the set its colour matches ("" when unknown)
    std::string player; // that set's player ("" while nobody owns the set, or unknown)
    bool unknown = false;
    float cost = 0.0f; // median Lab distance to the set's closest example
};

// One die of a settled read.
struct SettledDie {
    vision::DieRead read;           // value, confidences, flags, outline in frame pixels
    cv::Rect2f box;                 // the outline's bounding box, frame pixels
    std::optional<Ownership> owner; // set when the calibration has dice sets
    bool byTaughtFaces = false;     // read again with its set's taught faces (vision/DiceSet.h)
};

// The camera-moved verdict of the latest view check (calibration::ViewMonitor).
struct ViewVerdict {
    bool checked = false; // a monitor exists and its check answered on this frame
    bool moved = false;   // the view moved since calibration (kept from the last answer when not checked)
    std::string detail;   // how far, and how it was seen ("" when not moved)
};

// One settled frame, read.
struct SettledRead {
    bool ok = false;   // the dice were read (false: see error)
    std::string error; // why not; "" when the reason was already given (the models failed to load earlier)
    int frameWidth = 0;
    int frameHeight = 0;
    std::vector<SettledDie> dice;
    bool countUncertain = false;
    bool hinted = false; // read with the calibration's tray region and die size
    bool owned = false;  // the dice were classified against the calibration's dice sets
    ViewVerdict view;
    // The light on the tray (calibration::checkLight): set whenever the game has a calibration, each
    // warning's message; empty when the light is fine (or the check could not run).
    std::optional<std::vector<std::string>> light;
    std::vector<std::uint8_t> jpeg; // the frame as read
    std::string detectionsJson;     // every die with its confidences, flags and owner; the calibration used
    double readMs = 0.0;            // the dice reader's own time (vision::DiceFrame::milliseconds)
    double ownersMs = 0.0;          // classifying the dice's colours
    double facesMs = 0.0;           // reading dice again with taught faces
    std::string facesError;         // why taught faces were not applied ("" when they were, or none)
    double viewMs = 0.0;            // the moved-camera check
    double settledMs = 0.0;         // all of it: view check, read, owners, light, evidence

    std::vector<int> faces() const; // the dice's values, in read order
};

// The frame as JPEG at the quality the journal keeps; empty if it cannot be encoded.
std::vector<std::uint8_t> encodeJpeg(const cv::Mat& bgr);

class SettledThrowReader {
public:
    // Where the dice models are (default vision::DiceReader::defaultModelDir()); before the first read.
    void setModelDir(std::string dir);
    // The game's calibration, or none; it takes effect at the next fitTo().
    void setCalibration(std::optional<calibration::CalibrationProfile> profile);
    // The calibration for frames of `size`: rescaled, or refused (another aspect ratio) with the reason, in
    // which case frames are read as without one. Starts the moved-camera check afresh.
    const CalibrationFit& fitTo(cv::Size size);
    const CalibrationFit& fit() const { return m_fit; }
    // The latest moved-camera verdict (kept between settled frames).
    const ViewVerdict& view() const { return m_view; }

    // A settled frame (8-bit BGR, of the size last fitted). Never throws for an expected failure (models
    // missing, a frame the reader refuses): those come back in SettledRead::error.
    SettledRead read(const cv::Mat& bgr);

private:
    bool ensureReader(std::string& error);
    double checkView(const cv::Mat& bgr);
    void loadFaces();
    double applyFaces(const cv::Mat& bgr, SettledRead& out) const;

    std::string m_modelDir;
    std::optional<vision::DiceReader> m_reader;
    bool m_readerFailed = false;
    std::optional<calibration::CalibrationProfile> m_profile;
    CalibrationFit m_fit;
    std::optional<calibration::ViewMonitor> m_viewMonitor;
    bool m_referenceRetaken = false; // the sheet-less view replaced the calibration's reference
    std::vector<calibration::MarkerSighting> m_markers; // the sheet's markers at this frame size
    std::optional<calibration::DiceSetModel> m_diceSets;
    // Per dice set (in the profile's order) its taught faces, and those of dice of no set.
    std::vector<std::optional<vision::DiceSet>> m_setFaces;
    std::optional<vision::DiceSet> m_tableFaces;
    ViewVerdict m_view;
};

} // namespace muster::camera
