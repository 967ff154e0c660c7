#pragma once

// The one place where calibration meets the dice reader's hint type. Header only, and only for targets that
// link muster_vision (muster_calibration itself does not).

#include "calibration/ReaderHints.h"
#include "vision/DiceReader.h"

namespace muster::calibration {

inline vision::DiceHints toDiceHints(const ReaderHints& hints) {
    vision::DiceHints out;
    out.trayPolygon = hints.trayPolygon;
    out.dieSizePx = hints.dieSizePx;
    return out;
}

} // namespace muster::calibration
