#pragma once

#include "rules/core/RuleSet.h"
#include "rules/hex/Chances.h"
#include "rules/hex/GameRules.h"

// Ancient STAND! on the shared hex machine: deployment, allowances, stacking and terrain, and the chance
// attack with chariots and archers.
namespace muster::rules::as {

// The AS options (catalogue Part IV), parsed from a game's house rules.
struct Options {
    int hexCapacity = 0;                                                 // as.hex_capacity (AS-MOVE-06)
    hex::FractionRule fractions = hex::FractionRule::RoundHalfUpThenD10; // as.fraction_rule (AMB-AS-01)
    bool fallBack = true;                                                // as.fall_back (AMB-AS-02)
    bool pool = false;                                                   // as.pool_attacks (AMB-AS-03)
    int archerRear = 2;         // as.archer_rear_bonus_tenths (AMB-AS-04)
    bool everyTurn = false;     // as.initiative (AMB-AS-05)
    bool afterBothMove = false; // as.fight_mode (AMB-AS-06)
    static Options from(const HouseRules& values);
};

// AS-FIGHT-02..04 as data, with the options that change it.
hex::ChanceSpec chanceSpec(const Options& o);
// AS-MOVE-01: the most hexes an arm moves.
int allowance(hex::Arm arm);

const hex::GameRules& asRules();
const RuleSet& asRuleSet();

} // namespace muster::rules::as
