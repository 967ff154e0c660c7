#include "calibration/CalibrationSheet.h"

#include <opencv2/aruco.hpp>
#include <opencv2/imgproc.hpp>

#include <cmath>
#include <sstream>

namespace muster::calibration {

namespace {

constexpr float kMarkerSideMm = 40.0f;
constexpr float kMarkerMarginMm =
    15.0f; // paper edge to marker edge: leaves a white quiet zone and printer margin

int toPx(double mm, double pxPerMm) {
    return static_cast<int>(std::lround(mm * pxPerMm));
}

cv::Point toPx(cv::Point2f mm, double pxPerMm) {
    return {toPx(mm.x, pxPerMm), toPx(mm.y, pxPerMm)};
}

void drawText(cv::Mat& image, const SheetText& t, double pxPerMm) {
    const int face = cv::FONT_HERSHEY_SIMPLEX;
    const double scale =
        t.capHeightMm * pxPerMm / 22.0; // Hershey simplex capitals are about 22 px high at scale 1
    const int thickness = std::max(1, static_cast<int>(std::lround(scale * 2.0)));
    int baseline = 0;
    const cv::Size size = cv::getTextSize(t.text, face, scale, thickness, &baseline);
    cv::Point at = toPx(t.atMm, pxPerMm);
    if (t.centred)
        at.x -= size.width / 2;
    cv::putText(image, t.text, at, face, scale, cv::Scalar(0), thickness, cv::LINE_AA);
}

} // namespace

std::vector<cv::Point2f> SheetMarker::cornersMm() const {
    const float h = sideMm / 2.0f;
    return {centreMm + cv::Point2f(-h, -h), centreMm + cv::Point2f(h, -h), centreMm + cv::Point2f(h, h),
            centreMm + cv::Point2f(-h, h)};
}

SheetLayout SheetLayout::standard(Paper paper) {
    SheetLayout layout;
    layout.paper = paper;
    layout.paperMm = paper == Paper::A4 ? cv::Size2f(210.0f, 297.0f) : cv::Size2f(215.9f, 279.4f);
    const float w = layout.paperMm.width;
    const float h = layout.paperMm.height;
    const float c = kMarkerMarginMm + kMarkerSideMm / 2.0f;
    layout.markers = {{0, {c, c}, kMarkerSideMm},
                      {1, {w - c, c}, kMarkerSideMm},
                      {2, {w - c, h - c}, kMarkerSideMm},
                      {3, {c, h - c}, kMarkerSideMm}};
    layout.rulerLengthMm = std::floor((w - 40.0f) / 10.0f) * 10.0f;
    layout.rulerStartMm = {(w - layout.rulerLengthMm) / 2.0f, h / 2.0f};
    return layout;
}

std::vector<cv::Point2f> SheetLayout::allCornersMm() const {
    std::vector<cv::Point2f> corners;
    for (const SheetMarker& m : markers)
        for (const cv::Point2f& p : m.cornersMm())
            corners.push_back(p);
    return corners;
}

const SheetMarker* SheetLayout::marker(int id) const {
    for (const SheetMarker& m : markers)
        if (m.id == id)
            return &m;
    return nullptr;
}

std::vector<cv::Point2f> SheetLayout::outlineMm() const {
    return {{0, 0}, {paperMm.width, 0}, {paperMm.width, paperMm.height}, {0, paperMm.height}};
}

std::vector<SheetLine> SheetLayout::rulerLinesMm() const {
    std::vector<SheetLine> lines{{rulerStartMm, rulerStartMm + cv::Point2f(rulerLengthMm, 0)}};
    const int millimetres = static_cast<int>(std::lround(rulerLengthMm));
    for (int mm = 0; mm <= millimetres; ++mm) {
        const float tick = mm % 10 == 0 ? 6.0f : (mm % 5 == 0 ? 4.0f : 2.5f);
        const cv::Point2f x = rulerStartMm + cv::Point2f(static_cast<float>(mm), 0);
        lines.push_back({x, x - cv::Point2f(0, tick)});
    }
    return lines;
}

cv::Rect2f SheetLayout::dieSquareRectMm() const {
    const cv::Point2f topLeft = rulerStartMm + cv::Point2f(rulerLengthMm / 2 - dieSquareMm / 2, 15);
    return {topLeft, cv::Size2f(dieSquareMm, dieSquareMm)};
}

std::vector<SheetText> SheetLayout::texts() const {
    const float midX = paperMm.width / 2;
    std::ostringstream die;
    die << dieSquareMm << " mm die";
    std::vector<SheetText> out{
        {"Muster calibration sheet (" + paperName(paper) + ")", {midX, 75.0f}, 5.0f, true},
        {"Print at 100% (actual size). Lay it flat in the dice tray,", {midX, 90.0f}, 3.5f, true},
        {"all four markers in view of the camera.", {midX, 97.0f}, 3.5f, true},
        {die.str(), {midX, dieSquareRectMm().br().y + 7.0f}, 3.0f, true}};
    for (const SheetMarker& m : markers)
        out.push_back(
            {"id " + std::to_string(m.id), m.centreMm + cv::Point2f(0, m.sideMm / 2 + 5.0f), 2.5f, true});
    const int centimetres = static_cast<int>(std::lround(rulerLengthMm / 10.0f));
    for (int cm = 0; cm <= centimetres; ++cm)
        out.push_back({std::to_string(cm), rulerStartMm + cv::Point2f(cm * 10.0f, -7.5f), 3.0f, true});
    out.push_back({"cm", rulerStartMm + cv::Point2f(rulerLengthMm + 3.0f, 0), 3.0f, false});
    return out;
}

Result<Paper> parsePaper(const std::string& name) {
    if (name == "a4" || name == "A4")
        return Paper::A4;
    if (name == "letter" || name == "Letter")
        return Paper::Letter;
    return Error{"unknown paper '" + name + "': use a4 or letter"};
}

std::string paperName(Paper paper) {
    return paper == Paper::A4 ? "a4" : "letter";
}

Result<cv::Mat> sheetMarkerCells(int id) {
    const cv::Ptr<cv::aruco::Dictionary> dictionary = cv::aruco::getPredefinedDictionary(kSheetDictionary);
    if (id < 0 || id >= dictionary->bytesList.rows)
        return Error{"marker id " + std::to_string(id) + " is not in the sheet's dictionary (0-" +
                     std::to_string(dictionary->bytesList.rows - 1) + ")"};
    const int bits = dictionary->markerSize;
    // ArUco's bit 1 is white; the border cells are black.
    const cv::Mat white = cv::aruco::Dictionary::getBitsFromByteList(dictionary->bytesList.row(id), bits);
    cv::Mat cells(bits + 2, bits + 2, CV_8UC1, cv::Scalar(1));
    cv::Mat inner = cells(cv::Rect(1, 1, bits, bits));
    cv::subtract(cv::Scalar(1), white, inner);
    return cells;
}

cv::Mat renderSheet(const SheetLayout& layout, double dpi) {
    const double pxPerMm = dpi / 25.4;
    cv::Mat sheet(toPx(layout.paperMm.height, pxPerMm), toPx(layout.paperMm.width, pxPerMm), CV_8UC1,
                  cv::Scalar(255));
    for (const SheetMarker& m : layout.markers) {
        const Result<cv::Mat> cells = sheetMarkerCells(m.id);
        if (!cells)
            continue; // a layout of ours only has ids 0-3
        const cv::Point topLeft = toPx(m.centreMm - cv::Point2f(m.sideMm / 2, m.sideMm / 2), pxPerMm);
        const int side = toPx(m.sideMm, pxPerMm);
        cv::Mat marker;
        // Nearest-neighbour scaling of the cells, as cv::aruco::drawMarker draws them.
        cv::resize(255 - cells.value() * 255, marker, cv::Size(side, side), 0, 0, cv::INTER_NEAREST);
        marker.copyTo(sheet(cv::Rect(topLeft, cv::Size(side, side))));
    }
    const int line = std::max(1, toPx(kSheetLineMm, pxPerMm));
    for (const SheetLine& l : layout.rulerLinesMm())
        cv::line(sheet, toPx(l.fromMm, pxPerMm), toPx(l.toMm, pxPerMm), cv::Scalar(0), line);
    const cv::Rect2f die = layout.dieSquareRectMm();
    cv::rectangle(sheet, cv::Rect(toPx(die.tl(), pxPerMm), toPx(die.br(), pxPerMm)), cv::Scalar(0), line);
    for (const SheetText& t : layout.texts())
        drawText(sheet, t, pxPerMm);
    return sheet;
}

} // namespace muster::calibration
