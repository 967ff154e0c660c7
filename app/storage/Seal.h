#pragma once

// Seals: a short code for the journal's head at the end of a turn, which players note (or photograph) and
// keep apart from the file. `muster-cli game verify --seal CODE` then proves that the game still contains
// that head, and so that nothing before it changed: the head hash chains every earlier byte. See
// docs/journal.md, Seals.

#include "app/storage/JournalTypes.h"

#include <optional>
#include <string>
#include <vector>

namespace muster::storage {

// 10 characters of Crockford base32 (50 bits) of SHA-256("muster-seal/1", event count, head hash), shown as
// "XXXXX-XXXXX".
std::string sealOf(std::int64_t eventCount, const std::string& headHash);

// A seal as a person may type it back: case, dashes and spaces ignored, O read as 0 and I or L as 1. Empty if
// it cannot be a seal.
std::string normalizeSeal(const std::string& typed);

struct TurnSeal {
    int turn = 0;
    std::int64_t seq = 0; // the last event of the turn: the sealed head
    std::string seal;
};

// The seal at the end of each finished turn: event i ends its turn when the next event is in a later turn, or
// when it is the last one and the game has moved on (nextTurn, the turn the engine now prompts, greater); each
// turn once (a later fix, stamped with the turn it fixes, does not end it again).
std::vector<TurnSeal> turnSeals(const std::vector<Event>& events, int nextTurn);

} // namespace muster::storage
