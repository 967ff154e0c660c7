#include "rules/hex/ScenarioData.h"

namespace muster::rules::hex {

Result<State> buildState(const Scenario& scenario, const ScenarioData& data, const HouseRules& houseRules,
                         const GameRules& rules) {
    State s;
    s.ruleSet = rules.id();
    s.scenarioName = scenario.name;
    s.houseRules = houseRules;
    s.maxTurns = scenario.turns;
    for (std::size_t i = 0; i < scenario.sides.size(); ++i)
        s.sides.push_back(
            {scenario.sides[i].id, scenario.sides[i].name, rules::sideColour(scenario.sides, i)});
    s.stacks = data.stacks;
    for (auto& st : s.stacks)
        st.startFigures = figuresOf(st);
    for (std::size_t i = 0; i < scenario.sides.size(); ++i)
        if (scenario.sides[i].id == data.firstSide)
            s.fixedFirstSide = static_cast<int>(i);
    if (!data.firstSide.empty() && s.fixedFirstSide < 0)
        return makeError(scenario.sourcePath + ": firstSide: unknown side '" + data.firstSide + "'");
    return s;
}

} // namespace muster::rules::hex
