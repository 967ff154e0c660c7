#pragma once

#include "rules/md/Options.h"
#include "rules/md/Types.h"

#include <vector>

// Melee: per-figure modifiers and single-pair resolution (MD-MEL-03, MD-MEL-05).
namespace muster::rules::md {

// The facts that modify one side's figures in a round.
struct MeleeSituation {
    bool charging = false;  // this side charged (first round only)
    bool flank = false;     // engaging the enemy flank or rear (first round only)
    bool hardCover = false; // infantry defending behind a wall or other hard cover
    int round = 1;
};

// MD-MEL-03: the modifier for one figure of `self` fighting `enemy`.
int meleeModifier(const Unit& self, const Unit& enemy, bool isOfficer, const MeleeSituation& situation);

// MD-MEL-05: results of one pair; all apply together.
struct PairResult {
    bool aKilled = false;
    bool bKilled = false;
    bool aPushed = false;
    bool bPushed = false;
};
PairResult resolvePair(int naturalA, int modA, int naturalB, int modB);

// One figure in a melee.
struct Fighter {
    bool officer = false;
    bool killed = false;
    bool pushed = false;
    bool active() const { return !killed && !pushed; }
};

// MD-MEL-01/02: participants are listed officers first, then R&F; pairing takes active figures in list order.
std::vector<Fighter> makeFighters(int officers, int rankAndFile);
std::vector<int> activeIndices(const std::vector<Fighter>& fighters);
bool anyActive(const std::vector<Fighter>& fighters);

} // namespace muster::rules::md
