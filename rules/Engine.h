#pragma once

#include "rules/HouseRules.h"
#include "rules/Scenario.h"
#include "rules/core/Prompt.h"
#include "rules/core/Result.h"
#include "rules/md/Options.h"
#include "rules/md/Types.h"

#include <string>
#include <vector>

namespace muster::rules {

// The version of the rules engine's behaviour: the same inputs fold to the same state within one version.
// Bumped by any change after which a recorded journal could replay differently (another prompt, key, option
// or dice request, or another state from the same inputs); not by speed work or wording (docs/journal.md).
inline constexpr int kEngineVersion = 1;

// The game state the engine exposes. Today only Manifest Destiny exists; other rule sets will make this a
// variant.
using GameState = md::GameState;

// The rules engine: walks the phases, emits prompts (questions and dice requests) and folds inputs into the
// state. Deterministic: the state is a pure fold of the inputs; the engine never rolls dice.
class Engine {
public:
    // Builds the initial state. Options in `houseRules` override the scenario's, which override the defaults.
    static Result<Engine> create(const Scenario& scenario, const HouseRules& houseRules = {});
    // Builds a fresh engine and applies every input in order; fails on the first input that is rejected.
    static Result<Engine> replay(const Scenario& scenario, const HouseRules& houseRules,
                                 const std::vector<Input>& inputs);

    // What the engine needs next.
    Prompt prompt() const;
    // Applies one input. Rejects (state unchanged) an input that does not answer the current prompt.
    Result<void> apply(const Input& input);
    // Applies inputs in order exactly as apply() would one by one (same state, prompt, events, errors), but
    // runs each step once with all its inputs instead of once per input: the cost of replaying a journal.
    // Stops at the first rejected input; *accepted (when given) is the number of inputs accepted.
    Result<void> applyAll(std::vector<Input> inputs, std::size_t* accepted = nullptr);

    const GameState& state() const { return m_state; }
    // Inputs accepted so far, in order (the journal).
    const std::vector<Input>& inputs() const { return m_inputs; }
    // Plain-words lines describing what the last accepted input resolved (for people; not part of the state).
    const std::vector<std::string>& events() const { return m_events; }
    bool gameOver() const { return m_prompt.kind == PromptKind::GameOver; }

private:
    Engine() = default;
    void advance();
    std::size_t replaySteps(std::vector<Input>& inputs);

    GameState m_state;               // committed state: every completed step folded in
    md::Options m_options;           // parsed from m_state.houseRules
    GameState m_scratch;             // where a step is tried; not part of the game (see advance())
    std::vector<Input> m_stepInputs; // inputs of the step in progress
    std::vector<Input> m_inputs;
    std::vector<std::string> m_events;
    Prompt m_prompt;
};

} // namespace muster::rules
