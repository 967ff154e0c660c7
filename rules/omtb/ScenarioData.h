#pragma once

#include "rules/Scenario.h"
#include "rules/core/Result.h"
#include "rules/omtb/Options.h"
#include "rules/omtb/Types.h"

#include <string>
#include <vector>

// An OMTB scenario's own data (the order of battle of II.11 and where the game starts), carried by
// rules::Scenario::body; references between entries are by id and resolved when the game starts.
namespace muster::rules::omtb {

struct UnitSpec {
    Unit unit;                 // figures, guns, formation, state as set up
    std::string side;          // side id
    std::string group;         // "fort_miamis": placed only with omtb.fort_miamis_in_play (OMTB-OOB-02)
    bool loadedSet = false;    // "loaded" given in the file; else omtb.start_loaded (AMB-OMTB-21)
    std::string chargeTarget;  // a charge already made (scenarios that start at step 3-5)
    std::string contactTarget; // a MOVE contact already made (OMTB-MOVE-07)
    bool trigger = false;      // owes a morale check (OMTB-MOR-01)
};

struct LeaderSpec {
    Leader leader;
    std::string side;       // side id
    std::string attachedTo; // unit id, or empty
    std::string group;
};

struct ScenarioData : ScenarioBody {
    std::vector<UnitSpec> units;
    std::vector<LeaderSpec> leaders;
    int startTurn = 1;
    int startPhase = 0; // 0 Phase One (Indian side), 1 Phase Two
    Step startStep = Step::Ops;
};

// The state at the start of the game; `sides` are ordered [Indian side, American side].
Result<State> buildState(const Scenario& scenario, const ScenarioData& data, const HouseRules& houseRules);

} // namespace muster::rules::omtb
