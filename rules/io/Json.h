#pragma once

#include "rules/HouseRules.h"
#include "rules/Scenario.h"
#include "rules/core/Prompt.h"
#include "rules/core/Result.h"

#include <nlohmann/json.hpp>

#include <string>

// JSON I/O of the rules engine: scenario files (read by the rule set their "rules" field names), journal
// inputs, prompts and house rules. A game's state as JSON is the Game's own (Game::stateJson).
// Errors name the file (or "<json>"), the field path and the problem.
namespace muster::rules::io {

Result<Scenario> loadScenario(const std::string& path);
// Parses scenario text; `sourceName` is used in messages in place of a path.
Result<Scenario> parseScenario(const std::string& text, const std::string& sourceName);
Result<Scenario> scenarioFromJson(const nlohmann::json& j, const std::string& sourceName);
// The scenario's canonical JSON (Scenario::json).
nlohmann::json toJson(const Scenario& scenario);

nlohmann::json toJson(const Input& input);
Result<Input> inputFromJson(const nlohmann::json& j);

nlohmann::json toJson(const Prompt& prompt);
Result<Prompt> promptFromJson(const nlohmann::json& j);

nlohmann::json toJson(const HouseRules& houseRules);
Result<HouseRules> houseRulesFromJson(const nlohmann::json& j);

} // namespace muster::rules::io
