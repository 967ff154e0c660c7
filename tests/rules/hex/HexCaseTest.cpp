// The hex games' worked cases (tests/rules/cases/{mf,as,sd}_scenarios.json, the case format of
// tests/rules/cases/README.md on the harness branch), played through the public engine with scripted dice
// until the shared case harness lands: dice in consumption order, answers by prompt key, a stop point, and
// checks on the state JSON.
#include "rules/Engine.h"
#include "rules/RuleSets.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <map>

using namespace muster::rules;
using nlohmann::json;

namespace {

struct Case {
    std::string ruleSet;
    json body;
};

std::vector<Case> loadCases() {
    std::vector<Case> out;
    for (const char* name : {"mf_scenarios.json", "as_scenarios.json", "sd_scenarios.json"}) {
        std::ifstream in(std::string(MUSTER_CASES_DIR) + "/" + name);
        json doc = json::parse(in, nullptr, false);
        if (doc.is_discarded())
            continue;
        for (const auto& c : doc["cases"])
            out.push_back({doc["ruleSet"].get<std::string>(), c});
    }
    return out;
}

class HexCase : public ::testing::TestWithParam<Case> {};

// Plays one run; returns the failures.
std::vector<std::string> play(Engine& engine, const json& run, std::vector<std::string>& asked,
                              std::vector<std::string>& events) {
    std::vector<std::string> failures;
    std::vector<int> dice;
    const json diceList = run.value("dice", json::array());
    for (const auto& f : diceList)
        dice.push_back(f.get<int>());
    std::size_t next = 0;
    std::map<std::string, std::size_t> used;
    const json answers = run.value("answers", json::object());
    const json until = run.value("until", json::object());
    int seen = 0;
    for (int guard = 0; guard < 5000; ++guard) {
        const Prompt p = engine.prompt();
        if (p.kind == PromptKind::GameOver) {
            if (!until.value("gameOver", false))
                failures.push_back("the game ended before the stop point");
            break;
        }
        if (until.contains("prompt") && next == dice.size() &&
            p.key() == until["prompt"].get<std::string>() && ++seen >= until.value("count", 1))
            break;
        if (until.contains("phase") && next == dice.size() && p.phase == until["phase"].get<std::string>())
            break;
        Input in;
        if (p.kind == PromptKind::Dice) {
            if (next + static_cast<std::size_t>(p.dice->count) > dice.size()) {
                failures.push_back("no dice left for " + p.key() + " (" + p.dice->purpose + ")");
                break;
            }
            std::vector<int> faces(dice.begin() + static_cast<long>(next),
                                   dice.begin() + static_cast<long>(next) + p.dice->count);
            next += static_cast<std::size_t>(p.dice->count);
            in = Input::dice(p.key(), faces);
        } else {
            auto a = answers.find(p.key());
            if (a == answers.end()) {
                failures.push_back("no answer for " + p.key() + " (" + p.question->text + ")");
                break;
            }
            std::string value;
            if (a->is_array()) {
                std::size_t& k = used[p.key()];
                if (k >= a->size()) {
                    failures.push_back("answers for " + p.key() + " ran out");
                    break;
                }
                value = (*a)[k++].get<std::string>();
            } else {
                value = a->get<std::string>();
            }
            in = Input::answer(p.key(), value);
        }
        asked.push_back(p.key());
        if (auto r = engine.apply(in); !r) {
            failures.push_back("rejected " + p.key() + ": " + r.error().message);
            break;
        }
        for (const auto& e : engine.events())
            events.push_back(e);
    }
    if (next != dice.size())
        failures.push_back(std::to_string(dice.size() - next) + " dice left unused");
    return failures;
}

TEST_P(HexCase, Run) {
    const Case& c = GetParam();
    SCOPED_TRACE(c.body.value("id", "") + " " + c.body.value("title", ""));
    const RuleSet* rules = findRuleSet(c.ruleSet);
    ASSERT_NE(rules, nullptr);
    auto scenario = rules->parseScenario(c.body["scenario"].dump(), c.body.value("id", "case"));
    ASSERT_TRUE(scenario) << scenario.error().message;
    HouseRules options;
    const json optionValues = c.body.value("options", json::object());
    for (const auto& [k, v] : optionValues.items())
        options.values[k] = v.get<std::string>();
    auto engine = Engine::create(scenario.value(), options);
    ASSERT_TRUE(engine) << engine.error().message;
    int runNo = 0;
    for (const auto& run : c.body["runs"]) {
        SCOPED_TRACE("run " + std::to_string(++runNo));
        std::vector<std::string> asked, events;
        for (const auto& f : play(engine.value(), run, asked, events))
            ADD_FAILURE() << f;
        const json state = json::parse(engine.value().stateJson());
        const json expect = run.value("expect", json::object());
        for (const auto& [array, entries] : expect.items()) {
            if (array == "state" || array == "events")
                continue;
            for (const auto& [id, fields] : entries.items()) {
                const json* found = nullptr;
                for (const auto& e : state[array])
                    if (e.value("id", "") == id)
                        found = &e;
                ASSERT_NE(found, nullptr) << array << " has no " << id;
                for (const auto& [field, value] : fields.items())
                    EXPECT_EQ((*found)[field], value) << array << "." << id << "." << field;
            }
        }
        const json pointers = expect.value("state", json::object());
        for (const auto& [pointer, value] : pointers.items())
            EXPECT_EQ(state[json::json_pointer(pointer)], value) << pointer;
        const json texts = expect.value("events", json::array());
        for (const auto& text : texts) {
            bool hit = false;
            for (const auto& e : events)
                hit = hit || e.find(text.get<std::string>()) != std::string::npos;
            EXPECT_TRUE(hit) << "no event with '" << text.get<std::string>() << "'";
        }
        const json notAsked = run.value("notAsked", json::array());
        for (const auto& key : notAsked)
            EXPECT_EQ(std::count(asked.begin(), asked.end(), key.get<std::string>()), 0)
                << key.get<std::string>() << " was asked";
    }
}

std::string caseName(const ::testing::TestParamInfo<Case>& info) {
    std::string n = info.param.ruleSet + "_" + info.param.body.value("id", "case");
    for (char& ch : n)
        if (!isalnum(static_cast<unsigned char>(ch)))
            ch = '_';
    return n;
}

INSTANTIATE_TEST_SUITE_P(Cases, HexCase, ::testing::ValuesIn(loadCases()), caseName);

} // namespace
