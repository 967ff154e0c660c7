#pragma once

#include "rules/HouseRules.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace muster::rules {

// A side of the battle (MD: American or Mexican).
struct SideDef {
    std::string id;     // "us", "mx"
    std::string nation; // "american" | "mexican"
    std::string name;
    std::string colour = {}; // "#rrggbb"; empty: a default per side index
    bool operator==(const SideDef&) const = default;
};

// A rule set's own parsed scenario data (units, leaders, guns…), carried by Scenario::body.
struct ScenarioBody {
    virtual ~ScenarioBody() = default;
};

// A general on the table (MD-REC-02, MD-RECON-02).
struct GeneralDef {
    std::string id;
    std::string side;
    std::string name;
};

// A unit as the scenario file lists it; optional fields fall back to the unit type's defaults
// (rules/md/Tables).
struct UnitDef {
    std::string id;
    std::string name;
    std::string side;
    std::string type;                     // a unit type of the rule set, e.g. "us_regular_infantry"
    std::optional<std::string> grade;     // "green" | "veteran" | "elite"; else MD-GRADE-02/03
    std::optional<int> officers;          // else MD-ORG-01/02
    std::optional<int> rankAndFile;       // R&F, troopers or gun crew; else MD-ORG-01/02/03
    std::optional<std::string> formation; // "line" | "column" | "road_column" | "skirmish"
    std::optional<std::string> weapon;    // override of MD-FIRE-01
    std::optional<bool> mounted;          // cavalry only
    std::optional<bool> limbered;         // guns only
    std::optional<int> columnFiles;       // figures per rank when in column (firing ranks, depth bonus)
    std::vector<std::string> traits;      // "lancers", "texas_rangers"
};

// A scenario: sides, units, generals and the house rules it changes.
struct Scenario {
    std::string name;
    std::string ruleSet = "md";
    int turns = 12; // the game ends after this many turns
    std::vector<SideDef> sides;
    std::vector<GeneralDef> generals;
    std::vector<UnitDef> units;
    HouseRules houseRules;
    std::string sourcePath; // the file it was read from, for messages
    std::string json;       // the canonical JSON text of the whole scenario file (what the journal stores)
    std::shared_ptr<const ScenarioBody> body; // the rule set's own parsed data
};

} // namespace muster::rules
