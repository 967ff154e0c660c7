#pragma once

// Teaching a dice set (vision/DiceSet.h) from labelled photos: each photo is read, each found die matched to
// its labelled box, and its look taken with the label and the pip reader's read.

#include "vision/DiceReader.h"
#include "vision/DiceSet.h"
#include "vision/eval/DiceEval.h"

#include <functional>
#include <string>
#include <vector>

namespace muster::vision {

struct TaughtFromPhotos {
    DiceSet set;
    TeachSummary summary;
    int images = 0;
    int labelledDice = 0; // in the photos read
    int unmatched = 0;    // labelled dice the reader did not find (no example taken)
    double milliseconds = 0.0;
};

// Every photo needs labelled boxes; a photo that cannot be loaded or read is an Error naming it.
Result<TaughtFromPhotos> teachFromPhotos(DiceReader& reader, const std::vector<LabelledImage>& images,
                                         const TeachOptions& options = {},
                                         const std::function<void(int done, int total)>& progress = {});

} // namespace muster::vision
