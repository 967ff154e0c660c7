// Auto-play soak over (rule set, seed): 30-turn games with virtual dice and the seeded auto table (what
// `muster-cli game play --auto --dice virtual` answers), the rule set's invariant checker after every
// accepted input, and every game has to end. Checked for MD: MD-ORG-05, MD-DL-01, MD-DL-13, MD-FIRE-08,
// MD-ORD-01, MD-RECON-02 (MdInvariants.h); for OMTB: figures conserved, nothing negative, no unit out of play
// asked, rolled for or offered (omtb/OmtbInvariants.h); for MF, AS and SD: figures conserved per side,
// nothing negative, no stack out of play asked about or offered (hex/HexInvariants.h).
#include "Soak.h"

#include "MdInvariants.h"
#include "hex/HexInvariants.h"
#include "omtb/OmtbInvariants.h"
#include "rules/RuleSets.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <fstream>
#include <functional>
#include <iostream>
#include <memory>

using namespace muster::rules;
using namespace muster::rules::test;
using nlohmann::json;

namespace {

constexpr int kTurns = 30;

// MD house rules for seeds 11-20: each seed turns on a few alternatives of the register.
HouseRules mdHouseRules(int seed) {
    static const std::vector<std::map<std::string, std::string>> kSets = {
        {{"md.melee_after_loss", "out_of_contact"}, {"md.melee_rounds", "one_per_turn"}},
        {{"md.fire_resolution", "sequential"}, {"md.officer_dl_allocation", "random"}},
        {{"md.melee_participants", "whole_unit"}, {"md.depth_rank_rule", "full_ranks_only"}},
        {{"md.depth_rank_rule", "ceil_figs_over_frontage"}, {"md.depth_other_units", "true"}},
        {{"md.melee_overlap", "double_up"}, {"md.first_strike_rejoin", "also_fight_round1"}},
        {{"md.loser_pushed_back", "become_dl"}, {"md.breakoff_penalty", "as_loser"}},
        {{"md.mutual_wipe", "more_kills_wins"}, {"md.casualty_allocation", "firer_choice"}},
        {{"md.charge_test_timing", "movement_phase"}, {"md.carbine_twice", "ff_and_f_phases"}},
        {{"md.cav_officers", "by_grade"}, {"md.cav_dl_cap_scope", "all_sources"}},
        {{"md.melee_dl_source", "melee_text"}, {"md.officer_dl_meaning", "officer_casualty_only"}},
    };
    HouseRules h;
    if (seed > 10)
        h.values = kSets[static_cast<std::size_t>(seed - 11) % kSets.size()];
    return h;
}

// OMTB seeds 16-20: the first alternative reading of every option at once (the 1790-92 modifications and
// Fort Miamis included).
HouseRules omtbHouseRules(int seed) {
    HouseRules h;
    if (seed <= 15)
        return h;
    for (const auto& o : findRuleSet("omtb")->options()) {
        if (o.isNumber())
            h.values[o.key] = std::to_string(o.min + 1);
        else if (o.choices.size() > 1)
            h.values[o.key] = o.choices[1].value;
    }
    return h;
}

// Hex game seeds 16-20: the first alternative reading of every option of the game at once (capacities at 12).
HouseRules hexHouseRules(const std::string& ruleSet, int seed) {
    HouseRules h;
    if (seed <= 15)
        return h;
    for (const auto& o : findRuleSet(ruleSet)->options()) {
        if (o.key.find("hex_capacity") != std::string::npos)
            h.values[o.key] = "12";
        else if (o.isNumber())
            h.values[o.key] = std::to_string(std::min(o.max, std::stoi(o.defaultValue) + 1));
        else if (o.choices.size() > 1)
            h.values[o.key] = o.choices[1].value;
    }
    return h;
}

// What the soak needs of a rule set: a bundled scenario to play, the house rules of each seed and its
// invariant checker. A rule set joins the soak with one line in plugs().
struct SoakPlug {
    std::string ruleSet;
    std::string scenarioFile; // in data/scenarios
    std::function<HouseRules(int seed)> houseRules;
    std::function<std::unique_ptr<InvariantChecker>()> checker;
};

const std::vector<SoakPlug>& plugs() {
    static const std::vector<SoakPlug> kPlugs = {
        {"md", "md_large.json", mdHouseRules,
         [] {
             return std::make_unique<MdInvariants>();
         }},
        {"omtb", "omtb_fallen_timbers.json", omtbHouseRules,
         [] {
             return std::make_unique<OmtbInvariants>();
         }},
        {"mf", "mf_crossroads.json", [](int seed) { return hexHouseRules("mf", seed); },
         [] {
             return std::make_unique<HexInvariants>();
         }},
        {"as", "as_river_gap.json", [](int seed) { return hexHouseRules("as", seed); },
         [] {
             return std::make_unique<HexInvariants>();
         }},
        {"sd", "sd_mill_ford.json", [](int seed) { return hexHouseRules("sd", seed); },
         [] {
             return std::make_unique<HexInvariants>();
         }},
    };
    return kPlugs;
}

// MUSTER_SOAK_SEEDS=N plays seeds 1..N of each rule set instead of 1..20 (a longer soak by hand; ctest keeps
// 20).
int soakSeeds() {
    const char* n = std::getenv("MUSTER_SOAK_SEEDS");
    const int v = n ? std::atoi(n) : 0;
    return v > 0 ? v : 20;
}

struct SoakCase {
    const SoakPlug* plug = nullptr;
    int seed = 0;
};

void PrintTo(const SoakCase& c, std::ostream* os) {
    *os << c.plug->ruleSet << " seed " << c.seed;
}

std::vector<SoakCase> soakCases() {
    std::vector<SoakCase> out;
    for (const auto& p : plugs())
        for (int seed = 1; seed <= soakSeeds(); ++seed)
            out.push_back({&p, seed});
    return out;
}

Result<Scenario> loadForSoak(const SoakPlug& plug) {
    const std::string path = std::string(MUSTER_SCENARIO_DIR) + "/" + plug.scenarioFile;
    std::ifstream in(path);
    json doc = json::parse(in, nullptr, false);
    if (doc.is_discarded())
        return muster::makeError(path + ": not readable JSON");
    doc["turns"] = kTurns;
    const RuleSet* rules = findRuleSet(plug.ruleSet);
    if (!rules)
        return muster::makeError("no rule set '" + plug.ruleSet + "' in the registry");
    return rules->parseScenario(doc.dump(), path);
}

class RuleSetSoak : public ::testing::TestWithParam<SoakCase> {};

TEST_P(RuleSetSoak, InvariantsHoldAfterEveryInputAndTheGameEnds) {
    const SoakCase& c = GetParam();
    auto scenario = loadForSoak(*c.plug);
    ASSERT_TRUE(scenario) << scenario.error().message;
    auto engine = Engine::create(*scenario, c.plug->houseRules(c.seed));
    ASSERT_TRUE(engine) << engine.error().message;
    auto checker = c.plug->checker();
    const SoakResult r = soak(*engine, static_cast<std::uint64_t>(c.seed), *checker, 400000);
    for (const auto& v : r.violations)
        ADD_FAILURE() << c.plug->ruleSet << " seed " << c.seed << ", " << v;
    EXPECT_TRUE(r.ended) << c.plug->ruleSet << " seed " << c.seed << ": still playing in turn " << r.lastTurn
                         << " after " << r.inputs << " inputs";
    EXPECT_LE(r.lastTurn, kTurns + 1);
    const TurnView tv = engine->turnView();
    EXPECT_TRUE(tv.over);
    EXPECT_FALSE(tv.winner.empty());
    RecordProperty("inputs", static_cast<int>(r.inputs));
    RecordProperty("turns", r.lastTurn - 1);
    std::cout << "[soak] " << c.plug->ruleSet << " seed " << c.seed << ": " << r.inputs
              << " inputs, ended in turn " << r.lastTurn - 1 << ", winner " << tv.winner << "\n";
}

std::string soakName(const ::testing::TestParamInfo<SoakCase>& info) {
    return info.param.plug->ruleSet + "_seed_" + std::to_string(info.param.seed);
}

INSTANTIATE_TEST_SUITE_P(Seeds, RuleSetSoak, ::testing::ValuesIn(soakCases()), soakName);

// Every rule set of the registry is soaked: a new one adds its plug.
TEST(RuleSetSoakPlugs, EveryRuleSetOfTheRegistryHasOne) {
    for (const RuleSet* r : ruleSets()) {
        bool found = false;
        for (const auto& p : plugs())
            found = found || p.ruleSet == r->id();
        EXPECT_TRUE(found) << "rule set " << r->id() << " has no soak plug";
    }
}

} // namespace
