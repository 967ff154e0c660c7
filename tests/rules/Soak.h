#pragma once

#include "rules/Engine.h"

#include <cstdint>
#include <string>
#include <vector>

// Auto-play soak with an invariant checker, for any rule set: the driver is generic, each rule set brings its
// checker (MdInvariants.h for MD; an OMTB checker implements the same interface).
namespace muster::rules::test {

// A rule set's invariants over a game in play. Each call returns the violations it found (empty: none),
// worded so that one line says which unit, which rule and what was seen.
class InvariantChecker {
public:
    virtual ~InvariantChecker() = default;
    // The game at set-up, before any input (record what later checks compare against).
    virtual std::vector<std::string> start(const Engine& engine) = 0;
    // `answered` (the prompt of the game as the previous call left it) was answered by `input`, which was
    // accepted; `after` is the game now. A checker that compares with the game before keeps what it needs.
    virtual std::vector<std::string> check(const Prompt& answered, const Input& input,
                                           const Engine& after) = 0;
    // The game has ended (after the last accepted input).
    virtual std::vector<std::string> finish(const Engine& engine) = 0;
};

struct SoakResult {
    std::size_t inputs = 0;              // inputs accepted
    int lastTurn = 0;                    // the turn the game stood in when play stopped
    bool ended = false;                  // the game reached game over
    std::vector<std::string> violations; // "input #n (key): …", in order; play stops at the first bad input
};

// Plays `engine` with VirtualDice(seed) and AutoTable(seed + 1) until the game ends or `inputLimit` inputs
// were applied, running `checker` at the start, after every accepted input and at the end.
SoakResult soak(Engine& engine, std::uint64_t seed, InvariantChecker& checker,
                std::size_t inputLimit = 200000);

} // namespace muster::rules::test
