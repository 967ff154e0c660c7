// A 30-turn auto-play of Fallen Timbers over 20 seeds with virtual dice and a seeded random legal answer for
// every question, checking invariants after every input; and replay identity (the inputs fold to an equal
// state, one by one or in a batch).
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

const omtb::State& stateOf(const Game& g) {
    return dynamic_cast<const omtb::OmtbGame&>(g).state();
}

// What must hold after every input. Returns the first violation, or empty.
std::string checkInvariants(const Game& g) {
    const omtb::State& s = stateOf(g);
    for (const auto& u : s.units) {
        const std::string id = u.id.str();
        if (u.figures < 0 || u.casualties < 0 || u.ops < 0 || u.guns < 0 || u.loadProgress < 0 ||
            u.moraleLoss < 0)
            return id + ": a negative count";
        if (u.figures + u.casualties != u.startFigures) // figures conserved: alive + casualties = set-up
            return id + ": " + std::to_string(u.figures) + " + " + std::to_string(u.casualties) +
                   " != " + std::to_string(u.startFigures);
        if (u.removed && u.figures != 0)
            return id + ": removed with figures";
    }
    for (const auto& l : s.leaders)
        if (l.attachedTo >= 0 && !omtb::inPlay(s.units[static_cast<std::size_t>(l.attachedTo)]))
            return l.id.str() + ": attached to a unit out of play";
    const Prompt p = g.prompt();
    if (p.kind == PromptKind::GameOver)
        return {};
    // Every question and dice request says what it is about (Prompt.h).
    if (p.tag().empty() || p.subjects().empty())
        return "prompt " + p.key() + " without a tag or subjects";
    if (p.dice && (p.dice->purpose.empty() || p.dice->ruleId.empty() || p.dice->side.empty()))
        return "dice " + p.key() + " without purpose, rule or side";
    for (const auto& u : s.units) {
        if (omtb::inPlay(u))
            continue;
        const std::string id = u.id.str();
        // Nothing is asked or rolled for a unit out of play, and it is never offered as a target or actor.
        if (p.key().rfind(id + ".", 0) == 0 || p.key().rfind(id + "-", 0) == 0)
            return "prompt " + p.key() + " for " + id + ", which is out of play";
        if (p.question)
            for (const auto& o : p.question->options)
                if (o.value == id)
                    return "question " + p.key() + " offers " + id + ", which is out of play";
    }
    return {};
}

struct Played {
    std::vector<Input> inputs;
    std::string violation;
    bool over = false;
    int turns = 0;
};

Played autoPlay(Game& g, std::uint64_t seed, std::size_t maxInputs) {
    Played out;
    VirtualDice dice(seed);
    while (out.inputs.size() < maxInputs) {
        const Prompt p = g.prompt();
        if (p.kind == PromptKind::GameOver) {
            out.over = true;
            break;
        }
        Input in;
        if (p.kind == PromptKind::Dice) {
            in = Input::dice(p.key(), dice.roll(*p.dice));
        } else {
            const auto& opts = p.question->options;
            in = Input::answer(
                p.key(), opts[static_cast<std::size_t>(dice.face(static_cast<int>(opts.size())) - 1)].value);
        }
        auto r = g.apply(in);
        if (!r) {
            out.violation = "rejected " + in.key + ": " + r.error().message;
            break;
        }
        out.inputs.push_back(in);
        if (auto v = checkInvariants(g); !v.empty()) {
            out.violation = v;
            break;
        }
    }
    out.turns = stateOf(g).turn;
    return out;
}

TEST(OmtbSoak, ThirtyTurnsTwentySeedsKeepTheInvariantsAndEnd) {
    const json doc = fallenTimbers(30);
    ASSERT_FALSE(doc.is_discarded());
    int ended = 0, wiped = 0, casualties = 0, offTable = 0, minTurns = 1000, maxTurns = 0;
    std::size_t inputs = 0;
    // MUSTER_SOAK_SEEDS=N plays seeds 1..N instead of 1..20 (a longer soak by hand; ctest keeps 20).
    const char* seedsEnv = std::getenv("MUSTER_SOAK_SEEDS");
    const std::uint64_t seeds =
        seedsEnv && std::atoi(seedsEnv) > 0 ? static_cast<std::uint64_t>(std::atoi(seedsEnv)) : 20;
    for (std::uint64_t seed = 1; seed <= seeds; ++seed) {
        auto game = startGame(doc);
        ASSERT_TRUE(game);
        const Played played = autoPlay(*game, seed, 400000);
        EXPECT_TRUE(played.violation.empty()) << "seed " << seed << ": " << played.violation;
        EXPECT_TRUE(played.over) << "seed " << seed << " did not end after " << played.inputs.size()
                                 << " inputs";
        ended += played.over ? 1 : 0;
        wiped += played.over && stateOf(*game).turn <= 30 ? 1 : 0;
        inputs += played.inputs.size();
        minTurns = std::min(minTurns, played.turns - 1);
        maxTurns = std::max(maxTurns, played.turns - 1);
        for (const auto& u : stateOf(*game).units) {
            casualties += u.casualties;
            offTable += u.offTable ? 1 : 0;
        }
        const auto tv = game->turnView();
        EXPECT_TRUE(tv.over);
        EXPECT_FALSE(tv.winner.empty());
    }
    EXPECT_EQ(ended, static_cast<int>(seeds));
    RecordProperty("inputs", static_cast<int>(inputs));
    RecordProperty("ended_early", wiped);
    std::cout << "[soak] " << seeds << " seeds x 30 turns: " << ended << " ended (" << wiped
              << " before turn 30; turns played " << minTurns << "-" << maxTurns << "), " << inputs
              << " inputs, " << casualties << " figures killed, " << offTable << " units routed off\n";
}

// The first alternative reading of every option at once, 1790-92 modifications and Fort Miamis included.
HouseRules alternatives() {
    HouseRules h;
    for (const auto& o : omtb::omtbRuleSet().options()) {
        if (o.isNumber())
            h.values[o.key] = std::to_string(o.min + 1);
        else if (o.choices.size() > 1)
            h.values[o.key] = o.choices[1].value;
    }
    return h;
}

TEST(OmtbSoak, EveryAlternativeReadingKeepsTheInvariantsToo) {
    const json doc = fallenTimbers(30);
    int ended = 0;
    for (std::uint64_t seed = 101; seed <= 105; ++seed) {
        auto game = startGame(doc, alternatives());
        ASSERT_TRUE(game);
        const Played played = autoPlay(*game, seed, 400000);
        EXPECT_TRUE(played.violation.empty()) << "seed " << seed << ": " << played.violation;
        ended += played.over ? 1 : 0;
    }
    EXPECT_EQ(ended, 5);
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
    EXPECT_EQ(engineVersion("omtb"), 1);
}

TEST(OmtbSoak, ReplayingTheInputsGivesAnEqualState) {
    const json doc = fallenTimbers(4);
    for (std::uint64_t seed : {3u, 11u}) {
        auto game = startGame(doc);
        ASSERT_TRUE(game);
        const Played played = autoPlay(*game, seed, 20000);
        ASSERT_TRUE(played.violation.empty()) << played.violation;
        auto oneByOne = startGame(doc);
        for (const auto& in : played.inputs)
            ASSERT_TRUE(oneByOne->apply(in));
        EXPECT_TRUE(oneByOne->sameState(*game));
        EXPECT_EQ(oneByOne->stateJson(), game->stateJson());
        auto batch = startGame(doc);
        std::size_t accepted = 0;
        ASSERT_TRUE(batch->applyAll(played.inputs, &accepted));
        EXPECT_EQ(accepted, played.inputs.size());
        EXPECT_TRUE(batch->sameState(*game));
        EXPECT_EQ(batch->stateJson(), game->stateJson());
        EXPECT_EQ(batch->prompt().key(), game->prompt().key());
        // A clone is the same game.
        auto copy = game->clone();
        EXPECT_TRUE(copy->sameState(*game));
    }
}

} // namespace
