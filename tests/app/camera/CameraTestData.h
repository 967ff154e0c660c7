#pragma once

// Where the camera tests find the shared dice photos (../shared/data/dice/nell-byler-d6 or $MUSTER_DATA_DIR),
// a test photo's labelled faces and die boxes, and a table profile made for a frame.

#include "calibration/CalibrationProfile.h"
#include "calibration/TrayCalibration.h"
#include "tests/common/DiceDataDir.h"

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace muster::camera::test {

// The data set's folder, or "" without it (tests then skip, saying so).
inline std::string diceDataDir() {
    return muster::test::diceSetDir("nell-byler-d6");
}

inline cv::Mat testPhoto(const std::string& dir, const std::string& name) {
    return cv::imread((std::filesystem::path(dir) / "images" / "test" / name).string());
}

// The labelled faces of a test photo, sorted (the manifest's last column).
inline std::vector<int> labelledFaces(const std::string& dir, const std::string& name) {
    std::ifstream in(std::filesystem::path(dir) / "manifest.csv");
    const std::string key = "images/test/" + name + ",";
    for (std::string line; std::getline(in, line);) {
        if (line.rfind(key, 0) != 0)
            continue;
        std::istringstream faces(line.substr(line.rfind(',') + 1));
        std::vector<int> out;
        for (int v = 0; faces >> v;)
            out.push_back(v);
        std::sort(out.begin(), out.end());
        return out;
    }
    return {};
}

// A test photo's YOLO die boxes, in pixels of a frame of `size`, in file order.
inline std::vector<cv::Rect2f> labelledBoxes(const std::string& dir, const std::string& name, cv::Size size) {
    std::ifstream in(std::filesystem::path(dir) / "labels" / "test" /
                     (std::filesystem::path(name).stem().string() + ".txt"));
    std::vector<cv::Rect2f> boxes;
    int cls = 0;
    float cx = 0, cy = 0, w = 0, h = 0;
    while (in >> cls >> cx >> cy >> w >> h) {
        const float sw = static_cast<float>(size.width), sh = static_cast<float>(size.height);
        boxes.emplace_back((cx - w / 2) * sw, (cy - h / 2) * sh, w * sw, h * sh);
    }
    return boxes;
}

// A table profile for frames like `reference` (its size is the profile's camera resolution): 2 px per tray
// mm, the watched region `regionPx`, a die of `dieSizePx`, `reference` as the calibrated view.
inline calibration::CalibrationProfile
testProfile(const cv::Mat& reference, const std::vector<cv::Point2f>& regionPx, float dieSizePx) {
    namespace mc = muster::calibration;
    mc::TrayCalibration tray;
    tray.resolution = reference.size();
    tray.imageToTray = cv::Matx33d(0.5, 0, 0, 0, 0.5, 0, 0, 0, 1);
    tray.trayToImage = tray.imageToTray.inv();
    tray.regionPx = regionPx;
    tray.regionMm = mc::mapPoints(tray.imageToTray, regionPx);
    tray.pxPerMm = 2.0;
    tray.dieSizePx = dieSizePx;
    tray.dieSizeMm = dieSizePx / 2;
    mc::CalibrationProfile profile = mc::makeProfile("test table", tray);
    cv::cvtColor(reference, profile.referenceView, cv::COLOR_BGR2GRAY);
    return profile;
}

// A tray for a photo of dice spread over the frame: the part left of the widest gap between the dice's
// centres in the middle half (so no die straddles the tray's edge); the x of that cut.
inline float trayCutBetweenDice(const std::vector<cv::Rect2f>& boxes) {
    std::vector<float> xs;
    for (const cv::Rect2f& b : boxes)
        xs.push_back(b.x + b.width / 2);
    std::sort(xs.begin(), xs.end());
    float cut = 320, gap = 0;
    for (size_t i = 1; i < xs.size(); ++i)
        if (xs[i] - xs[i - 1] > gap && xs[i - 1] > 160 && xs[i] < 480) {
            gap = xs[i] - xs[i - 1];
            cut = (xs[i] + xs[i - 1]) / 2;
        }
    return cut;
}

inline std::vector<cv::Point2f> wholeFrame(cv::Size size) {
    const float w = static_cast<float>(size.width), h = static_cast<float>(size.height);
    return {{0, 0}, {w, 0}, {w, h}, {0, h}};
}

} // namespace muster::camera::test
