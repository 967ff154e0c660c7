#pragma once

#include "rules/Engine.h"
#include "rules/core/RuleSet.h"
#include "rules/md/Types.h"

// Manifest Destiny behind the RuleSet seam. Only the registry and MD's own tests and tools include this.
namespace muster::rules::md {

const RuleSet& mdRuleSet();

// The MD state of a game, or nullptr when the game is not an MD game (tests and tools of MD only).
const GameState* stateOf(const Game& game);
const GameState* stateOf(const Engine& engine);

} // namespace muster::rules::md
