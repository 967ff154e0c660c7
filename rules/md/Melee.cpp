#include "rules/md/Melee.h"

#include "rules/md/Tables.h"

namespace muster::rules::md {

int meleeModifier(const Unit& self, const Unit& enemy, bool isOfficer, const MeleeSituation& s) {
    using namespace tables;
    int m = 0;
    const bool first = s.round == 1;
    if (first && s.charging)
        m += kMeleeCharging;
    if (first && s.flank)
        m += kMeleeFlank;
    const bool mounted = self.arm == Arm::Cavalry && self.mounted;
    if (mounted)
        m += kMeleeMounted;
    const int better = static_cast<int>(currentGrade(self)) - static_cast<int>(currentGrade(enemy));
    if (better > 0)
        m += kMeleePerGrade * better;
    if (s.hardCover && self.arm == Arm::Infantry)
        m += kMeleeHardCover;
    const bool enemyMounted = enemy.arm == Arm::Cavalry && enemy.mounted;
    if (!first && mounted && enemyMounted && self.nation == Nation::American &&
        enemy.nation == Nation::Mexican)
        m += kMeleeUsCavVsMexCav;
    if (isOfficer)
        m += kMeleeOfficer;
    if (self.formation == Formation::Line &&
        (enemy.formation == Formation::Column || enemy.formation == Formation::RoadColumn))
        m += kMeleeLineVsColumn;
    if (first && !self.formed)
        m += kMeleeUnformed;
    return m;
}

PairResult resolvePair(int naturalA, int modA, int naturalB, int modB) {
    PairResult r;
    if (naturalA == tables::kNaturalKill)
        r.bKilled = true;
    if (naturalB == tables::kNaturalKill)
        r.aKilled = true;
    const int diff = (naturalA + modA) - (naturalB + modB);
    if (diff >= tables::kMeleeKillMargin)
        r.bKilled = true;
    else if (diff >= 1)
        r.bPushed = true;
    else if (diff <= -tables::kMeleeKillMargin)
        r.aKilled = true;
    else if (diff <= -1)
        r.aPushed = true;
    if (r.aKilled)
        r.aPushed = false;
    if (r.bKilled)
        r.bPushed = false;
    return r;
}

std::vector<Fighter> makeFighters(int officers, int rankAndFile) {
    std::vector<Fighter> out;
    for (int i = 0; i < officers; ++i)
        out.push_back(Fighter{true, false, false});
    for (int i = 0; i < rankAndFile; ++i)
        out.push_back(Fighter{false, false, false});
    return out;
}

std::vector<int> activeIndices(const std::vector<Fighter>& fighters) {
    std::vector<int> out;
    for (std::size_t i = 0; i < fighters.size(); ++i) {
        if (fighters[i].active())
            out.push_back(static_cast<int>(i));
    }
    return out;
}

bool anyActive(const std::vector<Fighter>& fighters) {
    for (const auto& f : fighters) {
        if (f.active())
            return true;
    }
    return false;
}

} // namespace muster::rules::md
