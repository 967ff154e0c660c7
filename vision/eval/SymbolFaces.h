#pragma once

// Synthetic symbol faces on real photos, to measure dice sets (vision/DiceSet.h): every die labelled with
// one face gets its pips painted over in the die's body colour and a filled symbol drawn in its pip colour,
// as wargame dice carry a star for the 6. The labels stay as they are.

#include "vision/VisionError.h"
#include "vision/eval/DiceEval.h"

#include <opencv2/core.hpp>

#include <cstdint>
#include <string>

namespace muster::vision {

enum class FaceSymbol {
    Star,  // five-point star
    Cross, // a plus sign
    Ring,  // a thick ring: untaught looks for tests
};

struct SymbolFaceOptions {
    int face = 6; // dice labelled with this face are painted
    FaceSymbol symbol = FaceSymbol::Star;
    std::uint64_t seed = 1;
    float size = 0.55f; // the symbol's span over the die's edge
};

// A copy of `photo` with every die of `labels` labelled options.face painted; `rng` turns each symbol.
// Returns how many dice were painted through `painted` when given.
cv::Mat paintSymbolFaces(const cv::Mat& photo, const LabelledImage& labels, const SymbolFaceOptions& options,
                         cv::RNG& rng, int* painted = nullptr);

// Writes a painted copy of the data set whose manifest.csv is in srcDir (images/, labels/, manifest.csv,
// classes.txt as in ../shared/data/dice/nell-byler-d6) to outDir, made if missing. Returns the dice painted.
Result<int> writeSymbolDataset(const std::string& srcDir, const std::string& outDir,
                               const SymbolFaceOptions& options = {});

} // namespace muster::vision
