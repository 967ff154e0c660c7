#pragma once

// A dice set taught from photos: which faces carry a symbol the pip reader cannot read (a star for the 6, a
// skull for the 1) and what those faces look like, so that such a face is read by its look, and a face that
// should carry a symbol but does not look like the taught one is unsure rather than a silent guess.
//
// A die's look is a rotation-free descriptor of its top face (dieDescriptor()); a set keeps examples of the
// taught faces and, as references, some of the faces the pip reader reads, and reads by nearest example.

#include "vision/DiceReader.h"
#include "vision/VisionError.h"

#include <opencv2/core.hpp>

#include <array>
#include <string>
#include <vector>

namespace muster::vision {

struct DiceSetFace {
    bool taught = false; // false: the pip reader reads this face
    cv::Mat examples;    // CV_32F, one descriptor per row (kDescriptorSize columns); may be empty for pips
    // Pips faces only: the taught faces' examples were read as this value often enough that a read of it
    // does not stand when the die looks like a taught face (DiceSet::doubtRatio).
    bool mistakenForSymbol = false;
};

struct DiceSet {
    static constexpr int kVersion = 1;
    std::array<DiceSetFace, 6> faces; // faces 1-6
    float threshold = 0.0f;           // nearest taught example distance under which a taught face may be read
    // A die is read as a taught face when its nearest pips example is sureRatio times as far as its nearest
    // taught one; from doubtRatio a pip read of a mistakenForSymbol value is unsure.
    float sureRatio = 1.0f;
    float doubtRatio = 1.0f;
    bool anyTaught() const;
};

// Rings and angle harmonics of dieDescriptor().
constexpr int kDescriptorRings = 12;
constexpr int kDescriptorHarmonics = 8;
constexpr int kDescriptorLook = 2 * kDescriptorRings * kDescriptorHarmonics;
constexpr int kDescriptorSize = kDescriptorLook + 7; // the look, then the pip reader's probabilities

// The look of a found die's top face: each pixel's colour distance from the face's median colour (so
// dark-on-light and light-on-dark symbols look alike), sampled on rings about the die's centre, and of each
// ring its first angle harmonics (complex: re, im), L2-normalised. A turn of the die shifts every ring's
// phases alike, which descriptorDistance() undoes. Then the pip reader's probabilities (faces 1-6, not a
// die) times kReaderWeight: it reads symbol faces with a doubt of its own kind. frame: 8-bit BGR.
cv::Mat dieDescriptor(const cv::Mat& frame, const DieRead& die);
// The distance of two descriptors (kDescriptorSize floats each) at the turn that brings them nearest, 0-2.
float descriptorDistance(const float* a, const float* b);

// Saves as OpenCV FileStorage YAML (version, threshold, per face its kind and examples).
Result<void> saveDiceSet(const DiceSet& set, const std::string& path);
// A file that is missing, not YAML, of another kind or version, or holds wrong types, sizes or non-finite
// numbers is an Error naming what is wrong.
Result<DiceSet> loadDiceSet(const std::string& path);

// A labelled example for teaching: a found die's descriptor, the face its label gives and what the pip reader
// read it as.
struct TeachExample {
    cv::Mat descriptor;
    int label = 0; // 1-6
    int pipRead = 0;
    bool pipUnsure = false;
};

struct TeachOptions {
    float taughtBelow = 0.90f; // a face the pip reader reads right less often than this becomes taught
    float percentile = 0.98f;  // of the taught examples' leave-one-out nearest distances...
    float margin = 1.25f;      // ...times this is the threshold
    // Of the pips examples' ratios (nearest other pips example over nearest taught): the doubt ratio...
    float doubtPercentile = 0.99f;
    float surePercentile = 0.998f; // ...and, times ratioMargin, the sure ratio
    float ratioMargin = 1.05f;
    int referencesPerFace = 400; // examples kept of each pips face (evenly spread over the examples given)
    float mistakenShare = 0.05f; // taught examples read as a pips value this often make it mistakenForSymbol
};

struct TeachSummary {
    std::array<int, 6> examples{}; // per face
    std::array<int, 6> pipRight{}; // per face: examples the pip reader read right (and sure)
};

// A set from labelled examples; an Error when a face has no examples to judge by.
Result<DiceSet> teachDiceSet(const std::vector<TeachExample>& examples, const TeachOptions& options = {},
                             TeachSummary* summary = nullptr);

// Reads each die of `read` (DiceReader::read() of `frame`) again with the set: a die that looks like a taught
// face is that face, sure; one the pip reader read as a taught face, or as a value symbol faces are mistaken
// for while it looks more like a taught face than pips dice do (doubtRatio), keeps its value but is unsure;
// the rest keep the pip read.
// Adds the time taken to read.milliseconds.
void applyDiceSet(const DiceSet& set, const cv::Mat& frame, DiceFrame& read);

} // namespace muster::vision
