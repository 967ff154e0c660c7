#include "rules/md/Setup.h"

#include "rules/md/Losses.h"
#include "rules/md/Tables.h"

#include <cmath>
#include <map>

namespace muster::rules::md {

int shareCount(double share, int n) {
    return static_cast<int>(std::floor(share * n + 0.5)); // MD-GRADE-03
}

std::vector<Grade> assignGrades(const ScenarioData& scenario, const Options& options) {
    std::vector<Grade> out(scenario.units.size(), Grade::Green);
    // Units of each category without a designer grade, in listing order.
    std::map<std::string, std::vector<std::size_t>> byCategory;
    for (std::size_t i = 0; i < scenario.units.size(); ++i) {
        const auto& def = scenario.units[i];
        const auto* type = tables::findUnitType(def.type);
        if (def.grade) {
            parse(*def.grade, out[i]);
            continue;
        }
        if (type)
            byCategory[type->category].push_back(i);
    }
    for (const auto& [category, indices] : byCategory) {
        const auto* type = tables::findUnitType(scenario.units[indices.front()].type);
        double elite = type->eliteShare;
        double veteran = type->veteranShare;
        Grade rest = type->restGrade;
        if (category == "us_regular_infantry" && options.usRegularEliteQuarter) {
            elite = 0.25; // AMB-MD-03 (1) alternative
            rest = Grade::Veteran;
        }
        if (category == "us_dragoons" && options.usDragoonNonEliteGreen)
            rest = Grade::Green; // AMB-MD-03 (2) alternative
        const int n = static_cast<int>(indices.size());
        const int nElite = shareCount(elite, n);
        const int nVeteran = std::min(n - nElite, shareCount(veteran, n));
        for (int k = 0; k < n; ++k) {
            Grade g = rest;
            if (k < nElite)
                g = Grade::Elite;
            else if (k < nElite + nVeteran)
                g = Grade::Veteran;
            out[indices[static_cast<std::size_t>(k)]] = g;
        }
    }
    return out;
}

Result<GameState> buildState(const Scenario& scenario, const HouseRules& houseRules) {
    auto found = scenarioData(scenario);
    if (!found)
        return found.error();
    const ScenarioData& data = **found;
    const Options options = Options::from(houseRules);
    GameState s;
    s.scenario = scenario.name;
    s.maxTurns = scenario.turns;
    s.houseRules = houseRules;
    for (const auto& sd : scenario.sides) {
        Side side;
        side.id = sd.id;
        side.name = sd.name.empty() ? sd.id : sd.name;
        parse(sd.nation, side.nation);
        for (const auto& g : data.generals) {
            if (g.side == sd.id)
                side.hasGeneral = true;
        }
        s.sides.push_back(side);
    }
    const std::vector<Grade> grades = assignGrades(data, options);
    for (std::size_t i = 0; i < data.units.size(); ++i) {
        const UnitDef& def = data.units[i];
        const auto* type = tables::findUnitType(def.type);
        if (!type)
            return makeError(scenario.sourcePath + ": units[" + std::to_string(i) +
                             "].type: unknown unit type '" + def.type + "'");
        Unit u;
        u.id = def.id;
        u.name = def.name.empty() ? def.id : def.name;
        u.type = def.type;
        for (std::size_t k = 0; k < s.sides.size(); ++k) {
            if (s.sides[k].id == def.side)
                u.side = static_cast<int>(k);
        }
        if (s.sides[static_cast<std::size_t>(u.side)].nation != type->nation)
            return makeError(scenario.sourcePath + ": units[" + std::to_string(i) + "].type: unit type '" +
                             def.type + "' does not belong to the nation of side '" + def.side + "'");
        u.nation = type->nation;
        u.arm = type->arm;
        u.weapon = type->weapon;
        if (def.weapon)
            parse(*def.weapon, u.weapon); // MD-FIRE-01: designer override
        u.gun = type->gun;
        u.dragoons = type->dragoons;
        u.lancers = type->lancers;
        u.texasRangers = type->texasRangers;
        for (const auto& t : def.traits) {
            if (t == "lancers")
                u.lancers = true;
            if (t == "texas_rangers")
                u.texasRangers = true;
        }
        u.baseGrade = grades[i];
        u.dismountedGrade = u.dragoons ? Grade::Veteran : u.baseGrade; // MD-GRADE-04
        if (def.formation)
            parse(*def.formation, u.formation);
        if (def.columnFiles)
            u.columnFiles = *def.columnFiles;
        switch (u.arm) {
        case Arm::Infantry:
            u.officers = def.officers.value_or(tables::infantryOfficers(u.baseGrade)); // MD-ORG-01
            u.rf = def.rankAndFile.value_or(tables::kInfantryRankAndFile);
            break;
        case Arm::Cavalry:
            u.officers =
                def.officers.value_or(options.cavOfficersByGrade ? tables::infantryOfficers(u.baseGrade)
                                                                 : tables::kCavalryOfficers); // MD-ORG-02
            u.rf = def.rankAndFile.value_or(tables::kCavalryTroopers);
            u.mounted = def.mounted.value_or(true);
            break;
        case Arm::Artillery:
            u.officers = 0; // MD-ORG-03
            u.rf = def.rankAndFile.value_or(tables::kGunCrewSetup);
            u.limbered = def.limbered.value_or(false);
            break;
        }
        if (u.arm == Arm::Infantry && u.officers == 0)
            return makeError(scenario.sourcePath + ": units[" + std::to_string(i) +
                             "].officers: a unit needs at least one officer (MD-OFF-02)");
        s.units.push_back(u);
    }
    return s;
}

} // namespace muster::rules::md
