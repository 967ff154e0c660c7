#pragma once

// What a seal proves to a player: the sealed head is in the game (Seal.h), and here, every later input that
// changes what the sealed turn held. A fix appended after the seal leaves the bytes before it untouched, so
// the seal still "holds"; the table must still be told that its outcome was corrected, by whom and why, and
// what it changed on the roster. See docs/journal.md, What a seal proves.

#include "app/storage/Journal.h"
#include "app/storage/JournalTypes.h"
#include "app/storage/Seal.h"

#include <cstdint>
#include <string>
#include <vector>

namespace muster::storage {

// One later event that changes an input at or before the sealed head.
struct SealCorrection {
    std::int64_t seq = 0;    // the correcting event (an override or an undo)
    std::string kind;        // kind::Override or kind::Undo
    std::int64_t target = 0; // the input it changes
    int targetTurn = 0;
    std::string targetKey;    // the prompt the target answered ("US-A.pool")
    std::string targetWhat;   // the same in words: the throw's purpose or the question
    bool appDraw = false;     // the target is one of Muster's own draws (no die on the table)
    bool throwTarget = false; // the target is a throw (else an answer)
    std::string from, to;     // faces ("14") or answers as text; `to` empty for an undo
    std::string player, time, reason;
    std::vector<std::int64_t> setAside; // inputs the fix set aside
};

struct SealCorrections {
    std::vector<SealCorrection> corrections;
    // The roster at the sealed head as the table saw it against as the corrections make it, one line per
    // changed value ("MX-TAMP: officers 1 → 0"); empty when the rules engine could not replay either.
    std::vector<std::string> rosterChanges;
    std::string rosterProblem; // why there are no roster lines although there are corrections
};

// The corrections of the head `head` (a seq) in `events` (the journal's, in seq order).
SealCorrections correctionsAfter(const Journal& journal, const std::vector<Event>& events, std::int64_t head);

// "event #57 (Ann, 2026-12-07T19:20Z): fixed event #23, Muster's draw for US-A.casualties, from 14 to 1;
// reason: dispute": one correction in a sentence.
std::string describe(const SealCorrection& c);

// The same in the table's words, for the app: "GM fixed Muster's draw for \"casualties\" in turn 1, sealed
// 8PV9T-FNS08: 14 → 1 (dispute)." (without a seal code: "in sealed turn 1").
std::string tableSentence(const SealCorrection& c, const std::string& seal = {});

// A fix or undo of an input that a turn-end seal already covered: the correction, the seal of its target's
// turn, and the roster lines that seal's corrections change.
struct SealedFix {
    TurnSeal seal;
    SealCorrection correction;
    std::vector<std::string> rosterChanges; // every correction of that seal together
};

// Every sealed fix of a game (the Log marks them; the turn panel says those made this turn), oldest first.
// nextTurn: the turn the engine prompts now (turnSeals). Costs two replays per seal that has fixes, none
// otherwise.
std::vector<SealedFix> sealedFixes(const Journal& journal, const std::vector<Event>& events, int nextTurn);

} // namespace muster::storage
