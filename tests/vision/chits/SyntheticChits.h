#pragma once

// Test kit for the chit reader: label images (drawn here, or cut from a rendered PDF sheet) placed into
// synthetic 1920x1080 camera frames with perspective, rotation, blur, noise, uneven light and JPEG
// compression.

#include "vision/chits/ChitPayload.h"
#include "vision/chits/ZXingAdapter.h"

#include <opencv2/core.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace muster::chits_test {

// One round label as an image: colour pixels, a mask of the paper (255 inside the circle) and its scale.
struct LabelImage {
    cv::Mat bgr;
    cv::Mat mask;
    double modulePx = 0; // side of one code module in this image
    int modules = 0;     // modules across the symbol
    std::string text;    // the payload it carries
};

// Manifest Destiny's order chits (the rule set's vocabulary), which these tests print and read.
const ChitVocabulary& mdChits();

// A label drawn with OpenCV like the printed one (ring, white disc, symbol, a little type), no PDF needed.
// `order` is a code of mdChits() ("FF"); an unknown code is drawn blank.
LabelImage drawLabel(const std::string& text, const std::string& order,
                     const vision::zxing::ModuleMatrix& symbol, double modulePx = 12.0);

// Cuts the label centred at `centre` (pixels of a rendered sheet) out along its circle.
LabelImage cutLabel(const cv::Mat& page, cv::Point2f centre, double diameterPx, double modulePx, int modules,
                    const std::string& text);

struct SceneOptions {
    cv::Size size{1920, 1080};
    double pxPerModule = 3.0; // mean module side in the frame
    std::uint32_t seed = 1;
    double maxRotationDeg = 180; // each chit turned by up to this either way
    double maxKeystone = 0.15;   // one side of a chit foreshortened by up to this fraction (camera tilt)
    double blurSigmaMin = 0.4;   // Gaussian defocus, pixels
    double blurSigmaMax = 0.9;
    double noiseSigma = 5.0; // sensor noise, grey levels
    double lightMin = 0.55;  // uneven light: the frame's gain varies between these
    double lightMax = 1.1;
    int jpegQuality = 75;
};

struct PlacedChit {
    std::string text;
    cv::Point2f centre;
    double pxPerModule = 0;
};

struct Scene {
    cv::Mat frame; // BGR
    std::vector<PlacedChit> chits;
};

// Places the labels on a cluttered table in a grid of cells with jitter, each at a random rotation and
// keystone.
Scene composeScene(const std::vector<LabelImage>& labels, const SceneOptions& options);

// Draws a foreign code (any module matrix) as a printed label would be, for rejection tests.
LabelImage drawPlainCode(const vision::zxing::ModuleMatrix& symbol, double modulePx = 8.0,
                         int barHeightModules = 40);

} // namespace muster::chits_test
