#pragma once

#include "rules/Scenario.h"
#include "rules/core/Result.h"
#include "rules/hex/GameRules.h"
#include "rules/hex/Types.h"

#include <string>

// JSON I/O of the hex games (nlohmann/json stays inside io/): scenario files and the state JSON.
namespace muster::rules::hex::io {

// Reads a scenario of `rules` (its id in "rules"); errors name the file and the field.
Result<Scenario> parseScenario(const std::string& text, const std::string& sourceName,
                               const GameRules& rules);

// The state as JSON text with stable, sorted keys: equal texts mean equal states.
std::string stateJson(const State& state);

} // namespace muster::rules::hex::io
