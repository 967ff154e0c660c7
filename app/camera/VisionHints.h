#pragma once

// The one place where calibration meets the dice reader's hint type. It lives in app/camera, which links
// both modules: calibration itself keeps muster_vision out of its headers.

#include "calibration/ReaderHints.h"
#include "vision/DiceReader.h"

namespace muster::camera {

inline vision::DiceHints toDiceHints(const calibration::ReaderHints& hints) {
    vision::DiceHints out;
    out.trayPolygon = hints.trayPolygon;
    out.dieSizePx = hints.dieSizePx;
    return out;
}

} // namespace muster::camera
