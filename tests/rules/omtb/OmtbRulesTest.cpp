// OMTB rules checked in C++ where the check is on a table, a register, a legal-option list or a file error
// rather than on a resolution (those are the data cases of OmtbCaseTest).
#include "OmtbTestSupport.h"
#include "rules/omtb/ScenarioData.h"
#include "rules/omtb/Tables.h"
#include "rules/omtb/Turn.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

using namespace muster::rules;
using namespace muster::rules::omtb::test;
using nlohmann::json;
namespace omtb = muster::rules::omtb;
namespace tables = muster::rules::omtb::tables;

namespace {

json unitDoc(const std::string& id, const std::string& side, const std::string& type, int figures,
             json extra = json::object()) {
    json u = {{"id", id}, {"name", id}, {"side", side}, {"type", type}, {"figures", figures}};
    for (const auto& [k, v] : extra.items())
        u[k] = v;
    return u;
}

std::vector<std::string> optionValues(const Game& g) {
    std::vector<std::string> out;
    const Prompt p = g.prompt();
    if (p.question)
        for (const auto& o : p.question->options)
            out.push_back(o.value);
    return out;
}

bool has(const std::vector<std::string>& v, const std::string& s) {
    return std::find(v.begin(), v.end(), s) != v.end();
}

// A game with `units` at the operations step of the side of the first unit; drives to `until`.
std::unique_ptr<Game> gameAt(const json& units, const json& answers, const std::string& until,
                             const std::string& phase = "american", const json& leaders = json::array(),
                             int untilCount = 1) {
    auto g = startGame(
        scenarioDoc(units, {{"start", {{"phase", phase}, {"step", "operations"}}}, {"leaders", leaders}}));
    if (!g)
        return g;
    const auto d = drive(*g, {}, answers, until, untilCount);
    EXPECT_TRUE(d.ok) << d.error;
    return g;
}

TEST(OmtbRuleSet, IdNameVersionAndNoOrderChits) {
    const auto& rs = omtb::omtbRuleSet();
    EXPECT_EQ(rs.id(), "omtb");
    EXPECT_EQ(rs.name(), "Our Moccasins Trickled Blood");
    EXPECT_EQ(rs.engineVersion(), 2);
    EXPECT_TRUE(rs.chits().empty()); // operations are rolled (OMTB-OPS-01), there are no order chits
}

TEST(OmtbOptions, RegisterHasEveryCatalogueKeyWithWording) {
    const std::set<std::string> catalogue = {"omtb.art_fire_dice",
                                             "omtb.brit_art_morale",
                                             "omtb.bayonet_types",
                                             "omtb.mounted_fire",
                                             "omtb.step6_scope",
                                             "omtb.ops_roll",
                                             "omtb.reaction_fire_cost",
                                             "omtb.start_loaded",
                                             "omtb.activation",
                                             "omtb.reload_progress",
                                             "omtb.disorder_target_class",
                                             "omtb.crew_retreat",
                                             "omtb.charge_resolution",
                                             "omtb.terrain_combine",
                                             "omtb.mounted_class_shift",
                                             "omtb.disorder_half_round",
                                             "omtb.bow_loading",
                                             "omtb.bow_mix",
                                             "omtb.indian_cover_stack",
                                             "omtb.casualty_window",
                                             "omtb.fire_morale_timing",
                                             "omtb.half_strength",
                                             "omtb.attached_leader_cancels_no_officer",
                                             "omtb.officer_model",
                                             "omtb.double_team",
                                             "omtb.melee_floor",
                                             "omtb.melee_tie",
                                             "omtb.fort_miamis_in_play",
                                             "omtb.levies_type"};
    EXPECT_EQ(catalogue.size(), 29u);
    const auto& rs = omtb::omtbRuleSet();
    std::set<std::string> keys;
    for (const auto& o : rs.options()) {
        keys.insert(o.key);
        EXPECT_FALSE(o.label.empty()) << o.key;
        EXPECT_FALSE(o.ruleIds.empty()) << o.key;
        EXPECT_NE(std::find(rs.optionGroups().begin(), rs.optionGroups().end(), o.group),
                  rs.optionGroups().end())
            << o.key;
        if (!o.isNumber()) {
            bool found = false;
            for (const auto& c : o.choices)
                found = found || c.value == o.defaultValue;
            EXPECT_TRUE(found) << o.key << " default is not a choice";
        }
    }
    for (const auto& k : catalogue)
        EXPECT_TRUE(keys.count(k)) << k;
    EXPECT_TRUE(keys.count("omtb.mods_1790_92")); // II.12 as a scenario option
    EXPECT_EQ(keys.size(), 30u);
    auto resolved = rs.resolveOptions({});
    ASSERT_TRUE(resolved);
    EXPECT_EQ(resolved->values.size(), 30u);
    EXPECT_EQ(resolved->get("omtb.melee_floor", ""), "1");
}

TEST(OmtbOptions, UnknownKeysAndValuesAreErrors) {
    const auto& rs = omtb::omtbRuleSet();
    EXPECT_FALSE(rs.resolveOptions({{{"omtb.nope", "x"}}}));
    EXPECT_FALSE(rs.resolveOptions({{{"omtb.melee_tie", "attacker_wins"}}}));
    EXPECT_FALSE(rs.resolveOptions({{{"omtb.brit_art_morale", "11"}}}));
    EXPECT_TRUE(rs.resolveOptions({{{"omtb.brit_art_morale", "7"}}}));
    // AMB-OMTB-18: a set of unit types.
    EXPECT_TRUE(rs.resolveOptions({{{"omtb.bayonet_types", "legion_infantry,legion_rifles"}}}));
    EXPECT_FALSE(rs.resolveOptions({{{"omtb.bayonet_types", "legion_infantry,pikemen"}}}));
}

TEST(OmtbTables, OMTB_OPS_01_Table1ByLine) {
    const int expected[3][6] = {{1, 1, 2, 2, 3, 3}, {1, 1, 1, 2, 2, 3}, {1, 2, 2, 2, 2, 3}};
    for (int l = 0; l < 3; ++l)
        for (int d = 1; d <= 6; ++d)
            EXPECT_EQ(tables::operations(static_cast<omtb::OpsLine>(l), d), expected[l][d - 1])
                << l << " " << d;
    EXPECT_EQ(tables::profile(omtb::UnitType::Indians).opsLine, omtb::OpsLine::Indians);
    EXPECT_EQ(tables::profile(omtb::UnitType::CanadianMilitia).opsLine, omtb::OpsLine::Militia);
    EXPECT_EQ(tables::profile(omtb::UnitType::MountedMilitia).opsLine, omtb::OpsLine::Militia);
    EXPECT_EQ(tables::profile(omtb::UnitType::BritishInfantry).opsLine, omtb::OpsLine::Regulars);
    EXPECT_EQ(tables::profile(omtb::UnitType::LegionArtillery).opsLine, omtb::OpsLine::Regulars);
}

TEST(OmtbTables, OMTB_FIRE_06_FireTableAndRanges) {
    using F = omtb::FireLine;
    const std::pair<F, std::array<int, 6>> rows[] = {
        {F::LegionInfantry, {6, 5, 4, 3, 2, 8}},   {F::LegionRifles, {6, 5, 4, 3, 2, 12}},
        {F::Militia, {5, 4, 3, 2, 1, 8}},          {F::IndianMuskets, {5, 4, 3, 2, 1, 8}},
        {F::IndianBows, {6, 5, 4, 3, 2, 4}},       {F::CanadianMilitia, {5, 4, 3, 2, 1, 8}},
        {F::BritishInfantry, {7, 6, 5, 4, 3, 8}},  {F::ArtilleryBall, {7, 6, 5, 4, 3, 24}},
        {F::ArtilleryCanister, {8, 6, 4, 3, 2, 8}}};
    for (const auto& [line, v] : rows) {
        const auto& r = tables::fire(line);
        for (int c = 0; c < 5; ++c)
            EXPECT_EQ(r.toHit[static_cast<std::size_t>(c)], v[static_cast<std::size_t>(c)]) << r.label << c;
        EXPECT_EQ(r.range, v[5]) << r.label;
    }
}

omtb::Unit target(omtb::UnitType type, omtb::Formation f, omtb::Ground g, bool mounted = false) {
    omtb::Unit u;
    u.type = type;
    u.formation = f;
    u.ground = g;
    u.mounted = mounted;
    u.figures = 5;
    return u;
}

TEST(OmtbRules, OMTB_FIRE_07_TargetClassIsTheHardestThatApplies) {
    const omtb::Options o;
    using T = omtb::UnitType;
    using F = omtb::Formation;
    using G = omtb::Ground;
    EXPECT_EQ(omtb::targetClass(target(T::LegionInfantry, F::Line, G::Open), o), 0);      // A
    EXPECT_EQ(omtb::targetClass(target(T::Indians, F::Mass, G::Open), o), 0);             // A: mass is formed
    EXPECT_EQ(omtb::targetClass(target(T::LegionInfantry, F::Line, G::Woods), o), 1);     // B
    EXPECT_EQ(omtb::targetClass(target(T::Indians, F::Skirmish, G::Open), o), 1);         // B
    EXPECT_EQ(omtb::targetClass(target(T::LegionInfantry, F::Column, G::Thicket), o), 2); // C
    EXPECT_EQ(omtb::targetClass(target(T::Indians, F::Skirmish, G::Woods), o), 2);        // C
    EXPECT_EQ(omtb::targetClass(target(T::LegionArtillery, F::Unlimbered, G::Open), o), 2); // C: crews
    EXPECT_EQ(omtb::targetClass(target(T::Indians, F::Skirmish, G::Thicket), o), 3);        // D
    EXPECT_EQ(omtb::targetClass(target(T::BritishInfantry, F::Line, G::Ramparts), o), 3);   // D
    EXPECT_EQ(omtb::targetClass(target(T::BritishInfantry, F::Line, G::Earthworks), o), 4); // E
    // OMTB-FIRE-08 (AMB-OMTB-01): mounted one class toward A; A stays A.
    EXPECT_EQ(omtb::targetClass(target(T::MountedMilitia, F::Line, G::Woods, true), o), 0);
    EXPECT_EQ(omtb::targetClass(target(T::MountedMilitia, F::Line, G::Open, true), o), 0);
    EXPECT_EQ(omtb::targetClass(target(T::LegionCavalry, F::Skirmish, G::Thicket, true), o), 2);
    omtb::Options harder;
    harder.mountedHarder = true;
    EXPECT_EQ(omtb::targetClass(target(T::MountedMilitia, F::Line, G::Woods, true), harder), 2);
    EXPECT_EQ(omtb::targetClass(target(T::MountedMilitia, F::Line, G::Earthworks, true), harder), 4);
}

TEST(OmtbRules, OMTB_MOVE_01_RatesByTypeAndFormation) {
    const omtb::Options o;
    using T = omtb::UnitType;
    using F = omtb::Formation;
    auto rate = [&](T t, F f, bool mounted = false) {
        omtb::Unit u;
        u.type = t;
        u.formation = f;
        u.mounted = mounted;
        return omtb::moveRate(u, o);
    };
    EXPECT_EQ(rate(T::LegionInfantry, F::Column), 6);
    EXPECT_EQ(rate(T::LegionInfantry, F::Open), 6);
    EXPECT_EQ(rate(T::LegionCavalry, F::Column, true), 10);
    EXPECT_EQ(rate(T::LegionCavalry, F::Skirmish, true), 12);
    EXPECT_FALSE(rate(T::LegionCavalry, F::Open, true));
    EXPECT_EQ(rate(T::LegionCavalry, F::Open, false), 6); // dismounted: Legion Infantry lines (OMTB-TYPE-01)
    EXPECT_EQ(rate(T::Militia, F::Line), 3);
    EXPECT_EQ(rate(T::MountedMilitia, F::Skirmish, true), 10);
    EXPECT_EQ(rate(T::MountedMilitia, F::Skirmish, false), 6);
    EXPECT_EQ(rate(T::Indians, F::Mass), 8);
    EXPECT_FALSE(rate(T::Indians, F::Line));
    EXPECT_EQ(rate(T::CanadianMilitia, F::Mass), 6);
    EXPECT_EQ(rate(T::BritishInfantry, F::Skirmish), 8);
    EXPECT_EQ(rate(T::BritishArtillery, F::Limbered), 6);
    EXPECT_EQ(rate(T::LegionArtillery, F::Unlimbered), 2); // by prolonge (OMTB-FORM-08)
}

// OMTB-FORM-01, OMTB-FORM-02, OMTB-FORM-03, OMTB-FORM-04, OMTB-FORM-05, OMTB-FORM-09: the formations offered
// are those with a rate in the movement table; mass only for Indians and Canadian Militia.
TEST(OmtbRules, OMTB_FORM_09_FormationsOfferedFollowTheMovementTable) {
    struct Row {
        std::string type;
        std::string side;
        std::set<std::string> expected;
    };
    const Row rows[] = {
        {"legion_infantry", "americans", {"line", "column", "open", "skirmish"}}, // OMTB-FORM-01/02/03/04
        {"british_infantry", "indians", {"line", "column", "open", "skirmish"}},
        {"legion_cavalry", "americans", {"line", "column", "skirmish"}},
        {"militia", "americans", {"line", "column", "skirmish"}},
        {"indians", "indians", {"skirmish", "mass"}},                            // OMTB-FORM-05
        {"canadian_militia", "indians", {"line", "column", "skirmish", "mass"}}, // OMTB-FORM-05
    };
    for (const auto& r : rows) {
        const std::string phase = r.side == "americans" ? "american" : "indian";
        auto g =
            gameAt(json::array({unitDoc("U", r.side, r.type, 6, {{"ops", 1}, {"formation", "skirmish"}})}),
                   {{r.side + ".next", "U"}, {"U.op", "formation"}}, "U.formation", phase);
        ASSERT_TRUE(g);
        const auto v = optionValues(*g);
        EXPECT_EQ(std::set<std::string>(v.begin(), v.end()), r.expected)
            << r.type
            << " (OMTB-FORM-01 line, OMTB-FORM-02 open, OMTB-FORM-03 column, OMTB-FORM-04 skirmish, "
               "OMTB-FORM-05 mass for Indians and Canadian Militia only)";
    }
}

TEST(OmtbRules, OMTB_FORM_03_AColumnFiresOnlyItsFrontTwoRanks) {
    auto g = gameAt(json::array({unitDoc("COL", "americans", "legion_infantry", 12,
                                         {{"ops", 1}, {"formation", "column"}}),
                                 unitDoc("T", "indians", "indians", 9)}),
                    {{"americans.next", "COL"},
                     {"COL.op", "fire"},
                     {"COL.target", "T"},
                     {"T.ground", "open"},
                     {"COL.range", "8"}},
                    "COL.eligible");
    ASSERT_TRUE(g);
    const auto v = optionValues(*g);
    EXPECT_EQ(v.back(), "4"); // 2 files x 2 ranks (OMTB-FIRE-03)
}

// OMTB-OPS-06, OMTB-MOVE-05
TEST(OmtbRules, OMTB_OPS_06_MoveAndChargeNeedAnOfficerOrAnAttachedLeader) {
    const json units =
        json::array({unitDoc("L", "americans", "legion_infantry", 6, {{"ops", 1}, {"officer", false}}),
                     unitDoc("T", "indians", "indians", 9)});
    auto g = gameAt(units, {{"americans.next", "L"}}, "L.op");
    ASSERT_TRUE(g);
    auto v = optionValues(*g);
    EXPECT_FALSE(has(v, "move"));
    EXPECT_FALSE(has(v, "charge"));
    EXPECT_TRUE(has(v, "fire"));
    // OMTB-MOVE-05: a general who joins it gives it command.
    auto led = gameAt(units, {{"americans.next", "L"}}, "L.op", "american",
                      json::array({{{"id", "WAYNE"}, {"side", "americans"}, {"attachedTo", "L"}}}));
    ASSERT_TRUE(led);
    v = optionValues(*led);
    EXPECT_TRUE(has(v, "move"));
    EXPECT_TRUE(has(v, "charge"));
}

TEST(OmtbRules, OMTB_MOVE_03_ACharge_IsTheLastMovementOp) {
    auto g = gameAt(json::array({unitDoc("L", "americans", "legion_infantry", 6, {{"ops", 2}}),
                                 unitDoc("T", "indians", "indians", 9)}),
                    {{"americans.next", "L"},
                     {"L.op", "charge"},
                     {"L.charge_target", "T"},
                     {"L.charge_facing", "front"},
                     {"L.going", "open"},
                     {"L.rem", "2"}},
                    "L.op", "american", json::array(), 2);
    ASSERT_TRUE(g);
    const auto v = optionValues(*g);
    EXPECT_FALSE(has(v, "move"));
    EXPECT_FALSE(has(v, "charge"));
    EXPECT_TRUE(has(v, "fire")); // other operations may follow
}

TEST(OmtbRules, OMTB_FIRE_01_MountedFiguresAndLimberedGunsDoNotFire) {
    const json units =
        json::array({unitDoc("DRG", "americans", "legion_cavalry", 3, {{"ops", 1}}),
                     unitDoc("ART", "americans", "legion_artillery", 4,
                             {{"ops", 1}, {"guns", 2}, {"formation", "limbered"}}),
                     unitDoc("FOOT", "americans", "legion_cavalry", 3, {{"ops", 1}, {"mounted", false}}),
                     unitDoc("T", "indians", "indians", 9)});
    auto g = gameAt(units, {{"americans.next", "DRG"}}, "DRG.op");
    ASSERT_TRUE(g);
    EXPECT_FALSE(has(optionValues(*g), "fire"));
    EXPECT_TRUE(has(optionValues(*g), "mount"));
    auto a = gameAt(units, {{"americans.next", "ART"}}, "ART.op");
    ASSERT_TRUE(a);
    EXPECT_FALSE(has(optionValues(*a), "fire")); // OMTB-FORM-08
    EXPECT_TRUE(has(optionValues(*a), "limber"));
    auto f = gameAt(units, {{"americans.next", "FOOT"}}, "FOOT.op");
    ASSERT_TRUE(f);
    EXPECT_TRUE(has(optionValues(*f), "fire")); // dismounted troopers fire
}

TEST(OmtbRules, OMTB_FIRE_02_TheTargetIsAVisibleEnemyInPlay) {
    auto g = gameAt(
        json::array({unitDoc("L", "americans", "legion_infantry", 6, {{"ops", 1}}),
                     unitDoc("L2", "americans", "legion_infantry", 6), unitDoc("T", "indians", "indians", 9),
                     unitDoc("H", "indians", "indians", 9, {{"hidden", true}})}),
        {{"americans.next", "L"}, {"L.op", "fire"}}, "L.target");
    ASSERT_TRUE(g);
    const Prompt p = g->prompt();
    ASSERT_TRUE(p.question);
    EXPECT_EQ(optionValues(*g), (std::vector<std::string>{"T", "H", "none"}));
    EXPECT_NE(p.question->options[1].label.find("hidden"), std::string::npos); // OMTB-TERR-07
    EXPECT_EQ(p.question->tag, "target");
    EXPECT_EQ(p.question->side, "americans");
    EXPECT_EQ(p.question->subjects, std::vector<std::string>{"L"});
}

// OMTB-TERR-03, OMTB-TERR-04: the target choice says how far thicket and open woods let a unit be seen, each
// enemy with the ground last answered for it; the range that follows offers only distances at which the
// target can be seen, and "choose again" when it is out of sight or not the closest (OMTB-FIRE-02).
TEST(OmtbRules, OMTB_TERR_03_OMTB_TERR_04_TheTargetChoiceSaysHowFarTheGroundLetsItBeSeen) {
    const json units = json::array({unitDoc("R", "americans", "legion_rifles", 6, {{"ops", 1}}),
                                    unitDoc("T", "indians", "indians", 9, {{"ground", "thicket"}}),
                                    unitDoc("W", "indians", "indians", 9, {{"ground", "woods"}}),
                                    unitDoc("O", "indians", "indians", 9)});
    const json fire = {{"americans.next", "R"}, {"R.op", "fire"}};
    auto g = gameAt(units, fire, "R.target");
    ASSERT_TRUE(g);
    Prompt p = g->prompt();
    ASSERT_TRUE(p.question);
    for (const char* said : {"closest", "thicket", "4\"", "open woods", "8\"", "12\""})
        EXPECT_NE(p.question->text.find(said), std::string::npos) << said << " in: " << p.question->text;
    for (const char* rule : {"OMTB-FIRE-02", "OMTB-TERR-03", "OMTB-TERR-04", "OMTB-TERR-07"})
        EXPECT_NE(p.question->ruleId.find(rule), std::string::npos) << rule;
    EXPECT_EQ(optionValues(*g), (std::vector<std::string>{"T", "W", "O", "none"}));
    EXPECT_NE(p.question->options[0].label.find("thicket: seen only within 4\""), std::string::npos);
    EXPECT_NE(p.question->options[1].label.find("open woods: seen only within 8\""), std::string::npos);
    EXPECT_EQ(p.question->options[2].label, "O");

    // The range question follows the target's ground: only the distances at which it can be seen.
    struct Row {
        std::string target, ground;
        std::vector<std::string> bands;
    };
    for (const auto& r : {Row{"T", "thicket", {"4", "again"}}, Row{"W", "woods", {"4", "8", "again"}},
                          Row{"O", "open", {"4", "8", "12", "again"}}}) {
        json answers = fire;
        answers["R.target"] = r.target;
        answers[r.target + ".ground"] = r.ground;
        auto at = gameAt(units, answers, "R.range");
        ASSERT_TRUE(at);
        EXPECT_EQ(optionValues(*at), r.bands) << r.target;
        p = at->prompt();
        ASSERT_TRUE(p.question);
        EXPECT_NE(p.question->text.find("choose again"), std::string::npos);
        if (r.ground == "thicket") {
            EXPECT_NE(p.question->text.find("in thicket " + r.target + " can be seen only within 4\""),
                      std::string::npos)
                << p.question->text;
        }
    }

    // Chosen again: the unit ruled out is not offered, "none" always is; "none" holds the fire.
    json again = fire;
    again["R.target"] = json::array({"T", "none"});
    again["T.ground"] = "thicket";
    again["R.range"] = "again";
    auto re = gameAt(units, again, "R.target", "american", json::array(), 2);
    ASSERT_TRUE(re);
    EXPECT_EQ(optionValues(*re), (std::vector<std::string>{"W", "O", "none"}));
    const auto d = drive(*re, {}, {{"R.target", "none"}}, "indians.ops");
    ASSERT_TRUE(d.ok) << d.error;
    EXPECT_TRUE(unit(*re, "R")["loaded"].get<bool>());
    EXPECT_EQ(unit(*re, "R")["ops"].get<int>(), 0);
}

// The source (VII) bars canister "if there is a friendly unit within the fire arc" with no distance; the
// catalogue's OMTB-FIRE-04 adds "within 8\"". We follow the source: the question names no distance.
TEST(OmtbRules, OMTB_FIRE_04_SourceBarsCanisterForAFriendlyAnywhereInTheArc) {
    auto g =
        gameAt(json::array({unitDoc("ART", "americans", "legion_artillery", 4, {{"ops", 1}, {"guns", 2}}),
                            unitDoc("T", "indians", "indians", 9)}),
               {{"americans.next", "ART"},
                {"ART.op", "fire"},
                {"ART.target", "T"},
                {"T.ground", "open"},
                {"ART.range", "8"}},
               "ART.friendly_in_arc");
    ASSERT_TRUE(g);
    const Prompt p = g->prompt();
    ASSERT_TRUE(p.question);
    EXPECT_EQ(p.question->text.find("8\""), std::string::npos);
    EXPECT_NE(p.question->text.find("fire arc"), std::string::npos);
    // Beyond 8" nothing is asked: ball only.
    auto far =
        gameAt(json::array({unitDoc("ART", "americans", "legion_artillery", 4, {{"ops", 1}, {"guns", 2}}),
                            unitDoc("T", "indians", "indians", 9)}),
               {{"americans.next", "ART"},
                {"ART.op", "fire"},
                {"ART.target", "T"},
                {"T.ground", "open"},
                {"ART.range", "24"}},
               "ART.fire");
    ASSERT_TRUE(far);
}

TEST(OmtbRules, OMTB_MOR_06_APermanentLossLowersTheRatingForGood) {
    const omtb::Options o;
    omtb::State s;
    s.sides = {{
                   "indians",
                   "indian",
                   "I",
                   "",
               },
               {"americans", "american", "A", ""}};
    omtb::Unit i;
    i.type = omtb::UnitType::Indians;
    i.moraleLoss = 1;
    i.ground = omtb::Ground::Woods;
    EXPECT_EQ(omtb::moraleRating(s, i, o), 7);
    i.ground = omtb::Ground::Open;
    EXPECT_EQ(omtb::moraleRating(s, i, o), 5);
    omtb::Unit k;
    k.type = omtb::UnitType::MountedMilitia;
    k.moraleLoss = 1;
    EXPECT_EQ(omtb::moraleRating(s, k, o), 5); // S26 (c)
}

TEST(OmtbRules, OMTB_1791_01_AmericanRegularsUseTheMilitiaLine) {
    omtb::Options o;
    o.mods1791 = true;
    omtb::State s;
    s.sides = {{"indians", "indian", "I", ""}, {"americans", "american", "A", ""}};
    omtb::Unit legion;
    legion.type = omtb::UnitType::LegionInfantry;
    legion.side = 1;
    EXPECT_EQ(omtb::opsLine(s, legion, o), omtb::OpsLine::Militia);
    omtb::Unit british;
    british.type = omtb::UnitType::BritishInfantry;
    british.side = 0;
    EXPECT_EQ(omtb::opsLine(s, british, o), omtb::OpsLine::Regulars); // not American
    o.mods1791 = false;
    EXPECT_EQ(omtb::opsLine(s, legion, o), omtb::OpsLine::Regulars);
    // OMTB-1791-02: First Regiment 8, Second 7, Levies 6, artillery 7.
    o.mods1791 = true;
    for (auto [t, r] :
         {std::pair{omtb::UnitType::FirstAmericanRegiment, 8},
          std::pair{omtb::UnitType::SecondAmericanRegiment, 7}, std::pair{omtb::UnitType::Levies, 6},
          std::pair{omtb::UnitType::LegionArtillery, 7}}) {
        omtb::Unit u;
        u.type = t;
        u.side = 1;
        EXPECT_EQ(omtb::moraleRating(s, u, o), r) << omtb::toString(t);
    }
}

TEST(OmtbRules, OMTB_OPS_07_RiflesAndArtilleryNeedTwoLoads) {
    omtb::Unit u;
    u.type = omtb::UnitType::LegionRifles;
    EXPECT_EQ(omtb::loadOpsNeeded(u), 2);
    u.type = omtb::UnitType::BritishArtillery;
    EXPECT_EQ(omtb::loadOpsNeeded(u), 2);
    u.type = omtb::UnitType::Indians;
    EXPECT_EQ(omtb::loadOpsNeeded(u), 1);
    u.type = omtb::UnitType::LegionInfantry;
    EXPECT_EQ(omtb::loadOpsNeeded(u), 1);
}

// ---- Scenario files

std::string parseError(const json& doc) {
    auto r = omtb::omtbRuleSet().parseScenario(doc.dump(), "bad.json");
    return r ? std::string() : r.error().message;
}

TEST(OmtbScenarioFile, ErrorsNameTheFileAndTheField) {
    const json good = scenarioDoc(json::array({unitDoc("A", "americans", "legion_infantry", 6)}));
    EXPECT_EQ(parseError(good), "");
    auto with = [&](const std::string& ptr, const json& v) {
        json d = good;
        d[json::json_pointer(ptr)] = v;
        return parseError(d);
    };
    EXPECT_EQ(with("/units/0/type", "pikemen"), "bad.json: units[0].type: unknown OMTB unit type 'pikemen'");
    EXPECT_EQ(with("/units/0/figures", "six"), "bad.json: units[0].figures: expected an integer, got string");
    EXPECT_EQ(with("/units/0/side", "french"), "bad.json: units[0].side: unknown side 'french'");
    EXPECT_EQ(
        with("/units/0/formation", "square"),
        "bad.json: units[0].formation: unknown value 'square' (column, line, open, skirmish, mass, limbered, "
        "unlimbered)");
    EXPECT_EQ(with("/rules", "md"), "bad.json: rules: expected \"omtb\", got 'md'");
    EXPECT_EQ(with("/sides/0/colour", "red"), "bad.json: sides[0].colour: expected \"#rrggbb\", got 'red'");
    EXPECT_EQ(with("/sides/1/nation", "indian"),
              "bad.json: sides: one side must be \"indian\" and the other \"american\"");
    EXPECT_EQ(with("/houseRules", json{{"omtb.melee_tie", "x"}}),
              "bad.json: houseRules: house-rule option 'omtb.melee_tie' cannot be 'x' (one of: no_loser, "
              "defender_wins, "
              "both_disorder)");
    EXPECT_EQ(with("/units/0/charge", json{{"target", "Z"}}),
              "bad.json: units[0].charge.target: unknown unit 'Z'");
    EXPECT_EQ(with("/start", json{{"step", "game_over"}}), "bad.json: start.step: a game cannot start over");
    json noUnits = good;
    noUnits.erase("units");
    EXPECT_EQ(parseError(noUnits), "bad.json: units: missing required field");
    json art = scenarioDoc(json::array({unitDoc("G", "americans", "legion_artillery", 4)}));
    EXPECT_EQ(parseError(art), "bad.json: units[0].guns: missing required field");
    json dup = scenarioDoc(json::array(
        {unitDoc("A", "americans", "legion_infantry", 6), unitDoc("A", "indians", "indians", 6)}));
    EXPECT_EQ(parseError(dup), "bad.json: units[1].id: duplicate unit id 'A'");
    auto malformed = omtb::omtbRuleSet().parseScenario("{\"name\": ", "bad.json");
    ASSERT_FALSE(malformed);
    EXPECT_EQ(malformed.error().message.rfind("bad.json: (document): malformed JSON at byte 10", 0), 0u);
    auto notObject = omtb::omtbRuleSet().parseScenario("[1,2]", "bad.json");
    ASSERT_FALSE(notObject);
}

TEST(OmtbScenarioFile, StartNeedsTheOmtbBody) {
    Scenario s;
    s.name = "x";
    s.ruleSet = "omtb";
    s.sourcePath = "x.json";
    auto g = omtb::omtbRuleSet().start(s, {});
    ASSERT_FALSE(g);
    EXPECT_NE(g.error().message.find("not an OMTB scenario"), std::string::npos);
}

TEST(OmtbScenarioFile, OMTB_OOB_01_FallenTimbersParsesWithTheSeamFields) {
    std::ifstream in(std::string(MUSTER_SCENARIO_DIR) + "/omtb_fallen_timbers.json");
    std::stringstream ss;
    ss << in.rdbuf();
    auto s = omtb::omtbRuleSet().parseScenario(ss.str(), "omtb_fallen_timbers.json");
    ASSERT_TRUE(s) << s.error().message;
    EXPECT_EQ(s->ruleSet, "omtb");
    EXPECT_EQ(s->turns, 12);
    ASSERT_EQ(s->sides.size(), 2u);
    EXPECT_EQ(s->sides[0].colour, "#a0522d");
    EXPECT_EQ(s->sides[1].colour, "#1f3a93");
    EXPECT_FALSE(s->json.empty());
    const auto* body = dynamic_cast<const omtb::ScenarioData*>(s->body.get());
    ASSERT_TRUE(body);
    EXPECT_EQ(body->units.size(),
              38u); // 26 American and 8 Indian-side units at Fallen Timbers, 4 at Fort Miamis
    EXPECT_EQ(body->leaders.size(), 9u);
    // At 15 men per figure the Kentucky Mounted Militia are 106 x 15 = 1,590 men (OMTB-SCALE-01).
    int ky = 0;
    for (const auto& u : body->units)
        if (u.unit.type == omtb::UnitType::MountedMilitia)
            ky += u.unit.figures;
    EXPECT_EQ(ky * 15, 1590);
    auto g = omtb::omtbRuleSet().start(s.value(), {});
    ASSERT_TRUE(g);
    EXPECT_EQ(g.value()->roster().rows.size(), 34u);
}

// ---- The game seam

TEST(OmtbGame, RejectsAnInputThatDoesNotAnswerThePromptAndKeepsTheState) {
    auto g = startGame(scenarioDoc(json::array(
        {unitDoc("A", "americans", "legion_infantry", 6), unitDoc("I", "indians", "indians", 6)})));
    ASSERT_TRUE(g);
    const std::string before = g->stateJson();
    EXPECT_EQ(g->prompt().key(), "indians.ops");
    EXPECT_FALSE(g->apply(Input::dice("americans.ops", {3})));
    EXPECT_FALSE(g->apply(Input::dice("indians.ops", {7})));
    EXPECT_FALSE(g->apply(Input::answer("indians.ops", "3")));
    EXPECT_EQ(g->stateJson(), before);
    EXPECT_TRUE(g->apply(Input::dice("indians.ops", {3})));
    EXPECT_NE(g->stateJson(), before);
}

TEST(OmtbGame, RosterTurnViewAndPromptsForThePlayers) {
    auto g = startGame(scenarioDoc(
        json::array({unitDoc("A", "americans", "legion_rifles", 6, {{"loaded", false}, {"loadProgress", 1}}),
                     unitDoc("I", "indians", "indians", 6)})));
    ASSERT_TRUE(g);
    const auto tv = g->turnView();
    EXPECT_EQ(tv.turn, 1);
    EXPECT_EQ(tv.maxTurns, 10);
    EXPECT_EQ(tv.activeSide, "indians");
    EXPECT_EQ(tv.phase, "one_ops");
    EXPECT_EQ(tv.phases.size(), 12u);
    EXPECT_FALSE(tv.over);
    const auto r = g->roster();
    std::vector<std::string> cols;
    for (const auto& c : r.columns)
        cols.push_back(c.key);
    EXPECT_EQ(cols, (std::vector<std::string>{"formation", "cohesion", "loaded", "ops", "officer", "morale",
                                              "ground", "mounted", "leaders", "casualties"}));
    ASSERT_EQ(r.rows.size(), 2u);
    EXPECT_EQ(r.rows[0].values[2], "1 of 2");
    EXPECT_EQ(r.rows[0].sideColour, "#e69f00"); // no colour in this scenario: the shared palette, second side
    EXPECT_EQ(r.rows[1].values[5], "6");        // Indians in the open
    const Prompt p = g->prompt();
    ASSERT_TRUE(p.dice);
    EXPECT_EQ(p.dice->sides, 6);
    EXPECT_EQ(p.dice->side, "indians");
    EXPECT_EQ(p.dice->tag, "operations");
    EXPECT_EQ(p.dice->ruleId, "OMTB-OPS-01");
    EXPECT_FALSE(p.dice->subjects.empty());
    EXPECT_NE(p.headline.find("Turn 1"), std::string::npos);
}

} // namespace

namespace {

void collectPointers(const json& j, const std::string& at, std::vector<std::string>& out) {
    out.push_back(at);
    if (j.is_object())
        for (const auto& [k, v] : j.items())
            collectPointers(v, at + "/" + k, out);
    else if (j.is_array())
        for (std::size_t i = 0; i < j.size(); ++i)
            collectPointers(j[i], at + "/" + std::to_string(i), out);
}

// Every field of the bundled scenario replaced by values of the wrong shape: each parse returns a value or an
// error naming the file, never throws, and a game starts from whatever parses.
TEST(OmtbScenarioFile, DamagedFilesGiveErrorsNotExceptions) {
    std::ifstream in(std::string(MUSTER_SCENARIO_DIR) + "/omtb_fallen_timbers.json");
    const json doc = json::parse(in, nullptr, false);
    ASSERT_FALSE(doc.is_discarded());
    std::vector<std::string> pointers;
    collectPointers(doc, "", pointers);
    const json wrong[] = {nullptr, "x", -1, 100000, json::array(), json::object(), true, 2.5};
    int errors = 0, parsed = 0;
    for (const auto& ptr : pointers) {
        if (ptr.empty())
            continue;
        for (const auto& w : wrong) {
            json d = doc;
            d[json::json_pointer(ptr)] = w;
            Result<Scenario> r = makeError("not run");
            EXPECT_NO_THROW(r = omtb::omtbRuleSet().parseScenario(d.dump(), "ft.json")) << ptr;
            if (!r) {
                ++errors;
                EXPECT_EQ(r.error().message.rfind("ft.json: ", 0), 0u) << r.error().message;
                continue;
            }
            ++parsed;
            EXPECT_NO_THROW((void)omtb::omtbRuleSet().start(r.value(), {})) << ptr;
        }
    }
    EXPECT_GT(errors, 1000);
    EXPECT_GT(parsed, 0);
    // Text that is not JSON, or JSON of the wrong shape.
    for (const char* text : {"", "{", "null", "[]", "\"omtb\"", "{\"rules\": 5}", "{\"rules\":\"omtb\"}"})
        EXPECT_FALSE(omtb::omtbRuleSet().parseScenario(text, "t.json")) << text;
}

} // namespace
