#pragma once

#include "rules/core/Dice.h"

#include <cstdint>
#include <random>
#include <vector>

namespace muster::rules {

// A seeded dice source. std::mt19937_64 is specified bit-for-bit by the standard; the face is drawn by hand
// (rejection sampling) rather than with std::uniform_int_distribution, whose output differs between
// libraries, so a seed and a call count reproduce the same faces everywhere.
class VirtualDice {
public:
    explicit VirtualDice(std::uint64_t seed);
    std::vector<int> roll(const DiceRequest& request);
    int face(int sides); // one die, 1..sides
    std::uint64_t seed() const { return m_seed; }
    std::uint64_t draws() const { return m_draws; }

private:
    std::uint64_t m_seed;
    std::uint64_t m_draws = 0;
    std::mt19937_64 m_engine;
};

} // namespace muster::rules
