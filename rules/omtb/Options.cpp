#include "rules/omtb/Options.h"

#include <sstream>

namespace muster::rules::omtb {

namespace {

using rules::OptionSpec;

const char* kSetup = "Set-up and scale";
const char* kOps = "Sequence and operations";
const char* kFire = "Fire";
const char* kMorale = "Morale";
const char* kMelee = "Melee and charges";
const char* kEra = "Scenario and era";

std::vector<OptionSpec> buildRegister() {
    std::vector<OptionSpec> r;
    r.push_back(choiceOption("omtb.art_fire_dice", "per_crew_figure", "OMTB-FIRE-05, OMTB-SCALE-02", kFire,
                             "Artillery fire dice (AMB-OMTB-02)",
                             {{"per_crew_figure", "One d20 per crew figure of an unlimbered gun"},
                              {"per_gun_model", "One d20 per gun model"}}));
    r.push_back(numberOption("omtb.brit_art_morale", "8", "OMTB-MOR-03", kMorale,
                             "British artillery morale rating (AMB-OMTB-17)", 1, 10, 1));
    r.push_back(
        choiceOption("omtb.bayonet_types", "legion_infantry,british_infantry", "OMTB-MEL-02", kMelee,
                     "Who has bayonets for the melee +2 (AMB-OMTB-18; any comma list of unit types)",
                     {{"legion_infantry,british_infantry", "Legion and British infantry"},
                      {"legion_infantry,legion_rifles,british_infantry", "Also the Legion rifles"},
                      {"legion_infantry,british_infantry,first_american_regiment,second_american_regiment",
                       "Also the 1791 regiments"},
                      {"none", "Nobody"}}));
    r.push_back(choiceOption(
        "omtb.mounted_fire", "no", "OMTB-FIRE-01", kFire, "Fire by mounted figures (AMB-OMTB-19)",
        {{"no", "Mounted figures do not fire"},
         {"yes_one_class_worse", "They fire on their foot line, one target class harder"}}));
    r.push_back(choiceOption("omtb.step6_scope", "phasing_side", "OMTB-SEQ-02", kOps,
                             "Who makes the step-6 rout move (AMB-OMTB-16)",
                             {{"phasing_side", "The phasing side's routed units"},
                              {"indians_only", "Indian units only, as the text names them"}}));
    r.push_back(choiceOption("omtb.ops_roll", "one_die_per_command", "OMTB-OPS-01", kOps,
                             "Operations roll (AMB-OMTB-03)",
                             {{"one_die_per_command", "One d6 for the command, read on each unit's line"},
                              {"one_die_per_line", "One d6 per Table 1 line"}}));
    r.push_back(choiceOption("omtb.reaction_fire_cost", "minus_one_op", "OMTB-OPS-08", kOps,
                             "What reaction fire costs next turn (AMB-OMTB-04)",
                             {{"minus_one_op", "One operation fewer (minimum 0)"},
                              {"minus_one_on_die", "The die reads one lower (minimum 1)"}}));
    r.push_back(choiceOption("omtb.start_loaded", "true", "OMTB-OPS-07", kSetup,
                             "Units start loaded (AMB-OMTB-21)", {{"true", "Yes"}, {"false", "No"}}));
    r.push_back(choiceOption("omtb.activation", "unit_by_unit", "OMTB-OPS-03", kOps,
                             "Order of activation (AMB-OMTB-22)",
                             {{"unit_by_unit", "One unit at a time, all its operations"},
                              {"op_by_op_interleaved", "Any unit for each operation"}}));
    r.push_back(choiceOption(
        "omtb.reload_progress", "persists", "OMTB-OPS-07", kFire, "Two-op reloads across turns (AMB-OMTB-27)",
        {{"persists", "Progress is kept"}, {"same_turn_only", "Lost at the end of the phase"}}));
    r.push_back(choiceOption(
        "omtb.disorder_target_class", "as_formed", "OMTB-FIRE-07, OMTB-FORM-10", kFire,
        "Disordered targets (AMB-OMTB-07)",
        {{"as_formed", "Count as formed (a dense target)"}, {"as_skirmish", "Count as skirmishers"}}));
    r.push_back(choiceOption("omtb.crew_retreat", "8in_leave_guns", "OMTB-MOVE-08", kMorale,
                             "Retreating artillery crews (AMB-OMTB-15)",
                             {{"8in_leave_guns", "8\" per margin, the guns stay"},
                              {"limber_rate_6in_with_guns", "6\" per margin, with the guns"}}));
    r.push_back(
        choiceOption("omtb.charge_resolution", "close_to_2_then_contact", "OMTB-MOVE-06", kMelee,
                     "Charge procedure (AMB-OMTB-26)",
                     {{"close_to_2_then_contact", "Halt at 2\", checks, then contact if movement is left"},
                      {"direct_contact", "No 2\" halt; checks at contact"}}));
    r.push_back(choiceOption("omtb.terrain_combine", "multiply", "OMTB-TERR-05", kMelee,
                             "Terrain and charge movement modifiers (OMTB-TERR-05)",
                             {{"multiply", "Multiply (a charge in thicket is 0.75)"},
                              {"add_percentages", "Add the percentages (a charge in thicket is 1.0)"}}));
    r.push_back(choiceOption("omtb.mounted_class_shift", "easier_toward_A", "OMTB-FIRE-08", kFire,
                             "Mounted targets one class higher (AMB-OMTB-01)",
                             {{"easier_toward_A", "One class easier (toward A)"},
                              {"harder_toward_E", "One class harder (toward E)"}}));
    r.push_back(choiceOption("omtb.disorder_half_round", "floor", "OMTB-FIRE-03", kFire,
                             "Disordered fire: half the figures (AMB-OMTB-08)",
                             {{"floor", "Round down"}, {"ceil", "Round up"}}));
    r.push_back(choiceOption(
        "omtb.bow_loading", "same_as_musket", "OMTB-FIRE-11", kFire, "Bow loading (AMB-OMTB-12)",
        {{"same_as_musket", "A bow volley unloads the unit"}, {"no_reload", "Bows need no reload"}}));
    r.push_back(choiceOption("omtb.bow_mix", "either_or", "OMTB-FIRE-11", kFire,
                             "Bows and muskets (AMB-OMTB-12)",
                             {{"either_or", "A volley is all bows or all muskets"},
                              {"mixed_volley", "The rest fire muskets (which reveals the unit)"}}));
    r.push_back(choiceOption("omtb.indian_cover_stack", "false", "OMTB-MOR-04", kMorale,
                             "Indians in cover also get +1 (AMB-OMTB-05)",
                             {{"false", "No"}, {"true", "Yes"}}));
    r.push_back(choiceOption("omtb.casualty_window", "game_turn", "OMTB-MOR-04", kMorale,
                             "Casualties \"this turn\" (AMB-OMTB-13)",
                             {{"game_turn", "The whole game turn"}, {"current_phase", "This phase only"}}));
    r.push_back(choiceOption("omtb.fire_morale_timing", "batched_step_3_4", "OMTB-MOR-01", kMorale,
                             "When fire morale checks are taken (AMB-OMTB-14)",
                             {{"batched_step_3_4", "At the next step 3 or 4"},
                              {"immediate_after_volley", "Right after the volley"}}));
    r.push_back(choiceOption(
        "omtb.half_strength", "strictly_below", "OMTB-MOR-04", kMorale, "Under half strength (AMB-OMTB-24)",
        {{"strictly_below", "Strictly below half"}, {"at_or_below", "At or below half"}}));
    r.push_back(choiceOption("omtb.attached_leader_cancels_no_officer", "true", "OMTB-MOR-04", kMorale,
                             "An attached leader cancels \"without officer\" (AMB-OMTB-25)",
                             {{"true", "Yes"}, {"false", "No"}}));
    r.push_back(
        choiceOption("omtb.officer_model", "attribute_plus_designated_figure", "OMTB-MEL-02", kMelee,
                     "Officers (AMB-OMTB-06)",
                     {{"attribute_plus_designated_figure", "An attribute; a designated figure fights at +2"},
                      {"extra_figure_per_unit", "Every unit with an officer has a leader figure"}}));
    r.push_back(choiceOption("omtb.double_team", "one_die_plus2", "OMTB-MEL-03", kMelee,
                             "A 2-on-1 pair (AMB-OMTB-09)",
                             {{"one_die_plus2", "The pair rolls one d10 +2"},
                              {"two_dice_each_plus2", "Each of the pair rolls a d10 +2"}}));
    r.push_back(choiceOption("omtb.melee_floor", "1", "OMTB-MEL-02", kMelee,
                             "Melee totals floor (AMB-OMTB-10)",
                             {{"1", "Never below 1"}, {"0", "Never below 0"}, {"none", "No floor"}}));
    r.push_back(choiceOption("omtb.melee_tie", "no_loser", "OMTB-MEL-09", kMelee,
                             "Equal melee losses (AMB-OMTB-11)",
                             {{"no_loser", "No loser"},
                              {"defender_wins", "The attacker loses by 1"},
                              {"both_disorder", "Both end disordered"}}));
    r.push_back(choiceOption("omtb.fort_miamis_in_play", "false", "OMTB-OOB-02", kEra,
                             "The Fort Miamis garrison is deployed (OMTB-OOB-02)",
                             {{"false", "No"}, {"true", "Yes"}}));
    r.push_back(choiceOption("omtb.levies_type", "militia_lines", "OMTB-1791-04", kEra,
                             "1791 Levies fire and move as (AMB-OMTB-23)",
                             {{"militia_lines", "Militia"}, {"legion_lines", "Legion Infantry"}}));
    r.push_back(choiceOption("omtb.mods_1790_92", "false",
                             "OMTB-1791-01, OMTB-1791-02, OMTB-1791-03, OMTB-1791-04", kEra,
                             "The 1790-92 modifications (St. Clair's Defeat era, II.12)",
                             {{"false", "Off (1794)"}, {"true", "On (1790-92)"}}));
    return r;
}

std::vector<std::string> splitList(const std::string& text) {
    std::vector<std::string> out;
    std::stringstream ss(text);
    std::string part;
    while (std::getline(ss, part, ','))
        if (!part.empty())
            out.push_back(part);
    return out;
}

// AMB-OMTB-18 takes any comma list of unit types (or "none"), not only the offered readings.
bool validBayonetTypes(const std::string& v) {
    if (v == "none")
        return true;
    const auto parts = splitList(v);
    for (const auto& p : parts) {
        UnitType t;
        if (!parse(p, t))
            return false;
    }
    return !parts.empty();
}

} // namespace

const std::vector<rules::OptionSpec>& optionRegister() {
    static const std::vector<rules::OptionSpec> kRegister = buildRegister();
    return kRegister;
}

const std::vector<std::string>& optionGroups() {
    static const std::vector<std::string> kGroups{kSetup, kOps, kFire, kMorale, kMelee, kEra};
    return kGroups;
}

Result<HouseRules> resolveOptions(const HouseRules& overrides) {
    HouseRules rest = overrides;
    std::string bayonets;
    if (auto it = rest.values.find("omtb.bayonet_types"); it != rest.values.end()) {
        bayonets = it->second;
        if (!validBayonetTypes(bayonets))
            return makeError("house-rule option 'omtb.bayonet_types' cannot be '" + bayonets +
                             "' (a comma list of OMTB unit types, or none)");
        rest.values.erase(it);
    }
    auto out = rules::resolveOptions(optionRegister(), rest);
    if (out && !bayonets.empty())
        out->values["omtb.bayonet_types"] = bayonets;
    return out;
}

Options Options::from(const HouseRules& h) {
    Options o;
    auto get = [&](const char* key) {
        const auto* spec = rules::findOption(optionRegister(), key);
        return h.get(key, spec ? spec->defaultValue : std::string());
    };
    o.artDicePerGunModel = get("omtb.art_fire_dice") == "per_gun_model";
    {
        const std::string v = get("omtb.brit_art_morale");
        o.britArtMorale =
            v.empty() || v.find_first_not_of("0123456789") != std::string::npos ? 8 : std::stoi(v);
    }
    const std::string bay = get("omtb.bayonet_types");
    if (bay != "none") {
        for (const auto& p : splitList(bay)) {
            UnitType t;
            if (parse(p, t))
                o.bayonetTypes.push_back(t);
        }
    }
    o.mountedFire = get("omtb.mounted_fire") == "yes_one_class_worse";
    o.step6IndiansOnly = get("omtb.step6_scope") == "indians_only";
    o.oneDiePerLine = get("omtb.ops_roll") == "one_die_per_line";
    o.reactionMinusOnDie = get("omtb.reaction_fire_cost") == "minus_one_on_die";
    o.startLoaded = get("omtb.start_loaded") != "false";
    o.interleaved = get("omtb.activation") == "op_by_op_interleaved";
    o.reloadSameTurnOnly = get("omtb.reload_progress") == "same_turn_only";
    o.disorderTargetAsSkirmish = get("omtb.disorder_target_class") == "as_skirmish";
    o.crewRetreatWithGuns = get("omtb.crew_retreat") == "limber_rate_6in_with_guns";
    o.directContact = get("omtb.charge_resolution") == "direct_contact";
    o.terrainAdd = get("omtb.terrain_combine") == "add_percentages";
    o.mountedHarder = get("omtb.mounted_class_shift") == "harder_toward_E";
    o.disorderHalfCeil = get("omtb.disorder_half_round") == "ceil";
    o.bowNoReload = get("omtb.bow_loading") == "no_reload";
    o.bowMixed = get("omtb.bow_mix") == "mixed_volley";
    o.indianCoverStack = get("omtb.indian_cover_stack") == "true";
    o.casualtiesPhaseOnly = get("omtb.casualty_window") == "current_phase";
    o.fireMoraleImmediate = get("omtb.fire_morale_timing") == "immediate_after_volley";
    o.halfAtOrBelow = get("omtb.half_strength") == "at_or_below";
    o.leaderCancelsNoOfficer = get("omtb.attached_leader_cancels_no_officer") != "false";
    o.officerExtraFigure = get("omtb.officer_model") == "extra_figure_per_unit";
    o.doubleTwoDice = get("omtb.double_team") == "two_dice_each_plus2";
    o.meleeFloor = get("omtb.melee_floor");
    o.meleeTie = get("omtb.melee_tie");
    o.fortMiamis = get("omtb.fort_miamis_in_play") == "true";
    o.leviesLegionLines = get("omtb.levies_type") == "legion_lines";
    o.mods1791 = get("omtb.mods_1790_92") == "true";
    return o;
}

} // namespace muster::rules::omtb
