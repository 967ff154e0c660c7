#pragma once

#include "rules/HouseRules.h"
#include "rules/core/Result.h"
#include "rules/core/RuleSet.h"

#include <string>
#include <vector>

// The MD house-rule option register (catalogue I.15) as data, and the options parsed for the rules code.
namespace muster::rules::md {

// The register with its wording: key, default, rule ids, group, label and readings (or number range).
const std::vector<rules::OptionSpec>& optionRegister();
// The groups of the register in the order the house-rule screen shows them.
const std::vector<std::string>& optionGroups();

// Every md.* key with its value: defaults overridden by `overrides`. Unknown keys and values are errors.
Result<HouseRules> resolveOptions(const HouseRules& overrides);

// The options, parsed once for the rules code. Field names follow the keys; defaults are the catalogue's.
struct Options {
    int menPerFigure = 10;                          // md.men_per_figure, MD-SCALE-01 (cosmetic)
    bool cavOfficersByGrade = false;                // md.cav_officers, MD-ORG-02
    bool usRegularEliteQuarter = false;             // md.us_regular_elite_share, MD-GRADE-02
    bool usDragoonNonEliteGreen = false;            // md.us_dragoon_nonelite, MD-GRADE-04
    bool sequentialFire = false;                    // md.fire_resolution, MD-SEQ-09
    bool chargeTestsInMovement = false;             // md.charge_test_timing, MD-SEQ-03
    int skirmishSpacing = 2;                        // md.skirmish_spacing_in, MD-FORM-03
    std::string usCfFollowup = "move_or_fire";      // md.us_cf_followup, MD-MOVE-06
    bool infChargeFormationRow = false;             // md.inf_charge_rate, MD-MOVE-04
    bool mexDifficultMarked = true;                 // md.mex_difficult, MD-MOVE-08
    int wheelMaxDeg = 90;                           // md.wheel_max_deg, MD-MOVE-09
    bool haltPenaltyInfantry = false;               // md.halt_penalty_infantry, MD-CAV-02
    std::string cavMoveDl = "six_on_move_dice";     // md.cav_move_dl, MD-CAV-03
    std::string cavDlCapScope = "movement_phase";   // md.cav_dl_cap_scope, MD-CAV-03
    bool cavDlGradeMod = false;                     // md.cav_dl_grade_mod, MD-CAV-03
    bool cavHaltDieCounts = true;                   // md.cav_halt_die_counts, MD-CAV-03
    bool usColumnExemptCav = true;                  // md.us_column_exempt_cav, MD-CAV-03
    bool remountForbidden = false;                  // md.remount, MD-CAV-05
    bool usGunLimberMove = false;                   // md.us_gun_pairs, MD-ARTMV-02
    bool bandBoundaryFarther = false;               // md.band_boundary, MD-FIRE-02
    std::string rifleReload = "next_non_move_turn"; // md.rifle_reload, MD-FIRE-10
    bool carbineFfAndF = false;                     // md.carbine_twice, MD-FIRE-11
    std::string depthRankRule = "any_figure";       // md.depth_rank_rule, MD-ARTY-03
    bool depthOtherUnits = false;                   // md.depth_other_units, MD-ARTY-03
    int vsCavBonus[3] = {3, 0, 0};                  // md.vs_cav_bonus, MD-ARTY-04
    bool rapidDoublesBaseOnly = false;              // md.rapid_doubles, MD-ARTY-08
    std::string casualtyAllocation = "random";      // md.casualty_allocation, MD-CAS-02
    bool flankOnCharge = false;                     // md.flank_minus1_applies_to, MD-CHG-03
    bool flankOnStand = true;
    bool chargeAlsoMoveDl = false;                // md.charge_also_move_dl, MD-CHG-13
    bool contactFailParity = false;               // md.contact_fail_die, MD-CHG-10
    bool meleeWholeUnit = false;                  // md.melee_participants, MD-MEL-01
    bool meleeOnePerTurn = false;                 // md.melee_rounds, MD-MEL-06
    bool meleeDoubleUp = false;                   // md.melee_overlap, MD-MEL-02
    bool firstStrikeAlsoFights = false;           // md.first_strike_rejoin, MD-MEL-04
    bool meleeDlText = false;                     // md.melee_dl_source, MD-DL-07
    bool loserPushedBackBecomeDl = false;         // md.loser_pushed_back, MD-MEL-08
    bool breakoffAsLoser = false;                 // md.breakoff_penalty, MD-MEL-12
    bool mutualWipeMoreKills = false;             // md.mutual_wipe, MD-MEL-07
    bool meleeLossLeavesContacts = false;         // md.melee_after_loss, MD-MEL-08, MD-SEQ-07
    bool smallArmsDl = true;                      // md.small_arms_dl, MD-DL-02
    bool officerDlRandom = false;                 // md.officer_dl_allocation, MD-DL-12
    int generalRadius = 2;                        // md.general_radius_in, MD-REC-02
    std::string generalRecovery = "2d6_plus_mod"; // md.general_recovery, MD-REC-02
    bool officerReturnRestoresGrade = false;      // md.officer_return_restores_grade, MD-REC-04
    bool officerDlCostsGrade = true;              // md.officer_dl_meaning, MD-OFF-01

    static Options from(const HouseRules& houseRules);
};

} // namespace muster::rules::md
