#pragma once

#include "rules/HouseRules.h"

#include <memory>
#include <string>
#include <vector>

namespace muster::rules {

// A side of the battle.
struct SideDef {
    std::string id;     // "us", "mx", "indians"
    std::string nation; // the rule set's faction for this side (MD: "american" | "mexican"), may be empty
    std::string name;
    std::string colour; // "#rrggbb" for the roster and banner; empty takes a default per side index
};

// A rule set's own part of a scenario (its units, leaders, hexes…), parsed by that rule set.
struct ScenarioBody {
    virtual ~ScenarioBody() = default;
};

// A scenario: what every rule set has (name, sides, length, house rules) and the rule set's own part.
struct Scenario {
    std::string name;
    std::string ruleSet; // the registry id, e.g. "md"
    int turns = 12;      // the game ends after this many turns
    std::vector<SideDef> sides;
    HouseRules houseRules;
    std::string sourcePath; // the file it was read from, for messages
    // The canonical JSON text of the whole scenario: what a game file keeps, so it replays without the file.
    std::string json;
    std::shared_ptr<const ScenarioBody> body;
};

// The colour of side `index`: `given` (the scenario's), else one of a fixed palette by index.
inline std::string sideColour(const std::string& given, std::size_t index) {
    // Blue and orange first: apart in hue and lightness for every kind of colour vision (tests/common).
    static const char* const kPalette[] = {"#0072b2", "#e69f00", "#cc79a7", "#f0e442"};
    return given.empty() ? kPalette[index % 4] : given;
}
inline std::string sideColour(const std::vector<SideDef>& sides, std::size_t index) {
    return sideColour(index < sides.size() ? sides[index].colour : std::string(), index);
}

} // namespace muster::rules
