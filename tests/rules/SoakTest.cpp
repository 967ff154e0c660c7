// Auto-play soak: 30-turn games of the large MD scenario over 20 seeds (the last ten with house rules other
// than the defaults), the MD invariants (MdInvariants.h) checked after every accepted input, and every game
// has to end. The rule ids it watches: MD-ORG-05, MD-DL-01, MD-DL-13, MD-FIRE-08, MD-ORD-01, MD-RECON-02.
#include "Soak.h"

#include "MdInvariants.h"
#include "TestSupport.h"

#include <gtest/gtest.h>

#include <cstdlib>

using namespace muster::rules;
using namespace muster::rules::test;

namespace {

constexpr int kTurns = 30;

// House rules for seeds 11-20: each seed turns on a few alternatives of the register.
HouseRules alternatives(int seed) {
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

class MdSoak : public ::testing::TestWithParam<int> {};

TEST_P(MdSoak, InvariantsHoldAfterEveryInputAndTheGameEnds) {
    const int seed = GetParam();
    Scenario scenario = loadScenarioOrDie("md_large.json");
    scenario.turns = kTurns;
    auto engine = Engine::create(scenario, alternatives(seed));
    ASSERT_TRUE(engine) << engine.error().message;
    MdInvariants checker;
    const SoakResult r = soak(*engine, static_cast<std::uint64_t>(seed), checker);
    for (const auto& v : r.violations)
        ADD_FAILURE() << "seed " << seed << ", " << v;
    EXPECT_TRUE(r.ended) << "seed " << seed << ": still playing in turn " << r.lastTurn << " after "
                         << r.inputs << " inputs";
    EXPECT_LE(r.lastTurn, kTurns + 1);
}

// MUSTER_SOAK_SEEDS=N plays seeds 1..N instead of 1..20 (a longer soak by hand; ctest keeps 20).
int soakSeeds() {
    const char* n = std::getenv("MUSTER_SOAK_SEEDS");
    const int v = n ? std::atoi(n) : 0;
    return v > 0 ? v : 20;
}

INSTANTIATE_TEST_SUITE_P(Seeds, MdSoak, ::testing::Range(1, soakSeeds() + 1));

} // namespace
