#pragma once

#include "../Soak.h"

#include <nlohmann/json.hpp>

#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

// The invariants of the hex games (MF, AS, SD) the soak checks after every accepted input, read from the
// state JSON so that one checker serves the three: figures and casualties per side equal the set-up figures
// (stacks join and split, so the count is per side); no count is negative; a stack out of play is never
// asked about nor offered; every prompt names its tag, subjects, side and rule; the game ends with a winner
// or a draw. Input by input: a hex that splits (MF-MOVE-03) or leaves troops behind (AS-MOVE-06) keeps its
// figures between its parts, and a hex falls back only after an attacker reached it in that side-turn (the
// attacker's rear-hexside question names it; AS-FB-01, SD-FB-01).
namespace muster::rules::test {

class HexInvariants : public InvariantChecker {
public:
    std::vector<std::string> start(const Engine& engine) override;
    std::vector<std::string> check(const Prompt& answered, const Input& input, const Engine& after) override;
    std::vector<std::string> finish(const Engine& engine) override;

private:
    std::vector<std::string> check(const Engine& engine);
    std::map<std::string, int> m_start;
    nlohmann::json m_before;                               // the state JSON the last prompt was asked in
    std::set<std::tuple<int, int, std::string>> m_reached; // turn, side-turn and hex an attacker reached
};

} // namespace muster::rules::test
