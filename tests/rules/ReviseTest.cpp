// Fixing an earlier input (rules::revise, docs/journal.md "Fixing an earlier input"): the game folds again,
// the later inputs that still answer the refolded prompts are kept, the first that does not and those after
// it are set aside. Scripted MD cases with exact outcomes, and long seeded MD and OMTB games.
#include "TestSupport.h"
#include "rules/Engine.h"
#include "rules/core/Feed.h"
#include "rules/io/Json.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

using namespace muster::rules;

namespace {

Scenario s08Scenario() {
    auto s = io::parseScenario(R"({"name": "S08 revised", "rules": "md",
        "sides": [{"id": "us", "nation": "american"}, {"id": "mx", "nation": "mexican"}],
        "units": [
          {"id": "US-E", "side": "us", "type": "us_late_volunteer_infantry", "grade": "veteran", "rankAndFile": 26},
          {"id": "MEX-F", "side": "mx", "type": "mex_activo_infantry", "rankAndFile": 6},
          {"id": "US-G", "side": "us", "type": "us_volunteer_infantry", "rankAndFile": 20}]})",
                               "s08.json");
    EXPECT_TRUE(s) << (s ? "" : s.error().message);
    return s.value();
}

// The S08 charge as EngineTest plays it, as a list of inputs (answers by key, dice in order).
std::vector<Input> s08Inputs(const Scenario& scenario) {
    const std::map<std::string, std::string> answers{
        {"US-E.order", "charge"}, {"US-E.charge_target", "MEX-F"},  {"MEX-F.order", "first_fire"},
        {"US-G.order", "hold"},   {"US-E.aspect", "flank_or_rear"}, {"MEX-F.split", "single"},
        {"MEX-F.target", "US-G"}, {"MEX-F.range", "medium"},        {"MEX-F.cover", "none"},
        {"US-E.contact", "halt"}};
    const std::vector<int> dice{2, 4, 6, 2, 1, 12, 1, 3, 4, 2, 1};
    auto e = Engine::create(scenario);
    EXPECT_TRUE(e);
    std::size_t next = 0;
    while (!e->gameOver()) {
        const Prompt p = e->prompt();
        if (p.kind == PromptKind::Question) {
            EXPECT_TRUE(e->apply(Input::answer(p.question->key, answers.at(p.question->key))));
            continue;
        }
        if (next + static_cast<std::size_t>(p.dice->count) > dice.size())
            break;
        std::vector<int> faces(dice.begin() + static_cast<long>(next),
                               dice.begin() + static_cast<long>(next) + p.dice->count);
        next += static_cast<std::size_t>(p.dice->count);
        EXPECT_TRUE(e->apply(Input::dice(p.dice->id, faces, DiceSource::Typed)));
    }
    return e->inputs();
}

std::size_t indexOfKey(const std::vector<Input>& inputs, const std::string& key) {
    for (std::size_t i = 0; i < inputs.size(); ++i)
        if (inputs[i].key == key)
            return i;
    ADD_FAILURE() << "no input " << key;
    return 0;
}

bool sameInput(const Input& a, const Input& b) {
    return a.kind == b.kind && a.key == b.key && a.value == b.value && a.faces == b.faces;
}

// What every revision must satisfy, whatever the game: the kept inputs are the old ones with the one
// replaced, in order; the first set-aside input does not answer the refolded prompt; the refolded game is
// the replay of the kept inputs.
void expectSurvivalRules(const Engine& fresh, const std::vector<Input>& inputs, std::size_t index,
                         const Input& replacement, const Revision& r) {
    ASSERT_GE(r.kept, index + 1);
    ASSERT_LE(r.kept, inputs.size());
    const auto& kept = r.engine.inputs();
    ASSERT_EQ(kept.size(), r.kept);
    for (std::size_t i = 0; i < r.kept; ++i)
        EXPECT_TRUE(sameInput(kept[i], i == index ? replacement : inputs[i])) << "input " << i;
    if (r.kept < inputs.size()) {
        EXPECT_TRUE(checkAnswers(r.engine.prompt(), inputs[r.kept]).has_value())
            << "input " << r.kept << " (" << inputs[r.kept].key << ") was set aside but still fits";
    }
    Engine again = fresh;
    ASSERT_TRUE(again.applyAll(kept));
    EXPECT_TRUE(again.sameState(r.engine));
}

// The S08 journal, 18 inputs: 0-4 orders and the charge's aspect, 5-6 charge and stand tests, 7 MEX-F.split,
// 8 MEX-F.target (US-G), 9 MEX-F.range (medium), 10 MEX-F.cover (none), 11 MEX-F.pool (6 2 1: one hit), 12
// MEX-F.alloc1 (12 on a d21), 13 US-G.dl, 14 MEX-F.retire, 15 US-E.charge_move, 16 US-E.contact, 17 US-E.dl.
struct S08 {
    Scenario scenario = s08Scenario();
    std::vector<Input> inputs = s08Inputs(scenario);
    Engine fresh = Engine::create(scenario).value();

    Revision fix(const std::string& key, const std::string& value) {
        const std::size_t at = indexOfKey(inputs, key);
        const Input fixed = Input::answer(key, value);
        auto r = revise(fresh, inputs, at, fixed);
        EXPECT_TRUE(r) << r.error().message;
        expectSurvivalRules(fresh, inputs, at, fixed, *r);
        return std::move(r.value());
    }
    int casualties(const Engine& e, const std::string& unit) const {
        const auto& st = test::mdState(e);
        return st.units[static_cast<std::size_t>(st.unitIndex(unit))].casualties;
    }
};

TEST(Revise, TheS08JournalIsWhatTheCasesBelowAssume) {
    S08 g;
    ASSERT_EQ(g.inputs.size(), 18u);
    EXPECT_EQ(g.inputs[9].key, "MEX-F.range");
    EXPECT_EQ(g.inputs[11].key, "MEX-F.pool");
    EXPECT_EQ(g.inputs[11].faces, (std::vector<int>{6, 2, 1}));
    EXPECT_EQ(g.inputs[12].key, "MEX-F.alloc1");
    EXPECT_EQ(g.inputs[13].key, "US-G.dl");
    EXPECT_EQ(g.casualties(*Engine::replay(g.scenario, {}, g.inputs), "US-G"), 1);
}

TEST(Revise, RangeFixedFromMediumToLongSetsAsideTheVolley_MD_FIRE_04) {
    // MD-FIRE-04: MEX-F has 6 firing figures: 3 dice at medium range, 2 at long (Mexicans round down). The
    // volley of 3 no longer answers the request for 2, so it and everything after it are set aside, and play
    // resumes at the volley of 2.
    S08 g;
    const Revision r = g.fix("MEX-F.range", "long");
    EXPECT_EQ(r.kept, 11u);
    ASSERT_TRUE(r.engine.prompt().dice);
    EXPECT_EQ(r.engine.prompt().dice->id, "MEX-F.pool");
    EXPECT_EQ(r.engine.prompt().dice->count, 2);
    EXPECT_EQ(g.casualties(r.engine, "US-G"), 0);
}

TEST(Revise, CoverFixedBeforeTheVolleyKeepsTheVolley_MD_COVER_01) {
    // MD-COVER-01: US-G's cover fixed from none to tall grass. The volley (same key, 3d6) still fits and is
    // kept with its hit; the refolded game now asks a saving throw for that hit, which the casualty draw
    // that followed does not answer: the draw and everything after it are set aside.
    S08 g;
    const Revision r = g.fix("MEX-F.cover", "tall_grass_trees_brush");
    EXPECT_EQ(r.kept, 12u);
    ASSERT_TRUE(r.engine.prompt().dice);
    EXPECT_EQ(r.engine.prompt().dice->id, "MEX-F.save");
    EXPECT_EQ(r.engine.prompt().dice->count, 1);
}

TEST(Revise, TargetFixedKeepsTheThrowsThatStillFit_MD_FIRE_08) {
    // MD-FIRE-08: MEX-F's target fixed from US-G to US-E. Range, cover, the volley and the casualty draw
    // (12 on a d21 before, still a legal face of US-E's larger draw) keep their keys and still fit, so they
    // are kept and the casualty falls on US-E; the DL die was US-G's, and the refolded game asks US-E's.
    S08 g;
    const Revision r = g.fix("MEX-F.target", "US-E");
    EXPECT_EQ(r.kept, 13u);
    EXPECT_EQ(r.engine.prompt().key(), "US-E.dl");
    EXPECT_EQ(g.casualties(r.engine, "US-E"), 1);
    EXPECT_EQ(g.casualties(r.engine, "US-G"), 0);
}

TEST(Revise, AnOrderFixedSetsAsideTheInputsThatNoLongerFit_MD_ORD_01) {
    // MD-ORD-01: US-E's order changed from charge to hold. The next input answered "US-E.charge_target",
    // which the refolded game no longer asks: it and every input after it are set aside (even those that
    // would fit again later), and play resumes at the prompt the refolded game asks instead (MEX-F's order).
    S08 g;
    const Revision r = g.fix("US-E.order", "hold");
    EXPECT_EQ(r.kept, 1u);
    EXPECT_EQ(r.engine.prompt().key(), "MEX-F.order");
}

TEST(Revise, AThrowFixedTwoThrowsBackToMissesSetsAsideTheCasualtyDraw_MD_FIRE_05) {
    // MD-FIRE-05: the volley 6 2 1 (one hit) fixed to 1 1 1: no hit, so no casualty draw and no fire DL are
    // asked; the draw is set aside with everything after it and play resumes at MEX-F's retire.
    S08 g;
    Input fixed = g.inputs[11];
    fixed.faces = {1, 1, 1};
    auto r = revise(g.fresh, g.inputs, 11, fixed);
    ASSERT_TRUE(r) << r.error().message;
    expectSurvivalRules(g.fresh, g.inputs, 11, fixed, *r);
    EXPECT_EQ(r->kept, 12u);
    EXPECT_EQ(r->engine.prompt().key(), "MEX-F.retire");
    EXPECT_EQ(g.casualties(r->engine, "US-G"), 0);
}

TEST(Revise, RefusesAReplacementThatDoesNotAnswerItsPrompt) {
    S08 g;
    auto bad = revise(g.fresh, g.inputs, 0, Input::answer("US-E.order", "dance"));
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().message.find("does not fit"), std::string::npos) << bad.error().message;
    EXPECT_FALSE(revise(g.fresh, g.inputs, 0, Input::answer("US-G.order", "hold")));
    EXPECT_FALSE(revise(g.fresh, g.inputs, g.inputs.size(), Input::answer("US-E.order", "hold")));
    Input tooMany = g.inputs[11];
    tooMany.faces = {6, 6, 6, 6};
    EXPECT_FALSE(revise(g.fresh, g.inputs, 11, tooMany)); // MD-FIRE-04 asked 3 dice
}

// Every answer of a long seeded game fixed in turn to another option: the survival rules hold at each.
void reviseEveryFewAnswers(const Scenario& sc, std::uint64_t seed, int turns, std::size_t stride,
                           int* revisions, int* keptAll, int* setAside) {
    auto fresh = Engine::create(sc);
    ASSERT_TRUE(fresh) << fresh.error().message;
    Engine played = *fresh;
    const auto inputs = test::autoPlay(played, seed, turns);
    ASSERT_GT(inputs.size(), 100u);
    // The prompt each input answered, from one pass.
    std::vector<Prompt> prompts;
    Engine walk = *fresh;
    for (const Input& in : inputs) {
        prompts.push_back(walk.prompt());
        ASSERT_TRUE(walk.apply(in));
    }
    for (std::size_t i = 0; i < inputs.size(); i += stride) {
        if (!prompts[i].question || prompts[i].question->options.size() < 2)
            continue;
        std::string other;
        for (const Option& o : prompts[i].question->options)
            if (o.value != inputs[i].value)
                other = o.value;
        const Input fixed = Input::answer(inputs[i].key, other);
        auto r = revise(*fresh, inputs, i, fixed);
        ASSERT_TRUE(r) << "input " << i << ": " << r.error().message;
        expectSurvivalRules(*fresh, inputs, i, fixed, *r);
        ++*revisions;
        if (r->kept == inputs.size())
            ++*keptAll;
        else
            ++*setAside;
    }
}

TEST(Revise, LongMdGameEveryFixedAnswerKeepsWhatStillFits_MD_SEQ_02) {
    // MD-SEQ-02: a 6-turn game of the large scenario; every 7th input that answers a question is fixed.
    int revisions = 0, keptAll = 0, setAside = 0;
    reviseEveryFewAnswers(test::loadScenarioOrDie("md_large.json"), 20261202, 6, 7, &revisions, &keptAll,
                          &setAside);
    EXPECT_GT(revisions, 20);
    // Both outcomes occur in a long game: fixes whose later inputs all still fit, and fixes that part ways.
    EXPECT_GT(keptAll, 0);
    EXPECT_GT(setAside, 0);
}

Scenario omtbScenario(int turns) {
    std::ifstream in(std::string(MUSTER_SCENARIO_DIR) + "/omtb_fallen_timbers.json");
    std::stringstream text;
    text << in.rdbuf();
    auto s = io::parseScenario(text.str(), "omtb_fallen_timbers.json");
    EXPECT_TRUE(s) << (s ? "" : s.error().message);
    Scenario sc = s.value();
    sc.turns = turns;
    return sc;
}

TEST(Revise, LongOmtbGameEveryFixedAnswerKeepsWhatStillFits_OMTB_SEQ_01) {
    // OMTB-SEQ-01: a Fallen Timbers game through the same public engine; every 5th input that answers a
    // question is fixed.
    int revisions = 0, keptAll = 0, setAside = 0;
    reviseEveryFewAnswers(omtbScenario(6), 7, 6, 5, &revisions, &keptAll, &setAside);
    EXPECT_GT(revisions, 10);
    EXPECT_GT(setAside, 0);
}

} // namespace
