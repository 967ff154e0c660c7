// JSON I/O: scenario files (good and bad), journal inputs, prompts and house rules.
#include "rules/io/Json.h"

#include "TestSupport.h"
#include "rules/Engine.h"
#include "rules/io/JsonReader.h"
#include "rules/md/Scenario.h"
#include "rules/md/io/Json.h"

#include <gtest/gtest.h>

using namespace muster::rules;

namespace {

std::string badFile(const std::string& name) {
    return std::string(MUSTER_RULES_TEST_DATA) + "/bad/" + name;
}

void expectMentions(const std::string& message, std::initializer_list<const char*> parts) {
    for (const char* p : parts)
        EXPECT_NE(message.find(p), std::string::npos) << "'" << p << "' not in: " << message;
}

TEST(ScenarioFile, ShippedScenariosLoadAndTheLargeOneIsLarge) {
    const Scenario small = test::loadScenarioOrDie("md_small.json");
    EXPECT_EQ(small.ruleSet, "md");
    EXPECT_GE(md::scenarioData(small).value()->units.size(), 6u);
    const Scenario large = test::loadScenarioOrDie("md_large.json");
    EXPECT_GE(md::scenarioData(large).value()->units.size(), 30u);
    auto e = Engine::create(large);
    ASSERT_TRUE(e) << e.error().message;
    int figures = 0; // officers + rank and file + a musician and a standard per unit (MD-ORG-01..04)
    for (const auto& u : test::mdState(*e).units)
        figures += u.officers + u.rf + (u.arm == md::Arm::Artillery ? 0 : 2);
    EXPECT_GE(figures, 1000);
}

TEST(ScenarioFile, MalformedJsonNamesTheFileAndThePosition) {
    auto r = io::loadScenario(badFile("malformed.json"));
    ASSERT_FALSE(r);
    expectMentions(r.error().message, {"malformed.json", "malformed JSON", "byte"});
}

// Found by the scenario fuzzer: a number beyond a double's range is nlohmann's out_of_range 406, not a
// parse_error, and escaped the reader's catch.
TEST(ScenarioFile, NumberBeyondADoubleIsAnErrorNotAnAbort) {
    auto r = io::parseScenario(R"({"rules":"md","units":[{"x":111111111111e1111111111111111111111}]})",
                               "big.json");
    ASSERT_FALSE(r);
    expectMentions(r.error().message, {"big.json", "malformed JSON", "number overflow"});
}

TEST(ScenarioFile, MissingFieldNamesTheFileTheFieldAndTheProblem) {
    auto r = io::loadScenario(badFile("missing_field.json"));
    ASSERT_FALSE(r);
    expectMentions(r.error().message, {"missing_field.json", "units[1].side", "missing required field"});
}

TEST(ScenarioFile, WrongTypeNamesTheFileTheFieldAndTheProblem) {
    auto r = io::loadScenario(badFile("wrong_type.json"));
    ASSERT_FALSE(r);
    expectMentions(r.error().message,
                   {"wrong_type.json", "units[0].officers", "expected an integer", "string"});
}

TEST(ScenarioFile, UnknownUnitTypeNamesTheFileTheFieldAndTheProblem) {
    auto r = io::loadScenario(badFile("unknown_unit_type.json"));
    ASSERT_FALSE(r);
    expectMentions(r.error().message, {"unknown_unit_type.json", "units[1].type",
                                       "unknown unit type 'mex_camel_corps'", "mex_lancers"});
}

TEST(ScenarioFile, BadHouseRuleIsRejectedWhenTheGameIsCreated) {
    auto s = io::loadScenario(badFile("bad_house_rule.json"));
    ASSERT_TRUE(s) << s.error().message;
    auto e = Engine::create(s.value());
    ASSERT_FALSE(e);
    expectMentions(e.error().message, {"md.cav_officers", "two", "by_grade"});
}

TEST(ScenarioFile, MissingFileIsAnErrorNotAnException) {
    auto r = io::loadScenario(badFile("no_such_file.json"));
    ASSERT_FALSE(r);
    expectMentions(r.error().message, {"no_such_file.json", "cannot open"});
}

TEST(ScenarioFile, IdsAndNamesWithControlCharactersOrDirectionMarksAreRefusedAndEscaped) {
    // Issue 46: a unit id holding a NUL or a right-to-left override was accepted (an id that reads as another
    // on screen), and messages echoed the raw bytes.
    const std::string rlo = "\u202e";
    auto md = io::parseScenario(R"({"name":"x","rules":"md","sides":[{"id":"us","nation":"american"},
        {"id":"mx","nation":"mexican"}],"units":[{"id":"US-)" +
                                    rlo + R"(FNI5","side":"us","type":"us_regular_infantry"}]})",
                                "rlo.json");
    ASSERT_FALSE(md);
    expectMentions(md.error().message, {"rlo.json", "units[0].id", "\\u202e", "text-direction mark"});
    EXPECT_EQ(md.error().message.find(rlo), std::string::npos) << "the raw mark reached the message";
    auto nul =
        io::parseScenario(std::string(R"({"name":"x","rules":"md","sides":[{"id":"us","nation":"american"},
        {"id":"mx","nation":"mexican"}],"units":[{"id":"US\u0000A","side":"us","type":"us_regular_infantry"}]})"),
                          "nul.json");
    ASSERT_FALSE(nul);
    expectMentions(nul.error().message, {"nul.json", "units[0].id", "\\x00", "control character"});
    for (const char* rules : {"omtb", "sd"}) {
        const std::string text = std::string(R"({"name":"tab\tname","rules":")") + rules + R"("})";
        auto r = io::parseScenario(text, std::string("tab.json"));
        ASSERT_FALSE(r) << rules;
        expectMentions(r.error().message, {"tab.json", "name", "\\x09"});
        EXPECT_EQ(r.error().message.find('\t'), std::string::npos) << r.error().message;
    }
    // What a message shows of any text: escapes, and everything else as it is.
    EXPECT_EQ(io::escapedText(std::string("a\0b\x1b[31m", 8) + rlo + "é"), "a\\x00b\\x1b[31m\\u202eé");
    EXPECT_EQ(io::escapedText("\xff\xfe ok"), "\\xff\\xfe ok");
    EXPECT_EQ(io::forbiddenCharacter("US-5INF"), "");
    EXPECT_EQ(io::forbiddenCharacter("Tampico Battalion, 2º"), "");
}

TEST(ScenarioFile, MoreProblemsAreNamed) {
    auto wrongSides = io::parseScenario(R"({"name":"x","rules":"md","sides":[{"id":"us","nation":"american"}],
        "units":[{"id":"A","side":"us","type":"us_regular_infantry"}]})",
                                        "one_side.json");
    ASSERT_FALSE(wrongSides);
    expectMentions(wrongSides.error().message, {"one_side.json", "sides", "exactly 2"});
    auto otherRules =
        io::parseScenario(R"({"name":"x","rules":"chess","sides":[],"units":[]})", "chess.json");
    ASSERT_FALSE(otherRules);
    expectMentions(otherRules.error().message, {"chess.json", "rules", "unknown rule set 'chess'", "md"});
    auto wrongNation = io::parseScenario(R"({"name":"x","rules":"md",
        "sides":[{"id":"us","nation":"american"},{"id":"mx","nation":"mexican"}],
        "units":[{"id":"A","side":"us","type":"mex_activo_infantry"},{"id":"B","side":"mx","type":"mex_activo_infantry"}]})",
                                         "nation.json");
    ASSERT_TRUE(wrongNation); // the file is well formed; the engine refuses the mismatch
    auto e = Engine::create(wrongNation.value());
    ASSERT_FALSE(e);
    expectMentions(e.error().message, {"nation.json", "units[0].type", "nation"});
}

TEST(JournalJson, InputsRoundTrip) {
    Input a = Input::answer("US-A.order", "fire", "alice");
    Input d = Input::dice("US-A.pool", {6, 4, 5}, DiceSource::Camera, "bob");
    for (const Input& in : {a, d}) {
        auto back = io::inputFromJson(io::toJson(in));
        ASSERT_TRUE(back) << back.error().message;
        EXPECT_EQ(back->kind, in.kind);
        EXPECT_EQ(back->key, in.key);
        EXPECT_EQ(back->value, in.value);
        EXPECT_EQ(back->faces, in.faces);
        EXPECT_EQ(back->source, in.source);
        EXPECT_EQ(back->player, in.player);
    }
    auto bad = io::inputFromJson(nlohmann::json{{"kind", "dice"}, {"key", "x"}, {"faces", {1, "two"}}});
    ASSERT_FALSE(bad);
    expectMentions(bad.error().message, {"input.faces", "integers"});
}

TEST(JournalJson, PromptsRoundTrip) {
    auto e = Engine::create(test::loadScenarioOrDie("md_small.json"));
    ASSERT_TRUE(e);
    const Prompt p = e->prompt();
    auto back = io::promptFromJson(io::toJson(p));
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(io::toJson(back.value()), io::toJson(p));
    EXPECT_EQ(back->question->options.size(), p.question->options.size());
}

TEST(JournalJson, HouseRulesRoundTripAndAreStoredInTheState) {
    HouseRules h;
    h.values["md.cav_officers"] = "by_grade";
    auto back = io::houseRulesFromJson(io::toJson(h));
    ASSERT_TRUE(back);
    EXPECT_EQ(back.value(), h);
    auto e = Engine::create(test::loadScenarioOrDie("md_small.json"), h);
    ASSERT_TRUE(e);
    // GEN-08: the state carries every md.* key with the value in force.
    const auto j = md::io::toJson(test::mdState(*e));
    EXPECT_EQ(j["houseRules"].size(), 46u);
    EXPECT_EQ(j["houseRules"]["md.cav_officers"], "by_grade");
    EXPECT_EQ(j["houseRules"]["md.melee_rounds"], "until_decided");
}

// A small MD scenario document with a start block, for the start-block tests below.
nlohmann::json startDoc(const nlohmann::json& start) {
    return {{"name", "start"},
            {"rules", "md"},
            {"turns", 5},
            {"sides", {{{"id", "us"}, {"nation", "american"}}, {{"id", "mx"}, {"nation", "mexican"}}}},
            {"units",
             {{{"id", "US-A"}, {"side", "us"}, {"type", "us_regular_infantry"}},
              {{"id", "MX-A"}, {"side", "mx"}, {"type", "mex_activo_infantry"}}}},
            {"start", start}};
}

Result<Scenario> readStart(const nlohmann::json& start) {
    return md::io::scenarioFromJson(startDoc(start), "start.json");
}

TEST(ScenarioStart, BadStartBlocksNameTheField) {
    struct Bad {
        nlohmann::json start;
        std::vector<const char*> mentions;
    };
    const std::vector<Bad> bad = {
        {{{"phase", "volley"}}, {"start.json", "start.phase", "unknown phase 'volley'"}},
        {{{"turn", 9}}, {"start.turn", "outside 1..5"}},
        {{{"units", {{"US-Z", {{"order", "fire"}}}}}}, {"start.units.US-Z", "no unit 'US-Z'"}},
        {{{"units", {{"US-A", {{"order", "volley"}}}}}},
         {"start.units.US-A.order", "unknown value 'volley'"}},
        {{{"units", {{"US-A", {{"dlRf", "two"}}}}}}, {"start.units.US-A.dlRf", "expected an integer"}},
        {{{"units", {{"US-A", {{"morale", 3}}}}}}, {"start.units.US-A.morale", "unknown unit field"}},
        {{{"units", {{"US-A", {{"type", "mex_lancers"}}}}}}, {"start.units.US-A.type", "unit's definition"}},
        {{{"units", {{"US-A", {{"grade", "elite"}}}}}}, {"start.units.US-A.grade", "derived"}},
        {{{"contacts", {{{"attacker", "US-A"}, {"defender", "MX-Q"}}}}},
         {"start.contacts[0].defender", "MX-Q"}},
        {{{"pendingDls", {{{"unit", "US-A"}, {"dice", -1}}}}}, {"start.pendingDls[0].dice", "outside"}},
        {{{"when", "dawn"}}, {"start.when", "unknown field"}},
    };
    for (const auto& b : bad) {
        auto r = readStart(b.start);
        ASSERT_FALSE(r) << b.start.dump();
        for (const char* m : b.mentions)
            EXPECT_NE(r.error().message.find(m), std::string::npos) << m << " not in: " << r.error().message;
    }
}

// MD-SEQ-01: a start block puts the game at its phase with its per-unit state, and the scenario text a game
// file keeps carries the block, so the game replays from that text alone.
TEST(ScenarioStart, MD_SEQ_01_StartsAtThePhaseWithTheStateAndReplaysFromTheKeptText) {
    auto s = readStart({{"turn", 2},
                        {"phase", "regular_fire"},
                        {"units", {{"US-A", {{"order", "fire"}, {"dlRf", 3}}}}},
                        {"contacts", {{{"attacker", "US-A"}, {"defender", "MX-A"}, {"charged", false}}}}});
    ASSERT_TRUE(s) << s.error().message;
    auto e = Engine::create(*s);
    ASSERT_TRUE(e) << e.error().message;
    const auto st = nlohmann::json::parse(e->stateJson());
    EXPECT_EQ(st["turn"], 2);
    EXPECT_EQ(e->turnView().phase, "regular_fire");
    EXPECT_EQ(st["units"][0]["order"], "fire");
    EXPECT_EQ(st["units"][0]["dlRf"], 3);
    ASSERT_EQ(st["contacts"].size(), 1u);
    EXPECT_EQ(st["contacts"][0]["defender"], 1);
    EXPECT_EQ(st["contacts"][0]["charged"], false);
    auto kept = md::io::scenarioFromJson(nlohmann::json::parse(s->json), "kept");
    ASSERT_TRUE(kept) << kept.error().message;
    auto again = Engine::create(*kept);
    ASSERT_TRUE(again);
    EXPECT_EQ(again->stateJson(), e->stateJson());
}

// MD-SEQ-01: pauseAt holds the game where the phase is entered, before its first step; the next input lifts
// it.
TEST(ScenarioStart, MD_SEQ_01_PauseAtHoldsPlayWhereThePhaseIsEntered) {
    auto s = readStart({{"phase", "movement"}, {"units", {{"US-A", {{"order", "hold"}}}}}});
    ASSERT_TRUE(s) << s.error().message;
    auto e = Engine::create(*s);
    ASSERT_TRUE(e);
    const std::string unpaused = e->prompt().key();
    ASSERT_TRUE(e->pauseAt("regular_fire"));
    // Nothing in movement needed an input here, so the pause comes before the first prompt.
    EXPECT_EQ(e->turnView().phase, "regular_fire");
    EXPECT_EQ(e->prompt().key(), unpaused);
    const auto before = nlohmann::json::parse(e->stateJson());
    EXPECT_EQ(before["cursor"]["stage"], 0);
    EXPECT_EQ(before["cursor"]["index"], 0);
    // The prompt shown while paused is the one the game answers next.
    const Prompt p = e->prompt();
    ASSERT_EQ(p.kind, PromptKind::Question);
    ASSERT_TRUE(e->apply(Input::answer(p.key(), p.question->options.front().value)));
    EXPECT_NE(nlohmann::json::parse(e->stateJson())["cursor"], before["cursor"]);
}

} // namespace
