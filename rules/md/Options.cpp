#include "rules/md/Options.h"

#include <algorithm>
#include <cstdlib>
#include <sstream>

namespace muster::rules::md {

const std::vector<OptionSpec>& optionRegister() {
    static const std::vector<OptionSpec> kRegister = {
        {"md.men_per_figure", "10", {}, "MD-SCALE-01"},
        {"md.cav_officers", "one", {"one", "by_grade"}, "MD-ORG-02"},
        {"md.us_regular_elite_share", "all", {"all", "quarter"}, "MD-GRADE-02"},
        {"md.us_dragoon_nonelite", "veteran", {"veteran", "green"}, "MD-GRADE-04"},
        {"md.fire_resolution", "simultaneous", {"simultaneous", "sequential"}, "MD-SEQ-09"},
        {"md.charge_test_timing", "after_reveal", {"after_reveal", "movement_phase"}, "MD-SEQ-03"},
        {"md.skirmish_spacing_in", "2", {"2", "1"}, "MD-FORM-03"},
        {"md.us_cf_followup",
         "move_or_fire",
         {"move_or_fire", "move_and_fire", "fire_only", "none"},
         "MD-MOVE-06"},
        {"md.inf_charge_rate", "line_charge_row", {"line_charge_row", "formation_move_row"}, "MD-MOVE-04"},
        {"md.mex_difficult",
         "stream_gully_and_marked",
         {"stream_gully_and_marked", "stream_gully_only"},
         "MD-MOVE-08"},
        {"md.wheel_max_deg", "90", {}, "MD-MOVE-09"},
        {"md.halt_penalty_infantry", "false", {"false", "true"}, "MD-CAV-02"},
        {"md.cav_move_dl",
         "six_on_move_dice",
         {"six_on_move_dice", "roll_d6_cap1", "separate_d6_six"},
         "MD-CAV-03, MD-ARTMV-04"},
        {"md.cav_dl_cap_scope",
         "movement_phase",
         {"movement_phase", "movement_order_only", "all_sources"},
         "MD-CAV-03"},
        {"md.cav_dl_grade_mod", "false", {"false", "true"}, "MD-CAV-03"},
        {"md.cav_halt_die_counts", "true", {"true", "false"}, "MD-CAV-03"},
        {"md.us_column_exempt_cav", "true", {"true", "false"}, "MD-CAV-03, MD-DL-04"},
        {"md.remount", "symmetric", {"symmetric", "forbidden"}, "MD-CAV-05"},
        {"md.us_gun_pairs", "as_printed", {"as_printed", "add_limber_move"}, "MD-ARTMV-02"},
        {"md.band_boundary", "nearer", {"nearer", "farther"}, "MD-FIRE-02"},
        {"md.rifle_reload",
         "next_non_move_turn",
         {"next_non_move_turn", "hold_order_only", "skip_one_turn"},
         "MD-FIRE-10"},
        {"md.carbine_twice",
         "two_volleys_same_phase",
         {"two_volleys_same_phase", "ff_and_f_phases"},
         "MD-FIRE-11"},
        {"md.depth_rank_rule",
         "any_figure",
         {"any_figure", "full_ranks_only", "ceil_figs_over_frontage"},
         "MD-ARTY-03"},
        {"md.depth_other_units", "false", {"false", "true"}, "MD-ARTY-03"},
        {"md.vs_cav_bonus", "3,0,0", {}, "MD-ARTY-04"},
        {"md.rapid_doubles", "whole_pool", {"whole_pool", "base_only"}, "MD-ARTY-08"},
        {"md.cover_stacking", "best_single", {"best_single"}, "MD-COVER-02"},
        {"md.casualty_allocation",
         "random",
         {"random", "owner_choice_rf_first", "firer_choice"},
         "MD-CAS-02"},
        {"md.flank_minus1_applies_to", "stand", {"stand", "charge", "both"}, "MD-CHG-03"},
        {"md.charge_also_move_dl", "false", {"false", "true"}, "MD-CHG-13"},
        {"md.contact_fail_die", "separate_d6", {"separate_d6", "charge_distance_total_parity"}, "MD-CHG-10"},
        {"md.melee_participants", "contact", {"contact", "whole_unit"}, "MD-MEL-01"},
        {"md.melee_rounds", "until_decided", {"until_decided", "one_per_turn"}, "MD-MEL-06"},
        {"md.melee_overlap", "sit_out", {"sit_out", "double_up"}, "MD-MEL-02"},
        {"md.first_strike_rejoin", "sit_out_round1", {"sit_out_round1", "also_fight_round1"}, "MD-MEL-04"},
        {"md.melee_dl_source", "dl_table", {"dl_table", "melee_text"}, "MD-DL-07"},
        {"md.loser_pushed_back", "rejoin", {"rejoin", "become_dl"}, "MD-MEL-08"},
        {"md.breakoff_penalty", "none", {"none", "as_loser"}, "MD-MEL-12"},
        {"md.mutual_wipe", "both_lose", {"both_lose", "more_kills_wins"}, "MD-MEL-07"},
        {"md.small_arms_dl", "1d6_per_unit", {"1d6_per_unit", "none"}, "MD-DL-02"},
        {"md.officer_dl_allocation", "last", {"last", "random"}, "MD-DL-12"},
        {"md.general_radius_in", "2", {}, "MD-REC-02"},
        {"md.general_recovery",
         "2d6_plus_mod",
         {"2d6_plus_mod", "double_result", "2d6_mod_per_die"},
         "MD-REC-02"},
        {"md.officer_return_restores_grade", "false", {"false", "true"}, "MD-REC-04"},
        {"md.officer_dl_meaning",
         "officer_casualty_or_dl",
         {"officer_casualty_or_dl", "officer_casualty_only"},
         "MD-OFF-01"},
    };
    return kRegister;
}

namespace {

bool isIntegerList(const std::string& v, int expected) {
    std::stringstream ss(v);
    std::string part;
    int n = 0;
    while (std::getline(ss, part, ',')) {
        if (part.empty() || part.find_first_not_of("0123456789") != std::string::npos)
            return false;
        ++n;
    }
    return expected == 0 ? n >= 1 : n == expected;
}

} // namespace

Result<HouseRules> resolveOptions(const HouseRules& overrides) {
    HouseRules out;
    for (const auto& spec : optionRegister())
        out.values[spec.key] = spec.defaultValue;
    for (const auto& [key, value] : overrides.values) {
        auto it = std::find_if(optionRegister().begin(), optionRegister().end(),
                               // Named copy of the binding: clang 14 rejects a lambda capturing a structured
                               // binding (C++20 allows it).
                               [&wanted = key](const OptionSpec& s) { return wanted == s.key; });
        if (it == optionRegister().end())
            return makeError("unknown house-rule option '" + key + "'");
        if (it->alternatives.empty()) {
            int expected = key == "md.vs_cav_bonus" ? 3 : 1;
            if (!isIntegerList(value, expected))
                return makeError("house-rule option '" + key + "' needs " +
                                 (expected == 3 ? "three integers \"short,medium,long\"" : "an integer") +
                                 ", got '" + value + "'");
            if (key == "md.men_per_figure" && (std::atoi(value.c_str()) < 1 || std::atoi(value.c_str()) > 10))
                return makeError("house-rule option 'md.men_per_figure' must be 1-10, got '" + value + "'");
        } else if (std::find(it->alternatives.begin(), it->alternatives.end(), value) ==
                   it->alternatives.end()) {
            std::string alts;
            for (const auto& a : it->alternatives)
                alts += (alts.empty() ? "" : ", ") + a;
            return makeError("house-rule option '" + key + "' cannot be '" + value + "' (one of: " + alts +
                             ")");
        }
        out.values[key] = value;
    }
    return out;
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
    o.smallArmsDl = get("md.small_arms_dl") == "1d6_per_unit";
    o.officerDlRandom = get("md.officer_dl_allocation") == "random";
    o.generalRadius = std::atoi(get("md.general_radius_in").c_str());
    o.generalRecovery = get("md.general_recovery");
    o.officerReturnRestoresGrade = get("md.officer_return_restores_grade") == "true";
    o.officerDlCostsGrade = get("md.officer_dl_meaning") == "officer_casualty_or_dl";
    return o;
}

} // namespace muster::rules::md
