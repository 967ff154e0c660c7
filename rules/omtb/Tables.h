#pragma once

#include "rules/omtb/Options.h"
#include "rules/omtb/Types.h"

#include <array>
#include <optional>
#include <vector>

// The OMTB tables as data, one place per table (catalogue II.2, II.4, II.6, II.8, II.9, II.10, II.14).
namespace muster::rules::omtb::tables {

// Distances are held in eighths of an inch so that 1.5 x 0.5 x 0.5 stays exact (GEN-04).
constexpr int kEighths = 8;

// Movement rates per formation in inches (II.6); nullopt = the formation is not allowed (OMTB-FORM-09).
struct MoveRates {
    std::optional<int> column, line, open, skirmish, mass, limbered, unlimbered;
    std::optional<int> rate(Formation f) const;
};

// One row of the derived master table (II.2, OMTB-TYPE-01).
struct TypeProfile {
    UnitType type;
    const char* label;
    OpsLine opsLine;
    int morale;        // the rating; Indians: in cover (OMTB-MOR-03)
    int moraleOpen;    // Indians in the open; else = morale
    FireLine fireLine; // on foot (FireLine::None when it fires through its guns)
    MoveRates move;    // on foot, or the artillery rates
    MoveRates mountedMove;
    bool mountable; // has a mounted state (MOUNT/DISMOUNT)
    bool artillery;
    bool indian;     // "Indian unit" modifiers (OMTB-MOR-04)
    const char* arm; // for the roster: infantry, cavalry, artillery
};

const TypeProfile& profile(UnitType t);

// Table 1 (OMTB-OPS-01): operations for a d6 on a line.
int operations(OpsLine line, int die);

// The fire table (II.8): to-hit by class A..E and range in inches, and the LOAD ops after a volley.
struct FireRow {
    FireLine line;
    const char* label;
    std::array<int, 5> toHit;
    int range;
    int reloadOps;
};
const FireRow& fire(FireLine line);

// The target-class table (II.8, OMTB-FIRE-07), hardest class first: the first row a target meets is its
// class.
enum class TargetKind { Any, Formed, Skirmishers, Crews };
struct ClassRow {
    int cls;                      // 0 = A .. 4 = E
    std::optional<Ground> ground; // nullopt: any ground
    TargetKind who;
};
const std::vector<ClassRow>& targetClasses();

// Morale modifiers (II.9, OMTB-MOR-04), one name per row of the table.
struct MoraleMods {
    int noOfficer = -1;
    int perTwoCasualties = -1;
    int disordered = -1;
    int underHalf = -1;
    int chargedFlankRear = -2;
    int indianChargingFormedFront = -2;
    int indianChargedByFormed = -2;
    int generalAttached = 1;
    int inCover = 1;
    int indianChargingSkirmishers = 1;
    int behindWorks = 2;
    int indianChargingFlank = 2;
};
const MoraleMods& moraleMods();

// Melee modifiers (II.10, OMTB-MEL-02).
struct MeleeMods {
    int leader = 2;
    int formedBayonet = 2;
    int mounted = 3;
    int defendingWorksOrThicket = 3;
    int additionalFigure = 2;
    int nonIndianCharging = 1;
    int indianChargingSkirmish = 1;
    int indianChargingMass = 2;
    int disordered = -2;
    int flankRear = -2;
};
const MeleeMods& meleeMods();

// The Failure of Morale table (II.9) by margin: 1-2 disorder, 3-4 rout, 5+ rout and -1.
struct Failure {
    Cohesion end;
    bool permanentLoss;
};
Failure failure(int margin);

constexpr int kOfficerKilledOn = 10;  // OMTB-FIRE-09
constexpr int kChargeHaltInches = 2;  // OMTB-MOVE-06
constexpr int kCrewRetreatInches = 8; // AMB-OMTB-15
constexpr int kCrewLimberRetreatInches = 6;
constexpr int kCanisterRange = 8; // OMTB-FIRE-04
// How far a unit can be seen in the ground that limits sight; open ground and works do not.
constexpr int kThicketSightInches = 4;     // OMTB-TERR-03
constexpr int kWoodsSightInches = 8;       // OMTB-TERR-04
constexpr int kWoodsMovedSightInches = 12; // OMTB-TERR-04: moved in open woods this phase

} // namespace muster::rules::omtb::tables
