#include "app/ui/HouseRuleLabels.h"

#include <algorithm>

namespace muster::app {

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

// Manifest Destiny, catalogue I.15. Rule ids come from the register, not from here.
const std::vector<HouseRuleText>& mdTexts() {
    static const std::vector<HouseRuleText> kTexts = {
        {"md.men_per_figure", kArmies, "Men per figure (for show only)", 1, 10, 1},
        {"md.cav_officers",
         kArmies,
         "Officers in a cavalry unit",
         {{"one", "Always one"}, {"by_grade", "By grade, as infantry (1-3)"}}},
        {"md.us_regular_elite_share",
         kArmies,
         "Regular U.S. infantry rated Elite",
         {{"all", "All of it"}, {"quarter", "A quarter, the rest Veteran"}}},
        {"md.us_dragoon_nonelite",
         kArmies,
         "Mounted U.S. dragoons not in the Elite half",
         {{"veteran", "Veteran"}, {"green", "Green"}}},

        {"md.fire_resolution",
         kSequence,
         "Fire within a phase",
         {{"simultaneous", "All at once"}, {"sequential", "One unit after another"}}},
        {"md.charge_test_timing",
         kSequence,
         "When charge and stand tests are taken",
         {{"after_reveal", "Right after orders are shown"}, {"movement_phase", "At the start of Movement"}}},

        {"md.skirmish_spacing_in",
         kMovement,
         "Gap between skirmishers (inches)",
         {{"2", "2 inches"}, {"1", "1 inch"}}},
        {"md.us_cf_followup",
         kMovement,
         "What a U.S. unit may do after changing formation",
         {{"move_or_fire", "Move or fire"},
          {"move_and_fire", "Move and fire"},
          {"fire_only", "Fire only"},
          {"none", "Nothing more"}}},
        {"md.inf_charge_rate",
         kMovement,
         "Infantry charge distance",
         {{"line_charge_row", "Line-charge row for all"},
          {"formation_move_row", "Columns charge at their own rate"}}},
        {"md.mex_difficult",
         kMovement,
         "Difficult ground for Mexican units",
         {{"stream_gully_and_marked", "Streams, gullies and marked ground"},
          {"stream_gully_only", "Streams and gullies only"}}},
        {"md.wheel_max_deg", kMovement, "Largest wheel (degrees)", 15, 180, 15},
        {"md.us_gun_pairs",
         kMovement,
         "U.S. gun action pairs",
         {{"as_printed", "As printed"}, {"add_limber_move", "Also limber and move"}}},

        {"md.halt_penalty_infantry",
         kCavalry,
         "Infantry charging from a halt lose 1d6 too",
         {{"false", "No, cavalry only"}, {"true", "Yes"}}},
        {"md.cav_move_dl",
         kCavalry,
         "Cavalry movement disorder",
         {{"six_on_move_dice", "1 DL if a 6 shows on the move dice"},
          {"roll_d6_cap1", "Roll the usual 1d6, at most 1"},
          {"separate_d6_six", "1 DL on a 6 of an extra d6"}}},
        {"md.cav_dl_cap_scope",
         kCavalry,
         "The one-DL cap for cavalry covers",
         {{"movement_phase", "The whole Movement phase"},
          {"movement_order_only", "The move itself only"},
          {"all_sources", "Every DL of the turn"}}},
        {"md.cav_dl_grade_mod",
         kCavalry,
         "Grade modifies cavalry movement DL",
         {{"false", "No"}, {"true", "Yes, before the cap"}}},
        {"md.cav_halt_die_counts",
         kCavalry,
         "A 6 on the from-halt die counts for DL",
         {{"true", "Yes"}, {"false", "No"}}},
        {"md.us_column_exempt_cav",
         kCavalry,
         "U.S. cavalry in column spared movement DL",
         {{"true", "Yes"}, {"false", "No, infantry only"}}},
        {"md.remount",
         kCavalry,
         "Remounting dismounted cavalry",
         {{"symmetric", "Allowed, like dismounting"}, {"forbidden", "Not allowed"}}},

        {"md.band_boundary",
         kFire,
         "A distance on a band's edge counts as",
         {{"nearer", "The nearer band"}, {"farther", "The farther band"}}},
        {"md.rifle_reload",
         kFire,
         "Mississippi rifles reload",
         {{"next_non_move_turn", "After a turn without moving"},
          {"hold_order_only", "After a turn on Hold"},
          {"skip_one_turn", "By sitting out the next turn"}}},
        {"md.carbine_twice",
         kFire,
         "Breech-loading carbines fire twice",
         {{"two_volleys_same_phase", "Twice in one phase"}, {"ff_and_f_phases", "Once in each fire phase"}}},
        {"md.casualty_allocation",
         kFire,
         "Who picks the figures hit",
         {{"random", "Chance"},
          {"owner_choice_rf_first", "Owner, rank and file first"},
          {"firer_choice", "Firer"}}},
        {"md.cover_stacking", kFire, "Several cover rows apply", {{"best_single", "The best one only"}}},

        {"md.depth_rank_rule",
         kArtillery,
         "A rank counts for the depth bonus when",
         {{"any_figure", "It has any figure"},
          {"full_ranks_only", "It is full"},
          {"ceil_figs_over_frontage", "Figures over frontage, rounded up"}}},
        {"md.depth_other_units",
         kArtillery,
         "Ranks of units behind the target count",
         {{"false", "No"}, {"true", "Yes"}}},
        {"md.vs_cav_bonus",
         kArtillery,
         "Extra dice against cavalry or limbered guns",
         0,
         12,
         1,
         {"short", "medium", "long"}},
        {"md.rapid_doubles",
         kArtillery,
         "U.S. rapid fire doubles",
         {{"whole_pool", "Every die"}, {"base_only", "The base dice only"}}},

        {"md.flank_minus1_applies_to",
         kCharges,
         "The -1 for a flank or rear charge goes to",
         {{"stand", "The target's stand die"}, {"charge", "The charger's die"}, {"both", "Both"}}},
        {"md.charge_also_move_dl",
         kCharges,
         "A charge also takes the movement DL",
         {{"false", "No"}, {"true", "Yes"}}},
        {"md.contact_fail_die",
         kCharges,
         "Missed contact: which die says unformed",
         {{"separate_d6", "An extra d6"}, {"charge_distance_total_parity", "The charge roll's total"}}},

        {"md.melee_participants",
         kMelee,
         "Who fights in a melee",
         {{"contact", "Figures in contact"}, {"whole_unit", "The whole unit"}}},
        {"md.melee_rounds",
         kMelee,
         "Melee rounds per turn",
         {{"until_decided", "Until one side is done"}, {"one_per_turn", "One, then next turn"}}},
        {"md.melee_overlap",
         kMelee,
         "Figures left without an opponent",
         {{"sit_out", "Sit out"}, {"double_up", "Help a friend (+1)"}}},
        {"md.first_strike_rejoin",
         kMelee,
         "After a pistol or lance first strike",
         {{"sit_out_round1", "Sit out round 1"}, {"also_fight_round1", "Also fight round 1"}}},
        {"md.melee_dl_source",
         kMelee,
         "Melee DL dice",
         {{"dl_table", "From the DL list"}, {"melee_text", "Loser 2d6, winner 1d6"}}},
        {"md.loser_pushed_back",
         kMelee,
         "The loser's pushed-back figures",
         {{"rejoin", "Rejoin the unit"}, {"become_dl", "Become DLs"}}},
        {"md.breakoff_penalty",
         kMelee,
         "Cavalry that break off",
         {{"none", "Take nothing"}, {"as_loser", "Take the loser's DLs"}}},
        {"md.mutual_wipe",
         kMelee,
         "Both sides wiped out in one round",
         {{"both_lose", "Both lose"}, {"more_kills_wins", "More kills wins"}}},
        {"md.melee_after_loss",
         kMelee,
         "A unit that loses one of several melees",
         {{"fight_on", "Fights the others too"}, {"out_of_contact", "Falls back out of them"}}},

        {"md.small_arms_dl",
         kMorale,
         "Small-arms fire causes DL",
         {{"1d6_per_unit", "1d6 per firing unit"}, {"none", "No"}}},
        {"md.officer_dl_allocation",
         kMorale,
         "Officers become DLs",
         {{"last", "Only when no rank and file are left"}, {"random", "By chance, like casualties"}}},
        {"md.officer_dl_meaning",
         kMorale,
         "A grade step is lost for",
         {{"officer_casualty_or_dl", "Each officer killed or DL"},
          {"officer_casualty_only", "Each officer killed"}}},
        {"md.general_radius_in", kMorale, "A general is with a unit within (inches)", 0, 12, 1},
        {"md.general_recovery",
         kMorale,
         "Recovery with a general",
         {{"2d6_plus_mod", "2d6, grade counted once"},
          {"double_result", "Twice (1d6 + grade)"},
          {"2d6_mod_per_die", "2d6, grade on each die"}}},
        {"md.officer_return_restores_grade",
         kMorale,
         "A returning DL officer gives the grade back",
         {{"false", "No"}, {"true", "Yes"}}},
    };
    return kTexts;
}

} // namespace

const std::vector<const char*>& houseRuleGroups(std::string_view ruleSet) {
    static const std::vector<const char*> kMd = {kArmies,    kSequence, kMovement, kCavalry, kFire,
                                                 kArtillery, kCharges,  kMelee,    kMorale};
    static const std::vector<const char*> kNone;
    return ruleSet == "md" ? kMd : kNone;
}

const std::vector<HouseRuleText>& houseRuleTexts(std::string_view ruleSet) {
    static const std::vector<HouseRuleText> kNone;
    return ruleSet == "md" ? mdTexts() : kNone;
}

const HouseRuleText* houseRuleText(std::string_view ruleSet, std::string_view key) {
    const auto& texts = houseRuleTexts(ruleSet);
    auto it = std::find_if(texts.begin(), texts.end(), [&](const HouseRuleText& t) { return key == t.key; });
    return it == texts.end() ? nullptr : &*it;
}

} // namespace muster::app
