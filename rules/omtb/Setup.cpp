#include "rules/omtb/ScenarioData.h"
#include "rules/omtb/Turn.h"

namespace muster::rules::omtb {

Result<State> buildState(const Scenario& scenario, const ScenarioData& data, const HouseRules& houseRules) {
    const Options o = Options::from(houseRules);
    State s;
    s.scenarioName = scenario.name;
    s.maxTurns = scenario.turns;
    s.houseRules = houseRules;
    if (scenario.sides.size() != 2)
        return makeError(scenario.sourcePath + ": sides: an OMTB game needs 2 sides");
    // [0] moves in Phase One (the Indian side, OMTB-SEQ-01).
    const bool indianFirst = scenario.sides[0].nation == "indian";
    for (int k : {indianFirst ? 0 : 1, indianFirst ? 1 : 0}) {
        const SideDef& d = scenario.sides[static_cast<std::size_t>(k)];
        s.sides.push_back({d.id, d.nation, d.name, d.colour});
    }
    auto sideIndex = [&](const std::string& id) {
        return s.sides[0].id == id ? 0 : 1;
    };
    auto placed = [&](const std::string& group) {
        return group.empty() || (group == "fort_miamis" && o.fortMiamis); // OMTB-OOB-02
    };
    std::vector<const UnitSpec*> specs;
    for (const auto& u : data.units)
        if (placed(u.group))
            specs.push_back(&u);
    auto indexOf = [&](const std::string& id) {
        for (std::size_t i = 0; i < specs.size(); ++i)
            if (specs[i]->unit.id == id)
                return static_cast<int>(i);
        return -1;
    };
    for (const auto* spec : specs) {
        Unit u = spec->unit;
        u.side = sideIndex(spec->side);
        if (!spec->loadedSet)
            u.loaded = o.startLoaded; // AMB-OMTB-21
        if (!spec->chargeTarget.empty()) {
            u.chargeTarget = indexOf(spec->chargeTarget);
            if (u.chargeTarget < 0)
                return makeError(scenario.sourcePath + ": units: " + u.id.str() + " charges '" +
                                 spec->chargeTarget + "', which is not placed");
        }
        if (!spec->contactTarget.empty())
            u.contactTarget = indexOf(spec->contactTarget);
        s.units.push_back(u);
    }
    // Triggers in file order (the morale steps take them in trigger order).
    for (std::size_t i = 0; i < specs.size(); ++i)
        if (specs[i]->trigger || s.units[i].charging)
            s.units[i].trigger = ++s.triggerSeq;
    for (std::size_t i = 0; i < specs.size(); ++i)
        if (s.units[i].charging && s.units[i].chargeTarget >= 0 &&
            s.units[static_cast<std::size_t>(s.units[i].chargeTarget)].trigger == 0)
            s.units[static_cast<std::size_t>(s.units[i].chargeTarget)].trigger = ++s.triggerSeq;
    for (const auto& l : data.leaders) {
        if (!placed(l.group))
            continue;
        Leader ld = l.leader;
        ld.side = sideIndex(l.side);
        ld.attachedTo = l.attachedTo.empty() ? -1 : indexOf(l.attachedTo);
        s.leaders.push_back(ld);
    }
    s.turn = data.startTurn;
    if (data.startStep == Step::Ops) {
        enterPhase(s, data.startPhase, o);
    } else {
        s.cursor = Cursor{data.startPhase, data.startStep, 0};
        for (auto& u : s.units)
            if (u.side == data.startPhase)
                u.routedAtStart = u.cohesion == Cohesion::Rout;
        enterStep(s, data.startStep, o);
    }
    return s;
}

} // namespace muster::rules::omtb
