// Replay identity of the hex games: each bundled scenario auto-played 30 turns over 20 seeds with virtual
// dice and the seeded auto table, the invariants checked after every input (hex/HexInvariants.h), then its
// journal replayed one input at a time and in a batch to the identical state.
#include "Soak.h"
#include "hex/HexInvariants.h"
#include "rules/Engine.h"
#include "rules/RuleSets.h"
#include "rules/hex/HexRuleSet.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <fstream>
#include <sstream>

using namespace muster::rules;
using nlohmann::json;

namespace {

struct Game {
    const char* id;
    const char* file;
};
const Game kGames[] = {
    {"mf", "mf_crossroads.json"}, {"as", "as_river_gap.json"}, {"sd", "sd_mill_ford.json"}};

Scenario load(const Game& g, int turns) {
    std::ifstream in(std::string(MUSTER_SCENARIO_DIR) + "/" + g.file);
    json doc = json::parse(in);
    doc["turns"] = turns;
    auto s = findRuleSet(g.id)->parseScenario(doc.dump(), g.file);
    EXPECT_TRUE(s) << (s ? "" : s.error().message);
    return s.value();
}

int seeds() {
    const char* env = std::getenv("MUSTER_SOAK_SEEDS");
    return env ? std::max(1, std::atoi(env)) : 20;
}

class HexReplay : public ::testing::TestWithParam<Game> {};

TEST_P(HexReplay, ThirtyTurnsOverTwentySeedsReplayToTheSameState) {
    const Game g = GetParam();
    const Scenario scenario = load(g, 30);
    int ended = 0, inputs = 0, turns = 0;
    for (int seed = 1; seed <= seeds(); ++seed) {
        auto e = Engine::create(scenario);
        ASSERT_TRUE(e) << e.error().message;
        test::HexInvariants checker;
        const auto r = test::soak(e.value(), static_cast<std::uint64_t>(seed), checker);
        for (const auto& v : r.violations)
            ADD_FAILURE() << g.id << " seed " << seed << ": " << v;
        ASSERT_TRUE(r.ended) << g.id << " seed " << seed << " did not end";
        ended += r.ended ? 1 : 0;
        inputs += static_cast<int>(r.inputs);
        turns += r.lastTurn;
        // The journal replays to the identical state, one by one and in a batch.
        auto replayed = Engine::replay(scenario, {}, e.value().inputs());
        ASSERT_TRUE(replayed) << replayed.error().message;
        EXPECT_EQ(replayed.value().stateJson(), e.value().stateJson());
        EXPECT_TRUE(replayed.value().sameState(e.value()));
        auto batch = Engine::create(scenario);
        ASSERT_TRUE(batch.value().applyAll(e.value().inputs()));
        EXPECT_EQ(batch.value().stateJson(), e.value().stateJson());
    }
    std::cout << g.id << ": " << seeds() << " seeds, " << ended << " games ended, " << inputs << " inputs, "
              << turns << " turns played\n";
}

INSTANTIATE_TEST_SUITE_P(Games, HexReplay, ::testing::ValuesIn(kGames),
                         [](const auto& p) { return std::string(p.param.id); });

} // namespace
