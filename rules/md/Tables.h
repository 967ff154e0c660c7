#pragma once

#include "rules/core/Dice.h"
#include "rules/md/Types.h"

#include <optional>
#include <string>
#include <vector>

// Every Manifest Destiny table as data, in one place each (catalogue Part I, data block I.16).
namespace muster::rules::md::tables {

// MD-ORG-01/02/03: unit organisation.
inline constexpr int kInfantryRankAndFile = 30; // MD-ORG-01
inline constexpr int kCavalryTroopers = 16;     // MD-ORG-02
inline constexpr int kCavalryOfficers = 1;      // MD-ORG-02, AMB-MD-02
inline constexpr int kGunCrewSetup = 4;         // MD-ORG-03
inline constexpr int kGunCrewToFire = 2;        // MD-ORG-03, MD-ARTY-01
int infantryOfficers(Grade grade);              // MD-ORG-01: Green 1, Veteran 2, Elite 3

// MD-MOVE-02: infantry movement by nation and formation; `lineCharge` is the "Line charge" row (MD-MOVE-04).
DiceExpr infantryMove(Nation nation, Formation formation);
DiceExpr infantryLineCharge(Nation nation);
// MD-DL-04, MD-MOVE-03: U.S. infantry in column, road column and skirmish take no movement DL.
bool usInfantryMoveDlExempt(Formation formation);

// MD-CAV-01: cavalry movement; walk is 1d6+4 for both nations. Skirmish formation uses the line row.
DiceExpr cavalryWalk(Nation nation);
DiceExpr cavalryMove(Nation nation, Formation formation);
DiceExpr cavalryCharge(Nation nation, Formation formation);
inline constexpr DiceExpr kChargeFromHalt{1, 6, 0}; // MD-CAV-02: subtract 1d6
inline constexpr DiceExpr kHeldHorses{1, 6, 0};     // MD-CAV-06: unridden horses move 1d6"

// MD-ARTMV-01: artillery movement; forced march is U.S. only (nullopt otherwise).
std::optional<DiceExpr> gunMove(GunType gun, bool forcedMarch);

// MD-FIRE small-arms table: ranges [short, medium, long] in inches (0 = no band), hit and reroll faces.
struct SmallArmsRow {
    Weapon weapon;
    int ranges[3];
    int hitFrom;        // MD-FIRE-05: hits on this face or higher
    int rerollFaces[2]; // MD-FIRE-06: 0 = unused
    int reloadTurns;    // MD-FIRE-10 (rifles: 1 turn without movement), MD-FIRE-12 (Mexican carbines: 2)
    bool breechLoader;  // MD-FIRE-11
};
const SmallArmsRow& smallArms(Weapon weapon);
inline constexpr int kMenPerDie[3] = {1, 2, 3}; // MD-FIRE-04: short, medium, long

// MD-ARTY table: ranges and dice thrown per gun.
struct GunRow {
    GunType gun;
    int ranges[3];
    int dice[3];        // MD-ARTY-02
    int rerollFaces[2]; // MD-ARTY-05 (U.S. only)
};
const GunRow& gunRow(GunType gun);
inline constexpr int kDepthRanksFree = 2;       // MD-ARTY-03: +1 die per rank beyond the second
inline constexpr int kDepthZoneInches = 4;      // MD-ARTY-03
inline constexpr int kCanisterDepletedFrom = 5; // MD-ARTY-06: 5-6 depletes
inline constexpr int kRapidFireSucceedsTo = 4;  // MD-ARTY-08: 1-4 succeeds, 5-6 fails and bans
inline constexpr int kRapidFireMultiplier = 2;  // MD-ARTY-08

// MD-COVER-01: lowest saving face for each cover row (0 = no save).
int coverSaveFrom(Cover cover);

// MD-CHG-01/02: charge and stand tests (lowest passing face; 0 = automatic).
int chargeNeed(Grade grade);
int standNeed(Grade grade);
inline constexpr int kFlankModifier = -1;   // MD-CHG-03
inline constexpr DiceExpr kRetire{2, 6, 0}; // MD-CHG-05, MD-CHG-08, MD-CHG-09
inline constexpr int kUsGreenCfNeed = 3;    // MD-MOVE-05

// MD-MEL-03 melee modifiers.
inline constexpr int kMeleeCharging = 1; // first round only
inline constexpr int kMeleeFlank = 1;    // first round only
inline constexpr int kMeleeMounted = 1;
inline constexpr int kMeleePerGrade = 1;
inline constexpr int kMeleeHardCover = 1;
inline constexpr int kMeleeUsCavVsMexCav = 1; // from round 2
inline constexpr int kMeleeOfficer = 1;
inline constexpr int kMeleeLineVsColumn = 1;
inline constexpr int kMeleeUnformed = -1;          // first round only
inline constexpr int kMeleeKillMargin = 4;         // MD-MEL-05
inline constexpr int kNaturalKill = 6;             // MD-MEL-05, MD-MEL-04
inline constexpr DiceExpr kLoserFallBack{4, 6, 0}; // MD-MEL-08
inline constexpr DiceExpr kBreakOff{4, 6, 0};      // MD-MEL-12

// MD-DL-07: melee DL dice (winner, loser) by arm; artillery crews use the infantry row.
int meleeDlDice(Arm arm, bool winner, bool meleeTextOption);

// MD-DL-09: DL die modifier by grade; MD-REC-01: recovery modifier by grade.
int dlGradeModifier(Grade grade);
int recoveryModifier(Grade grade);
inline constexpr int kReconEnemyMinInches = 12;  // MD-RECON-02
inline constexpr int kReconGeneralMaxInches = 6; // MD-RECON-02

// Unit types of the scenario files, with MD-FIRE-01 weapons and the MD-GRADE-02/03 grade rows.
struct UnitType {
    const char* id;
    Nation nation;
    Arm arm;
    Weapon weapon;
    GunType gun;
    const char* category; // grade category for MD-GRADE-03 percentages
    double eliteShare;    // share of the category rated Elite (MD-GRADE-03)
    double veteranShare;  // share rated Veteran
    Grade restGrade;      // everyone else
    bool dragoons;        // MD-GRADE-04
    bool lancers;         // MD-MEL-04
    bool texasRangers;    // MD-MEL-04
};
const UnitType* findUnitType(const std::string& id);
const std::vector<UnitType>& unitTypes();

} // namespace muster::rules::md::tables
