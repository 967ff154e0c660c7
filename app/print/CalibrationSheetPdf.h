#pragma once

// The calibration sheet as a one-page vector PDF: the geometry of calibration/CalibrationSheet (markers,
// ruler, die square, text) drawn with QPdfWriter at exact millimetres on the layout's paper, each ArUco
// marker as its black cells. Printed at 100 % it measures what the layout says.

#include "calibration/CalibrationSheet.h"

#include <string>

namespace muster::app {

// Writes `layout` to `pdfPath`. Needs a QGuiApplication (fonts); a path that cannot be written is an error.
calibration::Status writeCalibrationSheetPdf(const calibration::SheetLayout& layout,
                                             const std::string& pdfPath);

} // namespace muster::app
