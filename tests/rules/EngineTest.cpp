// The engine through its prompts: orders, rejection of wrong inputs, determinism and replay.
#include "rules/Engine.h"

#include "TestSupport.h"
#include "rules/VirtualDice.h"
#include "rules/io/Json.h"
#include "rules/md/Options.h"
#include "rules/md/io/Json.h"

#include <gtest/gtest.h>

#include <map>

using namespace muster::rules;

namespace {

// Answers prompts from a script until the scripted dice run out: questions by key, dice in consumption order.
void driveScript(Engine& e, const std::map<std::string, std::string>& answers, const std::vector<int>& dice) {
    std::size_t next = 0;
    for (int guard = 0; guard < 1000 && !e.gameOver(); ++guard) {
        const Prompt p = e.prompt();
        if (p.kind == PromptKind::Question) {
            auto it = answers.find(p.question->key);
            ASSERT_NE(it, answers.end()) << "no scripted answer for " << p.question->key;
            ASSERT_TRUE(e.apply(Input::answer(p.question->key, it->second)));
            continue;
        }
        if (next + static_cast<std::size_t>(p.dice->count) > dice.size())
            return; // the script ends here
        std::vector<int> faces(dice.begin() + static_cast<long>(next),
                               dice.begin() + static_cast<long>(next) + p.dice->count);
        next += static_cast<std::size_t>(p.dice->count);
        auto r = e.apply(Input::dice(p.dice->id, faces, DiceSource::Typed));
        ASSERT_TRUE(r) << r.error().message;
    }
}

Scenario s08Scenario() {
    auto s = io::parseScenario(R"({"name": "S08 through the engine", "rules": "md",
        "sides": [{"id": "us", "nation": "american"}, {"id": "mx", "nation": "mexican"}],
        "units": [
          {"id": "US-E", "side": "us", "type": "us_late_volunteer_infantry", "grade": "veteran", "rankAndFile": 26},
          {"id": "MEX-F", "side": "mx", "type": "mex_activo_infantry", "rankAndFile": 6},
          {"id": "US-G", "side": "us", "type": "us_volunteer_infantry", "rankAndFile": 20}]})",
                               "s08.json");
    EXPECT_TRUE(s) << (s ? "" : s.error().message);
    return s.value();
}

// The table's answers in the S08 charge.
std::map<std::string, std::string> s08Answers() {
    return {{"US-E.order", "charge"}, {"US-E.charge_target", "MEX-F"},  {"MEX-F.order", "first_fire"},
            {"US-G.order", "hold"},   {"US-E.aspect", "flank_or_rear"}, {"MEX-F.split", "single"},
            {"MEX-F.target", "US-G"}, {"MEX-F.range", "medium"},        {"MEX-F.cover", "none"},
            {"US-E.contact", "halt"}};
}

TEST(Engine, WorkedCaseS08ThroughThePrompts) {
    // MD-SEQ-02..05, MD-CHG-01..07, MD-CHG-13: the S08 charge, played as a table would, prompt by prompt.
    auto e = Engine::create(s08Scenario());
    ASSERT_TRUE(e);
    driveScript(*e, s08Answers(), {2, 4, 6, 2, 1, 12, 1, 3, 4, 2, 1});
    // The script ends where US-G, holding with 2 DLs, is asked for its recovery die.
    ASSERT_EQ(e->prompt().kind, PromptKind::Dice);
    EXPECT_EQ(e->prompt().dice->id, "US-G.recovery");
    const auto& st = test::mdState(*e);
    const auto& usE = st.units[static_cast<std::size_t>(st.unitIndex("US-E"))];
    const auto& mexF = st.units[static_cast<std::size_t>(st.unitIndex("MEX-F"))];
    const auto& usG = st.units[static_cast<std::size_t>(st.unitIndex("US-G"))];
    EXPECT_EQ(mexF.rf, 6);
    EXPECT_FALSE(mexF.formed);
    EXPECT_EQ(mexF.retireDistance, 7);
    EXPECT_EQ(usG.rf, 17);
    EXPECT_EQ(usG.dlRf, 2);
    EXPECT_EQ(usG.casualties, 1);
    EXPECT_EQ(usE.rf, 25);
    EXPECT_EQ(usE.dlRf, 1);
    EXPECT_TRUE(usE.formed);
    EXPECT_EQ(usE.moveDistance, 10);
    // The journal replays to the same state.
    auto again = Engine::replay(s08Scenario(), {}, e->inputs());
    ASSERT_TRUE(again);
    EXPECT_EQ(test::mdState(*again), test::mdState(*e));
}

TEST(Engine, StartsWithAnOrderQuestionForTheFirstUnit) {
    // MD-SEQ-02, MD-ORD-01: the first prompt is the order chit of the first unit listed.
    auto e = Engine::create(test::loadScenarioOrDie("md_small.json"));
    ASSERT_TRUE(e) << e.error().message;
    const Prompt p = e->prompt();
    ASSERT_EQ(p.kind, PromptKind::Question);
    EXPECT_EQ(p.phase, "orders");
    EXPECT_EQ(p.turn, 1);
    EXPECT_EQ(p.question->key, "US-5INF.order");
    EXPECT_EQ(p.question->ruleId, "MD-ORD-01");
    EXPECT_EQ(p.question->options.front().value, "hold");
}

TEST(Engine, RejectsInputThatDoesNotAnswerThePromptAndKeepsTheState) {
    auto e = Engine::create(test::loadScenarioOrDie("md_small.json"));
    ASSERT_TRUE(e);
    const std::string before = md::io::toJson(test::mdState(*e)).dump();
    EXPECT_FALSE(e->apply(Input::answer("US-TXVOL.order", "hold"))); // wrong key
    EXPECT_FALSE(e->apply(Input::answer("US-5INF.order", "dance"))); // not an option
    EXPECT_FALSE(e->apply(Input::dice("US-5INF.order", {3})));       // dice for a question
    EXPECT_EQ(md::io::toJson(test::mdState(*e)).dump(), before);
    EXPECT_TRUE(e->inputs().empty());
    EXPECT_TRUE(e->apply(Input::answer("US-5INF.order", "hold")));
    EXPECT_EQ(e->prompt().question->key, "US-TXVOL.order");
}

TEST(Engine, RejectsWrongDiceCountsAndFaces) {
    auto e = Engine::create(test::loadScenarioOrDie("md_small.json"));
    ASSERT_TRUE(e);
    // US-5INF moves: hold everything else, then the move dice are asked for in the movement phase.
    ASSERT_TRUE(e->apply(Input::answer("US-5INF.order", "move")));
    while (e->prompt().kind == PromptKind::Question && e->prompt().phase == "orders")
        ASSERT_TRUE(e->apply(Input::answer(e->prompt().question->key, "hold")));
    const Prompt p = e->prompt();
    ASSERT_EQ(p.kind, PromptKind::Dice);
    EXPECT_EQ(p.dice->id, "US-5INF.move");
    EXPECT_EQ(p.dice->count, 1);
    EXPECT_EQ(p.dice->ruleId, "MD-MOVE-01");
    EXPECT_FALSE(e->apply(Input::dice("US-5INF.move", {3, 4})));
    EXPECT_FALSE(e->apply(Input::dice("US-5INF.move", {7})));
    EXPECT_FALSE(e->apply(Input::dice("US-5INF.move", {0})));
    EXPECT_TRUE(e->apply(Input::dice("US-5INF.move", {3}, DiceSource::Typed)));
    // Elite U.S. line: 1d6+4 = 7", then the movement DL (MD-DL-04) 1d6-1.
    EXPECT_EQ(test::mdState(*e).units[0].moveDistance, 7);
    ASSERT_EQ(e->prompt().kind, PromptKind::Dice);
    EXPECT_EQ(e->prompt().dice->id, "US-5INF.dl");
    ASSERT_TRUE(e->apply(Input::dice("US-5INF.dl", {4})));
    EXPECT_EQ(test::mdState(*e).units[0].dlRf, 3);
    EXPECT_EQ(test::mdState(*e).units[0].rf, 27);
}

TEST(Engine, ATypedZeroOnAD10IsTenAndNothingElseChanges) {
    // GEN-01: a d10 face printed "0" counts as 10; the keypad and the command line both read it through
    // typedFaces.
    EXPECT_EQ(typedFaces({0, 3, 10}, 10), (std::vector<int>{10, 3, 10}));
    EXPECT_EQ(typedFaces({0, 3}, 6), (std::vector<int>{0, 3})); // a d6 has no 0: the engine refuses it
    EXPECT_EQ(typedFaces({0, 20}, 20), (std::vector<int>{0, 20}));
}

TEST(Engine, AutoPlayOfTheLargeScenarioReplaysToTheSameState) {
    // Determinism: 12 turns with VirtualDice + AutoTable, then the recorded inputs replayed into a fresh
    // engine.
    const Scenario scenario = test::loadScenarioOrDie("md_large.json");
    auto e = Engine::create(scenario);
    ASSERT_TRUE(e) << e.error().message;
    const auto inputs = test::autoPlay(*e, 20261130, 12);
    EXPECT_GT(inputs.size(), 500u);
    EXPECT_GE(test::mdState(*e).turn, 12);
    auto replayed = Engine::replay(scenario, {}, inputs);
    ASSERT_TRUE(replayed) << replayed.error().message;
    EXPECT_EQ(md::io::toJson(test::mdState(*replayed)).dump(), md::io::toJson(test::mdState(*e)).dump());
    EXPECT_EQ(test::mdState(*replayed), test::mdState(*e));
}

TEST(Engine, DifferentSeedsGiveDifferentGamesAndSameSeedTheSame) {
    const Scenario scenario = test::loadScenarioOrDie("md_small.json");
    auto a = Engine::create(scenario);
    auto b = Engine::create(scenario);
    auto c = Engine::create(scenario);
    test::autoPlay(*a, 7, 3);
    test::autoPlay(*b, 7, 3);
    test::autoPlay(*c, 8, 3);
    EXPECT_EQ(test::mdState(*a), test::mdState(*b));
    EXPECT_NE(md::io::toJson(test::mdState(*a)).dump(), md::io::toJson(test::mdState(*c)).dump());
}

TEST(Engine, StateJsonRoundTrips) {
    auto e = Engine::create(test::loadScenarioOrDie("md_large.json"));
    ASSERT_TRUE(e);
    test::autoPlay(*e, 99, 2);
    auto j = md::io::toJson(test::mdState(*e));
    auto back = md::io::stateFromJson(j);
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(back.value(), test::mdState(*e));
}

TEST(Engine, SoakWithRandomHouseRulesEndsAndReplays) {
    // 24 seeded games of both scenarios, each with every option set to a random legal alternative: every game
    // must end, accept only legal inputs, and replay to the same state.
    const Scenario scenarios[2] = {test::loadScenarioOrDie("md_small.json"),
                                   test::loadScenarioOrDie("md_large.json")};
    VirtualDice pick(424242);
    for (int game = 0; game < 24; ++game) {
        Scenario sc = scenarios[game % 2];
        sc.turns = game % 2 ? 4 : 8;
        HouseRules h;
        for (const auto& spec : md::optionRegister()) {
            if (!spec.choices.empty())
                h.values[spec.key] = spec.choices[static_cast<std::size_t>(
                                                      pick.face(static_cast<int>(spec.choices.size())) - 1)]
                                         .value;
        }
        auto e = Engine::create(sc, h);
        ASSERT_TRUE(e) << e.error().message;
        const auto inputs = test::autoPlay(*e, 1000 + static_cast<std::uint64_t>(game), 1000);
        EXPECT_TRUE(e->gameOver()) << "game " << game;
        auto again = Engine::replay(sc, h, inputs);
        ASSERT_TRUE(again) << again.error().message;
        EXPECT_EQ(test::mdState(*again), test::mdState(*e)) << "game " << game;
    }
}

TEST(Engine, GameEndsAfterTheScenarioTurns) {
    auto e = Engine::create(test::loadScenarioOrDie("md_small.json"));
    ASSERT_TRUE(e);
    test::autoPlay(*e, 5, 100);
    EXPECT_TRUE(e->gameOver());
    EXPECT_EQ(e->prompt().kind, PromptKind::GameOver);
    EXPECT_FALSE(test::mdState(*e).winner.empty());
    EXPECT_FALSE(e->apply(Input::answer("x", "y")));
}

} // namespace

namespace {

TEST(Engine, CasualtyDrawsAreMarkedForTheAppWithWhatEachFacePicks_MD_CAS_02) {
    // MD-CAS-02: the dN draw for which figure falls is made by no die on the table: the request is marked for
    // the app to draw (DiceRequest::appDraws) and says what each face picks, officers first. The engine still
    // takes the faces from any source (scripted here as before).
    auto e = Engine::create(s08Scenario());
    ASSERT_TRUE(e);
    driveScript(*e, s08Answers(), {2, 4, 6, 2, 1});
    const Prompt p = e->prompt();
    ASSERT_TRUE(p.dice);
    EXPECT_EQ(p.dice->id, "MEX-F.alloc1");
    EXPECT_EQ(p.dice->ruleId, "MD-CAS-02");
    EXPECT_TRUE(p.dice->appDraws);
    ASSERT_EQ(p.dice->faceWords.size(), static_cast<std::size_t>(p.dice->sides));
    EXPECT_EQ(p.dice->sides, 21);
    EXPECT_EQ(p.dice->faceWords[0], "the 1st officer");
    EXPECT_EQ(p.dice->faceWords[1], "rank and file");
    EXPECT_EQ(io::toJson(p)["dice"]["appDraws"], true);
    // A thrown die is not marked.
    auto first = Engine::create(s08Scenario());
    driveScript(*first,
                {{"US-E.order", "charge"},
                 {"US-E.charge_target", "MEX-F"},
                 {"MEX-F.order", "first_fire"},
                 {"US-G.order", "hold"},
                 {"US-E.aspect", "flank_or_rear"}},
                {});
    ASSERT_TRUE(first->prompt().dice);
    EXPECT_FALSE(first->prompt().dice->appDraws);
    EXPECT_FALSE(io::toJson(first->prompt())["dice"].contains("appDraws"));
    // The casualty draw applied as scripted: the 12 kills a rank-and-file figure, and the sentence says so.
    ASSERT_TRUE(e->apply(Input::dice("MEX-F.alloc1", {12}, DiceSource::Typed)));
    ASSERT_FALSE(e->events().empty());
    EXPECT_EQ(e->events().front(), "MEX-F fires at US-G: 1 hit; 1 casualty: 1 rank and file.");
}

} // namespace
