#pragma once

#include "rules/core/Dice.h"
#include "rules/md/Options.h"
#include "rules/md/Types.h"

#include <optional>
#include <vector>

// Movement, formation changes and the charge: prediction (which dice) and the tests' pass/fail application.
namespace muster::rules::md {

// MD-MOVE-01/02, MD-CAV-01, MD-CAV-04 (dismounted troopers use the infantry rates of their nation).
DiceExpr moveDice(const Unit& unit, bool cavalryWalk);
// MD-ARTMV-01: nullopt when the gun cannot do it (Mexican forced march).
std::optional<DiceExpr> gunMoveDice(const Unit& gun, bool forcedMarch);
// MD-MOVE-04, MD-CHG-11, AMB-MD-25: the charge distance dice (before the from-halt die).
DiceExpr chargeDice(const Unit& unit, const Options& options);
// MD-CAV-02: does this charge lose 1d6 for starting from a halt?
bool chargesFromHalt(const Unit& unit, const Options& options);
// Mounted cavalry follow MD-CAV-03 rather than MD-DL-04/06.
bool usesCavalryDlRule(const Unit& unit);
// MD-DL-04 exemptions for a MOVE order (MD-MOVE-03, MD-ARTMV-04, MD-CAV-03).
bool moveDlExempt(const Unit& unit, const Options& options);
// MD-CAV-03 / MD-ARTMV-04 "six rule": 1 DL if any of the faces is a natural 6.
int sixRuleDl(const std::vector<int>& faces);
// A distance from faces: sum + plus, never below 0 (GEN-06).
int distanceFrom(const std::vector<int>& faces, int plus);

// MD-CHG-01/03: does the charge test pass? Elite passes without a die unless the flank penalty falls on it.
bool chargeTestNeedsDie(Grade grade, bool flank, const Options& options);
bool chargeTestPasses(Grade grade, int face, bool flank, const Options& options);
// MD-CHG-02/03: does the target stand?
bool standTestPasses(Grade grade, int face, bool flank, const Options& options);
// MD-MOVE-05: U.S. Green formation change test.
bool usGreenCfPasses(int face);
bool needsUsGreenCfTest(const Unit& unit);
// MD-CHG-05 / MD-CHG-10: unformed on an odd total.
bool oddUnforms(int total);

// MD-FORM-06: two friendly units may interpenetrate only if both are formed.
bool mayInterpenetrate(const Unit& a, const Unit& b);
// MD-CHG-09, MD-CHG-08: who evades instead of testing.
bool evadesAsSkirmisher(const Unit& target);
bool mayEvadeAsCavalry(const Unit& target, const Unit& charger);

// MD-ORD-01/02, MD-ARTMV-02: the orders a unit may be given this turn.
std::vector<Order> legalOrders(const Unit& unit, const Options& options);
// Every order the unit may be given in some turn of a game (limbered or not, mounted or not, in any
// formation), in the order of legalOrders: what its chits must cover.
std::vector<Order> ordersOverAGame(const Unit& unit, const Options& options);
// MD-ARTMV-02: the gun actions an order stands for, in the order they are carried out.
bool gunOrderMoves(Order order);
bool gunOrderFiresFirst(Order order);
bool gunOrderFiresRegular(Order order);

} // namespace muster::rules::md
