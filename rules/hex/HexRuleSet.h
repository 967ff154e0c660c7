#pragma once

#include "rules/core/RuleSet.h"
#include "rules/core/StepEngine.h"
#include "rules/hex/GameRules.h"
#include "rules/hex/Turn.h"
#include "rules/hex/Types.h"

#include <memory>
#include <string>

// A hex game on the seam (rules/core/RuleSet.h): the shared state and side-turn machine on StepEngine, with
// the game (`G()`, a GameRules singleton) supplying its arms, tables and register.
namespace muster::rules::hex {

// The views and answers every hex game gives the same way (rules/hex/Views.cpp).
Options optionsOf(const State& s, const GameRules& rules);
std::string phaseId(const State& s);
std::string stepTitle(const State& s);
std::string overHeadline(const State& s);
TurnView turnView(const State& s, const GameRules& rules);
RosterView roster(const State& s);
std::string stateJson(const State& s);
Result<std::unique_ptr<Game>> startGame(const Scenario& scenario, const HouseRules& houseRules,
                                        const GameRules& rules, std::unique_ptr<Game> (*make)(State));

// What StepEngine needs of a hex game (see rules/core/StepEngine.h).
template <const GameRules& (*G)()>
struct Traits {
    using State = hex::State;
    using Options = hex::Options;
    static const std::string& id() {
        static const std::string kId = G().id();
        return kId;
    }
    static Options options(const State& s) { return optionsOf(s, G()); }
    static bool over(const State& s) { return s.cursor.step == Step::GameOver; }
    static void skipIdle(State& s, const Options& o) { hex::skipIdle(s, o); }
    static bool runStep(State& s, Feed& feed, const Options& o) { return hex::runStep(s, feed, o); }
    static std::string phaseId(const State& s) { return hex::phaseId(s); }
    static std::string stepTitle(const State& s) { return hex::stepTitle(s); }
    static std::string overHeadline(const State& s) { return hex::overHeadline(s); }
    static int turn(const State& s) { return s.turn; }
    static TurnView turnView(const State& s) { return hex::turnView(s, G()); }
    static RosterView roster(const State& s) { return hex::roster(s); }
    static std::string stateJson(const State& s) { return hex::stateJson(s); }
    static const HouseRules& houseRules(const State& s) { return s.houseRules.get(); }
    static std::string scenarioName(const State& s) { return s.scenarioName.str(); }
    // Every hex question and request names its side, subjects and tag.
    static void describe(const State&, Prompt&) {}
};

template <const GameRules& (*G)()>
using HexGame = StepEngine<Traits<G>>;

// The rule set of a hex game: its register, scenario schema and games on StepEngine.
template <const GameRules& (*G)()>
class HexRuleSet final : public RuleSet {
public:
    std::string id() const override { return G().id(); }
    std::string name() const override { return G().name(); }
    int engineVersion() const override { return G().engineVersion(); }
    const std::vector<OptionSpec>& options() const override { return G().options(); }
    const std::vector<std::string>& optionGroups() const override { return G().optionGroups(); }
    Result<HouseRules> resolveOptions(const HouseRules& overrides) const override {
        return rules::resolveOptions(G().options(), overrides);
    }
    const ChitVocabulary& chits() const override {
        static const ChitVocabulary kNone; // hex games give orders by hex, in questions
        return kNone;
    }
    Result<Scenario> parseScenario(const std::string& json, const std::string& sourceName) const override;
    Result<std::unique_ptr<Game>> start(const Scenario& scenario,
                                        const HouseRules& houseRules) const override {
        return startGame(scenario, houseRules, G(), [](State s) -> std::unique_ptr<Game> {
            return std::make_unique<HexGame<G>>(std::move(s));
        });
    }
};

Result<Scenario> parseHexScenario(const std::string& json, const std::string& sourceName,
                                  const GameRules& rules);

template <const GameRules& (*G)()>
Result<Scenario> HexRuleSet<G>::parseScenario(const std::string& json, const std::string& sourceName) const {
    return parseHexScenario(json, sourceName, G());
}

} // namespace muster::rules::hex
