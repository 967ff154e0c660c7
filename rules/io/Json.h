#pragma once

#include "rules/Engine.h"
#include "rules/HouseRules.h"
#include "rules/Scenario.h"
#include "rules/core/Prompt.h"
#include "rules/core/Result.h"

#include <nlohmann/json.hpp>

#include <string>

// JSON I/O of the rules engine: scenario files, journal inputs, prompts, game state and house rules.
// Errors name the file (or "<json>"), the field path and the problem.
namespace muster::rules::io {

Result<Scenario> loadScenario(const std::string& path);
// Parses scenario text; `sourceName` is used in messages in place of a path.
Result<Scenario> parseScenario(const std::string& text, const std::string& sourceName);
Result<Scenario> scenarioFromJson(const nlohmann::json& j, const std::string& sourceName);
nlohmann::json toJson(const Scenario& scenario);

nlohmann::json toJson(const Input& input);
Result<Input> inputFromJson(const nlohmann::json& j);

nlohmann::json toJson(const Prompt& prompt);
Result<Prompt> promptFromJson(const nlohmann::json& j);

// The state JSON: what `muster-cli game state` prints and what replay compares. Keys are stable and sorted.
nlohmann::json toJson(const GameState& state);
Result<GameState> stateFromJson(const nlohmann::json& j);

nlohmann::json toJson(const HouseRules& houseRules);
Result<HouseRules> houseRulesFromJson(const nlohmann::json& j);

} // namespace muster::rules::io
