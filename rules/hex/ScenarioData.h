#pragma once

#include "rules/Scenario.h"
#include "rules/core/Result.h"
#include "rules/hex/GameRules.h"
#include "rules/hex/Types.h"

#include <string>
#include <vector>

// A hex game's scenario: the hexes each side holds at the start, with their troops by arm.
namespace muster::rules::hex {

struct ScenarioData : ScenarioBody {
    std::vector<Stack> stacks; // side is an index into Scenario::sides
    std::string firstSide;     // side id named by the scenario (MF-SEQ-01), or empty: roll for it
};

// The state at the start of the game, with the house rules already resolved against the game's register.
Result<State> buildState(const Scenario& scenario, const ScenarioData& data, const HouseRules& houseRules,
                         const GameRules& rules);

} // namespace muster::rules::hex
