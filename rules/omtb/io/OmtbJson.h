#pragma once

#include "rules/Scenario.h"
#include "rules/core/Result.h"
#include "rules/omtb/Types.h"

#include <string>

// JSON I/O of the OMTB rule set (nlohmann/json stays inside io/): scenario files and the state JSON.
// Errors name the file and the field path; nothing read from a file throws.
namespace muster::rules::omtb::io {

// Reads an OMTB scenario file's text; fills name, ruleSet, turns, sides, houseRules, json and body.
Result<Scenario> parseScenario(const std::string& text, const std::string& sourceName);

// The state as JSON text with stable, sorted keys: equal texts mean equal states.
std::string stateJson(const State& state);

} // namespace muster::rules::omtb::io
