#pragma once

#include "../Soak.h"

#include <map>
#include <string>
#include <vector>

// The invariants of the hex games (MF, AS, SD) the soak checks after every accepted input, read from the
// state JSON so that one checker serves the three: figures and casualties per side equal the set-up figures
// (stacks join and split, so the count is per side); no count is negative; a stack out of play is never
// asked about nor offered; every prompt names its tag, subjects, side and rule; the game ends with a winner
// or a draw.
namespace muster::rules::test {

class HexInvariants : public InvariantChecker {
public:
    std::vector<std::string> start(const Engine& engine) override;
    std::vector<std::string> check(const Prompt& answered, const Input& input, const Engine& after) override;
    std::vector<std::string> finish(const Engine& engine) override;

private:
    std::vector<std::string> check(const Engine& engine);
    std::map<std::string, int> m_start;
};

} // namespace muster::rules::test
