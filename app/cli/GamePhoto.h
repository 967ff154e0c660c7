#pragma once

// A small synthetic JPEG of a virtual throw, so games played with virtual dice exercise the journal's photo
// path.

#include "app/storage/JournalTypes.h"

#include <vector>

namespace muster::cli {

// A photo (faces drawn as pips' numbers on dice-like squares) and its detections JSON (confidence 1:
// synthetic).
storage::EvidenceDraft syntheticThrowPhoto(const std::vector<int>& faces);

} // namespace muster::cli
