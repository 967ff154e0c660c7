#pragma once

#include "rules/core/Feed.h"
#include "rules/omtb/Options.h"
#include "rules/omtb/Types.h"

#include <optional>
#include <string>

// The OMTB sequence of play (OMTB-SEQ-01..04) as a step machine: each step resolves one thing (the
// operations roll, a unit's operation, a morale check, a melee, a rout move), asking the feed for table facts
// and dice in rule order.
namespace muster::rules::omtb {

// Moves the cursor past steps with nothing to do, entering phases and ending turns as it goes.
void skipIdle(State& state, const Options& options);
// Runs the step at the cursor (after skipIdle). False when the feed ran out (discard `state`).
bool runStep(State& state, Feed& feed, const Options& options);

// Puts the cursor at the start of a phase of the current turn, doing what entering it does.
void enterPhase(State& state, int phase, const Options& options);
// Does what entering a step does (the morale steps queue their units in trigger order).
void enterStep(State& state, Step step, const Options& options);

// Rule helpers the tests and the roster use.
int moraleRating(const State& s, const Unit& u, const Options& o); // OMTB-MOR-03, OMTB-MOR-06, II.12
OpsLine opsLine(const State& s, const Unit& u, const Options& o);  // OMTB-OPS-01, OMTB-1791-01
int loadOpsNeeded(const Unit& u);                                  // OMTB-OPS-07
std::optional<int> moveRate(const Unit& u, const Options& o);      // OMTB-MOVE-01, inches per op
bool hasCommand(const State& s, int unit);                         // OMTB-MOVE-05
int targetClass(const Unit& target, const Options& o);             // OMTB-FIRE-07/08: 0 = A .. 4 = E
std::string inches(int eighths);                                   // "1.5\""
std::string phaseLabel(const State& s);

} // namespace muster::rules::omtb
