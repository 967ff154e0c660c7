#pragma once

#include "rules/Engine.h"
#include "rules/VirtualDice.h"
#include "rules/core/Prompt.h"

#include <cstdint>
#include <string>

namespace muster::rules {

// A seeded simulated table: answers any Question with a legal, varied choice (for soak tests, benchmarks,
// demos).
class AutoTable {
public:
    explicit AutoTable(std::uint64_t seed);
    std::string answer(const Question& question);

private:
    VirtualDice m_dice;
};

} // namespace muster::rules
