// Fallen Timbers through the registry and Engine, and replay identity of an auto-played game (the inputs fold
// to an equal state, one by one or in a batch). The 30-turn soak is the one of every rule set
// (../SoakTest.cpp).
#include "OmtbInvariants.h"
#include "OmtbTestSupport.h"
#include "rules/Engine.h"
#include "rules/RuleSets.h"
#include "rules/VirtualDice.h"
#include "rules/io/Json.h"
#include "rules/omtb/OmtbRuleSet.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iostream>

using namespace muster::rules;
using namespace muster::rules::omtb::test;
using nlohmann::json;

namespace {

json fallenTimbers(int turns) {
    std::ifstream in(std::string(MUSTER_SCENARIO_DIR) + "/omtb_fallen_timbers.json");
    json doc = json::parse(in, nullptr, false);
    if (!doc.is_discarded())
        doc["turns"] = turns;
    return doc;
}

// The generic path the app and the CLI take: the scenario file through rules/io, the registry, Engine.
TEST(OmtbSoak, TheRegistryAndEnginePlayAnOmtbFile) {
    ASSERT_NE(findRuleSet("omtb"), nullptr);
    EXPECT_NE(ruleSetIds().find("omtb"), std::string::npos);
    auto sc = io::loadScenario(std::string(MUSTER_SCENARIO_DIR) + "/omtb_fallen_timbers.json");
    ASSERT_TRUE(sc) << sc.error().message;
    EXPECT_EQ(sc->ruleSet, "omtb");
    auto engine = Engine::create(sc.value());
    ASSERT_TRUE(engine) << engine.error().message;
    EXPECT_EQ(engine->prompt().key(), "indians.ops");
    EXPECT_TRUE(engine->apply(Input::dice("indians.ops", {4})));
    EXPECT_EQ(engine->prompt().key(), "BLUE-JACKET.attach");
    EXPECT_EQ(engineVersion("omtb"), 2);
}

TEST(OmtbSoak, ReplayingTheInputsGivesAnEqualState) {
    const json doc = fallenTimbers(4);
    auto scenario = omtb::omtbRuleSet().parseScenario(doc.dump(), "omtb_fallen_timbers.json");
    ASSERT_TRUE(scenario) << scenario.error().message;
    for (std::uint64_t seed : {3u, 11u}) {
        auto game = Engine::create(*scenario);
        ASSERT_TRUE(game) << game.error().message;
        muster::rules::test::OmtbInvariants checker;
        const muster::rules::test::SoakResult played = muster::rules::test::soak(*game, seed, checker, 20000);
        ASSERT_TRUE(played.violations.empty()) << played.violations.front();
        const std::vector<Input> inputs = game->inputs();
        auto oneByOne = Engine::create(*scenario);
        for (const auto& in : inputs)
            ASSERT_TRUE(oneByOne->apply(in));
        EXPECT_TRUE(oneByOne->sameState(*game));
        EXPECT_EQ(oneByOne->stateJson(), game->stateJson());
        auto batch = Engine::create(*scenario);
        std::size_t accepted = 0;
        ASSERT_TRUE(batch->applyAll(inputs, &accepted));
        EXPECT_EQ(accepted, inputs.size());
        EXPECT_TRUE(batch->sameState(*game));
        EXPECT_EQ(batch->stateJson(), game->stateJson());
        EXPECT_EQ(batch->prompt().key(), game->prompt().key());
        // A copy is the same game.
        const Engine copy = *game;
        EXPECT_TRUE(copy.sameState(*game));
    }
}

} // namespace
