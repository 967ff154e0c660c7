#include "rules/md/Movement.h"

#include "rules/md/Tables.h"

#include <algorithm>

namespace muster::rules::md {

DiceExpr moveDice(const Unit& u, bool walk) {
    if (u.arm == Arm::Cavalry && u.mounted)
        return walk ? tables::cavalryWalk(u.nation) : tables::cavalryMove(u.nation, u.formation); // MD-CAV-01
    return tables::infantryMove(u.nation, u.formation); // MD-MOVE-02
}

std::optional<DiceExpr> gunMoveDice(const Unit& gun, bool forcedMarch) {
    return tables::gunMove(gun.gun, forcedMarch);
}

DiceExpr chargeDice(const Unit& u, const Options& options) {
    if (u.arm == Arm::Cavalry && u.mounted)
        return tables::cavalryCharge(u.nation, u.formation); // MD-CHG-11
    if (options.infChargeFormationRow && u.formation != Formation::Line)
        return tables::infantryMove(u.nation, u.formation); // AMB-MD-25 alternative
    return tables::infantryLineCharge(u.nation);            // MD-MOVE-04
}

bool chargesFromHalt(const Unit& u, const Options& options) {
    if (u.movedLastTurn)
        return false;
    return (u.arm == Arm::Cavalry && u.mounted) || options.haltPenaltyInfantry; // MD-CAV-02
}

bool usesCavalryDlRule(const Unit& u) {
    return u.arm == Arm::Cavalry && u.mounted;
}

bool moveDlExempt(const Unit& u, const Options& options) {
    if (u.arm == Arm::Artillery)
        return true; // MD-ARTMV-04
    if (u.nation != Nation::American)
        return false;
    if (usesCavalryDlRule(u))
        return options.usColumnExemptCav &&
               (u.formation == Formation::Column || u.formation == Formation::RoadColumn); // MD-CAV-03
    return tables::usInfantryMoveDlExempt(u.formation); // MD-DL-04, MD-MOVE-03
}

int sixRuleDl(const std::vector<int>& faces) {
    return std::find(faces.begin(), faces.end(), 6) != faces.end() ? 1 : 0;
}

int distanceFrom(const std::vector<int>& faces, int plus) {
    return std::max(0, sumFaces(faces) + plus);
}

bool chargeTestNeedsDie(Grade grade, bool flank, const Options& options) {
    return tables::chargeNeed(grade) != 0 || (flank && options.flankOnCharge);
}

bool chargeTestPasses(Grade grade, int face, bool flank, const Options& options) {
    int need = tables::chargeNeed(grade);
    if (need == 0 && !(flank && options.flankOnCharge))
        return true; // MD-CHG-01: Elite charge automatically
    int modified = face + ((flank && options.flankOnCharge) ? tables::kFlankModifier : 0);
    return modified >= std::max(need, 1) && modified >= 1;
}

bool standTestPasses(Grade grade, int face, bool flank, const Options& options) {
    int modified = face + ((flank && options.flankOnStand) ? tables::kFlankModifier : 0); // MD-CHG-03
    return modified >= tables::standNeed(grade);
}

bool usGreenCfPasses(int face) {
    return face >= tables::kUsGreenCfNeed;
}

bool needsUsGreenCfTest(const Unit& u) {
    return u.nation == Nation::American && currentGrade(u) == Grade::Green && u.arm != Arm::Artillery;
}

bool oddUnforms(int total) {
    return total % 2 != 0;
}

bool mayInterpenetrate(const Unit& a, const Unit& b) {
    return a.formed && b.formed; // MD-FORM-06
}

bool evadesAsSkirmisher(const Unit& t) {
    return t.formation == Formation::Skirmish && t.arm != Arm::Artillery; // MD-CHG-09
}

bool mayEvadeAsCavalry(const Unit& t, const Unit& charger) {
    const bool chargerDismounted = !(charger.arm == Arm::Cavalry && charger.mounted);
    return t.arm == Arm::Cavalry && t.mounted && t.formed && chargerDismounted; // MD-CHG-08
}

std::vector<Order> legalOrders(const Unit& u, const Options& options) {
    std::vector<Order> out{Order::Hold};
    if (u.arm == Arm::Artillery) {
        const bool us = u.nation == Nation::American;
        if (u.limbered) {
            out.insert(out.end(), {Order::Move, Order::Unlimber});
            if (us)
                out.insert(out.end(), {Order::ForcedMarch, Order::MoveUnlimber, Order::UnlimberFire,
                                       Order::ForcedMarchUnlimber});
        } else {
            out.insert(out.end(), {Order::FirstFire, Order::Fire, Order::Limber});
            if (us)
                out.insert(out.end(), {Order::FireLimber, Order::ForcedMarchLimber});
            if (us && options.usGunLimberMove)
                out.push_back(Order::LimberMove);
        }
        return out;
    }
    out.insert(out.end(), {Order::Move, Order::ChangeFormation});
    if (u.weapon != Weapon::None)
        out.insert(out.end(), {Order::FirstFire, Order::Fire});
    if (u.formation != Formation::Skirmish)
        out.push_back(Order::Charge); // MD-CHG-09
    out.push_back(Order::Wheel);
    if (u.arm == Arm::Cavalry) {
        if (u.mounted)
            out.push_back(Order::Dismount); // MD-CAV-04
        else if (!options.remountForbidden && !u.horsesLost && u.horseHolders > 0)
            out.push_back(Order::Mount); // MD-CAV-05
    }
    return out;
}

std::vector<Order> ordersOverAGame(const Unit& u, const Options& options) {
    std::vector<Unit> states;
    if (u.arm == Arm::Artillery) {
        for (bool limbered : {true, false}) {
            Unit s = u;
            s.limbered = limbered;
            states.push_back(s);
        }
    } else {
        // Skirmishers may change formation, and then charge.
        Unit s = u;
        s.formation = Formation::Line;
        states.push_back(s);
        if (u.arm == Arm::Cavalry) {
            s.mounted = !u.mounted;
            s.horsesLost = false;
            s.horseHolders = std::max(1, u.horseHolders); // holders are told off when the unit dismounts
            states.push_back(s);
        }
    }
    std::vector<Order> out;
    for (const Unit& s : states)
        for (Order o : legalOrders(s, options))
            if (std::find(out.begin(), out.end(), o) == out.end())
                out.push_back(o);
    std::sort(out.begin(), out.end());
    return out;
}

bool gunOrderMoves(Order o) {
    return o == Order::Move || o == Order::ForcedMarch || o == Order::MoveUnlimber ||
           o == Order::ForcedMarchLimber || o == Order::ForcedMarchUnlimber || o == Order::LimberMove;
}

bool gunOrderFiresFirst(Order o) {
    return o == Order::FirstFire || o == Order::FireLimber;
}

bool gunOrderFiresRegular(Order o) {
    return o == Order::Fire || o == Order::UnlimberFire;
}

} // namespace muster::rules::md
