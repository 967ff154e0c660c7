#include "calibration/CalibrationSheet.h"

#include "calibration/PdfWriter.h"

#include <opencv2/aruco.hpp>
#include <opencv2/imgproc.hpp>

#include <cmath>
#include <fstream>

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

void drawText(cv::Mat& image, const std::string& text, cv::Point2f atMm, double heightMm, double pxPerMm,
              bool centred = false) {
    const int face = cv::FONT_HERSHEY_SIMPLEX;
    const double scale =
        heightMm * pxPerMm / 22.0; // Hershey simplex capitals are about 22 px high at scale 1
    const int thickness = std::max(1, static_cast<int>(std::lround(scale * 2.0)));
    int baseline = 0;
    const cv::Size size = cv::getTextSize(text, face, scale, thickness, &baseline);
    cv::Point at = toPx(atMm, pxPerMm);
    if (centred)
        at.x -= size.width / 2;
    cv::putText(image, text, at, face, scale, cv::Scalar(0), thickness, cv::LINE_AA);
}

void drawRuler(cv::Mat& image, const SheetLayout& layout, double pxPerMm) {
    const int line = std::max(1, toPx(0.3, pxPerMm));
    const cv::Point2f start = layout.rulerStartMm;
    cv::line(image, toPx(start, pxPerMm), toPx(start + cv::Point2f(layout.rulerLengthMm, 0), pxPerMm),
             cv::Scalar(0), line);
    const int millimetres = static_cast<int>(std::lround(layout.rulerLengthMm));
    for (int mm = 0; mm <= millimetres; ++mm) {
        const float tick = mm % 10 == 0 ? 6.0f : (mm % 5 == 0 ? 4.0f : 2.5f);
        const cv::Point2f x = start + cv::Point2f(static_cast<float>(mm), 0);
        cv::line(image, toPx(x, pxPerMm), toPx(x - cv::Point2f(0, tick), pxPerMm), cv::Scalar(0), line);
        if (mm % 10 == 0)
            drawText(image, std::to_string(mm / 10), x - cv::Point2f(0, 7.5f), 3.0, pxPerMm, true);
    }
    drawText(image, "cm", start + cv::Point2f(layout.rulerLengthMm + 3.0f, 0), 3.0, pxPerMm);
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

cv::Mat renderSheet(const SheetLayout& layout, double dpi) {
    const double pxPerMm = dpi / 25.4;
    cv::Mat sheet(toPx(layout.paperMm.height, pxPerMm), toPx(layout.paperMm.width, pxPerMm), CV_8UC1,
                  cv::Scalar(255));
    const cv::Ptr<cv::aruco::Dictionary> dictionary = cv::aruco::getPredefinedDictionary(kSheetDictionary);
    for (const SheetMarker& m : layout.markers) {
        const cv::Point topLeft = toPx(m.centreMm - cv::Point2f(m.sideMm / 2, m.sideMm / 2), pxPerMm);
        const int side = toPx(m.sideMm, pxPerMm);
        cv::Mat marker;
        cv::aruco::drawMarker(dictionary, m.id, side, marker, 1);
        marker.copyTo(sheet(cv::Rect(topLeft, cv::Size(side, side))));
        drawText(sheet, "id " + std::to_string(m.id), m.centreMm + cv::Point2f(0, m.sideMm / 2 + 5.0f), 2.5,
                 pxPerMm, true);
    }
    drawRuler(sheet, layout, pxPerMm);

    // The default die size as a square, for a quick visual check of the scale.
    const cv::Point2f dieTopLeft =
        layout.rulerStartMm + cv::Point2f(layout.rulerLengthMm / 2 - layout.dieSquareMm / 2, 15);
    cv::rectangle(sheet,
                  cv::Rect(toPx(dieTopLeft, pxPerMm),
                           toPx(dieTopLeft + cv::Point2f(layout.dieSquareMm, layout.dieSquareMm), pxPerMm)),
                  cv::Scalar(0), std::max(1, toPx(0.3, pxPerMm)));
    const float midX = layout.paperMm.width / 2;
    drawText(sheet, "16 mm die", {midX, dieTopLeft.y + layout.dieSquareMm + 7.0f}, 3.0, pxPerMm, true);
    drawText(sheet, "Muster calibration sheet (" + paperName(layout.paper) + ")", {midX, 75.0f}, 5.0, pxPerMm,
             true);
    drawText(sheet, "Print at 100% (actual size). Lay it flat in the dice tray,", {midX, 90.0f}, 3.5, pxPerMm,
             true);
    drawText(sheet, "all four markers in view of the camera.", {midX, 97.0f}, 3.5, pxPerMm, true);
    return sheet;
}

Status writeSheetPdf(const SheetLayout& layout, const std::string& path, double dpi) {
    const Result<std::string> pdf = singleImagePdf(renderSheet(layout, dpi), layout.paperMm);
    if (!pdf)
        return pdf.error();
    std::ofstream out(path, std::ios::binary);
    if (!out)
        return Error{"cannot write " + path};
    out.write(pdf->data(), static_cast<std::streamsize>(pdf->size()));
    if (!out)
        return Error{"writing " + path + " failed"};
    return {};
}

} // namespace muster::calibration
