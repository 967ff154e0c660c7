#pragma once

// A hand-made tray calibration for tests that need a valid one without photographing the sheet: a camera
// straight above the tray, so camera px -> tray mm is a plain scaling, watching a rectangle from the tray's
// origin. Header-only; tests of any module that links muster_calibration include it as
// "tests/common/TrayFixture.h".

#include "calibration/TrayCalibration.h"

namespace muster::calibration::test {

inline TrayCalibration straightDownTray(cv::Size resolution, double pxPerMm, cv::Size2f regionMm,
                                        float dieSizePx, float dieSizeMm = 16.0f) {
    TrayCalibration t;
    t.resolution = resolution;
    t.imageToTray = cv::Matx33d(1.0 / pxPerMm, 0, 0, 0, 1.0 / pxPerMm, 0, 0, 0, 1);
    t.trayToImage = t.imageToTray.inv();
    t.regionMm = {{0, 0}, {regionMm.width, 0}, {regionMm.width, regionMm.height}, {0, regionMm.height}};
    t.regionPx = mapPoints(t.trayToImage, t.regionMm);
    t.dieSizeMm = dieSizeMm;
    t.dieSizePx = dieSizePx;
    t.pxPerMm = pxPerMm;
    return t;
}

} // namespace muster::calibration::test
