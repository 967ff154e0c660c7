#pragma once

#include "rules/Scenario.h"
#include "rules/core/Result.h"

#include <optional>
#include <string>
#include <vector>

// What an MD scenario lists beyond the sides: generals and units.
namespace muster::rules::md {

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
    std::string type;                     // a unit type of MD, e.g. "us_regular_infantry"
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

// A unit's state at the start, as state-JSON fields (`{"order": "fire", "dlRf": 4}`): kept as the JSON text
// of that object, checked when the scenario is read and laid over the unit when the game starts.
struct StartUnitDef {
    std::string id;
    std::string fields;
};

// A melee contact already made (MD-CHG-12), by unit ids.
struct StartContactDef {
    std::string attacker;
    std::string defender;
    bool charged = true;
    bool flank = false;
    int roundsFought = 0;
};

// A DL roll already owed when the game starts mid-phase (MD-DL-02..07), by unit id.
struct StartDlDef {
    std::string unit;
    int dice = 1;
    int fixed = -1;
    bool sixOnly = false;
    bool capped = false;
    bool gradeMod = true;
    std::string cause;
    std::string ruleId;
};

// Where a game begins when not at turn 1's Orders phase (worked cases, positions set up at the table).
struct StartDef {
    int turn = 1;
    std::string phase = "orders"; // an MD phase id; entered as the sequence of play enters it
    std::optional<int> stage;     // a step within the phase: the cursor is put there without entering it
    std::vector<StartUnitDef> units;
    std::vector<StartContactDef> contacts;
    std::vector<StartDlDef> pendingDls;
};

struct ScenarioData : ScenarioBody {
    std::vector<GeneralDef> generals;
    std::vector<UnitDef> units;
    std::optional<StartDef> start;
};

// The MD part of a scenario, or an error naming the scenario when it has none.
Result<const ScenarioData*> scenarioData(const Scenario& scenario);

// A copy of `scenario` with `data` as its MD part (tests and tools that build scenarios in code); the JSON
// text is rebuilt from it.
Scenario withData(Scenario scenario, ScenarioData data);

} // namespace muster::rules::md
