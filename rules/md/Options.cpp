#include "rules/md/Options.h"

#include <algorithm>
#include <cstdlib>
#include <sstream>

namespace muster::rules::md {

namespace {

const char* const kArmies = "Armies";
const char* const kSequence = "Turn sequence";
const char* const kMovement = "Movement";
const char* const kCavalry = "Cavalry";
const char* const kFire = "Fire";
const char* const kArtillery = "Artillery";
const char* const kCharges = "Charges";
const char* const kMelee = "Melee";
const char* const kMorale = "Disorder, officers and recovery";

} // namespace

// Catalogue I.15, worded for the house-rule screen.
const std::vector<rules::OptionSpec>& optionRegister() {
    static const std::vector<rules::OptionSpec> kRegister = {
        numberOption("md.men_per_figure", "10", "MD-SCALE-01", kArmies, "Men per figure (for show only)", 1,
                     10, 1),
        choiceOption("md.cav_officers", "one", "MD-ORG-02", kArmies, "Officers in a cavalry unit",
                     {{"one", "Always one"}, {"by_grade", "By grade, as infantry (1-3)"}}),
        choiceOption("md.us_regular_elite_share", "all", "MD-GRADE-02", kArmies,
                     "Regular U.S. infantry rated Elite",
                     {{"all", "All of it"}, {"quarter", "A quarter, the rest Veteran"}}),
        choiceOption("md.us_dragoon_nonelite", "veteran", "MD-GRADE-04", kArmies,
                     "Mounted U.S. dragoons not in the Elite half",
                     {{"veteran", "Veteran"}, {"green", "Green"}}),
        choiceOption("md.fire_resolution", "simultaneous", "MD-SEQ-09", kSequence, "Fire within a phase",
                     {{"simultaneous", "All at once"}, {"sequential", "One unit after another"}}),
        choiceOption("md.charge_test_timing", "after_reveal", "MD-SEQ-03", kSequence,
                     "When charge and stand tests are taken",
                     {{"after_reveal", "Right after orders are shown"},
                      {"movement_phase", "At the start of Movement"}}),
        choiceOption("md.skirmish_spacing_in", "2", "MD-FORM-03", kMovement,
                     "Gap between skirmishers (inches)", {{"2", "2 inches"}, {"1", "1 inch"}}),
        choiceOption("md.us_cf_followup", "move_or_fire", "MD-MOVE-06", kMovement,
                     "What a U.S. unit may do after changing formation",
                     {{"move_or_fire", "Move or fire"},
                      {"move_and_fire", "Move and fire"},
                      {"fire_only", "Fire only"},
                      {"none", "Nothing more"}}),
        choiceOption("md.inf_charge_rate", "line_charge_row", "MD-MOVE-04", kMovement,
                     "Infantry charge distance",
                     {{"line_charge_row", "Line-charge row for all"},
                      {"formation_move_row", "Columns charge at their own rate"}}),
        choiceOption("md.mex_difficult", "stream_gully_and_marked", "MD-MOVE-08", kMovement,
                     "Difficult ground for Mexican units",
                     {{"stream_gully_and_marked", "Streams, gullies and marked ground"},
                      {"stream_gully_only", "Streams and gullies only"}}),
        numberOption("md.wheel_max_deg", "90", "MD-MOVE-09", kMovement, "Largest wheel (degrees)", 15, 180,
                     15),
        choiceOption("md.halt_penalty_infantry", "false", "MD-CAV-02", kCavalry,
                     "Infantry charging from a halt lose 1d6 too",
                     {{"false", "No, cavalry only"}, {"true", "Yes"}}),
        choiceOption("md.cav_move_dl", "six_on_move_dice", "MD-CAV-03, MD-ARTMV-04", kCavalry,
                     "Cavalry movement disorder",
                     {{"six_on_move_dice", "1 DL if a 6 shows on the move dice"},
                      {"roll_d6_cap1", "Roll the usual 1d6, at most 1"},
                      {"separate_d6_six", "1 DL on a 6 of an extra d6"}}),
        choiceOption("md.cav_dl_cap_scope", "movement_phase", "MD-CAV-03", kCavalry,
                     "The one-DL cap for cavalry covers",
                     {{"movement_phase", "The whole Movement phase"},
                      {"movement_order_only", "The move itself only"},
                      {"all_sources", "Every DL of the turn"}}),
        choiceOption("md.cav_dl_grade_mod", "false", "MD-CAV-03", kCavalry,
                     "Grade modifies cavalry movement DL",
                     {{"false", "No"}, {"true", "Yes, before the cap"}}),
        choiceOption("md.cav_halt_die_counts", "true", "MD-CAV-03", kCavalry,
                     "A 6 on the from-halt die counts for DL", {{"true", "Yes"}, {"false", "No"}}),
        choiceOption("md.us_column_exempt_cav", "true", "MD-CAV-03, MD-DL-04", kCavalry,
                     "U.S. cavalry in column spared movement DL",
                     {{"true", "Yes"}, {"false", "No, infantry only"}}),
        choiceOption("md.remount", "symmetric", "MD-CAV-05", kCavalry, "Remounting dismounted cavalry",
                     {{"symmetric", "Allowed, like dismounting"}, {"forbidden", "Not allowed"}}),
        choiceOption("md.us_gun_pairs", "as_printed", "MD-ARTMV-02", kMovement, "U.S. gun action pairs",
                     {{"as_printed", "As printed"}, {"add_limber_move", "Also limber and move"}}),
        choiceOption("md.band_boundary", "nearer", "MD-FIRE-02", kFire,
                     "A distance on a band's edge counts as",
                     {{"nearer", "The nearer band"}, {"farther", "The farther band"}}),
        choiceOption("md.rifle_reload", "next_non_move_turn", "MD-FIRE-10", kFire,
                     "Mississippi rifles reload",
                     {{"next_non_move_turn", "After a turn without moving"},
                      {"hold_order_only", "After a turn on Hold"},
                      {"skip_one_turn", "By sitting out the next turn"}}),
        choiceOption("md.carbine_twice", "two_volleys_same_phase", "MD-FIRE-11", kFire,
                     "Breech-loading carbines fire twice",
                     {{"two_volleys_same_phase", "Twice in one phase"},
                      {"ff_and_f_phases", "Once in each fire phase"}}),
        choiceOption("md.depth_rank_rule", "any_figure", "MD-ARTY-03", kArtillery,
                     "A rank counts for the depth bonus when",
                     {{"any_figure", "It has any figure"},
                      {"full_ranks_only", "It is full"},
                      {"ceil_figs_over_frontage", "Figures over frontage, rounded up"}}),
        choiceOption("md.depth_other_units", "false", "MD-ARTY-03", kArtillery,
                     "Ranks of units behind the target count", {{"false", "No"}, {"true", "Yes"}}),
        numberOption("md.vs_cav_bonus", "3,0,0", "MD-ARTY-04", kArtillery,
                     "Extra dice against cavalry or limbered guns", 0, 12, 1, {"short", "medium", "long"}),
        choiceOption("md.rapid_doubles", "whole_pool", "MD-ARTY-08", kArtillery, "U.S. rapid fire doubles",
                     {{"whole_pool", "Every die"}, {"base_only", "The base dice only"}}),
        choiceOption("md.cover_stacking", "best_single", "MD-COVER-02", kFire, "Several cover rows apply",
                     {{"best_single", "The best one only"}}),
        choiceOption("md.casualty_allocation", "random", "MD-CAS-02", kFire, "Who picks the figures hit",
                     {{"random", "Chance"},
                      {"owner_choice_rf_first", "Owner, rank and file first"},
                      {"firer_choice", "Firer"}}),
        choiceOption(
            "md.flank_minus1_applies_to", "stand", "MD-CHG-03", kCharges,
            "The -1 for a flank or rear charge goes to",
            {{"stand", "The target's stand die"}, {"charge", "The charger's die"}, {"both", "Both"}}),
        choiceOption("md.charge_also_move_dl", "false", "MD-CHG-13", kCharges,
                     "A charge also takes the movement DL", {{"false", "No"}, {"true", "Yes"}}),
        choiceOption(
            "md.contact_fail_die", "separate_d6", "MD-CHG-10", kCharges,
            "Missed contact: which die says unformed",
            {{"separate_d6", "An extra d6"}, {"charge_distance_total_parity", "The charge roll's total"}}),
        choiceOption("md.melee_participants", "contact", "MD-MEL-01", kMelee, "Who fights in a melee",
                     {{"contact", "Figures in contact"}, {"whole_unit", "The whole unit"}}),
        choiceOption("md.melee_rounds", "until_decided", "MD-MEL-06", kMelee, "Melee rounds per turn",
                     {{"until_decided", "Until one side is done"}, {"one_per_turn", "One, then next turn"}}),
        choiceOption("md.melee_overlap", "sit_out", "MD-MEL-02", kMelee, "Figures left without an opponent",
                     {{"sit_out", "Sit out"}, {"double_up", "Help a friend (+1)"}}),
        choiceOption("md.first_strike_rejoin", "sit_out_round1", "MD-MEL-04", kMelee,
                     "After a pistol or lance first strike",
                     {{"sit_out_round1", "Sit out round 1"}, {"also_fight_round1", "Also fight round 1"}}),
        choiceOption("md.melee_dl_source", "dl_table", "MD-DL-07", kMelee, "Melee DL dice",
                     {{"dl_table", "From the DL list"}, {"melee_text", "Loser 2d6, winner 1d6"}}),
        choiceOption("md.loser_pushed_back", "rejoin", "MD-MEL-08", kMelee, "The loser's pushed-back figures",
                     {{"rejoin", "Rejoin the unit"}, {"become_dl", "Become DLs"}}),
        choiceOption("md.breakoff_penalty", "none", "MD-MEL-12", kMelee, "Cavalry that break off",
                     {{"none", "Take nothing"}, {"as_loser", "Take the loser's DLs"}}),
        choiceOption("md.mutual_wipe", "both_lose", "MD-MEL-07", kMelee, "Both sides wiped out in one round",
                     {{"both_lose", "Both lose"}, {"more_kills_wins", "More kills wins"}}),
        // Not in the catalogue's I.15: a unit in several contacts that loses one of them (MD-SEQ-07,
        // MD-MEL-08). The rules are silent; our default reads the loser's 4d6 fall-back as taking it out of
        // every contact, so it loses once a phase and no second winner advances into a place already left
        // (docs/rules-engine.md, Readings beyond the catalogue).
        choiceOption("md.melee_after_loss", "out_of_contact", "MD-MEL-08, MD-SEQ-07", kMelee,
                     "A unit that loses one of several melees",
                     {{"out_of_contact", "Falls back out of them"}, {"fight_on", "Fights the others too"}}),
        choiceOption("md.small_arms_dl", "1d6_per_unit", "MD-DL-02", kMorale, "Small-arms fire causes DL",
                     {{"1d6_per_unit", "1d6 per firing unit"}, {"none", "No"}}),
        choiceOption(
            "md.officer_dl_allocation", "last", "MD-DL-12", kMorale, "Officers become DLs",
            {{"last", "Only when no rank and file are left"}, {"random", "By chance, like casualties"}}),
        numberOption("md.general_radius_in", "2", "MD-REC-02", kMorale,
                     "A general is with a unit within (inches)", 0, 12, 1),
        choiceOption("md.general_recovery", "2d6_plus_mod", "MD-REC-02", kMorale, "Recovery with a general",
                     {{"2d6_plus_mod", "2d6, grade counted once"},
                      {"double_result", "Twice (1d6 + grade)"},
                      {"2d6_mod_per_die", "2d6, grade on each die"}}),
        choiceOption("md.officer_return_restores_grade", "false", "MD-REC-04", kMorale,
                     "A returning DL officer gives the grade back", {{"false", "No"}, {"true", "Yes"}}),
        choiceOption("md.officer_dl_meaning", "officer_casualty_or_dl", "MD-OFF-01", kMorale,
                     "A grade step is lost for",
                     {{"officer_casualty_or_dl", "Each officer killed or DL"},
                      {"officer_casualty_only", "Each officer killed"}}),
    };
    return kRegister;
}

const std::vector<std::string>& optionGroups() {
    static const std::vector<std::string> kGroups = {kArmies,    kSequence, kMovement, kCavalry, kFire,
                                                     kArtillery, kCharges,  kMelee,    kMorale};
    return kGroups;
}

Result<HouseRules> resolveOptions(const HouseRules& overrides) {
    return rules::resolveOptions(optionRegister(), overrides);
}

Options Options::from(const HouseRules& h) {
    Options o;
    auto get = [&](const char* key) {
        auto it = h.values.find(key);
        if (it != h.values.end())
            return it->second;
        for (const auto& s : optionRegister()) {
            if (std::string(key) == s.key)
                return std::string(s.defaultValue);
        }
        return std::string();
    };
    o.menPerFigure = std::atoi(get("md.men_per_figure").c_str());
    o.cavOfficersByGrade = get("md.cav_officers") == "by_grade";
    o.usRegularEliteQuarter = get("md.us_regular_elite_share") == "quarter";
    o.usDragoonNonEliteGreen = get("md.us_dragoon_nonelite") == "green";
    o.sequentialFire = get("md.fire_resolution") == "sequential";
    o.chargeTestsInMovement = get("md.charge_test_timing") == "movement_phase";
    o.skirmishSpacing = std::atoi(get("md.skirmish_spacing_in").c_str());
    o.usCfFollowup = get("md.us_cf_followup");
    o.infChargeFormationRow = get("md.inf_charge_rate") == "formation_move_row";
    o.mexDifficultMarked = get("md.mex_difficult") == "stream_gully_and_marked";
    o.wheelMaxDeg = std::atoi(get("md.wheel_max_deg").c_str());
    o.haltPenaltyInfantry = get("md.halt_penalty_infantry") == "true";
    o.cavMoveDl = get("md.cav_move_dl");
    o.cavDlCapScope = get("md.cav_dl_cap_scope");
    o.cavDlGradeMod = get("md.cav_dl_grade_mod") == "true";
    o.cavHaltDieCounts = get("md.cav_halt_die_counts") == "true";
    o.usColumnExemptCav = get("md.us_column_exempt_cav") == "true";
    o.remountForbidden = get("md.remount") == "forbidden";
    o.usGunLimberMove = get("md.us_gun_pairs") == "add_limber_move";
    o.bandBoundaryFarther = get("md.band_boundary") == "farther";
    o.rifleReload = get("md.rifle_reload");
    o.carbineFfAndF = get("md.carbine_twice") == "ff_and_f_phases";
    o.depthRankRule = get("md.depth_rank_rule");
    o.depthOtherUnits = get("md.depth_other_units") == "true";
    {
        std::stringstream ss(get("md.vs_cav_bonus"));
        std::string part;
        for (int i = 0; i < 3 && std::getline(ss, part, ','); ++i)
            o.vsCavBonus[i] = std::atoi(part.c_str());
    }
    o.rapidDoublesBaseOnly = get("md.rapid_doubles") == "base_only";
    o.casualtyAllocation = get("md.casualty_allocation");
    const std::string flank = get("md.flank_minus1_applies_to");
    o.flankOnCharge = flank == "charge" || flank == "both";
    o.flankOnStand = flank == "stand" || flank == "both";
    o.chargeAlsoMoveDl = get("md.charge_also_move_dl") == "true";
    o.contactFailParity = get("md.contact_fail_die") == "charge_distance_total_parity";
    o.meleeWholeUnit = get("md.melee_participants") == "whole_unit";
    o.meleeOnePerTurn = get("md.melee_rounds") == "one_per_turn";
    o.meleeDoubleUp = get("md.melee_overlap") == "double_up";
    o.firstStrikeAlsoFights = get("md.first_strike_rejoin") == "also_fight_round1";
    o.meleeDlText = get("md.melee_dl_source") == "melee_text";
    o.loserPushedBackBecomeDl = get("md.loser_pushed_back") == "become_dl";
    o.breakoffAsLoser = get("md.breakoff_penalty") == "as_loser";
    o.mutualWipeMoreKills = get("md.mutual_wipe") == "more_kills_wins";
    o.meleeLossLeavesContacts = get("md.melee_after_loss") == "out_of_contact";
    o.smallArmsDl = get("md.small_arms_dl") == "1d6_per_unit";
    o.officerDlRandom = get("md.officer_dl_allocation") == "random";
    o.generalRadius = std::atoi(get("md.general_radius_in").c_str());
    o.generalRecovery = get("md.general_recovery");
    o.officerReturnRestoresGrade = get("md.officer_return_restores_grade") == "true";
    o.officerDlCostsGrade = get("md.officer_dl_meaning") == "officer_casualty_or_dl";
    return o;
}

} // namespace muster::rules::md
