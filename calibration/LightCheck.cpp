#include "calibration/LightCheck.h"

#include <opencv2/imgproc.hpp>

#include <cstdio>

namespace muster::calibration {

namespace {

double medianOf(const cv::Mat& grey, const cv::Mat& mask) {
    int histSize = 256;
    float range[] = {0, 256};
    const float* ranges[] = {range};
    int channels = 0;
    cv::Mat hist;
    cv::calcHist(&grey, 1, &channels, mask, hist, 1, &histSize, ranges);
    const double total = cv::sum(hist)[0];
    double seen = 0;
    for (int i = 0; i < 256; ++i) {
        seen += hist.at<float>(i);
        if (seen >= total / 2)
            return i;
    }
    return 255;
}

std::string format(const char* pattern, double value) {
    char text[160];
    std::snprintf(text, sizeof text, pattern, value);
    return text;
}

// True when the box holds a blob of near-white pixels much brighter than the die around it.
bool hasGlare(const cv::Mat& bgr, const cv::Mat& grey, const cv::Rect2f& box, const LightOptions& options) {
    const cv::Rect r = cv::Rect(box) & cv::Rect(0, 0, bgr.cols, bgr.rows);
    if (r.area() < 16)
        return false;
    const double dieMedian = medianOf(grey(r), cv::Mat());
    cv::Mat bright;
    cv::inRange(bgr(r), cv::Scalar::all(options.glareLevel), cv::Scalar::all(255), bright);
    cv::Mat aboveDie = grey(r) >= dieMedian + options.glareAboveDie;
    bright &= aboveDie;
    cv::Mat labels, stats, centroids;
    const int n = cv::connectedComponentsWithStats(bright, labels, stats, centroids, 8);
    const double minArea = std::max(3.0, options.glareMinAreaFraction * r.area());
    for (int i = 1; i < n; ++i)
        if (stats.at<int>(i, cv::CC_STAT_AREA) >= minArea)
            return true;
    return false;
}

} // namespace

std::string lightIssueName(LightIssue issue) {
    switch (issue) {
    case LightIssue::TooDark:
        return "too-dark";
    case LightIssue::BlownOut:
        return "blown-out";
    case LightIssue::Glare:
        return "glare";
    }
    return "unknown";
}

Result<LightReport> checkLight(const cv::Mat& bgr, const std::vector<cv::Point2f>& region,
                               const std::vector<cv::Rect2f>& dice, const LightOptions& options) {
    if (bgr.empty() || bgr.type() != CV_8UC3)
        return Error{"the light check needs a non-empty 8-bit colour (BGR) frame"};
    cv::Mat grey;
    cv::cvtColor(bgr, grey, cv::COLOR_BGR2GRAY);
    cv::Mat mask(bgr.size(), CV_8U, cv::Scalar(region.size() >= 3 ? 0 : 255));
    if (region.size() >= 3) {
        std::vector<cv::Point> polygon;
        for (const cv::Point2f& p : region)
            polygon.emplace_back(cvRound(p.x), cvRound(p.y));
        cv::fillPoly(mask, std::vector<std::vector<cv::Point>>{polygon}, cv::Scalar(255));
    }
    const int area = cv::countNonZero(mask);
    if (area == 0)
        return Error{"the watched region does not overlap the frame"};

    LightReport report;
    report.medianGrey = medianOf(grey, mask);
    cv::Mat clipped;
    cv::inRange(bgr, cv::Scalar::all(options.clippedLevel), cv::Scalar::all(255), clipped);
    report.clippedPercent = 100.0 * cv::countNonZero(clipped & mask) / area;
    for (const cv::Rect2f& box : dice)
        report.diceWithGlare += hasGlare(bgr, grey, box, options) ? 1 : 0;

    if (report.medianGrey < options.darkMedianBelow)
        report.warnings.push_back(
            {LightIssue::TooDark, report.medianGrey,
             format("the tray is too dark (median grey %.0f of 255): add light", report.medianGrey)});
    if (report.clippedPercent > options.clippedPercentAbove)
        report.warnings.push_back(
            {LightIssue::BlownOut, report.clippedPercent,
             format("%.1f%% of the tray is blown out to white: dim the light or lower the camera exposure",
                    report.clippedPercent)});
    if (report.diceWithGlare > 0)
        report.warnings.push_back(
            {LightIssue::Glare, static_cast<double>(report.diceWithGlare),
             format("glare on %.0f dice: move the light to the side or use diffuse light",
                    report.diceWithGlare)});
    return report;
}

} // namespace muster::calibration
