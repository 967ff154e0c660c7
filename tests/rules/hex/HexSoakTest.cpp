// A 30-turn auto-play of each hex game's bundled scenario over 20 seeds with virtual dice and a seeded legal
// answer for every question, checking invariants after every input (figures conserved per side, nothing
// negative, nothing asked of or offered for a stack out of play); and replay identity of each journal.
#include "Soak.h"
#include "rules/Engine.h"
#include "rules/RuleSets.h"
#include "rules/hex/HexRuleSet.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <fstream>
#include <sstream>

using namespace muster::rules;
using nlohmann::json;

namespace {

struct Game {
    const char* id;
    const char* file;
};
const Game kGames[] = {
    {"mf", "mf_crossroads.json"}, {"as", "as_river_gap.json"}, {"sd", "sd_mill_ford.json"}};

Scenario load(const Game& g, int turns) {
    std::ifstream in(std::string(MUSTER_SCENARIO_DIR) + "/" + g.file);
    json doc = json::parse(in);
    doc["turns"] = turns;
    auto s = findRuleSet(g.id)->parseScenario(doc.dump(), g.file);
    EXPECT_TRUE(s) << (s ? "" : s.error().message);
    return s.value();
}

// The invariants over the state JSON, so one checker serves the three games.
class HexInvariants : public test::InvariantChecker {
public:
    std::vector<std::string> start(const Engine& e) override {
        const json s = json::parse(e.stateJson());
        for (const auto& h : s["hexes"])
            m_start[h["side"].get<std::string>()] += h["startFigures"].get<int>();
        return check(e);
    }
    std::vector<std::string> check(const Prompt&, const Input&, const Engine& after) override {
        return check(after);
    }
    std::vector<std::string> finish(const Engine& e) override {
        auto v = check(e);
        if (e.turnView().winner.empty())
            v.push_back("game over without a winner or draw");
        return v;
    }
    int maxTurn = 0;

private:
    std::vector<std::string> check(const Engine& e) {
        std::vector<std::string> v;
        const json s = json::parse(e.stateJson());
        std::map<std::string, int> total;
        std::vector<std::string> out;
        for (const auto& h : s["hexes"]) {
            const std::string id = h["id"];
            int figures = 0;
            for (const auto& [arm, n] : h["figures"].items()) {
                if (n.get<int>() < 0)
                    v.push_back(id + ": negative " + arm);
                figures += n.get<int>();
            }
            for (const auto& g : h["guns"])
                if (g.get<int>() < 0)
                    v.push_back(id + ": a gun below 0");
            if (h["casualties"].get<int>() < 0)
                v.push_back(id + ": negative casualties");
            total[h["side"].get<std::string>()] += figures + h["casualties"].get<int>();
            bool alive = h["joinedInto"].get<int>() < 0 && figures > 0;
            if (alive && h["figures"].value("artillery", 0) == figures) { // guns alone: alive while one works
                alive = false;
                for (const auto& g : h["guns"])
                    alive = alive || g.get<int>() > 0;
            }
            if (!alive)
                out.push_back(id);
        }
        for (const auto& [side, n] : m_start)
            if (total[side] != n)
                v.push_back(side + ": " + std::to_string(total[side]) + " figures and casualties, " +
                            std::to_string(n) + " at set-up");
        maxTurn = std::max(maxTurn, s["turn"].get<int>());
        const Prompt p = e.prompt();
        if (p.kind == PromptKind::GameOver)
            return v;
        if (p.tag().empty() || p.subjects().empty() || p.side().empty())
            v.push_back("prompt " + p.key() + " without tag, subjects or side");
        if (p.dice && (p.dice->purpose.empty() || p.dice->ruleId.empty()))
            v.push_back("dice " + p.key() + " without purpose or rule");
        if (p.question && p.question->ruleId.empty())
            v.push_back("question " + p.key() + " without a rule id");
        for (const auto& id : out) {
            // A stack out of play is never asked about nor offered.
            if (p.key().rfind(id + ".", 0) == 0)
                v.push_back("prompt " + p.key() + " for " + id + ", which is out of play");
            if (p.question)
                for (const auto& o : p.question->options)
                    if (o.value == id)
                        v.push_back("question " + p.key() + " offers " + id + ", which is out of play");
        }
        return v;
    }
    std::map<std::string, int> m_start;
};

int seeds() {
    const char* env = std::getenv("MUSTER_SOAK_SEEDS");
    return env ? std::max(1, std::atoi(env)) : 20;
}

class HexSoak : public ::testing::TestWithParam<Game> {};

TEST_P(HexSoak, ThirtyTurnsOverTwentySeedsKeepTheInvariantsAndReplay) {
    const Game g = GetParam();
    const Scenario scenario = load(g, 30);
    int ended = 0, inputs = 0, turns = 0;
    for (int seed = 1; seed <= seeds(); ++seed) {
        auto e = Engine::create(scenario);
        ASSERT_TRUE(e) << e.error().message;
        HexInvariants checker;
        const auto r = test::soak(e.value(), static_cast<std::uint64_t>(seed), checker);
        for (const auto& v : r.violations)
            ADD_FAILURE() << g.id << " seed " << seed << ": " << v;
        ASSERT_TRUE(r.ended) << g.id << " seed " << seed << " did not end";
        ended += r.ended ? 1 : 0;
        inputs += static_cast<int>(r.inputs);
        turns += r.lastTurn;
        // The journal replays to the identical state, one by one and in a batch.
        auto replayed = Engine::replay(scenario, {}, e.value().inputs());
        ASSERT_TRUE(replayed) << replayed.error().message;
        EXPECT_EQ(replayed.value().stateJson(), e.value().stateJson());
        EXPECT_TRUE(replayed.value().sameState(e.value()));
        auto batch = Engine::create(scenario);
        ASSERT_TRUE(batch.value().applyAll(e.value().inputs()));
        EXPECT_EQ(batch.value().stateJson(), e.value().stateJson());
    }
    std::cout << g.id << ": " << seeds() << " seeds, " << ended << " games ended, " << inputs << " inputs, "
              << turns << " turns played\n";
}

INSTANTIATE_TEST_SUITE_P(Games, HexSoak, ::testing::ValuesIn(kGames),
                         [](const auto& p) { return std::string(p.param.id); });

} // namespace
