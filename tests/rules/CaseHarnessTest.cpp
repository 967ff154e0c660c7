// The scripted-dice cases of every rule set (tests/rules/cases/*.json, format in cases/README.md), run
// through the public engine only: the registry picks the rule set, its parseScenario reads the case's
// scenario, the scripted dice (GEN-02 consumption order) and keyed answers go in through Engine::apply, and
// the expected values are read from the state JSON and the event lines.
#include "rules/Engine.h"
#include "rules/RuleSets.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <optional>
#include <ostream>
#include <set>

using namespace muster::rules;
using nlohmann::json;

namespace {

// One case of one file; a file that cannot be read becomes one case that fails and says why.
struct Case {
    std::string file; // "md_scenarios"
    std::string ruleSet;
    json j;
    std::string problem;
};

void PrintTo(const Case& c, std::ostream* os) {
    *os << c.file << ":" << c.j.value("id", "?");
}

std::vector<Case> loadCases() {
    std::vector<Case> out;
    std::vector<std::filesystem::path> files;
    for (const auto& e : std::filesystem::directory_iterator(MUSTER_CASES_DIR))
        if (e.path().extension() == ".json")
            files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (const auto& path : files) {
        const std::string stem = path.stem().string();
        std::ifstream in(path);
        json doc = json::parse(in, nullptr, false);
        if (doc.is_discarded() || !doc.is_object() || doc.value("format", 0) != 1 || !doc.contains("cases") ||
            !doc["cases"].is_array() || !doc.contains("ruleSet")) {
            out.push_back({stem, "", {{"id", "file"}}, "not a format-1 case file (format, ruleSet, cases)"});
            continue;
        }
        for (const auto& c : doc["cases"])
            out.push_back({stem, doc["ruleSet"].get<std::string>(), c, ""});
    }
    return out;
}

const std::vector<Case>& allCases() {
    static const std::vector<Case> kCases = loadCases();
    return kCases;
}

// ---- Per-rule-set hooks: only `resume` (a run that jumps to another point of the game) needs one. ----

// MD: a start block carrying the whole state JSON (every unit's fields, contacts, owed DL rolls), with the
// run's `resume` laid over it.
json mdResume(const json& state, const json& resume) {
    json start = json::object();
    start["turn"] = resume.value("turn", state["turn"].get<int>());
    start["phase"] = resume.at("phase");
    if (resume.contains("stage"))
        start["stage"] = resume["stage"];
    auto idOf = [&](const json& index) {
        return state["units"][index.get<std::size_t>()]["id"];
    };
    start["units"] = json::object();
    for (const auto& u : state["units"]) {
        json fields = u;
        for (const char* k : {"id", "name", "type", "side", "nation", "arm", "grade"})
            fields.erase(k);
        start["units"][u["id"].get<std::string>()] = fields;
    }
    const json units = resume.value("units", json::object());
    for (const auto& [id, fields] : units.items())
        for (const auto& [k, v] : fields.items())
            start["units"][id][k] = v;
    start["contacts"] = json::array();
    for (auto c : state["contacts"]) {
        c["attacker"] = idOf(c["attacker"]);
        c["defender"] = idOf(c["defender"]);
        start["contacts"].push_back(c);
    }
    start["pendingDls"] = json::array();
    for (auto d : state["pendingDls"]) {
        d["unit"] = idOf(d["unit"]);
        start["pendingDls"].push_back(d);
    }
    const json owed = resume.value("pendingDls", json::array());
    for (const auto& d : owed)
        start["pendingDls"].push_back(d);
    return start;
}

using ResumeHook = std::function<json(const json& state, const json& resume)>;

const std::map<std::string, ResumeHook>& resumeHooks() {
    static const std::map<std::string, ResumeHook> kHooks = {{"md", mdResume}};
    return kHooks;
}

// ---- The driver ----

std::string scenarioText(const Case& c, std::string& problem) {
    if (c.j.contains("scenarioFile")) {
        std::ifstream in(std::string(MUSTER_SCENARIO_DIR) + "/" + c.j["scenarioFile"].get<std::string>());
        if (!in) {
            problem = "no scenario file " + c.j["scenarioFile"].get<std::string>();
            return {};
        }
        return std::string(std::istreambuf_iterator<char>(in), {});
    }
    if (!c.j.contains("scenario")) {
        problem = "the case has neither scenario nor scenarioFile";
        return {};
    }
    return c.j["scenario"].dump();
}

std::optional<Engine> startGame(const Case& c, const std::string& text) {
    const RuleSet* rules = findRuleSet(c.ruleSet);
    if (!rules) {
        ADD_FAILURE() << "no rule set '" << c.ruleSet << "' in the registry (" << ruleSetIds() << ")";
        return std::nullopt;
    }
    auto scenario = rules->parseScenario(text, c.file + ":" + c.j.value("id", "?"));
    if (!scenario) {
        ADD_FAILURE() << scenario.error().message;
        return std::nullopt;
    }
    if (scenario->ruleSet != c.ruleSet) {
        ADD_FAILURE() << "the scenario's rules '" << scenario->ruleSet << "' are not the file's '"
                      << c.ruleSet << "'";
        return std::nullopt;
    }
    HouseRules options;
    const json given = c.j.value("options", json::object());
    for (const auto& [k, v] : given.items())
        options.values[k] = v.get<std::string>();
    auto engine = Engine::create(*scenario, options);
    if (!engine) {
        ADD_FAILURE() << engine.error().message;
        return std::nullopt;
    }
    return std::move(*engine);
}

// What one run did.
struct Played {
    std::string error; // why it stopped short; empty when it reached its stop point
    std::size_t diceUsed = 0;
    std::vector<std::string> events;
    std::vector<std::string> asked; // keys of the questions answered
};

Played play(Engine& game, const json& run) {
    Played out;
    const auto dice = run.value("dice", std::vector<int>{});
    const json answers = run.value("answers", json::object());
    const json until = run.value("until", json::object());
    const std::string stopPrompt = until.value("prompt", "");
    const std::string stopPhase = until.value("phase", "");
    const bool stopAtEnd = until.value("gameOver", false);
    const int count = until.value("count", 1);
    if (stopPrompt.empty() && stopPhase.empty() && !stopAtEnd) {
        out.error = "until needs prompt, phase or gameOver";
        return out;
    }
    if (!stopPhase.empty() && !game.pauseAt(stopPhase)) {
        out.error = "rule set " + game.ruleSet().id() + " cannot stop at a phase (Game::pauseAt)";
        return out;
    }
    std::map<std::string, std::size_t> timesAsked;
    int seen = 0;
    for (int guard = 0; guard < 100000; ++guard) {
        const Prompt p = game.prompt();
        if (p.kind == PromptKind::GameOver)
            break;
        const bool diceDone = out.diceUsed == dice.size();
        if (!stopPrompt.empty() && p.key() == stopPrompt && diceDone && ++seen >= count)
            return out;
        if (!stopPhase.empty() && game.turnView().phase == stopPhase && diceDone)
            return out;
        Input in;
        if (p.kind == PromptKind::Dice) {
            const auto n = static_cast<std::size_t>(p.dice->count);
            if (out.diceUsed + n > dice.size()) {
                out.error = "ran out of dice at " + p.key() + " (" + std::to_string(n) + "d" +
                            std::to_string(p.dice->sides) + ", phase " + p.phase + "): " + p.dice->purpose;
                return out;
            }
            in = Input::dice(p.key(), std::vector<int>(dice.begin() + static_cast<long>(out.diceUsed),
                                                       dice.begin() + static_cast<long>(out.diceUsed + n)));
            out.diceUsed += n;
        } else {
            const auto it = answers.find(p.key());
            if (it == answers.end()) {
                out.error = "no answer for " + p.key() + " (phase " + p.phase + "): " + p.question->text;
                return out;
            }
            std::string value;
            if (it->is_array()) {
                const std::size_t k = timesAsked[p.key()]++;
                if (k >= it->size()) {
                    out.error = "answers for " + p.key() + " used up";
                    return out;
                }
                value = (*it)[k].get<std::string>();
            } else {
                value = it->get<std::string>();
            }
            out.asked.push_back(p.key());
            in = Input::answer(p.key(), value);
        }
        if (auto r = game.apply(in); !r) {
            out.error = r.error().message;
            return out;
        }
        for (const auto& e : game.events())
            out.events.push_back(e);
    }
    if (!stopAtEnd && stopPhase.empty()) // a phase stop also ends where the game does
        out.error = "the game ended (or ran 100000 inputs) before the stop point " + until.dump();
    return out;
}

// The side id for a `side` value that is an index into /sides.
json groupKey(const json& state, const std::string& group, const json& v) {
    if (group == "side" && v.is_number_integer() && state.contains("sides"))
        return state["sides"][v.get<std::size_t>()]["id"];
    return v;
}

// "units by side" counts entries; "units.figures by type" sums a field. Side groups start with every side at
// 0.
std::optional<json> tally(const json& state, const std::string& spec) {
    const auto by = spec.find(" by ");
    if (by == std::string::npos)
        return std::nullopt;
    std::string array = spec.substr(0, by);
    const std::string group = spec.substr(by + 4);
    std::string field;
    if (const auto dot = array.find('.'); dot != std::string::npos) {
        field = array.substr(dot + 1);
        array = array.substr(0, dot);
    }
    if (!state.contains(array) || !state[array].is_array())
        return std::nullopt;
    json t = json::object();
    if (group == "side" && state.contains("sides"))
        for (const auto& s : state["sides"])
            t[s["id"].get<std::string>()] = 0;
    for (const auto& e : state[array]) {
        if (!e.contains(group))
            return std::nullopt;
        const json key = groupKey(state, group, e[group]);
        const std::string k = key.is_string() ? key.get<std::string>() : key.dump();
        const int add = field.empty() ? 1 : e.value(field, 0);
        t[k] = t.value(k, 0) + add;
    }
    return t;
}

void checkExpect(const json& state, const json& expect, const Played& played, const std::string& where) {
    for (const auto& [what, value] : expect.items()) {
        if (what == "state") {
            for (const auto& [pointer, v] : value.items()) {
                const json::json_pointer ptr(pointer);
                ASSERT_TRUE(state.contains(ptr)) << where << ": the state JSON has no " << pointer;
                EXPECT_EQ(state[ptr], v) << where << ": " << pointer;
            }
        } else if (what == "tally") {
            for (const auto& [spec, v] : value.items()) {
                const auto t = tally(state, spec);
                ASSERT_TRUE(t) << where << ": cannot tally '" << spec << "'";
                EXPECT_EQ(*t, v) << where << ": tally " << spec;
            }
        } else if (what == "events") {
            for (const auto& text : value) {
                const std::string s = text.get<std::string>();
                const bool found =
                    std::any_of(played.events.begin(), played.events.end(),
                                [&](const std::string& e) { return e.find(s) != std::string::npos; });
                EXPECT_TRUE(found) << where << ": no event contains '" << s << "'";
            }
        } else {
            // An array of the state JSON whose entries have ids: units, leaders, …
            ASSERT_TRUE(state.contains(what) && state[what].is_array())
                << where << ": the state JSON has no array '" << what << "'";
            for (const auto& [id, fields] : value.items()) {
                const auto& arr = state[what];
                const auto it = std::find_if(arr.begin(), arr.end(),
                                             [&](const json& e) { return e.value("id", "") == id; });
                ASSERT_NE(it, arr.end()) << where << ": no " << what << " entry '" << id << "'";
                for (const auto& [k, v] : fields.items()) {
                    ASSERT_TRUE(it->contains(k)) << where << ": " << id << " has no field " << k;
                    EXPECT_EQ((*it)[k], v) << where << ": " << id << "." << k;
                }
            }
        }
    }
}

class CaseHarness : public ::testing::TestWithParam<Case> {};

TEST_P(CaseHarness, ScriptedDiceGiveTheExpectedState) {
    const Case& c = GetParam();
    ASSERT_TRUE(c.problem.empty()) << c.file << ": " << c.problem;
    SCOPED_TRACE(c.file + ":" + c.j.value("id", "?") + ": " + c.j.value("title", ""));
    ASSERT_TRUE(c.j.contains("runs") && c.j["runs"].is_array() && !c.j["runs"].empty()) << "no runs";
    std::string problem;
    const std::string text = scenarioText(c, problem);
    ASSERT_TRUE(problem.empty()) << problem;
    auto game = startGame(c, text);
    ASSERT_TRUE(game);
    std::vector<std::string> startEvents = game->events();
    int n = 0;
    for (const auto& run : c.j["runs"]) {
        const std::string where = "run " + std::to_string(++n);
        if (run.contains("resume")) {
            const auto hook = resumeHooks().find(c.ruleSet);
            ASSERT_NE(hook, resumeHooks().end())
                << where << ": rule set " << c.ruleSet << " has no resume hook";
            json doc = json::parse(text);
            doc["start"] = hook->second(json::parse(game->stateJson()), run["resume"]);
            game = startGame(c, doc.dump());
            ASSERT_TRUE(game) << where << ": resume";
            startEvents = game->events();
        }
        Played played = play(*game, run);
        played.events.insert(played.events.begin(), startEvents.begin(), startEvents.end());
        startEvents.clear();
        ASSERT_TRUE(played.error.empty()) << where << ": " << played.error;
        EXPECT_EQ(played.diceUsed, run.value("dice", json::array()).size())
            << where << ": scripted dice left over";
        const json notAsked = run.value("notAsked", json::array());
        for (const auto& key : notAsked)
            EXPECT_EQ(std::count(played.asked.begin(), played.asked.end(), key.get<std::string>()), 0)
                << where << ": question " << key << " should not have been asked";
        checkExpect(json::parse(game->stateJson()), run.value("expect", json::object()), played, where);
    }
}

std::string caseName(const ::testing::TestParamInfo<Case>& info) {
    std::string s = info.param.file + "_" + info.param.j.value("id", "case");
    for (auto& ch : s)
        if (!std::isalnum(static_cast<unsigned char>(ch)))
            ch = '_';
    return s;
}

INSTANTIATE_TEST_SUITE_P(Cases, CaseHarness, ::testing::ValuesIn(allCases()), caseName);

// Every rule set of the registry brings cases, and the published worked cases are all transcribed.
TEST(CaseFiles, EveryRuleSetHasCasesAndEveryPublishedCaseIsThere) {
    std::map<std::string, std::set<std::string>> ids;
    for (const auto& c : allCases())
        ids[c.ruleSet].insert(c.j.value("id", "").substr(0, 3));
    for (const RuleSet* r : ruleSets())
        EXPECT_FALSE(ids[r->id()].empty()) << "no cases for rule set " << r->id();
    for (const char* id : {"S01", "S02", "S03", "S05", "S06", "S07", "S08", "S10", "S11", "S12", "S13", "S14",
                           "S16", "S17", "S18", "S20"})
        EXPECT_TRUE(ids["md"].count(id)) << id << " (md) is not transcribed";
    for (const char* id : {"S21", "S22", "S23", "S24", "S26", "S27", "S28", "S30"})
        EXPECT_TRUE(ids["omtb"].count(id)) << id << " (omtb) is not transcribed";
}

// Case ids name test cases: they must be unique within a rule set.
TEST(CaseFiles, CaseIdsAreUniqueWithinARuleSet) {
    std::set<std::pair<std::string, std::string>> seen;
    for (const auto& c : allCases())
        EXPECT_TRUE(seen.insert({c.ruleSet, c.j.value("id", "")}).second)
            << c.ruleSet << " case " << c.j.value("id", "") << " appears twice";
}

} // namespace
