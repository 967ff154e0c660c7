#pragma once

#include "rules/HouseRules.h"
#include "rules/core/Shared.h"

#include <string>
#include <vector>

// The Manifest Destiny game model: enums and the unit and game state the engine folds inputs into.
namespace muster::rules::md {

enum class Nation { American, Mexican };
enum class Arm { Infantry, Cavalry, Artillery };
enum class Grade { Green = 1, Veteran = 2, Elite = 3 };                          // MD-GRADE-01
enum class Formation { Line, Column, RoadColumn, Skirmish };                     // MD-FORM-01..03
enum class Weapon { None, UsMusket, UsCarbine, MsRifle, MexMusket, MexCarbine }; // MD-FIRE-01
enum class GunType { None, UsHorse, UsFoot, Mexican };                           // MD-ARTY table rows
enum class RangeBand { Short, Medium, Long, Out };                               // MD-FIRE-02
enum class Cover {
    None,
    Brush,
    Skirmish,
    Artillerists,
    WoodenFence,
    LowWall,
    HighWall,
    Buildings
}; // MD-COVER-01

// The orders of MD-ORD-02, plus DISMOUNT/MOUNT (MD-CAV-04/05) and the gun actions of MD-ARTMV-02.
enum class Order {
    Hold,
    Move,
    ChangeFormation,
    FirstFire,
    Fire,
    Charge,
    Wheel,
    Dismount,
    Mount,
    ForcedMarch, // U.S. guns
    Limber,
    Unlimber,
    MoveUnlimber,        // U.S. pair
    UnlimberFire,        // U.S. pair: unlimber in movement, fire in regular fire
    FireLimber,          // U.S. pair: first fire, then limber
    ForcedMarchLimber,   // U.S. pair (limber, then forced march: AMB-MD-29 as printed)
    ForcedMarchUnlimber, // U.S. pair
    LimberMove,          // only with md.us_gun_pairs = add_limber_move
};

enum class ChargeState { None, Passed, Failed };
enum class StandState { None, Stood, Failed, Evaded };
enum class ChargeOutcome { None, Contact, HaltedAtVacated, Short };

// One unit (or one gun) and everything MD-ORG-05 says it stores.
struct Unit {
    // Identity, fixed at set-up.
    SharedText id;
    SharedText name;
    SharedText type;
    int side = 0; // index into GameState::sides
    Nation nation = Nation::American;
    Arm arm = Arm::Infantry;
    Weapon weapon = Weapon::None;
    GunType gun = GunType::None;
    bool lancers = false;                   // MD-MEL-04
    bool texasRangers = false;              // MD-MEL-04
    bool dragoons = false;                  // MD-GRADE-04
    Grade baseGrade = Grade::Green;         // grade while mounted (or always, non-dragoons), MD-GRADE-02
    Grade dismountedGrade = Grade::Veteran; // MD-GRADE-04: U.S. Dragoons dismounted
    int columnFiles = 4;                    // figures per rank in column (MD-FORM-02)

    // Figure counts, MD-ORG-05.
    int officers = 0;          // effective officers
    int rf = 0;                // effective rank-and-file (troopers, gun crew)
    int dlRf = 0;              // R&F in the DL group
    int dlOfficers = 0;        // officers in the DL group (MD-DL-12)
    int casualties = 0;        // dead, all kinds (MD-ORG-05)
    int officerCasualties = 0; // of which officers
    int pushedBackRf = 0;      // PUSHED_BACK, MD-MEL-10
    int pushedBackOfficers = 0;
    bool pushedBackRejoinNextMelee = false; // MD-MEL-10: winner's figures rejoin next Melee phase
    int gradeStepsLost = 0;                 // MD-OFF-01, subtracted from the base grade (MD-GRADE-04)
    int horseHolders = 0;                   // MD-CAV-04
    bool horsesLost = false;                // MD-MEL-13

    // Status.
    Formation formation = Formation::Line;
    bool formed = true;
    bool mounted = false;
    bool limbered = false;
    bool removed = false;   // MD-ORG-06: lost
    bool dispersed = false; // MD-RECON-01
    bool reconstituted = false;

    // Fire flags.
    bool loaded = true;             // MD-FIRE-10, MD-FIRE-12
    int haltedTurnsSinceFire = 99;  // MD-FIRE-12: full halted turns since the last carbine fire
    bool canisterDepleted = false;  // MD-ARTY-06
    bool rapidFireBanned = false;   // MD-ARTY-08
    SharedText lastRapidFireTarget; // MD-ARTY-09
    int lastRapidFireTurn = -1;

    // This turn.
    Order order = Order::Hold;
    SharedText orderTarget;                   // charge target (unit id)
    Formation newFormation = Formation::Line; // CF target formation
    ChargeState charge = ChargeState::None;
    bool chargeFlank = false; // MD-CHG-03
    StandState stand = StandState::None;
    SharedText chargedBy; // the charger this unit tested against
    ChargeOutcome chargeOutcome = ChargeOutcome::None;
    bool fireLost = false;      // MD-CHG-06
    bool cfFailed = false;      // MD-MOVE-05
    bool followUpFire = false;  // MD-MOVE-06 / MD-FIRE-11 half move
    bool movedThisTurn = false; // carried out MOVE or CHARGE (MD-CAV-02)
    bool movedLastTurn = true;  // MD-CAV-02 "from halt" means false
    bool firedThisTurn = false;
    bool haltedThisTurn = true; // MD-FIRE-10/12
    double moveDistance = 0;    // inches rolled this turn
    bool moveBlocked = false;   // MD-FORM-06: stopped before an unformed friend (or while unformed)
    double retireDistance = 0;  // MD-CHG-05/08/09, MD-MEL-08
    int fireStrength = 0;       // MD-SEQ-09: firing R&F fixed at the start of the fire phase
    int movementDlTaken = 0;    // MD-CAV-03 cap bookkeeping

    bool operator==(const Unit&) const = default;
};

// A side in play.
struct Side {
    std::string id;
    std::string name;
    Nation nation = Nation::American;
    bool hasGeneral = false;
    bool operator==(const Side&) const = default;
};

enum class Phase { Orders, ChargeTests, FirstFire, Movement, RegularFire, Melee, Recovery, GameOver };

// A DL roll waiting for its turn (MD-SEQ-09 step 2, MD-SEQ-05(d), MD-DL-08).
struct PendingDl {
    int unit = 0;
    int dice = 1;         // number of d6
    int fixed = -1;       // >= 0: a DL with no dice (cavalry six rule, MD-CAV-03)
    bool sixOnly = false; // 1 DL only if the die shows 6 (md.cav_move_dl = separate_d6_six)
    bool capped = false;  // counts against the 1-per-Movement-phase cavalry cap (MD-CAV-03, MD-ARTMV-04)
    bool gradeMod = true; // MD-DL-09 applies (not for the cavalry six rule, MD-CAV-03)
    SharedText cause;     // plain words
    SharedText ruleId;
    bool operator==(const PendingDl&) const = default;
};

// A contact to resolve in the Melee phase (MD-CHG-12).
struct Contact {
    int attacker = 0;
    int defender = 0;
    bool charged = true;
    bool flank = false;
    int roundsFought = 0; // > 0: an undecided melee carried over (md.melee_rounds = one_per_turn)
    bool operator==(const Contact&) const = default;
};

// Where the engine is inside a turn.
struct Cursor {
    Phase phase = Phase::Orders;
    int stage = 0; // sub-step within the phase
    int index = 0; // unit / DL / contact index within the stage
    bool operator==(const Cursor&) const = default;
};

// The whole game: a pure fold of the journal of inputs.
struct GameState {
    std::string ruleSet = "md";
    std::string scenario;
    int turn = 1;
    int maxTurns = 12;
    Cursor cursor;
    SharedHouseRules houseRules; // every md.* key with its value (defaults filled in)
    std::vector<Side> sides;
    std::vector<Unit> units;
    std::vector<PendingDl> pendingDls;
    std::vector<Contact> contacts;
    std::string winner; // side id, "draw", or empty while playing
    bool operator==(const GameState&) const = default;

    int unitIndex(const std::string& id) const;
};

Grade currentGrade(const Unit& unit); // MD-GRADE-04, MD-OFF-01, MD-OFF-03
bool inPlay(const Unit& unit);        // not removed and not dispersed
// MD-DL-01, MD-DL-13: every figure the unit has left is in its DL group (a gun whose whole crew is DL;
// dispersed cavalry). Such a unit cannot fire, fight, be targeted, charged or contacted, and with no figure
// in good order it cannot recover (MD-REC-03).
bool allInDl(const Unit& unit);
// In play with a figure out of the DL group: a unit that is given orders, acts, and can be targeted or
// charged.
bool inAction(const Unit& unit);

std::string toString(Nation v);
std::string toString(Arm v);
std::string toString(Grade v);
std::string toString(Formation v);
std::string toString(Weapon v);
std::string toString(GunType v);
std::string toString(RangeBand v);
std::string toString(Cover v);
std::string toString(Order v);
std::string toString(Phase v);
std::string toString(ChargeState v);
std::string toString(StandState v);
std::string toString(ChargeOutcome v);

// Parsers: false when the text names no value.
bool parse(const std::string& s, Nation& out);
bool parse(const std::string& s, Arm& out);
bool parse(const std::string& s, Grade& out);
bool parse(const std::string& s, Formation& out);
bool parse(const std::string& s, Weapon& out);
bool parse(const std::string& s, GunType& out);
bool parse(const std::string& s, RangeBand& out);
bool parse(const std::string& s, Cover& out);
bool parse(const std::string& s, Order& out);
bool parse(const std::string& s, Phase& out);
bool parse(const std::string& s, ChargeState& out);
bool parse(const std::string& s, StandState& out);
bool parse(const std::string& s, ChargeOutcome& out);

} // namespace muster::rules::md
