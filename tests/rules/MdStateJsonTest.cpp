// The MD state JSON read back: every state of a soak of MD games is written, read and written again to the
// same bytes and the same state, and a malformed state is an error naming the field.
#include "TestSupport.h"
#include "rules/Engine.h"
#include "rules/VirtualDice.h"
#include "rules/md/Options.h"
#include "rules/md/io/Json.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <functional>
#include <string>
#include <vector>

using namespace muster::rules;
using nlohmann::json;

namespace {

// Each option of the register at a random legal alternative (as the engine soak picks them).
HouseRules randomHouseRules(VirtualDice& pick) {
    HouseRules h;
    for (const auto& spec : md::optionRegister()) {
        if (spec.choices.empty())
            continue;
        const int n = static_cast<int>(spec.choices.size());
        h.values[spec.key] = spec.choices[static_cast<std::size_t>(pick.face(n) - 1)].value;
    }
    return h;
}

TEST(MdStateJson, EveryStateOfASoakReadsBackToTheSameStateAndBytes) {
    VirtualDice pick(2525);
    std::size_t states = 0;
    for (int game = 0; game < 6; ++game) {
        Scenario sc = test::loadScenarioOrDie(game % 2 ? "md_large.json" : "md_small.json");
        sc.turns = 3;
        const HouseRules h = game < 2 ? HouseRules{} : randomHouseRules(pick);
        auto played = Engine::create(sc, h);
        ASSERT_TRUE(played) << played.error().message;
        const auto inputs = test::autoPlay(*played, 700 + static_cast<std::uint64_t>(game), 3);
        // The same inputs again, one at a time, so that every state between them is read back.
        auto e = Engine::create(sc, h);
        ASSERT_TRUE(e) << e.error().message;
        for (std::size_t i = 0; i <= inputs.size(); ++i) {
            const std::string text = e->stateJson();
            auto back = md::io::stateFromJson(json::parse(text));
            ASSERT_TRUE(back) << "game " << game << ", input " << i << ": " << back.error().message;
            EXPECT_EQ(*back, test::mdState(*e)) << "game " << game << ", input " << i;
            ASSERT_EQ(md::io::toJson(*back).dump(), text) << "game " << game << ", input " << i;
            ++states;
            if (i < inputs.size()) {
                ASSERT_TRUE(e->apply(inputs[i]));
            }
        }
        EXPECT_EQ(e->stateJson(), played->stateJson());
    }
    EXPECT_GT(states, 1000u);
}

// A state of md_small after a turn, changed by `edit`, must not read; the error names every `mention`.
void expectRejected(const std::function<void(json&)>& edit, const std::vector<std::string>& mentions) {
    auto e = Engine::create(test::loadScenarioOrDie("md_small.json"));
    ASSERT_TRUE(e);
    test::autoPlay(*e, 5, 1);
    json j = json::parse(e->stateJson());
    ASSERT_FALSE(j["units"].empty());
    edit(j);
    auto r = md::io::stateFromJson(j);
    ASSERT_FALSE(r) << "read: " << j.dump();
    for (const auto& m : mentions)
        EXPECT_NE(r.error().message.find(m), std::string::npos) << m << " not in: " << r.error().message;
}

TEST(MdStateJson, AMalformedStateIsAnErrorNamingTheField) {
    expectRejected([](json& j) { j = json::array(); }, {"<json>", "state", "expected an object"});
    expectRejected([](json& j) { j.erase("winner"); }, {"state.winner", "missing required field"});
    expectRejected([](json& j) { j["turn"] = "two"; }, {"state.turn", "expected an integer"});
    expectRejected([](json& j) { j["cursor"]["phase"] = "lunch"; },
                   {"state.cursor.phase", "unknown value 'lunch'"});
    expectRejected([](json& j) { j["units"] = 3; }, {"state.units"});
    expectRejected([](json& j) { j["units"][1]["rf"] = "two"; },
                   {"state.units[1].rf", "expected an integer, got string"});
    expectRejected([](json& j) { j["units"][1]["rf"] = 2.5; }, {"state.units[1].rf", "expected an integer"});
    expectRejected([](json& j) { j["units"][1]["rf"] = 5000000000LL; }, {"state.units[1].rf", "5000000000"});
    expectRejected([](json& j) { j["units"][0]["loaded"] = 1; },
                   {"state.units[0].loaded", "expected true or false"});
    expectRejected([](json& j) { j["units"][0]["formation"] = "wedge"; },
                   {"state.units[0].formation", "unknown value 'wedge'"});
    expectRejected([](json& j) { j["units"][0].erase("officers"); },
                   {"state.units[0].officers", "missing required field"});
    expectRejected([](json& j) { j["units"][0]["moveDistance"] = "far"; },
                   {"state.units[0].moveDistance", "expected a number"});
    expectRejected([](json& j) { j["units"][0]["chargedBy"] = false; },
                   {"state.units[0].chargedBy", "expected a string"});
    expectRejected([](json& j) { j["sides"][1]["nation"] = "french"; },
                   {"state.sides[", "nation", "unknown value 'french'"});
    expectRejected(
        [](json& j) {
            j["contacts"] = {{{"attacker", "US-A"}}};
        },
        {"state.contacts[", "attacker", "expected an integer"});
    expectRejected(
        [](json& j) {
            j["pendingDls"] = {{{"unit", 0},
                                {"dice", 1},
                                {"fixed", -1},
                                {"sixOnly", false},
                                {"capped", false},
                                {"cause", "fire"},
                                {"ruleId", "MD-DL-02"}}};
        },
        {"state.pendingDls[", "gradeMod", "missing required field"});
    expectRejected(
        [](json& j) {
            j["houseRules"] = {{"md.melee_rounds", nullptr}};
        },
        {"state.houseRules.md.melee_rounds"});
}

// What the reader may leave out: the owed DLs and contacts (none) and a contact's rounds fought (none yet).
TEST(MdStateJson, OptionalPartsOfAStateMayBeLeftOut) {
    auto e = Engine::create(test::loadScenarioOrDie("md_small.json"));
    ASSERT_TRUE(e);
    json j = json::parse(e->stateJson());
    j.erase("pendingDls");
    j["contacts"] = {{{"attacker", 0}, {"defender", 1}, {"charged", false}, {"flank", true}}};
    auto r = md::io::stateFromJson(j);
    ASSERT_TRUE(r) << r.error().message;
    EXPECT_TRUE(r->pendingDls.empty());
    ASSERT_EQ(r->contacts.size(), 1u);
    EXPECT_EQ(r->contacts[0], (md::Contact{0, 1, false, true, 0}));
}

} // namespace
