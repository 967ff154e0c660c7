#pragma once

#include "rules/core/Feed.h"
#include "rules/hex/GameRules.h"
#include "rules/hex/Tenths.h"

#include <array>
#include <functional>
#include <optional>
#include <string>
#include <vector>

// The chance attack of AS and SD: each attacking figure adds its chance in tenths by arm against the target's
// state (standing or falling back, in cover or not), plus a bonus from a rear hexside; the total gives whole
// casualties and a d10 for what is left (AS-FIGHT-02..05, SD-FIGHT-02..05).
namespace muster::rules::hex {

// The target's state, the columns of the chance tables.
enum class TargetState { Standing, FallingBack, StandingCover, FallingBackCover };

// One game's chance table and the rule ids its prompts cite.
struct ChanceSpec {
    std::array<std::array<int, 4>, kArms> tenths{}; // per arm and TargetState, per figure
    std::array<int, kArms> rearBonus{};             // per arm, per figure, across a rear hexside
    bool rearOnZero = true; // the rear bonus counts where the table gives 0 (AMB-SD-03)
    FractionRule fractions = FractionRule::RoundHalfUpThenD10;
    int riverMaxWater = -1; // SD-TERR-02: water hexes an attack may cross; -1: no river question
    bool pool = false;      // joiners add their chances to one total (AMB-AS-03); else each alone
    std::string tableRule, rearRule, fractionRule, separateRule, riverRule, casualtyRule;
};

// Figures of `stack` that attack by arm (SD-GUN-01: inoperable guns do not count).
std::array<int, kArms> attackingFigures(const Stack& stack);
// Tenths one stack adds against a target in `state`, attacking from the rear or not.
int attackTenths(const ChanceSpec& spec, const std::array<int, kArms>& figures, TargetState state, bool rear);

// Places `losses` on the target (the game's casualty rule: whose choice, what falls first). False when the
// feed ran out.
using ApplyLosses =
    std::function<bool(State&, Feed&, int target, int losses, const std::string& attackerSide)>;

// Asks cover, rear and (SD) river for each attacker, then rolls and applies per attacker (or once when
// pooled). Whether any attacker reached the target (SD-TERR-02 can leave none); nothing when the feed ran
// out.
std::optional<bool> chanceAttack(State& s, Feed& feed, const ChanceSpec& spec,
                                 const std::vector<int>& attackers, int target, const ApplyLosses& apply);

} // namespace muster::rules::hex
