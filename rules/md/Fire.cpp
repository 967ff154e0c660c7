#include "rules/md/Fire.h"

#include "rules/md/Tables.h"

#include <algorithm>

namespace muster::rules::md {

RangeBand bandForDistance(const int ranges[3], double d, bool farther) {
    const RangeBand bands[3] = {RangeBand::Short, RangeBand::Medium, RangeBand::Long};
    for (int i = 0; i < 3; ++i) {
        if (ranges[i] == 0)
            return RangeBand::Out;
        // AMB-MD-08: the boundary belongs to the nearer band by default.
        if (farther ? d < ranges[i] : d <= ranges[i])
            return bands[i];
    }
    if (farther && d == ranges[2])
        return RangeBand::Long;
    return RangeBand::Out;
}

static std::vector<RangeBand> bandsOf(const int ranges[3]) {
    std::vector<RangeBand> out;
    const RangeBand bands[3] = {RangeBand::Short, RangeBand::Medium, RangeBand::Long};
    for (int i = 0; i < 3; ++i) {
        if (ranges[i] > 0)
            out.push_back(bands[i]);
    }
    return out;
}

std::vector<RangeBand> smallArmsBands(Weapon weapon) {
    return bandsOf(tables::smallArms(weapon).ranges);
}

std::vector<RangeBand> gunBands(GunType gun) {
    return bandsOf(tables::gunRow(gun).ranges);
}

int firingFigures(const Unit& u) {
    if (u.arm == Arm::Artillery)
        return u.rf;
    const bool infantryLike = u.arm == Arm::Infantry || (u.arm == Arm::Cavalry && !u.mounted);
    if (u.formation == Formation::Skirmish)
        return u.rf; // one rank: every skirmisher is in it
    int files = 0;
    switch (u.formation) {
    case Formation::Line:
        files = (u.rf + 1) / 2; // a line is two ranks deep (MD-FORM-01)
        break;
    case Formation::Column:
    case Formation::RoadColumn:
        files = std::max(1, u.columnFiles);
        break;
    case Formation::Skirmish:
        break;
    }
    const int ranks = (infantryLike && u.formed) ? 2 : 1; // MD-FIRE-03
    return std::min(u.rf, files * ranks);
}

int smallArmsDice(int figures, RangeBand band, Nation nation) {
    if (band == RangeBand::Out || figures <= 0)
        return 0;
    const int per = tables::kMenPerDie[static_cast<int>(band)];
    return nation == Nation::American ? (figures + per - 1) / per : figures / per; // MD-FIRE-04
}

int countHits(const std::vector<int>& faces, int hitFrom) {
    int n = 0;
    for (int f : faces) {
        if (f >= hitFrom)
            ++n;
    }
    return n;
}

std::vector<int> rerollPositions(const std::vector<int>& faces, Nation nation, const int rerollFaces[2]) {
    std::vector<int> out;
    if (nation != Nation::American)
        return out; // MD-FIRE-06: Mexicans never reroll
    for (std::size_t i = 0; i < faces.size(); ++i) {
        if ((rerollFaces[0] && faces[i] == rerollFaces[0]) || (rerollFaces[1] && faces[i] == rerollFaces[1]))
            out.push_back(static_cast<int>(i));
    }
    return out;
}

int hitFromFor(Weapon weapon) {
    return tables::smallArms(weapon).hitFrom;
}

Cover bestCover(Cover terrain, const Unit& target, bool targetIsHorses) {
    if (targetIsHorses)
        return Cover::None; // MD-COVER-03, MD-CAV-06
    Cover best = terrain;
    auto consider = [&](Cover c) {
        int from = tables::coverSaveFrom(c);
        int bestFrom = tables::coverSaveFrom(best);
        if (from != 0 && (bestFrom == 0 || from < bestFrom))
            best = c; // MD-COVER-02: most saving faces wins, rows never stack
    };
    if (target.formation == Formation::Skirmish)
        consider(Cover::Skirmish);
    if (target.arm == Arm::Artillery)
        consider(Cover::Artillerists);
    return best;
}

int countSaves(const std::vector<int>& faces, Cover cover) {
    int from = tables::coverSaveFrom(cover);
    if (from == 0)
        return 0;
    return countHits(faces, from);
}

int depthBonus(int ranks) {
    return std::max(0, ranks - tables::kDepthRanksFree); // MD-ARTY-03
}

int depthRanksFromFigures(int figures, int frontage) {
    const int files = std::max(1, frontage);
    return (std::max(0, figures) + files - 1) / files;
}

GunPool gunPool(GunType gun, RangeBand band, int ranks, bool cavOrLimbered, bool rapid,
                const Options& options) {
    GunPool p;
    if (band == RangeBand::Out)
        return p;
    const int b = static_cast<int>(band);
    p.base = tables::gunRow(gun).dice[b];
    p.depth = depthBonus(ranks);
    p.targetBonus = cavOrLimbered ? options.vsCavBonus[b] : 0; // MD-ARTY-04, AMB-MD-10
    const int normal = p.base + p.depth + p.targetBonus;
    if (!rapid)
        p.total = normal;
    else if (options.rapidDoublesBaseOnly)
        p.total = normal + p.base * (tables::kRapidFireMultiplier - 1);
    else
        p.total = normal * tables::kRapidFireMultiplier; // MD-ARTY-08, AMB-MD-11
    return p;
}

bool gunCanFire(const Unit& gun) {
    return gun.arm == Arm::Artillery && !gun.limbered && gun.rf >= tables::kGunCrewToFire; // MD-ARTY-01
}

bool rapidFireAllowed(const Unit& gun, const std::string& targetId, int turn) {
    if (gun.nation != Nation::American || gun.rapidFireBanned)
        return false;                                                                   // MD-ARTY-08
    return !(gun.lastRapidFireTarget == targetId && gun.lastRapidFireTurn == turn - 1); // MD-ARTY-09
}

} // namespace muster::rules::md
