#pragma once

#include "../Soak.h"

#include <string>
#include <vector>

// The Our Moccasins Trickled Blood invariants the soak checks after every accepted input.
namespace muster::rules::test {

// Figures are conserved per unit (alive + casualties = set-up); no count is negative; a removed unit has no
// figures; no leader rides with a unit out of play; a unit out of play is never asked or rolled for nor
// offered as an option; every prompt names its tag and subjects, every dice request its purpose, rule and
// side.
class OmtbInvariants : public InvariantChecker {
public:
    std::vector<std::string> start(const Engine& engine) override;
    std::vector<std::string> check(const Prompt& answered, const Input& input, const Engine& after) override;
    std::vector<std::string> finish(const Engine& engine) override;
};

} // namespace muster::rules::test
