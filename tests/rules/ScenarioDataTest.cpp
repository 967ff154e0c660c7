// Data-driven MD worked cases (scenarios.md S01-S20), transcribed by hand into data/md_scenarios.json.
// Each case builds a state, runs the real phase machine from `start` to `stop` with scripted dice in
// consumption order (GEN-02) and scripted answers to the table questions, then checks the exact unit fields
// expected.
#include "rules/core/Feed.h"
#include "rules/io/Json.h"
#include "rules/md/Options.h"
#include "rules/md/Setup.h"
#include "rules/md/Turn.h"
#include "rules/md/io/Json.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <ostream>
#include <set>

using namespace muster::rules;
using nlohmann::json;

namespace {

// One worked case; printed by its id so test names stay short.
struct Case {
    json j;
};

void PrintTo(const Case& c, std::ostream* os) {
    *os << c.j["id"].get<std::string>();
}

std::vector<Case> loadCases() {
    std::ifstream in(std::string(MUSTER_RULES_TEST_DATA) + "/md_scenarios.json");
    if (!in)
        return {};
    json j = json::parse(in, nullptr, false);
    if (j.is_discarded() || !j.contains("cases"))
        return {};
    std::vector<Case> out;
    for (const auto& c : j["cases"])
        out.push_back(Case{c});
    return out;
}

const std::vector<Case>& cases() {
    static const std::vector<Case> kCases = loadCases();
    return kCases;
}

class MdScenario : public ::testing::TestWithParam<Case> {};

md::GameState buildCaseState(const json& c, md::Options& options) {
    json scenario = {{"name", c["id"]},
                     {"rules", "md"},
                     {"turns", 100},
                     {"sides", json::array({{{"id", "us"}, {"nation", "american"}},
                                            {{"id", "mx"}, {"nation", "mexican"}}})},
                     {"generals", json::array()},
                     {"units", json::array()}};
    const json generals = c.value("generals", json::array());
    for (const auto& g : generals)
        scenario["generals"].push_back({{"id", "gen-" + g.get<std::string>()}, {"side", g}});
    for (const auto& u : c["units"]) {
        json def = u;
        def.erase("set");
        scenario["units"].push_back(def);
    }
    auto s = io::scenarioFromJson(scenario, c["id"].get<std::string>());
    EXPECT_TRUE(s) << (s ? "" : s.error().message);
    HouseRules overrides;
    const json opts = c.value("options", json::object());
    for (const auto& [k, v] : opts.items())
        overrides.values[k] = v.get<std::string>();
    auto resolved = md::resolveOptions(overrides);
    EXPECT_TRUE(resolved) << (resolved ? "" : resolved.error().message);
    options = md::Options::from(resolved.value());
    auto state = md::buildState(s.value(), resolved.value());
    EXPECT_TRUE(state) << (state ? "" : state.error().message);
    return state.value();
}

// Applies {"UNIT": {"field": value}} overrides through the state JSON, so any state field can be set.
void applyOverrides(md::GameState& state, const json& perUnit) {
    json j = md::io::toJson(state);
    for (const auto& [id, fields] : perUnit.items()) {
        const int idx = state.unitIndex(id);
        ASSERT_GE(idx, 0) << "unknown unit " << id;
        for (const auto& [k, v] : fields.items()) {
            ASSERT_TRUE(j["units"][static_cast<std::size_t>(idx)].contains(k)) << "unknown unit field " << k;
            j["units"][static_cast<std::size_t>(idx)][k] = v;
        }
    }
    auto back = md::io::stateFromJson(j);
    ASSERT_TRUE(back) << back.error().message;
    state = back.value();
}

TEST_P(MdScenario, ScriptedDiceGiveTheExpectedState) {
    const json& c = GetParam().j;
    SCOPED_TRACE(c["id"].get<std::string>() + ": " + c.value("title", std::string()));
    md::Options options;
    md::GameState state = buildCaseState(c, options);
    json initialSets = json::object();
    for (const auto& u : c["units"]) {
        if (u.contains("set"))
            initialSets[u["id"].get<std::string>()] = u["set"];
    }
    applyOverrides(state, initialSets);
    const json contacts = c.value("contacts", json::array());
    for (const auto& ct : contacts)
        state.contacts.push_back(md::Contact{state.unitIndex(ct["attacker"]), state.unitIndex(ct["defender"]),
                                             ct.value("charged", true), ct.value("flank", false)});
    int runNo = 0;
    for (const auto& run : c["runs"]) {
        ++runNo;
        SCOPED_TRACE("run " + std::to_string(runNo));
        if (run.contains("set"))
            applyOverrides(state, run["set"]);
        if (run.contains("turn"))
            state.turn = run["turn"];
        md::Phase start, stop;
        ASSERT_TRUE(md::parse(run["start"].get<std::string>(), start));
        ASSERT_TRUE(md::parse(run["stop"].get<std::string>(), stop));
        if (run.contains("stage")) {
            state.cursor = md::Cursor{start, run["stage"].get<int>(), 0};
            const json pending = run.value("pendingDls", json::array());
            for (const auto& d : pending)
                state.pendingDls.push_back(md::PendingDl{
                    state.unitIndex(d["unit"]), d.value("dice", 1), -1, false, false, true,
                    d.value("cause", std::string("scripted")), d.value("ruleId", std::string())});
        } else {
            md::enterPhase(state, start, options);
        }
        std::map<std::string, std::string> answers;
        const json scripted = run.value("answers", json::object());
        for (const auto& [k, v] : scripted.items())
            answers[k] = v.get<std::string>();
        ScriptedFeed feed(run.value("dice", std::vector<int>{}), answers);
        int guard = 0;
        while (state.cursor.phase != stop && state.cursor.phase != md::Phase::GameOver && guard++ < 10000) {
            if (!md::runStep(state, feed, options, stop))
                break;
        }
        for (const auto& f : feed.failures())
            ADD_FAILURE() << f;
        EXPECT_EQ(feed.remaining(), 0u) << "scripted dice left over";
        const json notAsked = run.value("notAsked", json::array());
        const json mustAsk = run.value("asked", json::array());
        for (const auto& key : notAsked) {
            const auto& asked = feed.questionsAsked();
            EXPECT_EQ(std::find(asked.begin(), asked.end(), key.get<std::string>()), asked.end())
                << "question " << key << " should not have been asked";
        }
        for (const auto& key : mustAsk) {
            const auto& asked = feed.questionsAsked();
            EXPECT_NE(std::find(asked.begin(), asked.end(), key.get<std::string>()), asked.end())
                << "question " << key << " should have been asked";
        }
    }
    const json now = md::io::toJson(state);
    for (const auto& [id, fields] : c["expect"].items()) {
        const int idx = state.unitIndex(id);
        ASSERT_GE(idx, 0) << "unknown unit " << id;
        for (const auto& [k, v] : fields.items())
            EXPECT_EQ(now["units"][static_cast<std::size_t>(idx)][k], v) << id << "." << k;
    }
}

std::string caseName(const ::testing::TestParamInfo<Case>& info) {
    std::string name = info.param.j["id"].get<std::string>();
    for (char& ch : name) {
        if (!std::isalnum(static_cast<unsigned char>(ch)))
            ch = '_';
    }
    return name;
}

INSTANTIATE_TEST_SUITE_P(Md, MdScenario, ::testing::ValuesIn(cases()), caseName);

TEST(MdScenarioFile, IsPresentAndCoversEveryPublishedMdCase) {
    std::set<std::string> ids;
    for (const auto& c : cases())
        ids.insert(c.j["id"].get<std::string>().substr(0, 3));
    for (const char* id : {"S01", "S02", "S03", "S05", "S06", "S07", "S08", "S10", "S11", "S12", "S13", "S14",
                           "S16", "S17", "S18", "S20"})
        EXPECT_TRUE(ids.count(id)) << id << " is not transcribed";
}

} // namespace
