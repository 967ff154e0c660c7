#pragma once

#include "rules/core/RuleSet.h"
#include "rules/hex/Chances.h"
#include "rules/hex/GameRules.h"

// Stand and Die! on the shared hex machine: allowances, stacking, rivers, the chance attack and its guns.
namespace muster::rules::sd {

// The SD options (catalogue Part V), parsed from a game's house rules.
struct Options {
    hex::FractionRule fractions = hex::FractionRule::D10LeTenths; // sd.fraction_rule (AMB-SD-01)
    bool fallBackAtEnd = false;  // sd.fall_back_timing = end_of_enemy_side_turn (AMB-SD-02)
    bool rearOnZero = true;      // sd.rear_bonus_on_zero (AMB-SD-03)
    bool firerChooses = false;   // sd.casualty_choice = firer (AMB-SD-04)
    int riverMaxWater = 1;       // sd.river_fire_max_water_hexes (AMB-SD-05)
    bool artilleryAlone = false; // sd.artillery_alone = allowed (AMB-SD-06)
    bool capturable = false;     // sd.inoperable_guns = capturable (SD-GUN-02)
    static Options from(const HouseRules& values);
};

// SD-FIGHT-02..04 as data, with the options that change it.
hex::ChanceSpec chanceSpec(const Options& o);
// SD-MOVE-01: the most hexes an arm moves.
int allowance(hex::Arm arm);
// SD-GUN-01 and SD-CAS-01: places `losses` on `stack` (infantry first, then the guns, 2 each, one gun at a
// time; cavalry, or the owner's split where a choice is left). Returns figures lost.
int applyGunRule(hex::Stack& stack, int losses);
// What a hit hex lost, in words: figures that fell, hits on its guns and guns put out of action.
std::string lossWords(const hex::Stack& before, const hex::Stack& after);

const hex::GameRules& sdRules();
const RuleSet& sdRuleSet();

} // namespace muster::rules::sd
