#pragma once

#include "rules/core/RuleSet.h"
#include "rules/hex/GameRules.h"
#include "rules/mf/Tables.h"

// Marchin' & Fightin' on the shared hex machine: its register, allowances and fire by hexes.
namespace muster::rules::mf {

// The MF options (catalogue Part III), parsed from a game's house rules.
struct Options {
    int hexCapacity = 0;                   // mf.hex_capacity, 0 unlimited (MF-MOVE-05)
    Rounding halveRound = Rounding::Floor; // mf.halve_round (AMB-MF-02)
    bool repeatGroups = false;             // mf.multi_groups = repeat_groups_of_3 (AMB-MF-03)
    bool wholeSide = false;                // mf.turn_mode = whole_side_chooses (AMB-MF-04)
    bool perFiringHex = false;             // mf.cover_scope = per_firing_hex (AMB-MF-05)
    bool artByCrew = false;                // mf.art_power_by_crew (AMB-MF-06)
    static Options from(const HouseRules& values);
};

// MF-FIRE-03 and MF-FIRE-08: what a firing hex adds at `range` hexes (0 when out of range).
int hexFirepower(const hex::Stack& stack, int range, const Options& o);

const hex::GameRules& mfRules();
const RuleSet& mfRuleSet();

} // namespace muster::rules::mf
