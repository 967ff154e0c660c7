#include "rules/md/Tables.h"

namespace muster::rules::md::tables {

int infantryOfficers(Grade grade) {
    switch (grade) { // MD-ORG-01
    case Grade::Green:
        return 1;
    case Grade::Veteran:
        return 2;
    case Grade::Elite:
        return 3;
    }
    return 1;
}

namespace {

struct InfantryMoveRow {
    Formation formation;
    DiceExpr american;
    DiceExpr mexican;
    bool usNoDl;
};

// MD-MOVE-02 (skirmish: U.S. a fixed 9", MD-MOVE-03).
constexpr InfantryMoveRow kInfantryMove[] = {
    {Formation::Line, {1, 6, 4}, {2, 6, 0}, false},
    {Formation::Column, {1, 6, 9}, {2, 6, 6}, true},
    {Formation::RoadColumn, {1, 6, 12}, {2, 6, 9}, true},
    {Formation::Skirmish, {0, 6, 9}, {1, 6, 6}, true},
};
constexpr DiceExpr kLineChargeUs{1, 6, 8};  // MD-MOVE-04
constexpr DiceExpr kLineChargeMex{2, 6, 4}; // MD-MOVE-04

struct CavalryMoveRow {
    Formation formation;
    DiceExpr usMove, usCharge, mexMove, mexCharge;
};

// MD-CAV-01 (the Mexican road-column values kept as printed).
constexpr CavalryMoveRow kCavalryMove[] = {
    {Formation::Line, {2, 6, 6}, {2, 6, 9}, {2, 6, 6}, {2, 6, 12}},
    {Formation::Column, {2, 6, 9}, {2, 6, 15}, {2, 6, 9}, {2, 6, 18}},
    {Formation::RoadColumn, {2, 6, 12}, {2, 6, 21}, {3, 6, 9}, {2, 6, 18}},
};
constexpr DiceExpr kWalk{1, 6, 4}; // MD-CAV-01

const CavalryMoveRow& cavalryRow(Formation f) {
    for (const auto& r : kCavalryMove) {
        if (r.formation == f)
            return r;
    }
    return kCavalryMove[0]; // skirmish and anything else move as line
}

// MD-FIRE small-arms table.
const SmallArmsRow kSmallArms[] = {
    {Weapon::UsMusket, {6, 12, 24}, 6, {4, 5}, 0, false},
    {Weapon::UsCarbine, {6, 12, 0}, 6, {4, 5}, 0, true},
    {Weapon::MsRifle, {10, 20, 30}, 5, {4, 0}, 1, false},
    {Weapon::MexMusket, {5, 10, 20}, 6, {0, 0}, 0, false},
    {Weapon::MexCarbine, {3, 7, 0}, 6, {0, 0}, 2, false},
    {Weapon::None, {0, 0, 0}, 7, {0, 0}, 0, false},
};

// MD-ARTY table.
const GunRow kGuns[] = {
    {GunType::UsHorse, {8, 16, 30}, {13, 7, 5}, {4, 5}},
    {GunType::UsFoot, {10, 20, 40}, {13, 7, 5}, {4, 5}},
    {GunType::Mexican, {10, 20, 30}, {9, 5, 2}, {0, 0}},
    {GunType::None, {0, 0, 0}, {0, 0, 0}, {0, 0}},
};

// Unit types. Shares follow the MD-GRADE table (catalogue I.2) and AMB-MD-03 defaults.
const std::vector<UnitType> kUnitTypes = {
    // id, nation, arm, weapon, gun, category, elite, veteran, rest, dragoons, lancers, rangers
    {"us_regular_infantry", Nation::American, Arm::Infantry, Weapon::UsMusket, GunType::None,
     "us_regular_infantry", 1.0, 0.0, Grade::Veteran, false, false, false},
    {"us_volunteer_infantry", Nation::American, Arm::Infantry, Weapon::UsMusket, GunType::None,
     "us_volunteer_early", 0.0, 0.0, Grade::Green, false, false, false},
    {"us_late_volunteer_infantry", Nation::American, Arm::Infantry, Weapon::UsMusket, GunType::None,
     "us_volunteer_late", 0.0, 1.0, Grade::Veteran, false, false, false},
    {"mississippi_rifles", Nation::American, Arm::Infantry, Weapon::MsRifle, GunType::None,
     "us_volunteer_late", 0.0, 1.0, Grade::Veteran, false, false, false},
    {"us_dragoons", Nation::American, Arm::Cavalry, Weapon::UsCarbine, GunType::None, "us_dragoons", 0.5, 0.0,
     Grade::Veteran, true, false, false},
    {"texas_rangers", Nation::American, Arm::Cavalry, Weapon::UsCarbine, GunType::None, "us_other", 0.0, 0.0,
     Grade::Green, false, false, true},
    {"us_foot_artillery", Nation::American, Arm::Artillery, Weapon::None, GunType::UsFoot, "us_artillery",
     1.0, 0.0, Grade::Elite, false, false, false},
    {"us_horse_artillery", Nation::American, Arm::Artillery, Weapon::None, GunType::UsHorse, "us_artillery",
     1.0, 0.0, Grade::Elite, false, false, false},
    {"mex_zapadores", Nation::Mexican, Arm::Infantry, Weapon::MexMusket, GunType::None, "mex_zapadores", 1.0,
     0.0, Grade::Elite, false, false, false},
    {"mex_regular_infantry", Nation::Mexican, Arm::Infantry, Weapon::MexMusket, GunType::None,
     "mex_regular_infantry", 0.0, 0.2, Grade::Green, false, false, false},
    {"mex_activo_infantry", Nation::Mexican, Arm::Infantry, Weapon::MexMusket, GunType::None, "mex_activo",
     0.0, 0.0, Grade::Green, false, false, false},
    {"mex_regular_cavalry", Nation::Mexican, Arm::Cavalry, Weapon::MexCarbine, GunType::None,
     "mex_regular_cavalry", 0.0, 0.5, Grade::Green, false, false, false},
    {"mex_lancers", Nation::Mexican, Arm::Cavalry, Weapon::None, GunType::None, "mex_regular_cavalry", 0.0,
     0.5, Grade::Green, false, true, false},
    {"mex_activo_cavalry", Nation::Mexican, Arm::Cavalry, Weapon::MexCarbine, GunType::None, "mex_activo",
     0.0, 0.0, Grade::Green, false, false, false},
    {"mex_artillery", Nation::Mexican, Arm::Artillery, Weapon::None, GunType::Mexican, "mex_artillery", 1.0,
     0.0, Grade::Elite, false, false, false},
};

} // namespace

DiceExpr infantryMove(Nation nation, Formation formation) {
    for (const auto& r : kInfantryMove) {
        if (r.formation == formation)
            return nation == Nation::American ? r.american : r.mexican;
    }
    return nation == Nation::American ? kInfantryMove[0].american : kInfantryMove[0].mexican;
}

DiceExpr infantryLineCharge(Nation nation) {
    return nation == Nation::American ? kLineChargeUs : kLineChargeMex;
}

bool usInfantryMoveDlExempt(Formation formation) {
    for (const auto& r : kInfantryMove) {
        if (r.formation == formation)
            return r.usNoDl;
    }
    return false;
}

DiceExpr cavalryWalk(Nation) {
    return kWalk;
}

DiceExpr cavalryMove(Nation nation, Formation formation) {
    const auto& r = cavalryRow(formation);
    return nation == Nation::American ? r.usMove : r.mexMove;
}

DiceExpr cavalryCharge(Nation nation, Formation formation) {
    const auto& r = cavalryRow(formation);
    return nation == Nation::American ? r.usCharge : r.mexCharge;
}

std::optional<DiceExpr> gunMove(GunType gun, bool forcedMarch) {
    switch (gun) { // MD-ARTMV-01
    case GunType::UsFoot:
        return forcedMarch ? DiceExpr{2, 6, 8} : DiceExpr{2, 6, 4};
    case GunType::UsHorse:
        return forcedMarch ? DiceExpr{2, 6, 15} : DiceExpr{2, 6, 9};
    case GunType::Mexican:
        if (forcedMarch)
            return std::nullopt;
        return DiceExpr{2, 6, 0};
    case GunType::None:
        break;
    }
    return std::nullopt;
}

const SmallArmsRow& smallArms(Weapon weapon) {
    for (const auto& r : kSmallArms) {
        if (r.weapon == weapon)
            return r;
    }
    return kSmallArms[5];
}

const GunRow& gunRow(GunType gun) {
    for (const auto& r : kGuns) {
        if (r.gun == gun)
            return r;
    }
    return kGuns[3];
}

int coverSaveFrom(Cover cover) {
    switch (cover) { // MD-COVER-01
    case Cover::None:
        return 0;
    case Cover::Brush:
        return 6;
    case Cover::Skirmish:
        return 4;
    case Cover::Artillerists:
        return 5;
    case Cover::WoodenFence:
        return 5;
    case Cover::LowWall:
        return 5;
    case Cover::HighWall:
        return 4;
    case Cover::Buildings:
        return 3;
    }
    return 0;
}

int chargeNeed(Grade grade) {
    switch (grade) { // MD-CHG-01
    case Grade::Elite:
        return 0;
    case Grade::Veteran:
        return 2;
    case Grade::Green:
        return 3;
    }
    return 3;
}

int standNeed(Grade grade) {
    switch (grade) { // MD-CHG-02
    case Grade::Elite:
        return 2;
    case Grade::Veteran:
        return 3;
    case Grade::Green:
        return 4;
    }
    return 4;
}

int meleeDlDice(Arm arm, bool winner, bool meleeTextOption) {
    if (meleeTextOption) // AMB-MD-38 alternative: loser 2d6, winner 1d6, every arm
        return winner ? 1 : 2;
    if (arm == Arm::Cavalry) // MD-DL-07
        return winner ? 0 : 1;
    return winner ? 1 : 2; // infantry, and artillery crews
}

int dlGradeModifier(Grade grade) {
    switch (grade) { // MD-DL-09
    case Grade::Green:
        return 1;
    case Grade::Veteran:
        return 0;
    case Grade::Elite:
        return -1;
    }
    return 0;
}

int recoveryModifier(Grade grade) {
    switch (grade) { // MD-REC-01
    case Grade::Green:
        return -1;
    case Grade::Veteran:
        return 0;
    case Grade::Elite:
        return 1;
    }
    return 0;
}

const UnitType* findUnitType(const std::string& id) {
    for (const auto& t : kUnitTypes) {
        if (id == t.id)
            return &t;
    }
    return nullptr;
}

const std::vector<UnitType>& unitTypes() {
    return kUnitTypes;
}

} // namespace muster::rules::md::tables
