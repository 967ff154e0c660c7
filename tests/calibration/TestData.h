#pragma once

// Test helpers: where the real dice photos are, their YOLO die boxes, the hand-made dice-set labels, and
// synthetic camera views of a real tray photo with the calibration sheet lying in it.

#include "calibration/CalibrationSheet.h"
#include "tests/common/DiceDataDir.h"

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace muster::calibration::test {

// ../shared/data/dice/nell-byler-d6, or $MUSTER_DATA_DIR/dice/nell-byler-d6; empty if absent.
inline std::string diceDataDir() {
    return muster::test::diceSetDir("nell-byler-d6");
}

#define MUSTER_REQUIRE_DICE_DATA(dir)                                                                        \
    const std::string dir = ::muster::calibration::test::diceDataDir();                                      \
    if (dir.empty())                                                                                         \
    GTEST_SKIP() << "real dice photos not found: put them at ../shared/data/dice/nell-byler-d6 or set "      \
                    "MUSTER_DATA_DIR"

// "train/IMG_x.jpg" -> full path of the photo.
inline std::string photoPath(const std::string& dir, const std::string& relative) {
    return (std::filesystem::path(dir) / "images" / relative).string();
}

// Photos of a split, sorted by name, as "split/name.jpg".
inline std::vector<std::string> photos(const std::string& dir, const std::string& split) {
    std::vector<std::string> out;
    for (const auto& e : std::filesystem::directory_iterator(std::filesystem::path(dir) / "images" / split))
        if (e.path().extension() == ".jpg")
            out.push_back(split + "/" + e.path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
}

// The train photos taken in the grey-felt tray (the rest are on a white board).
inline std::vector<std::string> trayPhotos() {
    std::vector<std::string> out;
    for (const char* t : {"111228", "111246", "111304", "111316", "111339", "111352", "111411", "111434",
                          "111446", "111457", "111530", "111548", "111628"})
        out.push_back(std::string("train/IMG_20191208_") + t + ".jpg");
    return out;
}

// The die boxes of a photo from its YOLO label file, in pixels, in file order.
inline std::vector<cv::Rect2f> dieBoxes(const std::string& dir, const std::string& relative, cv::Size size) {
    std::string label = (std::filesystem::path(dir) / "labels" / relative).replace_extension(".txt").string();
    std::ifstream in(label);
    std::vector<cv::Rect2f> boxes;
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream s(line);
        float cls, cx, cy, w, h;
        if (!(s >> cls >> cx >> cy >> w >> h))
            continue;
        boxes.emplace_back((cx - w / 2) * static_cast<float>(size.width),
                           (cy - h / 2) * static_cast<float>(size.height), w * static_cast<float>(size.width),
                           h * static_cast<float>(size.height));
    }
    return boxes;
}

// One row of tests/calibration/data/dice_sets_<split>.csv: a die of a photo and its hand-labelled colour set.
struct SetLabel {
    std::string image; // "test/IMG_x.jpg"
    int die = 0;       // line of the YOLO label file
    std::string set;   // white, black, red, brown, yellow, green, blue, purple, or other
};

inline std::vector<SetLabel> setLabels(const std::string& split) {
    std::ifstream in(std::string(MUSTER_TEST_SETS_DIR) + "/dice_sets_" + split + ".csv");
    std::vector<SetLabel> out;
    std::string line;
    std::getline(in, line); // header
    while (std::getline(in, line)) {
        std::istringstream s(line);
        SetLabel l;
        std::string die;
        if (std::getline(s, l.image, ',') && std::getline(s, die, ',') && std::getline(s, l.set))
            out.push_back({l.image, std::stoi(die), l.set});
    }
    return out;
}

// A camera view of the tray plane with the sheet lying in it. The tray plane is the photo, taken to span
// trayMm x trayMm; the sheet is rotated by sheetDegrees and shifted by sheetOffsetMm from the tray's centre.
struct SyntheticView {
    cv::Mat image;
    cv::Matx33d trayToImage; // tray mm -> frame px
    cv::Matx33d sheetToTray; // sheet mm -> tray mm
    float trayMm = 0.0f;
};

inline cv::Matx33d scaling(double s) {
    return {s, 0, 0, 0, s, 0, 0, 0, 1};
}

inline SyntheticView syntheticView(const cv::Mat& photo, const SheetLayout& layout, cv::Size frame,
                                   const std::vector<cv::Point2f>& trayCornersPx, float trayMm,
                                   float sheetDegrees, cv::Point2f sheetOffsetMm) {
    SyntheticView v;
    v.trayMm = trayMm;
    const std::vector<cv::Point2f> trayCorners = {{0, 0}, {trayMm, 0}, {trayMm, trayMm}, {0, trayMm}};
    v.trayToImage = cv::Matx33d(cv::getPerspectiveTransform(trayCorners, trayCornersPx));
    const cv::Matx33d photoToTray = scaling(trayMm / static_cast<float>(photo.cols));
    cv::warpPerspective(photo, v.image, cv::Mat(v.trayToImage * photoToTray), frame, cv::INTER_LINEAR,
                        cv::BORDER_REPLICATE);

    const double a = sheetDegrees * CV_PI / 180.0;
    const cv::Point2f centre = cv::Point2f(trayMm / 2, trayMm / 2) + sheetOffsetMm;
    const cv::Point2f half(layout.paperMm.width / 2, layout.paperMm.height / 2);
    // Rotate about the sheet's centre, then move that centre onto `centre`.
    const cv::Matx33d rotate(std::cos(a), -std::sin(a), 0, std::sin(a), std::cos(a), 0, 0, 0, 1);
    const cv::Matx33d toOrigin(1, 0, -half.x, 0, 1, -half.y, 0, 0, 1);
    const cv::Matx33d toCentre(1, 0, centre.x, 0, 1, centre.y, 0, 0, 1);
    v.sheetToTray = toCentre * rotate * toOrigin;

    const double dpi = 200.0;
    cv::Mat sheet = renderSheet(layout, dpi);
    sheet.convertTo(sheet, CV_8U, 0.85, 10); // paper is not pure white under room light
    cv::Mat sheetBgr;
    cv::cvtColor(sheet, sheetBgr, cv::COLOR_GRAY2BGR);
    const cv::Matx33d sheetPxToFrame = v.trayToImage * v.sheetToTray * scaling(25.4 / dpi);
    cv::Mat warped, mask;
    cv::warpPerspective(sheetBgr, warped, cv::Mat(sheetPxToFrame), frame, cv::INTER_AREA);
    cv::warpPerspective(cv::Mat(sheet.size(), CV_8U, cv::Scalar(255)), mask, cv::Mat(sheetPxToFrame), frame,
                        cv::INTER_NEAREST);
    warped.copyTo(v.image, mask);
    cv::GaussianBlur(v.image, v.image, cv::Size(), 0.7); // slight defocus
    return v;
}

// Sensor noise and a JPEG round trip, as a webcam delivers frames.
inline cv::Mat cameraNoise(const cv::Mat& image, double sigma, int jpegQuality, cv::RNG& rng) {
    cv::Mat noise(image.size(), CV_16SC3);
    rng.fill(noise, cv::RNG::NORMAL, 0, sigma);
    cv::Mat noisy;
    cv::add(image, noise, noisy, cv::noArray(), CV_8UC3);
    std::vector<unsigned char> jpeg;
    cv::imencode(".jpg", noisy, jpeg, {cv::IMWRITE_JPEG_QUALITY, jpegQuality});
    return cv::imdecode(jpeg, cv::IMREAD_COLOR);
}

} // namespace muster::calibration::test
