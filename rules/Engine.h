#pragma once

#include "rules/HouseRules.h"
#include "rules/Scenario.h"
#include "rules/core/Prompt.h"
#include "rules/core/Result.h"
#include "rules/core/RuleSet.h"

#include <memory>
#include <string>
#include <vector>

namespace muster::rules {

// A game of any rule set, as the app, the CLI and the journal hold it: a value (copies are independent) over
// the rule set's engine core (rules/core/StepEngine.h). Deterministic: the state is a pure fold of the
// inputs; the engine never rolls dice.
class Engine {
public:
    // Starts the scenario's rule set (the registry picks it by Scenario::ruleSet). Options in `houseRules`
    // override the scenario's, which override the defaults.
    static Result<Engine> create(const Scenario& scenario, const HouseRules& houseRules = {});
    // Builds a fresh engine and applies every input in order; fails on the first input that is rejected.
    static Result<Engine> replay(const Scenario& scenario, const HouseRules& houseRules,
                                 const std::vector<Input>& inputs);

    Engine(const Engine& other);
    Engine& operator=(const Engine& other);
    Engine(Engine&&) noexcept = default;
    Engine& operator=(Engine&&) noexcept = default;

    // What the engine needs next.
    Prompt prompt() const { return m_game->prompt(); }
    // Applies one input. Rejects (state unchanged) an input that does not answer the current prompt.
    Result<void> apply(const Input& input) { return m_game->apply(input); }
    // Applies inputs in order exactly as apply() would one by one (same state, prompt, events, errors), but
    // runs each step once with all its inputs: the cost of replaying a journal. Stops at the first rejected
    // input; *accepted (when given) is the number of inputs accepted.
    Result<void> applyAll(std::vector<Input> inputs, std::size_t* accepted = nullptr) {
        return m_game->applyAll(std::move(inputs), accepted);
    }

    // Inputs accepted so far, in order (the journal).
    const std::vector<Input>& inputs() const { return m_game->inputs(); }
    // Plain-words lines describing what the last accepted input resolved (for people; not part of the state).
    const std::vector<std::string>& events() const { return m_game->events(); }
    bool gameOver() const { return prompt().kind == PromptKind::GameOver; }

    const RuleSet& ruleSet() const { return *m_ruleSet; }
    TurnView turnView() const { return m_game->turnView(); }
    RosterView roster() const { return m_game->roster(); }
    std::string stateJson() const { return m_game->stateJson(); }
    const HouseRules& houseRules() const { return m_game->houseRules(); }
    std::string scenarioName() const { return m_game->scenarioName(); }
    bool sameState(const Engine& other) const { return m_game->sameState(*other.m_game); }
    // Holds play at the next entry into a phase (Game::pauseAt); false when the rule set cannot.
    bool pauseAt(const std::string& phaseId) { return m_game->pauseAt(phaseId); }
    const Game& game() const { return *m_game; }

private:
    Engine(const RuleSet* ruleSet, std::unique_ptr<Game> game)
        : m_ruleSet(ruleSet)
        , m_game(std::move(game)) {}

    const RuleSet* m_ruleSet = nullptr;
    std::unique_ptr<Game> m_game;
};

// The behaviour version of the rule set `ruleSet` (RuleSet::engineVersion), or 0 when there is none.
int engineVersion(const std::string& ruleSet);

} // namespace muster::rules
