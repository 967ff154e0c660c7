#pragma once

// Where the vision tests find the shared dice photos and the committed models, and a photo's labelled boxes.

#include "tests/common/DiceDataDir.h"
#include "vision/eval/DiceEval.h"

#include <opencv2/dnn.hpp>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

namespace muster::vision::test {

constexpr const char* kNoPhotos =
    "dice photos not found: put ../shared/data/dice/nell-byler-d6 beside the checkout or set MUSTER_DATA_DIR";

// ../shared/data/dice/nell-byler-d6, or $MUSTER_DATA_DIR/dice/nell-byler-d6; empty if absent.
inline std::string diceDataDir() {
    return muster::test::diceSetDir("nell-byler-d6");
}

inline std::string diceManifest() {
    const std::string dir = diceDataDir();
    return dir.empty() ? dir : (std::filesystem::path(dir) / "manifest.csv").string();
}

// The committed models, unless MUSTER_MODEL_DIR points elsewhere (to try a newly trained pair).
inline std::string modelDir() {
    if (const char* env = std::getenv("MUSTER_MODEL_DIR"); env && *env)
        return env;
    return MUSTER_TEST_MODEL_DIR;
}

// One of the committed networks through OpenCV DNN on the CPU, as DiceReader loads it.
inline cv::dnn::Net loadModel(const char* file) {
    cv::dnn::Net net = cv::dnn::readNetFromONNX((std::filesystem::path(modelDir()) / file).string());
    net.setPreferableBackend(cv::dnn::DNN_BACKEND_OPENCV);
    net.setPreferableTarget(cv::dnn::DNN_TARGET_CPU);
    return net;
}

// A labelled photo's die boxes, for tests/common/DiceViews.h.
inline std::vector<cv::Rect2f> labelledBoxes(const LabelledImage& image) {
    std::vector<cv::Rect2f> boxes;
    for (const LabelledDie& d : image.dice)
        boxes.push_back(d.box);
    return boxes;
}

} // namespace muster::vision::test
