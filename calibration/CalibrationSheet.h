#pragma once

// CalibrationSheet: the printable sheet as data (paper, four ArUco markers at known millimetre positions, a
// ruler, a die-sized square, its text) and its rendering to an image. The PDF is drawn from the same geometry
// as vectors by app/print/CalibrationSheetPdf (Qt), so both show the same sheet.

#include "calibration/CalibrationError.h"

#include <opencv2/core.hpp>

#include <string>
#include <vector>

namespace muster::calibration {

enum class Paper { A4, Letter };

// One square ArUco marker (DICT_4X4_50) on the sheet; positions in sheet millimetres, origin at the paper's
// top-left corner, x to the right, y down.
struct SheetMarker {
    int id = 0;
    cv::Point2f centreMm;
    float sideMm = 0.0f;

    // The four corners in ArUco order (top-left, top-right, bottom-right, bottom-left).
    std::vector<cv::Point2f> cornersMm() const;
};

// A straight line on the sheet (ruler baseline and ticks), in sheet millimetres.
struct SheetLine {
    cv::Point2f fromMm;
    cv::Point2f toMm;
};

// One line of text; atMm is on its baseline, at its horizontal centre (centred) or its left end.
struct SheetText {
    std::string text;
    cv::Point2f atMm;
    float capHeightMm = 0.0f; // height of the capitals
    bool centred = true;
};

// Width of every drawn line (ruler, die square outline).
constexpr float kSheetLineMm = 0.3f;

struct SheetLayout {
    Paper paper = Paper::A4;
    cv::Size2f paperMm;               // 210 x 297 (A4) or 215.9 x 279.4 (letter), portrait
    std::vector<SheetMarker> markers; // ids 0-3: top-left, top-right, bottom-right, bottom-left
    cv::Point2f rulerStartMm;         // left end of the ruler's baseline
    float rulerLengthMm = 0.0f;       // whole centimetres
    float dieSquareMm = 16.0f;        // a reference square for the default die size

    // The standard layout: 40 mm markers, 15 mm from the paper edge, a ruler across the middle.
    static SheetLayout standard(Paper paper = Paper::A4);

    // All marker corners in sheet mm, markers in layout order, corners in ArUco order.
    std::vector<cv::Point2f> allCornersMm() const;
    const SheetMarker* marker(int id) const;
    // The paper outline in sheet mm (clockwise from top-left).
    std::vector<cv::Point2f> outlineMm() const;

    // The ruler: its baseline, then one tick per millimetre (longer at 5 and 10 mm), ticks pointing up.
    std::vector<SheetLine> rulerLinesMm() const;
    // The die reference square (its outline is drawn), centred under the ruler.
    cv::Rect2f dieSquareRectMm() const;
    // Every text on the sheet: title, instructions, marker ids, ruler centimetres, the die square's caption.
    std::vector<SheetText> texts() const;
};

// The ArUco dictionary every Muster sheet uses.
constexpr int kSheetDictionary = 0; // cv::aruco::DICT_4X4_50

Result<Paper> parsePaper(const std::string& name);
std::string paperName(Paper paper);

// The cells of marker `id` of the sheet's dictionary, its one-cell black border included (6 x 6 for 4x4
// markers), row by row from the top-left: CV_8UC1, 1 = black, 0 = white. An id outside the dictionary is an
// error.
Result<cv::Mat> sheetMarkerCells(int id);

// Renders the sheet as an 8-bit grey image at `dpi` (300 gives 2480 x 3508 for A4).
cv::Mat renderSheet(const SheetLayout& layout, double dpi = 300.0);

} // namespace muster::calibration
