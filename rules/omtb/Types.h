#pragma once

#include "rules/Scenario.h"
#include "rules/core/Shared.h"

#include <string>
#include <vector>

// The OMTB game state as plain value types (catalogue Part II): units, leaders, the phase cursor.
namespace muster::rules::omtb {

// A unit type of II.2 (OMTB-TYPE-01); the 1791 types are OMTB-1791-04's.
enum class UnitType {
    LegionInfantry,
    LegionRifles,
    LegionCavalry,
    LegionArtillery,
    Militia,
    MountedMilitia,
    Indians,
    CanadianMilitia,
    BritishInfantry,
    BritishArtillery,
    FirstAmericanRegiment,
    SecondAmericanRegiment,
    Levies,
};

// Table 1's lines (OMTB-OPS-01).
enum class OpsLine { Indians, Militia, Regulars };

// Formations of II.5; Limbered/Unlimbered are artillery's (OMTB-FORM-08).
enum class Formation { Column, Line, Open, Skirmish, Mass, Limbered, Unlimbered };

// Disorder and rout sit beside the formation (OMTB-FORM-06, OMTB-FORM-07).
enum class Cohesion { Formed, Disorder, Rout };

// What a unit stands in (OMTB-TERR-06): cover is anything but open; works are ramparts and earthworks.
enum class Ground { Open, Woods, Thicket, Ramparts, Earthworks, Buildings };

// Where a charge or contact strikes its target (morale -2 and melee -2 for flank or rear).
enum class Facing { Front, Flank, Rear };

// The fire lines of the fire table (II.8).
enum class FireLine {
    None,
    LegionInfantry,
    LegionRifles,
    Militia,
    IndianMuskets,
    IndianBows,
    CanadianMilitia,
    BritishInfantry,
    ArtilleryBall,
    ArtilleryCanister,
};

// The steps of a phase (OMTB-SEQ-02) as the cursor walks them.
enum class Step {
    Ops,            // step 1: the operations roll
    Surprise,       // OMTB-1791-03: one free op per Indian unit
    SurpriseMorale, // the checks the free ops caused, taken at once (AMB-OMTB-14)
    Leaders,        // where the phasing side's leaders are (attached or not)
    Forced,         // OMTB-OPS-04: RALLY / REFORM before anything else
    Activate,       // step 1: units spend their operations
    MoraleTargets,  // step 3: the non-phasing side's checks, reaction fire
    MoraleChargers, // step 4: the phasing chargers' checks
    Melee,          // step 5: contact and melee
    Rout,           // step 6: rout moves; leaving it ends the phase (OMTB-MOVE-04)
    GameOver,
};

// A leader figure of the order of battle ("Ldr", OMTB-OOB-01): a general or chief.
struct Leader {
    SharedText id;
    SharedText name;
    int side = 0;
    int attachedTo = -1; // unit index, or -1 (OMTB-MOVE-05, OMTB-MOR-04 +1)
    bool alive = true;
    bool operator==(const Leader&) const = default;
};

// One unit on the table.
struct Unit {
    SharedText id;
    SharedText name;
    int side = 0;
    UnitType type = UnitType::LegionInfantry;
    int figures = 0;      // figures alive (crew figures for artillery, OMTB-SCALE-02)
    int startFigures = 0; // at set-up
    int casualties = 0;   // figures killed (fire and melee)
    int guns = 0;         // gun models (OMTB-SCALE-02); 1 model = 2 real guns
    Formation formation = Formation::Line;
    Cohesion cohesion = Cohesion::Formed;
    bool mounted = false;         // mounted types (OMTB-TYPE-01, OMTB-FIRE-08)
    bool loaded = true;           // OMTB-OPS-07, AMB-OMTB-21
    int loadProgress = 0;         // LOAD ops done towards a 2-op reload (AMB-OMTB-27)
    bool officer = true;          // the unit's own officer alive (AMB-OMTB-06, OMTB-FIRE-09)
    bool leaderFigure = false;    // a designated leader figure for the melee +2 (AMB-OMTB-06)
    int moraleLoss = 0;           // permanent reductions (OMTB-MOR-06)
    Ground ground = Ground::Open; // last answered ground (OMTB-TERR-06)
    bool hidden = false;          // not spotted (OMTB-FIRE-11, OMTB-TERR-07)
    bool removed = false;         // every figure killed (GEN-05)
    bool offTable = false;        // routed off the table (step 6)
    int ops = 0;                  // operations left this phase (OMTB-OPS-01)
    int opsPenalty = 0;           // deducted from the next roll (OMTB-OPS-08)
    int casualtiesTurn = 0;       // killed this game turn (AMB-OMTB-13)
    int casualtiesPhase = 0;      // killed this phase (omtb.casualty_window = current_phase)
    int trigger = 0;              // morale trigger order this phase, 0 = none (OMTB-MOR-01)
    bool firedOnByArtillery = false;
    // This phase:
    bool activated = false;    // finished its operations (AMB-OMTB-22)
    bool moved = false;        // spent a MOVE op
    bool movedInWoods = false; // spotted at 12" (OMTB-TERR-04)
    bool charging = false;     // spent its CHARGE op (OMTB-MOVE-03)
    int chargeTarget = -1;     // unit index
    Facing chargeFacing = Facing::Front;
    int chargeRem = 0;         // unused movement at the 2" halt, eighths of an inch (OMTB-MOVE-06)
    bool chargeFailed = false; // failed its step-4 check (OMTB-MOR-07)
    int contactTarget = -1;    // MOVE into contact (OMTB-MOVE-07)
    Facing contactFacing = Facing::Front;
    int retreated = 0;          // inches retreated this phase (OMTB-MOVE-06 gap)
    int lastRetreat = 0;        // inches of the latest retreat (OMTB-MOVE-08), for people
    bool reactionFired = false; // OMTB-OPS-08
    bool routedAtStart = false; // in rout when the phase began (step 6)
    bool freeOpDone = false;    // OMTB-1791-03
    bool operator==(const Unit&) const = default;
};

// A side as the game keeps it (SideDef of the scenario, comparable).
struct Side {
    std::string id;
    std::string nation; // "indian" | "american"
    std::string name;
    std::string colour;
    bool operator==(const Side&) const = default;
};

struct Cursor {
    int phase = 0; // 0 Phase One (Indian side), 1 Phase Two (American side)
    Step step = Step::Ops;
    int index = 0;
    bool operator==(const Cursor&) const = default;
};

// The whole game.
struct State {
    SharedText scenarioName;
    std::vector<Side> sides; // [0] the Indian side (Phase One), [1] the American side
    std::vector<Unit> units;
    std::vector<Leader> leaders;
    SharedHouseRules houseRules;
    int turn = 1;
    int maxTurns = 12;
    Cursor cursor;
    int activeUnit = -1;    // the unit spending operations (unit_by_unit activation)
    int triggerSeq = 0;     // last morale trigger number handed out
    std::vector<int> queue; // units of the current morale step, in trigger order
    int opsDie = 0;         // the last command die (for the roster)
    bool surprise = false;  // OMTB-1791-03 in this phase
    std::string winner;     // side id, "draw", or empty
    bool operator==(const State&) const = default;
};

bool inPlay(const Unit& u);

std::string toString(UnitType t);
std::string toString(Formation f);
std::string toString(Cohesion c);
std::string toString(Ground g);
std::string toString(Facing f);
std::string toString(Step s);
bool parse(const std::string& text, UnitType& out);
bool parse(const std::string& text, Formation& out);
bool parse(const std::string& text, Cohesion& out);
bool parse(const std::string& text, Ground& out);
bool parse(const std::string& text, Facing& out);
bool parse(const std::string& text, Step& out);

} // namespace muster::rules::omtb
