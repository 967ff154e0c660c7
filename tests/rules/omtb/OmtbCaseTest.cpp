// Data-driven OMTB cases: the worked cases of scenarios.md (S21-S30, data/omtb_scenarios.json) and the
// rule-by-rule cases (data/omtb_rules.json). Each case builds a scenario, plays its scripted dice (GEN-02
// order) and answers through the public engine, and checks exact fields of the state JSON after each run.
#include "OmtbTestSupport.h"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <ostream>

using namespace muster::rules;
using namespace muster::rules::omtb::test;
using nlohmann::json;

namespace {

struct Case {
    json j;
    std::string file;
};

void PrintTo(const Case& c, std::ostream* os) {
    *os << c.j.value("id", "?");
}

std::vector<Case> load(const std::string& file) {
    std::ifstream in(std::string(MUSTER_RULES_TEST_DATA) + "/" + file);
    if (!in)
        return {Case{{{"id", "missing_" + file}}, file}};
    json j = json::parse(in, nullptr, false);
    if (j.is_discarded() || !j.contains("cases"))
        return {Case{{{"id", "malformed_" + file}}, file}};
    std::vector<Case> out;
    for (const auto& c : j["cases"])
        out.push_back(Case{c, file});
    return out;
}

std::string caseName(const ::testing::TestParamInfo<Case>& info) {
    std::string s = info.param.j.value("id", "case");
    for (auto& ch : s)
        if (!std::isalnum(static_cast<unsigned char>(ch)))
            ch = '_';
    return s;
}

json loadScenarioFile(const std::string& name) {
    std::ifstream in(std::string(MUSTER_SCENARIO_DIR) + "/" + name);
    return json::parse(in, nullptr, false);
}

void expectFields(const json& actual, const json& expected, const std::string& what) {
    for (const auto& [k, v] : expected.items()) {
        ASSERT_TRUE(actual.contains(k)) << what << " has no field " << k;
        EXPECT_EQ(actual[k], v) << what << "." << k;
    }
}

json totals(const json& st) {
    json t = {{"leaders", json::object()},
              {"figuresByType", json::object()},
              {"guns", json::object()},
              {"units", json::object()}};
    for (const auto& s : st["sides"]) {
        t["leaders"][s["id"].get<std::string>()] = 0;
        t["guns"][s["id"].get<std::string>()] = 0;
        t["units"][s["id"].get<std::string>()] = 0;
    }
    auto sideId = [&](int i) {
        return st["sides"][static_cast<std::size_t>(i)]["id"].get<std::string>();
    };
    for (const auto& l : st["leaders"])
        t["leaders"][sideId(l["side"].get<int>())] =
            t["leaders"][sideId(l["side"].get<int>())].get<int>() + 1;
    for (const auto& u : st["units"]) {
        const std::string type = u["type"];
        t["figuresByType"][type] = t["figuresByType"].value(type, 0) + u["figures"].get<int>();
        const std::string side = sideId(u["side"].get<int>());
        t["guns"][side] = t["guns"][side].get<int>() + u["guns"].get<int>();
        t["units"][side] = t["units"][side].get<int>() + 1;
    }
    return t;
}

void runCase(const Case& c) {
    const json& j = c.j;
    ASSERT_TRUE(j.contains("runs")) << "case " << j.value("id", "?") << " of " << c.file << " is unreadable";
    json doc;
    if (j.contains("scenarioFile")) {
        doc = loadScenarioFile(j["scenarioFile"]);
        ASSERT_FALSE(doc.is_discarded());
    } else {
        json extra = json::object();
        for (const char* k : {"leaders", "start", "turns"})
            if (j.contains(k))
                extra[k] = j[k];
        doc = scenarioDoc(j["units"], extra);
    }
    HouseRules options;
    const json opts = j.contains("options") ? j["options"] : json::object();
    for (const auto& [k, v] : opts.items())
        options.values[k] = v.get<std::string>();
    auto game = startGame(doc, options);
    ASSERT_TRUE(game);
    int n = 0;
    for (const auto& run : j["runs"]) {
        ++n;
        const auto dice = run.value("dice", std::vector<int>{});
        const json answers = run.contains("answers") ? run["answers"] : json::object();
        const auto d = drive(*game, dice, answers, run.value("until", ""), run.value("untilCount", 1));
        ASSERT_TRUE(d.ok) << "run " << n << ": " << d.error;
        EXPECT_EQ(d.diceUsed, dice.size()) << "run " << n << " left scripted dice unused";
        const json st = state(*game);
        const json expect = run.contains("expect") ? run["expect"] : json::object();
        const json units = expect.contains("units") ? expect["units"] : json::object();
        const json leaders = expect.contains("leaders") ? expect["leaders"] : json::object();
        for (const auto& [id, fields] : units.items()) {
            json u = unit(*game, id);
            ASSERT_FALSE(u.is_null()) << "no unit " << id;
            expectFields(u, fields, "run " + std::to_string(n) + " " + id);
        }
        for (const auto& [id, fields] : leaders.items()) {
            json found;
            for (const auto& l : st["leaders"])
                if (l["id"] == id)
                    found = l;
            ASSERT_FALSE(found.is_null()) << "no leader " << id;
            expectFields(found, fields, "run " + std::to_string(n) + " leader " + id);
        }
        if (expect.contains("state"))
            expectFields(st, expect["state"], "run " + std::to_string(n) + " state");
        if (expect.contains("totals")) {
            const json t = totals(st);
            for (const auto& [k, v] : expect["totals"].items())
                EXPECT_EQ(t[k], v) << "run " << n << " totals." << k;
        }
        for (const auto& text : expect.value("events", std::vector<std::string>{})) {
            bool found = false;
            for (const auto& e : d.events)
                found = found || e.find(text) != std::string::npos;
            EXPECT_TRUE(found) << "run " << n << ": no event contains '" << text << "'";
        }
    }
}

class OmtbScenario : public ::testing::TestWithParam<Case> {};
class OmtbRule : public ::testing::TestWithParam<Case> {};

TEST_P(OmtbScenario, MatchesWorkedCase) {
    runCase(GetParam());
}
TEST_P(OmtbRule, MatchesExpectedState) {
    runCase(GetParam());
}

INSTANTIATE_TEST_SUITE_P(Scenarios, OmtbScenario, ::testing::ValuesIn(load("omtb_scenarios.json")), caseName);
INSTANTIATE_TEST_SUITE_P(Rules, OmtbRule, ::testing::ValuesIn(load("omtb_rules.json")), caseName);

} // namespace
