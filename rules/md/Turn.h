#pragma once

#include "rules/core/Feed.h"
#include "rules/md/Options.h"
#include "rules/md/Types.h"

#include <optional>
#include <string>

// The MD sequence of play as a step machine (MD-SEQ-01..09). Each step resolves one thing (an order, a charge
// test, a unit's fire, a DL roll, a move, a melee, a recovery) asking the feed for facts and dice in rule
// order.
namespace muster::rules::md {

// Moves the cursor past steps that have nothing to do (entering phases and ending turns as it goes).
// With `stopAt`, stops as soon as that phase is entered (tests run one phase range at a time).
void skipIdle(GameState& state, const Options& options, std::optional<Phase> stopAt = std::nullopt);
// Runs the step at the cursor (after skipIdle). True when it completed and the cursor moved on; false when
// the feed ran out, in which case `state` is half-changed and must be discarded by the caller.
bool runStep(GameState& state, Feed& feed, const Options& options,
             std::optional<Phase> stopAt = std::nullopt);

// Puts the cursor at the start of a phase, doing what entering it does (MD-SEQ-07 rejoin, MD-SEQ-09
// snapshot).
void enterPhase(GameState& state, Phase phase, const Options& options);
// End-of-turn bookkeeping (reloads, halted turns, per-turn flags) and the game-over check.
void endTurn(GameState& state, const Options& options);

} // namespace muster::rules::md
