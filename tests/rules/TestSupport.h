#pragma once

#include "rules/Engine.h"
#include "rules/Scenario.h"
#include "rules/md/Types.h"

#include <cstdint>
#include <string>
#include <vector>

// Helpers shared by the rules tests and benchmarks.
namespace muster::rules::test {

std::string scenarioPath(const std::string& file);
Scenario loadScenarioOrDie(const std::string& file);
// The MD state of an MD game (aborts the test binary on any other game: a test bug, not an input).
const md::GameState& mdState(const Engine& engine);

// Plays with VirtualDice + AutoTable until `turns` turns are done or the game ends; returns the inputs
// applied.
std::vector<Input> autoPlay(Engine& engine, std::uint64_t seed, int turns);

} // namespace muster::rules::test
