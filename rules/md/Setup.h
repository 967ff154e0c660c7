#pragma once

#include "rules/Scenario.h"
#include "rules/core/Result.h"
#include "rules/md/Options.h"
#include "rules/md/Scenario.h"
#include "rules/md/Types.h"

#include <vector>

// Setting up an MD game from a scenario: grades (MD-GRADE-02..04), organisation (MD-ORG-01..03).
namespace muster::rules::md {

// MD-GRADE-03: round_half_up(share x n).
int shareCount(double share, int n);

// MD-GRADE-02/03/04: the base grade of each unit, in listing order (explicit grades win).
std::vector<Grade> assignGrades(const ScenarioData& scenario, const Options& options);

// The initial state. `houseRules` must already be resolved (every md.* key present).
Result<GameState> buildState(const Scenario& scenario, const HouseRules& houseRules);

} // namespace muster::rules::md
