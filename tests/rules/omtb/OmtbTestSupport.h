#pragma once

#include "rules/core/RuleSet.h"
#include "rules/omtb/OmtbRuleSet.h"

#include <nlohmann/json.hpp>

#include <memory>
#include <string>
#include <vector>

// Helpers of the OMTB tests: scenarios built from a few units, and a driver that plays scripted dice (GEN-02
// order) and keyed answers through the public engine (RuleSet::start, Game::apply, Game::stateJson).
namespace muster::rules::omtb::test {

// A scenario document with the two default sides ("indians" first, "americans") around `units`.
nlohmann::json scenarioDoc(const nlohmann::json& units,
                           const nlohmann::json& extra = nlohmann::json::object());

// Starts a game of the OMTB rule set from a scenario document; fails the test on an error.
std::unique_ptr<Game> startGame(const nlohmann::json& doc, const HouseRules& options = {});

// The result of driving a game.
struct Drive {
    bool ok = true;
    std::string error;        // why the drive stopped early
    std::size_t diceUsed = 0; // faces consumed
    std::vector<std::string> events;
    std::vector<std::string> prompts; // keys answered or rolled, in order
};

// Answers the engine: dice from `dice` in order; answers by question key (a string, or an array consumed one
// per asking). Stops when `until` is the prompt key and every die has been used; with `until` empty, stops
// when the dice are used up at the next dice request or at a question with no answer. With `untilCount` n,
// stops at the n-th such prompt.
Drive drive(Game& game, const std::vector<int>& dice, const nlohmann::json& answers, const std::string& until,
            int untilCount = 1);

// The state JSON of the game, parsed.
nlohmann::json state(const Game& game);
// A unit of the state JSON by id (null when absent).
nlohmann::json unit(const Game& game, const std::string& id);

} // namespace muster::rules::omtb::test
