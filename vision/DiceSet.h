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
    cv::Mat examples;    // CV_32F, one descriptor per row (dieDescriptor()'s)
    // A die whose nearest example is of this face looks like it when that example is within this distance:
    // the 99th percentile of the examples' own leave-one-out nearest distances, times a margin.
    float threshold = 0.0f;
};

struct DiceSet {
    static constexpr int kVersion = 2;
    std::array<DiceSetFace, 6> faces; // faces 1-6
    bool anyTaught() const;
    // The width of its examples' descriptors (every face's alike; loadDiceSet() checks it).
    int descriptorSize() const;
};

// Rings and angle harmonics of dieDescriptor().
constexpr int kDescriptorRings = 12;
constexpr int kDescriptorHarmonics = 8;
constexpr int kDescriptorLook = 2 * kDescriptorRings * kDescriptorHarmonics;
constexpr int kDescriptorFixed = kDescriptorLook + 7; // the look, then the pip reader's probabilities,
                                                      // then the readers' features (DieRead::features)
constexpr int descriptorSize(int features) {
    return kDescriptorFixed + features;
}

// The look of a found die's top face: each pixel's colour distance from the face's median colour (so
// dark-on-light and light-on-dark symbols look alike), sampled on rings about the die's centre, and of each
// ring its first angle harmonics (complex: re, im), L2-normalised. A turn of the die shifts every ring's
// phases alike, which descriptorDistance() undoes. Then the pip reader's probabilities (faces 1-6, not a
// die) times kReaderWeight: it reads symbol faces with a doubt of its own kind. Then the readers' features
// of the die (DieRead::features), which tell a drawn symbol from pips far better than the look alone
// (held-out star-painted photos: 62 of 62 sixes against 57). frame: 8-bit BGR.
cv::Mat dieDescriptor(const cv::Mat& frame, const DieRead& die);
// The distance of two descriptors (`size` floats each) at the turn that brings them nearest.
float descriptorDistance(const float* a, const float* b, int size);

// Saves as OpenCV FileStorage YAML (version, threshold, per face its kind and examples).
Result<void> saveDiceSet(const DiceSet& set, const std::string& path);
// A file that is missing, not YAML, of another kind or version, or holds wrong types, sizes or non-finite
// numbers is an Error naming what is wrong.
Result<DiceSet> loadDiceSet(const std::string& path);
// The same as YAML text, for a set kept inside another file (a table profile); errors as loadDiceSet()'s.
Result<std::string> diceSetToText(const DiceSet& set);
Result<DiceSet> diceSetFromText(const std::string& text);

// A labelled example for teaching: a found die's descriptor, the face its label gives and what the pip reader
// read it as.
struct TeachExample {
    cv::Mat descriptor;
    int label = 0; // 1-6
    int pipRead = 0;
    bool pipUnsure = false;
};

struct TeachOptions {
    float taughtBelow = 0.90f;   // a face the pip reader reads right less often than this becomes taught
    float percentile = 0.99f;    // of each face's leave-one-out nearest distances...
    float margin = 1.10f;        // ...times this is the face's threshold
    int referencesPerFace = 400; // examples kept of each pips face (evenly spread over the examples given)

    // Taught at the table from a few throws, a face has a handful of examples, so one misread pips face would
    // fall under 90% and be taught; the pip reader reads a symbol face right almost never, so half separates
    // them.
    static TeachOptions atTheTable() {
        TeachOptions o;
        o.taughtBelow = 0.5f;
        return o;
    }
};

struct TeachSummary {
    std::array<int, 6> examples{}; // per face
    std::array<int, 6> pipRight{}; // per face: examples the pip reader read right (and sure)
};

// A set from labelled examples; an Error when a face has no examples to judge by.
Result<DiceSet> teachDiceSet(const std::vector<TeachExample>& examples, const TeachOptions& options = {},
                             TeachSummary* summary = nullptr);

// Reads each die of `read` (DiceReader::read() of `frame`) again with the set, by its nearest example.
// Nearest a taught face: that face, sure when the example is within the face's threshold, no other taught
// face is nearly as near and the look alone (the ring harmonics, free of colour) does not clearly prefer
// another face. Nearest a pips face: the pip read stands, unsure (if it was not) when it names another face
// or a taught one, when the example is beyond the face's threshold (a look the set was not taught), or when
// the look alone clearly prefers a taught face. Adds the time taken to read.milliseconds.
Result<void> applyDiceSet(const DiceSet& set, const cv::Mat& frame, DiceFrame& read);
// The same for one die (a die of this set among dice of other sets).
Result<void> applyDiceSet(const DiceSet& set, const cv::Mat& frame, DieRead& die);
// The same for one die whose look dieDescriptor() has already taken (one read of a photo, many sets).
Result<void> applyDiceSetToLook(const DiceSet& set, const cv::Mat& descriptor, DieRead& die);

} // namespace muster::vision
