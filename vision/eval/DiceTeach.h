#pragma once

// Teaching a dice set (vision/DiceSet.h) from labelled photos: each photo is read, each found die matched to
// its labelled box, and its look taken with the label and the pip reader's read.

#include "vision/DiceReader.h"
#include "vision/DiceSet.h"
#include "vision/eval/DiceEval.h"

#include <array>
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

// How well a set taught from some labelled photos reads others of the same dice, in folds: photo i is read in
// fold i % folds, by sets taught from the photos of the other folds.
struct TeachFoldOptions {
    int folds = 4;
    // 0: one set a fold, taught from all the other folds' photos as `dice teach` teaches. N > 0: as at the
    // table, sets taught from runs of consecutive photos of the other folds, each run just long enough to
    // give every face N examples (a run left short at the end is not taught), with the table's rule for a
    // taught face (FaceTeaching: the pip reader right on under half its examples).
    int examplesPerFace = 0;
};

struct FaceReadTally {
    int dice =
        0; // held-out dice with this label that the reader found, summed over the sets they were read by
    int sureRight = 0;
    int unsure = 0;
    int confidentWrong = 0;
};

struct TeachFoldsReport {
    int images = 0;
    int teachings = 0;                  // sets taught (and read with)
    int teachingsFailed = 0;            // runs a set could not be taught from (a face without two examples)
    std::array<int, 6> taughtIn{};      // per face: the sets that taught it by its look
    std::array<FaceReadTally, 6> faces; // by labelled face
    double milliseconds = 0.0;
};

// Each photo is read once; an Error as teachFromPhotos() gives, or when there are fewer photos than folds.
Result<TeachFoldsReport> teachInFolds(DiceReader& reader, const std::vector<LabelledImage>& images,
                                      const TeachFoldOptions& options,
                                      const std::function<void(int done, int total)>& progress = {});

} // namespace muster::vision
