#pragma once

// CalibrationSheet: the printable sheet as data (paper, four ArUco markers at known millimetre positions, a
// ruler), its rendering to an image, and its export as a one-page PDF.

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
};

// The ArUco dictionary every Muster sheet uses.
constexpr int kSheetDictionary = 0; // cv::aruco::DICT_4X4_50

Result<Paper> parsePaper(const std::string& name);
std::string paperName(Paper paper);

// Renders the sheet as an 8-bit grey image at `dpi` (300 gives 2480 x 3508 for A4).
cv::Mat renderSheet(const SheetLayout& layout, double dpi = 300.0);

// Writes the rendered sheet as a one-page PDF of the paper's size (printing at 100% keeps the millimetres).
Status writeSheetPdf(const SheetLayout& layout, const std::string& path, double dpi = 300.0);

} // namespace muster::calibration
