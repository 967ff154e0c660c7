#pragma once

// The value types the vision worker sends back to the UI thread over queued connections: a settled dice read,
// the chits seen in a frame, and the feed's frame counters. Plain copies, so no object is shared between the
// two threads.

#include "vision/chits/ChitReader.h"

#include <QByteArray>
#include <QList>
#include <QMetaType>
#include <QPointF>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <vector>

namespace muster::app {

// One die of a settled read, in frame-relative units (0-1 across the frame) so any view can scale it.
struct DieMark {
    int value = 0;             // 1-6, the reader's most likely face
    float confidence = 0.0f;   // reader probability of `value`
    bool unsure = false;       // the reader wants a person to confirm it
    bool maybeNotADie = false; // ...and is not even sure it is a die (vision::DieRead::maybeNotADie)
    double x = 0.0, y = 0.0;   // centre, as a fraction of the frame's width and height
    double side = 0.0;         // edge of the top face, as a fraction of the frame's width
    double angle = 0.0;        // degrees
    int detection = -1;        // its index in the read's detections JSON ("dice")
    // Whose die it is, by colour (the calibration's dice sets); all empty without sets.
    QString setName;           // the set its colour matches
    QString owner;             // that set's player ("" while the set is nobody's)
    bool ownerUnknown = false; // sets exist but the colour matches none: ask, never guess
};

// One settled throw: what was read and the evidence that goes into the journal with it.
struct DiceReading {
    std::int64_t frameNumber = 0;
    int frameWidth = 0;
    int frameHeight = 0;
    std::vector<DieMark> dice;
    bool countUncertain = false;
    double milliseconds = 0.0;
    QByteArray jpeg;        // the frame as read, JPEG
    QString detectionsJson; // every die with its confidences and flags, JSON
    bool hinted = false;    // read with the calibration's tray region and die size
    bool owned = false;     // the dice were classified against the calibration's dice sets
    double ownersMs = 0.0;  // worker time classifying the dice's colours
    double viewMs = 0.0;    // worker time checking the camera has not moved (ViewMonitor)
    double settledMs = 0.0; // worker time for the settled frame: view check, read, light, owners, evidence
};

// What the game's calibration does to the live feed, as the worker last saw it: applied (with its hints),
// refused for this feed's frames, a camera moved since calibration, light warnings. Sent whenever it changes.
struct CalibrationState {
    bool present = false; // the game has a calibration
    bool applied = false; // ...and it fits the feed's frames (rescaled if need be)
    QString name;         // the profile's name
    QString refused;      // why it cannot be used for these frames ("" when applied or absent)
    bool moved = false;   // the view moved since calibration (calibration::ViewMonitor)
    QString movedDetail;  // how far, and how it was seen
    QStringList light;    // calibration::LightCheck warnings of the latest settled frame
    int diceSets = 0;     // dice sets in the profile
    // The watched tray, as fractions of the frame's width and height (empty: the whole frame).
    QList<QPointF> region;

    bool operator==(const CalibrationState&) const = default;
};

// The chits of one frame (orders phase), with the frame they came from.
struct ChitReading {
    std::int64_t frameNumber = 0;
    int frameWidth = 0;
    int frameHeight = 0;
    vision::ChitFrame chits;
    QByteArray jpeg;
};

// Frame counters of the feed since it started: every frame offered is either processed or dropped.
struct FeedStats {
    std::int64_t offered = 0;
    std::int64_t processed = 0;
    std::int64_t dropped =
        0; // replaced by a newer frame (or skipped by file pacing) while the worker was busy
    double framesPerSecond = 0.0; // processed frames per second over the last second or so
    double meanFrameMs = 0.0;     // worker time per processed frame since the feed started (convert, watch,
                                  // read, preview)
};

} // namespace muster::app

Q_DECLARE_METATYPE(muster::app::DiceReading)
Q_DECLARE_METATYPE(muster::app::ChitReading)
Q_DECLARE_METATYPE(muster::app::FeedStats)
Q_DECLARE_METATYPE(muster::app::CalibrationState)
