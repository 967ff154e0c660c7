#include "calibration/TrayCalibration.h"

#include "calibration/Grey.h"

#include <opencv2/aruco.hpp>
#include <opencv2/calib3d.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <set>
#include <utility>

namespace muster::calibration {

namespace {

using detail::toGrey;

cv::Point2f centroid(const std::vector<cv::Point2f>& polygon) {
    cv::Point2f sum(0, 0);
    for (const cv::Point2f& p : polygon)
        sum += p;
    return sum * (1.0f / static_cast<float>(polygon.size()));
}

} // namespace

cv::Point2f mapPoint(const cv::Matx33d& h, cv::Point2f p) {
    const cv::Vec3d v = h * cv::Vec3d(p.x, p.y, 1.0);
    return {static_cast<float>(v[0] / v[2]), static_cast<float>(v[1] / v[2])};
}

std::vector<cv::Point2f> mapPoints(const cv::Matx33d& h, const std::vector<cv::Point2f>& points) {
    std::vector<cv::Point2f> out;
    out.reserve(points.size());
    for (const cv::Point2f& p : points)
        out.push_back(mapPoint(h, p));
    return out;
}

Result<std::vector<MarkerSighting>> detectSheetMarkers(const cv::Mat& image) {
    if (image.empty())
        return Error{"the calibration image is empty"};
    if (image.depth() != CV_8U)
        return Error{"the calibration image must be 8-bit"};
    const cv::Mat grey = toGrey(image);
    const cv::Ptr<cv::aruco::Dictionary> dictionary = cv::aruco::getPredefinedDictionary(kSheetDictionary);
    cv::Ptr<cv::aruco::DetectorParameters> params = cv::aruco::DetectorParameters::create();
    params->cornerRefinementMethod = cv::aruco::CORNER_REFINE_SUBPIX;
    params->cornerRefinementWinSize = 4;
    std::vector<std::vector<cv::Point2f>> corners;
    std::vector<int> ids;
    cv::aruco::detectMarkers(grey, dictionary, corners, ids, params);

    std::vector<MarkerSighting> sightings;
    std::set<int> seen;
    for (size_t i = 0; i < ids.size(); ++i) {
        if (!seen.insert(ids[i]).second)
            return Error{"marker " + std::to_string(ids[i]) +
                         " is seen twice: only one calibration sheet may be in view"};
        sightings.push_back({ids[i], corners[i]});
    }
    std::sort(sightings.begin(), sightings.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
    return sightings;
}

Result<TrayCalibration> calibrateTray(const cv::Mat& image, const TrayOptions& options) {
    Result<std::vector<MarkerSighting>> found = detectSheetMarkers(image);
    if (!found)
        return found.error();

    std::vector<cv::Point2f> px, mm;
    std::vector<MarkerSighting> used;
    std::vector<int> missing;
    for (const SheetMarker& m : options.layout.markers) {
        const auto it =
            std::find_if(found->begin(), found->end(), [&](const MarkerSighting& s) { return s.id == m.id; });
        if (it == found->end()) {
            missing.push_back(m.id);
            continue;
        }
        used.push_back(*it);
        const std::vector<cv::Point2f> cornersMm = m.cornersMm();
        px.insert(px.end(), it->cornersPx.begin(), it->cornersPx.end());
        mm.insert(mm.end(), cornersMm.begin(), cornersMm.end());
    }
    if (static_cast<int>(used.size()) < std::max(options.requiredMarkers, 2)) {
        std::string message = used.empty() ? std::string("no calibration-sheet markers found")
                                           : "found " + std::to_string(used.size()) + " of " +
                                                 std::to_string(options.layout.markers.size()) +
                                                 " calibration-sheet markers (missing id";
        if (!used.empty()) {
            for (size_t i = 0; i < missing.size(); ++i)
                message += (i ? ", " : " ") + std::to_string(missing[i]);
            message += ")";
        }
        return Error{message + ": lay the whole sheet flat in view of the camera, evenly lit"};
    }

    const cv::Mat h = cv::findHomography(px, mm, 0);
    if (h.empty())
        return Error{"the marker corners do not define a plane (degenerate view)"};

    TrayCalibration cal;
    cal.resolution = image.size();
    cal.imageToTray = cv::Matx33d(h);
    cal.trayToImage = cal.imageToTray.inv();
    cal.markers = used;

    double sumPx = 0, sumMm = 0;
    for (size_t i = 0; i < px.size(); ++i) {
        const cv::Point2f dPx = mapPoint(cal.trayToImage, mm[i]) - px[i];
        const cv::Point2f dMm = mapPoint(cal.imageToTray, px[i]) - mm[i];
        sumPx += dPx.dot(dPx);
        sumMm += dMm.dot(dMm);
        cal.maxErrorMm = std::max(cal.maxErrorMm, std::sqrt(static_cast<double>(dMm.dot(dMm))));
    }
    cal.rmsErrorPx = std::sqrt(sumPx / static_cast<double>(px.size()));
    cal.rmsErrorMm = std::sqrt(sumMm / static_cast<double>(px.size()));

    cal.regionMm = options.regionMm.empty() ? options.layout.outlineMm() : options.regionMm;
    cal.regionPx = mapPoints(cal.trayToImage, cal.regionMm);
    cal.dieSizeMm = options.dieSizeMm;
    // Linear scale at the region's centre: the area of a 10 mm square mapped into the image.
    const cv::Point2f c = centroid(cal.regionMm);
    const std::vector<cv::Point2f> square = mapPoints(
        cal.trayToImage, {c, c + cv::Point2f(10, 0), c + cv::Point2f(10, 10), c + cv::Point2f(0, 10)});
    cal.pxPerMm = std::sqrt(std::abs(cv::contourArea(square))) / 10.0;
    cal.dieSizePx = static_cast<float>(cal.pxPerMm * options.dieSizeMm);
    return cal;
}

namespace {
constexpr std::pair<SheetPlacement, const char*> kPlacements[] = {
    {SheetPlacement::Middle, "middle"},
    {SheetPlacement::TopLeft, "top-left"},
    {SheetPlacement::TopRight, "top-right"},
    {SheetPlacement::BottomRight, "bottom-right"},
    {SheetPlacement::BottomLeft, "bottom-left"}};
} // namespace

Result<SheetPlacement> parseSheetPlacement(const std::string& name) {
    for (const auto& [placement, text] : kPlacements)
        if (name == text)
            return placement;
    return Error{"unknown sheet placement '" + name +
                 "': use middle, top-left, top-right, bottom-right or bottom-left"};
}

std::string sheetPlacementName(SheetPlacement placement) {
    for (const auto& [p, text] : kPlacements)
        if (p == placement)
            return text;
    return "middle";
}

Result<std::vector<cv::Point2f>> trayRegionMm(const SheetLayout& layout, cv::Size2f trayMm,
                                              SheetPlacement placement) {
    const cv::Size2f paper = layout.paperMm;
    if (!(trayMm.width >= paper.width) || !(trayMm.height >= paper.height))
        return Error{"the tray (" + std::to_string(static_cast<int>(std::lround(trayMm.width))) + " x " +
                     std::to_string(static_cast<int>(std::lround(trayMm.height))) +
                     " mm) must be at least as large as the sheet (" +
                     std::to_string(static_cast<int>(std::lround(paper.width))) + " x " +
                     std::to_string(static_cast<int>(std::lround(paper.height))) + " mm)"};
    // The tray's top-left corner in sheet mm.
    cv::Point2f origin;
    switch (placement) {
    case SheetPlacement::Middle:
        origin = {(paper.width - trayMm.width) / 2, (paper.height - trayMm.height) / 2};
        break;
    case SheetPlacement::TopLeft:
        origin = {0, 0};
        break;
    case SheetPlacement::TopRight:
        origin = {paper.width - trayMm.width, 0};
        break;
    case SheetPlacement::BottomRight:
        origin = {paper.width - trayMm.width, paper.height - trayMm.height};
        break;
    case SheetPlacement::BottomLeft:
        origin = {0, paper.height - trayMm.height};
        break;
    }
    return std::vector<cv::Point2f>{origin, origin + cv::Point2f(trayMm.width, 0),
                                    origin + cv::Point2f(trayMm.width, trayMm.height),
                                    origin + cv::Point2f(0, trayMm.height)};
}

} // namespace muster::calibration
