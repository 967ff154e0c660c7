#pragma once

#include "rules/core/Feed.h"
#include "rules/hex/GameRules.h"
#include "rules/hex/Types.h"

// The side-turn machine the three hex games share: who goes first (1d6 each, ties re-rolled), deployment
// (AS), then for each side-turn the marching step and the fighting step, falling back, and the end of the
// game. Each step resolves one thing, asking the feed for table facts and dice in rule order.
namespace muster::rules::hex {

// What the machine reads: the game and its options, parsed once per game.
struct Options {
    const GameRules* rules = nullptr;
    CommonOptions common;
    HouseRules values;
};

void skipIdle(State& state, const Options& options);
// Runs the step at the cursor (after skipIdle). False when the feed ran out (discard `state`).
bool runStep(State& state, Feed& feed, const Options& options);

// The next stack of the phasing side that may still fire or attack, or -1.
int nextAttacker(const State& state, const Options& options, int after = -1);
// Asks whether `target` can fall back 1 hex and applies it (AS-FB-01, SD-FB-01). False when the feed ran out.
bool fallBack(State& state, Feed& feed, const Options& options, int target);
// Ends the game when a side has nothing left in play; true when it did.
bool checkEnd(State& state);

} // namespace muster::rules::hex
