#pragma once

#include "rules/Scenario.h"
#include "rules/core/Result.h"
#include "rules/md/Options.h"
#include "rules/md/Scenario.h"
#include "rules/md/Types.h"

#include <nlohmann/json.hpp>

#include <string>

// JSON I/O of Manifest Destiny: its scenario files and its game state.
namespace muster::rules::md::io {

// An MD scenario file (already parsed as JSON); errors name the file, the field path and the problem.
Result<Scenario> scenarioFromJson(const nlohmann::json& j, const std::string& sourceName);
nlohmann::json scenarioToJson(const Scenario& header, const ScenarioData& data);

// The state JSON: what `muster-cli game state` prints and what replay compares. Keys are stable and sorted.
nlohmann::json toJson(const GameState& state);
Result<GameState> stateFromJson(const nlohmann::json& j);

// Lays the scenario's start block over a freshly built state and puts the cursor at its phase (entering it)
// or, with a stage, at that step of it.
Result<void> applyStart(GameState& state, const StartDef& start, const Options& options);

} // namespace muster::rules::md::io
