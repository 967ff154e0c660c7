// JSON I/O: scenario files (good and bad), journal inputs, prompts and house rules.
#include "rules/io/Json.h"

#include "TestSupport.h"
#include "rules/Engine.h"
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

} // namespace
