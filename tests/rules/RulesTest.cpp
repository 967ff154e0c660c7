// Rule-by-rule checks of the MD tables, predictions and application functions, with scripted faces and exact
// expected values. Each assertion names the catalogue rule it checks (tests/rules/check_rule_coverage.py
// reads them).
#include "rules/md/Fire.h"
#include "rules/md/Losses.h"
#include "rules/md/Melee.h"
#include "rules/md/Movement.h"
#include "rules/md/Options.h"
#include "rules/md/Setup.h"
#include "rules/md/Tables.h"
#include "rules/md/Turn.h"

#include <gtest/gtest.h>

using namespace muster::rules;
using namespace muster::rules::md;

namespace {

Options defaults() {
    return Options::from(resolveOptions({}).value());
}

Options with(const std::string& key, const std::string& value) {
    HouseRules h;
    h.values[key] = value;
    auto r = resolveOptions(h);
    EXPECT_TRUE(r) << (r ? "" : r.error().message);
    return Options::from(r.value());
}

Unit infantry(Nation n, Grade g, int officers, int rf, Formation f = Formation::Line) {
    Unit u;
    u.id = n == Nation::American ? "US" : "MX";
    u.nation = n;
    u.arm = Arm::Infantry;
    u.weapon = n == Nation::American ? Weapon::UsMusket : Weapon::MexMusket;
    u.baseGrade = g;
    u.dismountedGrade = g;
    u.officers = officers;
    u.rf = rf;
    u.formation = f;
    return u;
}

Unit cavalry(Nation n, Grade g, int rf, Formation f = Formation::Line) {
    Unit u = infantry(n, g, 1, rf, f);
    u.arm = Arm::Cavalry;
    u.mounted = true;
    u.weapon = n == Nation::American ? Weapon::UsCarbine : Weapon::MexCarbine;
    return u;
}

Unit gun(GunType t, int crew) {
    Unit u;
    u.id = "G";
    u.nation = t == GunType::Mexican ? Nation::Mexican : Nation::American;
    u.arm = Arm::Artillery;
    u.gun = t;
    u.baseGrade = Grade::Elite;
    u.rf = crew;
    return u;
}

TEST(MdScale, MenPerFigureIsCosmetic) {
    // MD-SCALE-01: default 10 men per figure, 1-10 allowed, nothing else reads it.
    EXPECT_EQ(defaults().menPerFigure, 10);
    EXPECT_EQ(with("md.men_per_figure", "1").menPerFigure, 1);
    HouseRules bad;
    bad.values["md.men_per_figure"] = "11";
    EXPECT_FALSE(resolveOptions(bad));
}

TEST(MdOrg, UnitOrganisationAndNonCombatFigures) {
    EXPECT_EQ(tables::kInfantryRankAndFile, 30);            // MD-ORG-01
    EXPECT_EQ(tables::infantryOfficers(Grade::Green), 1);   // MD-ORG-01
    EXPECT_EQ(tables::infantryOfficers(Grade::Veteran), 2); // MD-ORG-01
    EXPECT_EQ(tables::infantryOfficers(Grade::Elite), 3);   // MD-ORG-01
    EXPECT_EQ(tables::kCavalryTroopers, 16);                // MD-ORG-02
    EXPECT_EQ(tables::kCavalryOfficers, 1);                 // MD-ORG-02
    EXPECT_EQ(tables::kGunCrewSetup, 4);                    // MD-ORG-03
    EXPECT_EQ(tables::kGunCrewToFire, 2);                   // MD-ORG-03
    // MD-ORG-04: musicians and standards are not counted anywhere: eligible = officers + R&F only.
    Unit u = infantry(Nation::Mexican, Grade::Green, 1, 30);
    EXPECT_EQ(casualtyEligible(u), 31);
    // MD-ORG-05: the unit stores its counts and flags; a DL moves a figure between counts.
    applyDl(u, 3, defaults());
    EXPECT_EQ(u.rf, 27);
    EXPECT_EQ(u.dlRf, 3);
    // MD-ORG-06: no figures left effective or DL: removed.
    Unit g = gun(GunType::UsFoot, 1);
    killRankAndFile(g, 1);
    EXPECT_TRUE(g.removed);
}

TEST(MdOrg, GunWithOneCrewCannotFireAndHasNoOfficers) {
    Unit g = gun(GunType::Mexican, 1);
    EXPECT_FALSE(gunCanFire(g)); // MD-ORG-03, MD-ARTY-01
    g.rf = 2;
    EXPECT_TRUE(gunCanFire(g));
    g.limbered = true;
    EXPECT_FALSE(gunCanFire(g)); // MD-ARTMV-03
    // MD-CAS-02: gun crews have no officers, so no allocation draws; crew die straight away.
    Unit c = gun(GunType::UsFoot, 4);
    applyAllocationDraw(c, 1, defaults());
    EXPECT_EQ(c.rf, 3);
    EXPECT_FALSE(c.removed);
}

ScenarioData gradeScenario(const std::vector<std::string>& types) {
    ScenarioData s;
    int i = 0;
    for (const auto& t : types) {
        UnitDef d;
        d.id = "U" + std::to_string(++i);
        d.type = t;
        d.side = tables::findUnitType(t)->nation == Nation::American ? "us" : "mx";
        s.units.push_back(d);
    }
    return s;
}

TEST(MdGrade, LadderAssignmentAndPercentages) {
    // MD-GRADE-01: Elite 3 > Veteran 2 > Green 1.
    EXPECT_GT(static_cast<int>(Grade::Elite), static_cast<int>(Grade::Veteran));
    EXPECT_GT(static_cast<int>(Grade::Veteran), static_cast<int>(Grade::Green));
    // MD-GRADE-02: by nation and troop type.
    auto g = assignGrades(gradeScenario({"us_regular_infantry", "us_volunteer_infantry", "mex_zapadores",
                                         "mex_activo_infantry", "mex_artillery", "us_foot_artillery"}),
                          defaults());
    EXPECT_EQ(g, (std::vector<Grade>{Grade::Elite, Grade::Green, Grade::Elite, Grade::Green, Grade::Elite,
                                     Grade::Elite}));
    // MD-GRADE-03: 20% of 7 Regular infantry = round_half_up(1.4) = 1 Veteran, listing order; 50% of 3
    // cavalry = 2.
    EXPECT_EQ(shareCount(0.2, 7), 1);
    EXPECT_EQ(shareCount(0.5, 3), 2);
    EXPECT_EQ(shareCount(0.25, 2), 1); // 0.5 rounds half up
    auto r =
        assignGrades(gradeScenario({"mex_regular_infantry", "mex_regular_infantry", "mex_regular_infantry",
                                    "mex_regular_infantry", "mex_regular_infantry", "mex_regular_cavalry",
                                    "mex_regular_cavalry", "mex_regular_cavalry"}),
                     defaults());
    EXPECT_EQ(r, (std::vector<Grade>{Grade::Veteran, Grade::Green, Grade::Green, Grade::Green, Grade::Green,
                                     Grade::Veteran, Grade::Veteran, Grade::Green}));
    // AMB-MD-03 option: a quarter of U.S. regulars Elite, the rest Veteran.
    auto q = assignGrades(gradeScenario({"us_regular_infantry", "us_regular_infantry", "us_regular_infantry",
                                         "us_regular_infantry"}),
                          with("md.us_regular_elite_share", "quarter"));
    EXPECT_EQ(q, (std::vector<Grade>{Grade::Elite, Grade::Veteran, Grade::Veteran, Grade::Veteran}));
}

TEST(MdGrade, DragoonsChangeGradeWhenDismountedAndOfficerStepsSubtract) {
    auto g = assignGrades(gradeScenario({"us_dragoons", "us_dragoons"}), defaults());
    EXPECT_EQ(g, (std::vector<Grade>{Grade::Elite, Grade::Veteran})); // MD-GRADE-04, AMB-MD-03 (2)
    auto green =
        assignGrades(gradeScenario({"us_dragoons", "us_dragoons"}), with("md.us_dragoon_nonelite", "green"));
    EXPECT_EQ(green[1], Grade::Green);
    Unit d = cavalry(Nation::American, Grade::Elite, 16);
    d.dragoons = true;
    d.dismountedGrade = Grade::Veteran;
    EXPECT_EQ(currentGrade(d), Grade::Elite); // MD-GRADE-04 mounted
    d.mounted = false;
    EXPECT_EQ(currentGrade(d), Grade::Veteran); // dismounted
    d.gradeStepsLost = 1;
    EXPECT_EQ(currentGrade(d), Grade::Green); // steps come off whichever base applies
    d.gradeStepsLost = 5;
    EXPECT_EQ(currentGrade(d), Grade::Green); // MD-OFF-03 floor
}

TEST(MdGrade, GradeIsUsedByChargeMeleeDlAndRecovery) {
    // MD-GRADE-05: the same unit's grade feeds all four.
    EXPECT_EQ(tables::chargeNeed(Grade::Veteran), 2);
    EXPECT_EQ(tables::standNeed(Grade::Veteran), 3);
    Unit vet = infantry(Nation::American, Grade::Veteran, 2, 20);
    Unit green = infantry(Nation::Mexican, Grade::Green, 1, 20);
    EXPECT_EQ(meleeModifier(vet, green, false, MeleeSituation{false, false, false, 2}), 1);
    EXPECT_EQ(dlFromFaces({3}, Grade::Veteran), 3);
    EXPECT_EQ(recoveryFromFaces({3}, Grade::Veteran, false, defaults()), 3);
}

TEST(MdSeq, PhasesRunInOrderAndChargeTestsComeAfterTheReveal) {
    // MD-SEQ-01..08: orders, charge declaration, first fire, movement, regular fire, melee, recovery.
    GameState s;
    s.sides = {Side{"us", "US", Nation::American, false}, Side{"mx", "MX", Nation::Mexican, false}};
    s.units = {infantry(Nation::American, Grade::Veteran, 2, 30),
               infantry(Nation::Mexican, Grade::Green, 1, 30)};
    s.units[1].id = "MX";
    s.units[1].side = 1;
    s.maxTurns = 5;
    const Options o = defaults();
    enterPhase(s, Phase::Orders, o);
    ScriptedFeed feed({}, {{"US.order", "hold"}, {"MX.order", "hold"}});
    std::vector<Phase> seen{s.cursor.phase};
    while (s.turn == 1 && s.cursor.phase != Phase::GameOver) {
        ASSERT_TRUE(runStep(s, feed, o));
        if (seen.back() != s.cursor.phase)
            seen.push_back(s.cursor.phase);
    }
    // Every unit held and nothing happened: the machine walked straight into turn 2's orders.
    EXPECT_EQ(s.turn, 2);
    EXPECT_EQ(s.cursor.phase, Phase::Orders);
    EXPECT_TRUE(feed.failures().empty());
    // MD-SEQ-03 / AMB-MD-06: with the default timing charge tests follow orders; the option moves them after
    // FF.
    Options late = with("md.charge_test_timing", "movement_phase");
    EXPECT_TRUE(late.chargeTestsInMovement);
}

TEST(MdSeq, SimultaneousFireUsesPhaseStartStrength) {
    // MD-SEQ-09: firing strength fixed when the phase starts, DLs rolled after every resolution.
    GameState s;
    s.units = {infantry(Nation::American, Grade::Veteran, 2, 28)};
    enterPhase(s, Phase::RegularFire, defaults());
    EXPECT_EQ(s.units[0].fireStrength, 28);
    s.units[0].rf = 10; // casualties during the phase do not change it
    EXPECT_EQ(s.units[0].fireStrength, 28);
    EXPECT_TRUE(with("md.fire_resolution", "sequential").sequentialFire);
}

TEST(MdOrd, EveryUnitGetsOneOfTheListedOrders) {
    const Options o = defaults();
    // MD-ORD-01/02: infantry choose among the seven orders; HOLD is always first (the blank chit).
    auto inf = legalOrders(infantry(Nation::American, Grade::Green, 1, 30), o);
    EXPECT_EQ(inf, (std::vector<Order>{Order::Hold, Order::Move, Order::ChangeFormation, Order::FirstFire,
                                       Order::Fire, Order::Charge, Order::Wheel}));
    // MD-CHG-09: skirmishers are not offered CHARGE.
    auto sk = legalOrders(infantry(Nation::American, Grade::Green, 1, 30, Formation::Skirmish), o);
    EXPECT_EQ(std::count(sk.begin(), sk.end(), Order::Charge), 0);
    // MD-ORD-03 / MD-ARTMV-02: U.S. gun pairs; Mexican guns one action; limber+move only with the option.
    Unit usGun = gun(GunType::UsFoot, 4);
    auto pairs = legalOrders(usGun, o);
    EXPECT_EQ(std::count(pairs.begin(), pairs.end(), Order::FireLimber), 1);
    EXPECT_EQ(std::count(pairs.begin(), pairs.end(), Order::LimberMove), 0); // AMB-MD-29 as printed
    auto added = legalOrders(usGun, with("md.us_gun_pairs", "add_limber_move"));
    EXPECT_EQ(std::count(added.begin(), added.end(), Order::LimberMove), 1);
    Unit mxGun = gun(GunType::Mexican, 4);
    mxGun.limbered = true;
    EXPECT_EQ(legalOrders(mxGun, o), (std::vector<Order>{Order::Hold, Order::Move, Order::Unlimber}));
}

TEST(MdForm, FormationsFormedStatusAndInterpenetration) {
    Unit line = infantry(Nation::American, Grade::Veteran, 2, 30, Formation::Line);
    EXPECT_EQ(firingFigures(line), 30); // MD-FORM-01: two ranks deep, all fire
    Unit col = infantry(Nation::American, Grade::Veteran, 2, 28, Formation::Column);
    col.columnFiles = 4;
    EXPECT_EQ(firingFigures(col), 8); // MD-FORM-02: more than two ranks, the first two fire
    Unit sk = infantry(Nation::American, Grade::Veteran, 2, 12, Formation::Skirmish);
    EXPECT_EQ(firingFigures(sk), 12);         // MD-FORM-03: one rank
    EXPECT_EQ(defaults().skirmishSpacing, 2); // AMB-MD-01
    line.formed = false;
    EXPECT_EQ(firingFigures(line), 15); // MD-FORM-04: unformed fire one rank
    Unit other = infantry(Nation::American, Grade::Green, 1, 30);
    EXPECT_FALSE(mayInterpenetrate(line, other)); // MD-FORM-06
    line.formed = true;
    EXPECT_TRUE(mayInterpenetrate(line, other));
}

TEST(MdMove, InfantryTablesAndCharges) {
    EXPECT_EQ(toString(tables::infantryMove(Nation::American, Formation::Line)), "1d6+4");      // MD-MOVE-02
    EXPECT_EQ(toString(tables::infantryMove(Nation::Mexican, Formation::RoadColumn)), "2d6+9"); // MD-MOVE-02
    EXPECT_EQ(toString(tables::infantryMove(Nation::American, Formation::Skirmish)), "9");      // MD-MOVE-03
    EXPECT_EQ(distanceFrom({}, 9), 9);                                                          // MD-MOVE-03
    EXPECT_EQ(distanceFrom({3, 4}, 0), 7);                                                      // MD-MOVE-01
    const Options o = defaults();
    Unit col = infantry(Nation::Mexican, Grade::Green, 1, 30, Formation::Column);
    EXPECT_EQ(toString(chargeDice(col, o)), "2d6+4"); // MD-MOVE-04: line-charge row whatever the formation
    EXPECT_EQ(toString(chargeDice(col, with("md.inf_charge_rate", "formation_move_row"))), "2d6+6");
    // MD-MOVE-05: the U.S. Green CF test.
    EXPECT_FALSE(usGreenCfPasses(2));
    EXPECT_TRUE(usGreenCfPasses(3));
    EXPECT_TRUE(needsUsGreenCfTest(infantry(Nation::American, Grade::Green, 1, 30)));
    EXPECT_FALSE(needsUsGreenCfTest(infantry(Nation::Mexican, Grade::Green, 1, 30)));
    EXPECT_EQ(defaults().usCfFollowup, "move_or_fire"); // MD-MOVE-06
    // MD-MOVE-07 / MD-MOVE-08 / MD-MOVE-09 are exercised with dice in S13-c, S12-d/e and S13-d.
    EXPECT_EQ(defaults().wheelMaxDeg, 90);      // MD-MOVE-09
    EXPECT_TRUE(defaults().mexDifficultMarked); // MD-MOVE-08, AMB-MD-31
    Unit mex = infantry(Nation::Mexican, Grade::Green, 1, 30);
    EXPECT_FALSE(moveDlExempt(mex, o)); // MD-MOVE-07: Mexicans always take their DLs
}

TEST(MdCav, MovementChargeFromHaltSixRuleDismountRemount) {
    const Options o = defaults();
    Unit us = cavalry(Nation::American, Grade::Veteran, 16, Formation::RoadColumn);
    EXPECT_EQ(toString(moveDice(us, false)), "2d6+12"); // MD-CAV-01
    EXPECT_EQ(toString(moveDice(us, true)), "1d6+4");   // MD-CAV-01 walk
    EXPECT_EQ(toString(chargeDice(us, o)), "2d6+21");   // MD-CAV-01
    Unit mx = cavalry(Nation::Mexican, Grade::Green, 16, Formation::RoadColumn);
    EXPECT_EQ(toString(moveDice(mx, false)), "3d6+9"); // as printed
    EXPECT_EQ(toString(chargeDice(mx, o)), "2d6+18");
    us.movedLastTurn = false;
    EXPECT_TRUE(chargesFromHalt(us, o)); // MD-CAV-02
    Unit inf = infantry(Nation::American, Grade::Veteran, 2, 30);
    inf.movedLastTurn = false;
    EXPECT_FALSE(chargesFromHalt(inf, o));
    EXPECT_TRUE(chargesFromHalt(inf, with("md.halt_penalty_infantry", "true")));
    EXPECT_EQ(sixRuleDl({6, 2, 4}), 1); // MD-CAV-03
    EXPECT_EQ(sixRuleDl({2, 6, 6}), 1); // capped at one
    EXPECT_EQ(sixRuleDl({3, 5}), 0);
    EXPECT_TRUE(moveDlExempt(us, o)); // U.S. cavalry in road column (MD-CAV-03)
    EXPECT_FALSE(moveDlExempt(us, with("md.us_column_exempt_cav", "false")));
    EXPECT_EQ(horseHoldersFor(16), 4); // MD-CAV-04
    EXPECT_EQ(horseHoldersFor(15), 4);
    EXPECT_EQ(horseHoldersFor(8), 2);
    EXPECT_FALSE(defaults().remountForbidden); // MD-CAV-05
    Unit dis = cavalry(Nation::American, Grade::Veteran, 12);
    dis.mounted = false;
    dis.horseHolders = 4;
    auto orders = legalOrders(dis, o);
    EXPECT_EQ(std::count(orders.begin(), orders.end(), Order::Mount), 1); // MD-CAV-05
    auto forbidden = legalOrders(dis, with("md.remount", "forbidden"));
    EXPECT_EQ(std::count(forbidden.begin(), forbidden.end(), Order::Mount), 0);
    Unit target = infantry(Nation::Mexican, Grade::Green, 1, 30);
    EXPECT_EQ(bestCover(Cover::Buildings, target, true), Cover::None); // MD-CAV-06: held horses get no save
}

TEST(MdArtmv, GunMovementAndForcedMarch) {
    EXPECT_EQ(toString(*gunMoveDice(gun(GunType::UsFoot, 4), false)), "2d6+4");  // MD-ARTMV-01
    EXPECT_EQ(toString(*gunMoveDice(gun(GunType::UsHorse, 4), true)), "2d6+15"); // MD-ARTMV-01
    EXPECT_FALSE(gunMoveDice(gun(GunType::Mexican, 4), true).has_value());       // only U.S. force march
    EXPECT_TRUE(gunOrderMoves(Order::ForcedMarchUnlimber));                      // MD-ARTMV-02
    EXPECT_TRUE(gunOrderFiresFirst(Order::FireLimber));
    EXPECT_TRUE(gunOrderFiresRegular(Order::UnlimberFire));
    EXPECT_TRUE(moveDlExempt(gun(GunType::UsFoot, 4), defaults())); // MD-ARTMV-04
}

TEST(MdFire, BandsDiceRoundingHitsRerolls) {
    const int musket[3] = {6, 12, 24};
    EXPECT_EQ(bandForDistance(musket, 6, false), RangeBand::Short); // MD-FIRE-02, AMB-MD-08 nearer
    EXPECT_EQ(bandForDistance(musket, 6, true), RangeBand::Medium); // farther
    EXPECT_EQ(bandForDistance(musket, 18, false), RangeBand::Long);
    EXPECT_EQ(bandForDistance(musket, 25, false), RangeBand::Out);
    const int carbine[3] = {3, 7, 0};
    EXPECT_EQ(bandForDistance(carbine, 8, false), RangeBand::Out);       // "-" in the table
    EXPECT_EQ(smallArmsBands(Weapon::UsCarbine).size(), 2u);             // MD-FIRE-01/02
    EXPECT_EQ(smallArmsDice(28, RangeBand::Long, Nation::American), 10); // MD-FIRE-04
    EXPECT_EQ(smallArmsDice(28, RangeBand::Long, Nation::Mexican), 9);
    EXPECT_EQ(smallArmsDice(17, RangeBand::Medium, Nation::American), 9);
    EXPECT_EQ(smallArmsDice(17, RangeBand::Medium, Nation::Mexican), 8);
    EXPECT_EQ(countHits({6, 4, 5, 1, 2, 6}, hitFromFor(Weapon::UsMusket)), 2); // MD-FIRE-05
    EXPECT_EQ(countHits({5, 4, 6}, hitFromFor(Weapon::MsRifle)), 2);           // rifles hit on 5-6
    const int usReroll[2] = {4, 5};
    EXPECT_EQ(rerollPositions({6, 4, 5, 1, 2, 6, 3, 5, 4, 1}, Nation::American, usReroll),
              (std::vector<int>{1, 2, 7, 8})); // MD-FIRE-06
    EXPECT_TRUE(rerollPositions({4, 5}, Nation::Mexican, usReroll).empty());
    const auto& rifle = tables::smallArms(Weapon::MsRifle);
    EXPECT_EQ(rerollPositions({5, 4, 6, 4}, Nation::American, rifle.rerollFaces), (std::vector<int>{1, 3}));
    EXPECT_EQ(rifle.reloadTurns, 1);                                 // MD-FIRE-10
    EXPECT_TRUE(tables::smallArms(Weapon::UsCarbine).breechLoader);  // MD-FIRE-11
    EXPECT_EQ(tables::smallArms(Weapon::MexCarbine).reloadTurns, 2); // MD-FIRE-12
    // MD-FIRE-07, MD-FIRE-08, MD-FIRE-09 run with dice in S01 and S01-b.
}

TEST(MdArty, PoolsDepthTargetBonusRapidFire) {
    const Options o = defaults();
    EXPECT_EQ(gunPool(GunType::Mexican, RangeBand::Short, 2, true, false, o).total, 12); // MD-ARTY-02, -04
    EXPECT_EQ(gunPool(GunType::Mexican, RangeBand::Medium, 2, true, false, o).total, 5); // no bonus at medium
    EXPECT_EQ(gunPool(GunType::UsFoot, RangeBand::Long, 2, false, false, o).total, 5);
    EXPECT_EQ(depthBonus(5), 3); // MD-ARTY-03
    EXPECT_EQ(depthBonus(1), 0);
    EXPECT_EQ(gunPool(GunType::UsHorse, RangeBand::Medium, 2, false, true, o).total, 14); // MD-ARTY-08
    auto p = gunPool(GunType::UsHorse, RangeBand::Short, 4, true, true, o);
    EXPECT_EQ(p.total, 2 * (13 + 2 + 3)); // whole pool doubled
    auto b =
        gunPool(GunType::UsHorse, RangeBand::Short, 4, true, true, with("md.rapid_doubles", "base_only"));
    EXPECT_EQ(b.total, 13 * 2 + 2 + 3); // AMB-MD-11
    const int usReroll[2] = {4, 5};
    EXPECT_EQ(rerollPositions({4, 4, 6, 2, 5}, Nation::American, usReroll).size(), 3u); // MD-ARTY-05
    EXPECT_EQ(tables::kCanisterDepletedFrom, 5);                                        // MD-ARTY-06
    Unit g = gun(GunType::UsHorse, 4);
    EXPECT_TRUE(rapidFireAllowed(g, "X", 2));
    g.lastRapidFireTarget = "X";
    g.lastRapidFireTurn = 1;
    EXPECT_FALSE(rapidFireAllowed(g, "X", 2)); // MD-ARTY-09
    EXPECT_TRUE(rapidFireAllowed(g, "Y", 2));
    EXPECT_TRUE(rapidFireAllowed(g, "X", 3));
    g.rapidFireBanned = true;
    EXPECT_FALSE(rapidFireAllowed(g, "Y", 3));
    EXPECT_FALSE(rapidFireAllowed(gun(GunType::Mexican, 4), "Y", 3));
    // MD-ARTY-07 (as medium) is S05-as-medium; MD-ARTY-10 (each gun its own DL) is S06-two-guns.
}

TEST(MdCover, SavesBestSingleRowNoneForHorses) {
    Unit sk = infantry(Nation::Mexican, Grade::Green, 1, 12, Formation::Skirmish);
    EXPECT_EQ(bestCover(Cover::Brush, sk, false), Cover::Skirmish); // MD-COVER-02
    EXPECT_EQ(bestCover(Cover::Buildings, sk, false), Cover::Buildings);
    EXPECT_EQ(countSaves({4, 3, 6, 1}, Cover::Skirmish), 2); // MD-COVER-01
    EXPECT_EQ(countSaves({5, 2, 6}, Cover::WoodenFence), 2);
    EXPECT_EQ(countSaves({6, 6}, Cover::None), 0);
    EXPECT_EQ(bestCover(Cover::None, gun(GunType::UsFoot, 4), false), Cover::Artillerists);
    EXPECT_EQ(bestCover(Cover::HighWall, sk, true), Cover::None); // MD-COVER-03
}

TEST(MdCas, AllocationOfficersFirstExcessAndImmediateOfficerLoss) {
    const Options o = defaults();
    Unit u = infantry(Nation::American, Grade::Veteran, 2, 30);
    EXPECT_EQ(casualtyEligible(u), 32); // MD-CAS-01
    applyAllocationDraw(u, 2, o);       // MD-CAS-02: draw <= k kills officer k
    EXPECT_EQ(u.officers, 1);
    EXPECT_EQ(currentGrade(u), Grade::Green); // MD-CAS-03: at once
    applyAllocationDraw(u, 17, o);
    EXPECT_EQ(u.rf, 29);
    Unit rem = infantry(Nation::Mexican, Grade::Green, 1, 2);
    EXPECT_TRUE(casualtiesExceedEligible(rem, 5)); // MD-CAS-04
    killAllEligible(rem, o);
    EXPECT_TRUE(rem.removed);
    EXPECT_EQ(rem.casualties, 3);
}

TEST(MdChg, TestsFlankEvasionAndContactFailure) {
    const Options o = defaults();
    EXPECT_FALSE(chargeTestNeedsDie(Grade::Elite, false, o)); // MD-CHG-01: Elite automatic
    EXPECT_TRUE(chargeTestPasses(Grade::Veteran, 2, false, o));
    EXPECT_FALSE(chargeTestPasses(Grade::Green, 2, false, o));
    EXPECT_TRUE(standTestPasses(Grade::Elite, 2, false, o)); // MD-CHG-02
    EXPECT_FALSE(standTestPasses(Grade::Green, 3, false, o));
    EXPECT_FALSE(standTestPasses(Grade::Green, 4, true, o)); // MD-CHG-03: -1 on the stand die
    EXPECT_TRUE(standTestPasses(Grade::Elite, 3, true, o));
    EXPECT_FALSE(standTestPasses(Grade::Elite, 2, true, o));
    const Options both = with("md.flank_minus1_applies_to", "both");
    EXPECT_FALSE(chargeTestPasses(Grade::Veteran, 2, true, both)); // MD-CHG-04 follows (S08-flank-both)
    EXPECT_TRUE(oddUnforms(7));                                    // MD-CHG-05
    EXPECT_FALSE(oddUnforms(4));
    Unit cav = cavalry(Nation::Mexican, Grade::Green, 16);
    Unit inf = infantry(Nation::American, Grade::Veteran, 2, 26);
    EXPECT_TRUE(mayEvadeAsCavalry(cav, inf)); // MD-CHG-08
    cav.formed = false;
    EXPECT_FALSE(mayEvadeAsCavalry(cav, inf));
    EXPECT_FALSE(mayEvadeAsCavalry(cavalry(Nation::Mexican, Grade::Green, 16),
                                   cavalry(Nation::American, Grade::Elite, 16)));
    EXPECT_TRUE(
        evadesAsSkirmisher(infantry(Nation::Mexican, Grade::Green, 1, 12, Formation::Skirmish))); // MD-CHG-09
    EXPECT_TRUE(defaults().contactFailParity == false); // MD-CHG-10: a separate d6 by default
    EXPECT_FALSE(defaults().chargeAlsoMoveDl);          // MD-CHG-13
    // MD-CHG-06/07/11/12 run with dice in S08, S10-a and S11-a.
}

TEST(MdMel, ModifiersAndPairResults) {
    Unit us = infantry(Nation::American, Grade::Veteran, 2, 24, Formation::Line);
    Unit mx = infantry(Nation::Mexican, Grade::Green, 1, 28, Formation::Column);
    MeleeSituation r1{true, false, false, 1};
    EXPECT_EQ(meleeModifier(us, mx, false, r1), 3); // MD-MEL-03: charging, grade, line vs column
    EXPECT_EQ(meleeModifier(us, mx, true, r1), 4);  // officer
    MeleeSituation r2{true, false, false, 2};
    EXPECT_EQ(meleeModifier(us, mx, false, r2), 2);
    Unit usCav = cavalry(Nation::American, Grade::Veteran, 16);
    Unit mxCav = cavalry(Nation::Mexican, Grade::Veteran, 16);
    EXPECT_EQ(meleeModifier(usCav, mxCav, false, MeleeSituation{false, false, false, 1}), 1); // mounted
    EXPECT_EQ(meleeModifier(usCav, mxCav, false, MeleeSituation{false, false, false, 2}),
              2); // + US cav v MX cav
    Unit unformed = infantry(Nation::Mexican, Grade::Green, 1, 10);
    unformed.formed = false;
    EXPECT_EQ(meleeModifier(unformed, mx, false, MeleeSituation{false, true, true, 1}),
              2); // flank, cover, -1
    // MD-MEL-05 (S16 table a-f), results apply together.
    auto a = resolvePair(6, 0, 6, 2);
    EXPECT_TRUE(a.aKilled && a.bKilled);
    auto b = resolvePair(5, 3, 4, 0);
    EXPECT_TRUE(b.bKilled && !b.aKilled);
    auto c = resolvePair(2, 2, 1, 0);
    EXPECT_TRUE(c.bPushed && !c.bKilled);
    auto d = resolvePair(3, 1, 4, 0);
    EXPECT_FALSE(d.aKilled || d.bKilled || d.aPushed || d.bPushed);
    auto e = resolvePair(6, 0, 5, 4);
    EXPECT_TRUE(e.bKilled && e.aPushed);
    auto f = resolvePair(1, 4, 1, -1);
    EXPECT_TRUE(f.bKilled);
    // MD-MEL-01/02: participants listed officers first; pairing takes active figures in order.
    auto fighters = makeFighters(1, 3);
    EXPECT_TRUE(fighters[0].officer);
    fighters[1].killed = true;
    EXPECT_EQ(activeIndices(fighters), (std::vector<int>{0, 2, 3}));
    fighters[0].pushed = fighters[2].pushed = fighters[3].pushed = true;
    EXPECT_FALSE(anyActive(fighters));                // MD-MEL-06: the side is out
    EXPECT_EQ(tables::kLoserFallBack.count, 4);       // MD-MEL-08
    EXPECT_EQ(defaults().mutualWipeMoreKills, false); // MD-MEL-07, AMB-MD-35
    EXPECT_EQ(tables::kBreakOff.count, 4);            // MD-MEL-12
    // MD-MEL-04, -09, -10, -11, -13, -14 run with dice in S16-rangers, S14, S16-g, S20-c and S16-h.
}

TEST(MdDl, DiceGradeModifierSplitAndOfficerDls) {
    const Options o = defaults();
    // MD-DL-07 / MD-DL-09 (S17 a, b): the same two dice for each grade.
    EXPECT_EQ(dlFromFaces({3, 5}, Grade::Green), 10);
    EXPECT_EQ(dlFromFaces({3, 5}, Grade::Veteran), 8);
    EXPECT_EQ(dlFromFaces({3, 5}, Grade::Elite), 6);
    EXPECT_EQ(dlFromFaces({1, 1}, Grade::Elite), 0);                // GEN-06 clamp per die
    EXPECT_EQ(tables::meleeDlDice(Arm::Infantry, false, false), 2); // MD-DL-07
    EXPECT_EQ(tables::meleeDlDice(Arm::Infantry, true, false), 1);
    EXPECT_EQ(tables::meleeDlDice(Arm::Cavalry, false, false), 1);
    EXPECT_EQ(tables::meleeDlDice(Arm::Cavalry, true, false), 0);
    EXPECT_EQ(tables::meleeDlDice(Arm::Artillery, false, false), 2);
    EXPECT_EQ(tables::meleeDlDice(Arm::Cavalry, true, true), 1); // AMB-MD-38 alternative
    // MD-DL-01 / MD-DL-12 / MD-DL-13: R&F first, then officers (each lost), the excess ignored.
    Unit u = infantry(Nation::Mexican, Grade::Veteran, 2, 3);
    EXPECT_EQ(applyDl(u, 4, o), 4);
    EXPECT_EQ(u.rf, 0);
    EXPECT_EQ(u.dlRf, 3);
    EXPECT_EQ(u.dlOfficers, 1);
    EXPECT_EQ(currentGrade(u), Grade::Green); // MD-OFF-01 via the DL
    EXPECT_EQ(applyDl(u, 5, o), 1);
    EXPECT_TRUE(u.removed); // MD-OFF-02
    Unit v = infantry(Nation::Mexican, Grade::Veteran, 2, 3);
    applyDl(v, 4, with("md.officer_dl_meaning", "officer_casualty_only"));
    EXPECT_EQ(currentGrade(v), Grade::Veteran);
    EXPECT_TRUE(defaults().smallArmsDl); // MD-DL-02, AMB-MD-16
    // MD-DL-03..06, -08, -10, -11 run with dice in S06, S12, S13, S08, S12-d, S01-b and S02.
}

TEST(MdRec, RecoveryGeneralCapAndOfficersFirst) {
    const Options o = defaults();
    EXPECT_EQ(recoveryFromFaces({4}, Grade::Green, false, o), 3); // MD-REC-01
    EXPECT_EQ(recoveryFromFaces({1}, Grade::Green, false, o), 0);
    EXPECT_EQ(recoveryFromFaces({6}, Grade::Elite, false, o), 7);
    EXPECT_EQ(recoveryFromFaces({3, 5}, Grade::Veteran, true, o), 8); // MD-REC-02
    EXPECT_EQ(recoveryFromFaces({3}, Grade::Veteran, true, with("md.general_recovery", "double_result")), 6);
    EXPECT_EQ(recoveryFromFaces({1, 1}, Grade::Green, true, with("md.general_recovery", "2d6_mod_per_die")),
              0);
    Unit u = infantry(Nation::American, Grade::Veteran, 1, 0);
    u.dlRf = 6;
    EXPECT_TRUE(canRecover(u)); // MD-REC-03: the officer is in good order
    u.officers = 0;
    EXPECT_FALSE(canRecover(u));
    Unit w = infantry(Nation::American, Grade::Veteran, 1, 10);
    w.dlOfficers = 1;
    w.gradeStepsLost = 1;
    w.dlRf = 2;
    EXPECT_EQ(applyRecovery(w, 8, o), 3); // MD-REC-04: capped at the DL group
    EXPECT_EQ(w.officers, 2);
    EXPECT_EQ(currentGrade(w), Grade::Green); // not restored by default
    // MD-REC-05 / MD-FORM-05: S18-f.
}

TEST(MdRecon, DispersedCavalryOnceOnly) {
    const Options o = defaults();
    Unit c = cavalry(Nation::Mexican, Grade::Green, 2);
    applyDl(c, 3, o);
    EXPECT_TRUE(c.dispersed); // MD-RECON-01
    EXPECT_FALSE(c.removed);
    EXPECT_FALSE(inPlay(c));
    c.dispersed = false;    // MD-RECON-02 (S18-reconstituted)
    c.reconstituted = true; // MD-RECON-04
    applyRecovery(c, 2, o); // MD-RECON-03: recovers normally afterwards
    EXPECT_EQ(c.officers, 1);
    applyDl(c, 3, o);
    EXPECT_TRUE(c.removed); // a second dispersal removes it
    EXPECT_EQ(tables::kReconEnemyMinInches, 12);
    EXPECT_EQ(tables::kReconGeneralMaxInches, 6);
}

TEST(MdOff, OfficerLossLowersGradeAndRemovesTheUnit) {
    const Options o = defaults();
    Unit u = infantry(Nation::American, Grade::Elite, 3, 20);
    killOfficer(u, o);
    EXPECT_EQ(currentGrade(u), Grade::Veteran); // MD-OFF-01
    killOfficer(u, o);
    EXPECT_EQ(currentGrade(u), Grade::Green);
    EXPECT_FALSE(u.removed);
    killOfficer(u, o);
    EXPECT_EQ(currentGrade(u), Grade::Green); // MD-OFF-03
    EXPECT_TRUE(u.removed);                   // MD-OFF-02
}

TEST(MdOptions, RegisterHasEveryKeyWithADefaultAndRejectsUnknownValues) {
    // GEN-08 / catalogue I.15: its 45 md.* keys and md.melee_after_loss (not in it yet), each with one
    // default.
    EXPECT_EQ(optionRegister().size(), 46u);
    auto all = resolveOptions({});
    ASSERT_TRUE(all);
    EXPECT_EQ(all->values.size(), 46u);
    EXPECT_EQ(all->values.at("md.vs_cav_bonus"), "3,0,0");
    HouseRules unknownKey;
    unknownKey.values["md.no_such_option"] = "x";
    auto e1 = resolveOptions(unknownKey);
    ASSERT_FALSE(e1);
    EXPECT_NE(e1.error().message.find("md.no_such_option"), std::string::npos);
    HouseRules badValue;
    badValue.values["md.cav_officers"] = "two";
    auto e2 = resolveOptions(badValue);
    ASSERT_FALSE(e2);
    EXPECT_NE(e2.error().message.find("by_grade"), std::string::npos);
    EXPECT_EQ(with("md.vs_cav_bonus", "3,1,1").vsCavBonus[1], 1);
}

} // namespace
