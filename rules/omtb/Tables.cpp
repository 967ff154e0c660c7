#include "rules/omtb/Tables.h"

namespace muster::rules::omtb::tables {

namespace {

constexpr std::optional<int> no = std::nullopt;

// II.6, transcribed row by row (COL, LINE, OPEN, SKIR, MASS, LIMB, UNLIMB).
constexpr MoveRates kLegionInf{6, 4, 6, 8, no, no, no};
constexpr MoveRates kLegionCav{10, 8, no, 12, no, no, no};
constexpr MoveRates kMilitia{4, 3, no, 6, no, no, no};
constexpr MoveRates kMountedMilitia{8, 6, no, 10, no, no, no};
constexpr MoveRates kIndians{no, no, no, 10, 8, no, no};
constexpr MoveRates kCanadian{4, 3, no, 8, 6, no, no};
constexpr MoveRates kBritishInf{6, 4, 6, 8, no, no, no};
constexpr MoveRates kArtillery{no, no, no, no, no, 6, 2};
constexpr MoveRates kNone{no, no, no, no, no, no, no};

// II.2 with II.9's ratings; the 1791 rows are OMTB-1791-02/04 (their lines are switched in Turn.cpp).
const TypeProfile kProfiles[] = {
    {UnitType::LegionInfantry, "Legion Infantry", OpsLine::Regulars, 9, 9, FireLine::LegionInfantry,
     kLegionInf, kNone, false, false, false, "infantry"},
    {UnitType::LegionRifles, "Legion Rifles", OpsLine::Regulars, 9, 9, FireLine::LegionRifles, kLegionInf,
     kNone, false, false, false, "infantry"},
    // Dismounted dragoons use the Legion Infantry lines (OMTB-TYPE-01).
    {UnitType::LegionCavalry, "Legion Cavalry", OpsLine::Regulars, 8, 8, FireLine::LegionInfantry, kLegionInf,
     kLegionCav, true, false, false, "cavalry"},
    {UnitType::LegionArtillery, "Legion Artillery", OpsLine::Regulars, 8, 8, FireLine::None, kArtillery,
     kNone, false, true, false, "artillery"},
    {UnitType::Militia, "Militia", OpsLine::Militia, 6, 6, FireLine::Militia, kMilitia, kNone, false, false,
     false, "infantry"},
    {UnitType::MountedMilitia, "Mounted Militia", OpsLine::Militia, 6, 6, FireLine::Militia, kMilitia,
     kMountedMilitia, true, false, false, "cavalry"},
    {UnitType::Indians, "Indians", OpsLine::Indians, 8, 6, FireLine::IndianMuskets, kIndians, kNone, false,
     false, true, "infantry"},
    {UnitType::CanadianMilitia, "Canadian Militia", OpsLine::Militia, 7, 7, FireLine::CanadianMilitia,
     kCanadian, kNone, false, false, false, "infantry"},
    {UnitType::BritishInfantry, "British Infantry", OpsLine::Regulars, 9, 9, FireLine::BritishInfantry,
     kBritishInf, kNone, false, false, false, "infantry"},
    {UnitType::BritishArtillery, "British Artillery", OpsLine::Regulars, 8, 8, FireLine::None, kArtillery,
     kNone, false, true, false, "artillery"},
    {UnitType::FirstAmericanRegiment, "First American Regiment", OpsLine::Regulars, 8, 8,
     FireLine::LegionInfantry, kLegionInf, kNone, false, false, false, "infantry"},
    {UnitType::SecondAmericanRegiment, "Second American Regiment", OpsLine::Regulars, 7, 7,
     FireLine::LegionInfantry, kLegionInf, kNone, false, false, false, "infantry"},
    {UnitType::Levies, "Levies", OpsLine::Regulars, 6, 6, FireLine::Militia, kMilitia, kNone, false, false,
     false, "infantry"},
};

// Table 1: the die faces 1..6 on each line.
constexpr int kOps[3][6] = {
    {1, 1, 2, 2, 3, 3}, // Indians
    {1, 1, 1, 2, 2, 3}, // Militia
    {1, 2, 2, 2, 2, 3}, // Regulars
};

const FireRow kFire[] = {
    {FireLine::None, "none", {0, 0, 0, 0, 0}, 0, 1},
    {FireLine::LegionInfantry, "Legion Infantry", {6, 5, 4, 3, 2}, 8, 1},
    {FireLine::LegionRifles, "Legion Rifles", {6, 5, 4, 3, 2}, 12, 2},
    {FireLine::Militia, "Militia", {5, 4, 3, 2, 1}, 8, 1},
    {FireLine::IndianMuskets, "Indians: muskets", {5, 4, 3, 2, 1}, 8, 1},
    {FireLine::IndianBows, "Indians: bows", {6, 5, 4, 3, 2}, 4, 1},
    {FireLine::CanadianMilitia, "Canadian Militia", {5, 4, 3, 2, 1}, 8, 1},
    {FireLine::BritishInfantry, "British Infantry", {7, 6, 5, 4, 3}, 8, 1},
    {FireLine::ArtilleryBall, "Artillery: ball", {7, 6, 5, 4, 3}, 24, 2},
    {FireLine::ArtilleryCanister, "Artillery: canister", {8, 6, 4, 3, 2}, 8, 2},
};

} // namespace

std::optional<int> MoveRates::rate(Formation f) const {
    switch (f) {
    case Formation::Column:
        return column;
    case Formation::Line:
        return line;
    case Formation::Open:
        return open;
    case Formation::Skirmish:
        return skirmish;
    case Formation::Mass:
        return mass;
    case Formation::Limbered:
        return limbered;
    case Formation::Unlimbered:
        return unlimbered;
    }
    return std::nullopt;
}

const TypeProfile& profile(UnitType t) {
    for (const auto& p : kProfiles)
        if (p.type == t)
            return p;
    return kProfiles[0];
}

int operations(OpsLine line, int die) {
    if (die < 1)
        die = 1;
    if (die > 6)
        die = 6;
    return kOps[static_cast<int>(line)][die - 1];
}

const FireRow& fire(FireLine line) {
    for (const auto& r : kFire)
        if (r.line == line)
            return r;
    return kFire[0];
}

const std::vector<ClassRow>& targetClasses() {
    static const std::vector<ClassRow> kRows = {
        {4, Ground::Earthworks, TargetKind::Any},      // E: any troops in earthworks
        {3, Ground::Ramparts, TargetKind::Any},        // D: any troops behind ramparts
        {3, Ground::Thicket, TargetKind::Skirmishers}, // D: skirmishers in thicket
        {2, Ground::Thicket, TargetKind::Formed},      // C: formed troops in thicket
        {2, Ground::Woods, TargetKind::Skirmishers},   // C: skirmishers in woods
        {2, std::nullopt, TargetKind::Crews},          // C: artillery crews
        {1, Ground::Woods, TargetKind::Formed},        // B: formed troops in woods
        {1, Ground::Open, TargetKind::Skirmishers},    // B: skirmishers in the open
        {0, std::nullopt, TargetKind::Any},            // A: formed troops (including mass) in the open
    };
    return kRows;
}

const MoraleMods& moraleMods() {
    static const MoraleMods kMods;
    return kMods;
}

const MeleeMods& meleeMods() {
    static const MeleeMods kMods;
    return kMods;
}

Failure failure(int margin) {
    if (margin >= 5)
        return {Cohesion::Rout, true};
    if (margin >= 3)
        return {Cohesion::Rout, false};
    return {Cohesion::Disorder, false};
}

} // namespace muster::rules::omtb::tables
