#pragma once

#include "rules/HouseRules.h"
#include "rules/core/Result.h"
#include "rules/core/RuleSet.h"
#include "rules/omtb/Types.h"

#include <string>
#include <vector>

// The OMTB house-rule register (catalogue II.13) with its wording, plus the 1790-92 modifications of II.12
// as a scenario option; and the options parsed once for the rules code.
namespace muster::rules::omtb {

const std::vector<rules::OptionSpec>& optionRegister();
const std::vector<std::string>& optionGroups();

// Every omtb.* key with its value: defaults overridden by `overrides`. Unknown keys and values are errors.
Result<HouseRules> resolveOptions(const HouseRules& overrides);

// The options for the rules code; each field names its key. Defaults are the catalogue's.
struct Options {
    bool artDicePerGunModel = false;       // omtb.art_fire_dice, AMB-OMTB-02
    int britArtMorale = 8;                 // omtb.brit_art_morale, AMB-OMTB-17
    std::vector<UnitType> bayonetTypes;    // omtb.bayonet_types, AMB-OMTB-18
    bool mountedFire = false;              // omtb.mounted_fire, AMB-OMTB-19
    bool step6IndiansOnly = false;         // omtb.step6_scope, AMB-OMTB-16
    bool oneDiePerLine = false;            // omtb.ops_roll, AMB-OMTB-03
    bool reactionMinusOnDie = false;       // omtb.reaction_fire_cost, AMB-OMTB-04
    bool startLoaded = true;               // omtb.start_loaded, AMB-OMTB-21
    bool interleaved = false;              // omtb.activation, AMB-OMTB-22
    bool reloadSameTurnOnly = false;       // omtb.reload_progress, AMB-OMTB-27
    bool disorderTargetAsSkirmish = false; // omtb.disorder_target_class, AMB-OMTB-07
    bool crewRetreatWithGuns = false;      // omtb.crew_retreat, AMB-OMTB-15
    bool directContact = false;            // omtb.charge_resolution, AMB-OMTB-26
    bool terrainAdd = false;               // omtb.terrain_combine, OMTB-TERR-05
    bool mountedHarder = false;            // omtb.mounted_class_shift, AMB-OMTB-01
    bool disorderHalfCeil = false;         // omtb.disorder_half_round, AMB-OMTB-08
    bool bowNoReload = false;              // omtb.bow_loading, AMB-OMTB-12
    bool bowMixed = false;                 // omtb.bow_mix, AMB-OMTB-12
    bool indianCoverStack = false;         // omtb.indian_cover_stack, AMB-OMTB-05
    bool casualtiesPhaseOnly = false;      // omtb.casualty_window, AMB-OMTB-13
    bool fireMoraleImmediate = false;      // omtb.fire_morale_timing, AMB-OMTB-14
    bool halfAtOrBelow = false;            // omtb.half_strength, AMB-OMTB-24
    bool leaderCancelsNoOfficer = true;    // omtb.attached_leader_cancels_no_officer, AMB-OMTB-25
    bool officerExtraFigure = false;       // omtb.officer_model, AMB-OMTB-06
    bool doubleTwoDice = false;            // omtb.double_team, AMB-OMTB-09
    std::string meleeFloor = "1";          // omtb.melee_floor, AMB-OMTB-10
    std::string meleeTie = "no_loser";     // omtb.melee_tie, AMB-OMTB-11
    bool fortMiamis = false;               // omtb.fort_miamis_in_play, OMTB-OOB-02
    bool leviesLegionLines = false;        // omtb.levies_type, AMB-OMTB-23
    bool mods1791 = false;                 // omtb.mods_1790_92, OMTB-1791-01..04

    static Options from(const HouseRules& houseRules);
};

} // namespace muster::rules::omtb
