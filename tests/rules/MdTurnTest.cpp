// The MD step machine on hand-built states with scripted dice: defects found by the auto-play soak, each
// with the catalogue rule it follows and the exact outcome (tests/rules/check_rule_coverage.py reads the
// ids).
#include "rules/core/Feed.h"
#include "rules/md/Fire.h"
#include "rules/md/Options.h"
#include "rules/md/Turn.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace muster::rules;
using namespace muster::rules::md;

namespace {

Options withOptions(const std::map<std::string, std::string>& values) {
    HouseRules h;
    h.values = values;
    auto r = resolveOptions(h);
    EXPECT_TRUE(r) << (r ? "" : r.error().message);
    return Options::from(r.value());
}

// A scripted feed that also keeps every question it was asked, options included.
class RecordingFeed : public ScriptedFeed {
public:
    using ScriptedFeed::ScriptedFeed;
    std::optional<std::string> ask(const Question& question) override {
        m_questions.push_back(question);
        return ScriptedFeed::ask(question);
    }
    const Question* question(const std::string& key) const {
        for (const auto& q : m_questions) {
            if (q.key == key)
                return &q;
        }
        return nullptr;
    }
    std::vector<std::string> optionValues(const std::string& key) const {
        std::vector<std::string> out;
        if (const Question* q = question(key)) {
            for (const auto& o : q->options)
                out.push_back(o.value);
        }
        return out;
    }
    const DiceRequest* request(const std::string& id) const {
        for (const auto& r : requests()) {
            if (r.id == id)
                return &r;
        }
        return nullptr;
    }

private:
    std::vector<Question> m_questions;
};

Unit makeUnit(const std::string& id, int side, Arm arm, Grade grade, int officers, int rf) {
    Unit u;
    u.id = id;
    u.name = id;
    u.side = side;
    u.nation = side == 0 ? Nation::American : Nation::Mexican;
    u.arm = arm;
    u.baseGrade = grade;
    u.dismountedGrade = grade;
    u.officers = officers;
    u.rf = rf;
    if (arm == Arm::Infantry)
        u.weapon = side == 0 ? Weapon::UsMusket : Weapon::MexMusket;
    if (arm == Arm::Cavalry) {
        u.mounted = true;
        u.weapon = side == 0 ? Weapon::UsCarbine : Weapon::MexCarbine;
    }
    if (arm == Arm::Artillery)
        u.gun = side == 0 ? GunType::UsFoot : GunType::Mexican;
    return u;
}

GameState twoSides(std::vector<Unit> units) {
    GameState s;
    s.sides = {Side{"us", "US", Nation::American, false}, Side{"mx", "MX", Nation::Mexican, false}};
    s.units = std::move(units);
    s.maxTurns = 10;
    return s;
}

// Runs the machine from `start` until `stop` is entered; false when a step could not complete.
bool runPhases(GameState& s, Feed& feed, const Options& o, Phase start, Phase stop) {
    enterPhase(s, start, o);
    for (int guard = 0; guard < 10000; ++guard) {
        if (s.cursor.phase == stop || s.cursor.phase == Phase::GameOver)
            return true;
        if (!runStep(s, feed, o, stop))
            return false;
    }
    return false;
}

// ---- md.depth_rank_rule (MD-ARTY-03, AMB-MD-09): the depth bonus follows each value

// A Mexican gun fires at medium range (5 dice) at a U.S. column of 33 figures, 4 files wide.
GameState gunAtColumn() {
    Unit g = makeUnit("G", 1, Arm::Artillery, Grade::Elite, 0, 4);
    g.order = Order::Fire;
    Unit col = makeUnit("US", 0, Arm::Infantry, Grade::Elite, 3, 30);
    col.formation = Formation::Column;
    col.columnFiles = 4;
    return twoSides({col, g});
}

int gunPoolFor(const Options& o, const std::map<std::string, std::string>& depthAnswer) {
    GameState s = gunAtColumn();
    std::map<std::string, std::string> answers{
        {"G.target", "US"}, {"G.range", "medium"}, {"G.cover", "none"}};
    answers.insert(depthAnswer.begin(), depthAnswer.end());
    RecordingFeed feed(std::vector<int>(20, 1), answers);
    EXPECT_TRUE(runPhases(s, feed, o, Phase::RegularFire, Phase::Melee));
    EXPECT_TRUE(feed.failures().empty()) << feed.failures().front();
    const DiceRequest* pool = feed.request("G.pool");
    return pool ? pool->count : -1;
}

TEST(MdDepthRankRule, AnyFigureCountsEveryRankHoldingAFigure) {
    // MD-ARTY-03 default: 5 ranks in the zone (the fifth partial) give +3 dice: 5 + 3 = 8.
    EXPECT_EQ(gunPoolFor(withOptions({}), {{"G.ranks", "5"}}), 8);
}

TEST(MdDepthRankRule, FullRanksOnlyAsksForFullRanks) {
    // MD-ARTY-03 / AMB-MD-09 full_ranks_only: the table reports 4 full ranks: +2 dice, 7 in all.
    const Options o = withOptions({{"md.depth_rank_rule", "full_ranks_only"}});
    EXPECT_EQ(gunPoolFor(o, {{"G.full_ranks", "4"}}), 7);
}

TEST(MdDepthRankRule, CeilFiguresOverFrontage) {
    // MD-ARTY-03 / AMB-MD-09 ceil_figs_over_frontage: 13 figures in the zone over 4 files = ceil(3.25) = 4
    // ranks: +2 dice, 7 in all; 17 figures = 5 ranks: +3, 8 in all.
    const Options o = withOptions({{"md.depth_rank_rule", "ceil_figs_over_frontage"}});
    EXPECT_EQ(gunPoolFor(o, {{"G.depth_figures", "13"}}), 7);
    EXPECT_EQ(gunPoolFor(o, {{"G.depth_figures", "17"}}), 8);
    EXPECT_EQ(depthRanksFromFigures(8, 4), 2);
    EXPECT_EQ(depthRanksFromFigures(9, 4), 3);
}

// ---- A unit all in its DL group (MD-DL-01, MD-DL-13, MD-FIRE-08, MD-REC-03)

// A Mexican gun whose whole crew is in the DL group, beside a Mexican battalion, against a U.S. battalion.
GameState withAllDlGun() {
    Unit us = makeUnit("US", 0, Arm::Infantry, Grade::Veteran, 2, 30);
    Unit mxi = makeUnit("MXI", 1, Arm::Infantry, Grade::Green, 1, 30);
    Unit g = makeUnit("G", 1, Arm::Artillery, Grade::Elite, 0, 0);
    g.dlRf = 4;
    return twoSides({us, mxi, g});
}

TEST(MdAllDl, IsGivenNoOrderAndIsNotOfferedAsAChargeTarget) {
    // MD-DL-01: no figure outside the DL group can act, so the gun is not asked for an order (it holds,
    // MD-ORD-01); MD-DL-13: it cannot be contacted, so a charge cannot name it (MD-ORD-02).
    GameState s = withAllDlGun();
    EXPECT_TRUE(allInDl(s.units[2]));
    EXPECT_FALSE(inAction(s.units[2]));
    RecordingFeed feed({}, {{"US.order", "charge"}, {"US.charge_target", "MXI"}, {"MXI.order", "hold"}});
    ASSERT_TRUE(runPhases(s, feed, withOptions({}), Phase::Orders, Phase::ChargeTests));
    EXPECT_TRUE(feed.failures().empty()) << feed.failures().front();
    EXPECT_EQ(feed.question("G.order"), nullptr);
    EXPECT_EQ(feed.optionValues("US.charge_target"), (std::vector<std::string>{"MXI"}));
    EXPECT_EQ(s.units[2].order, Order::Hold);
}

TEST(MdAllDl, IsNotOfferedAsAFireTarget) {
    // MD-FIRE-08 / MD-DL-13: the DL group cannot be targeted: the U.S. fire is offered the battalion only.
    GameState s = withAllDlGun();
    s.units[0].order = Order::Fire;
    RecordingFeed feed({}, {{"US.target", "none"}});
    ASSERT_TRUE(runPhases(s, feed, withOptions({}), Phase::RegularFire, Phase::Melee));
    EXPECT_TRUE(feed.failures().empty()) << feed.failures().front();
    EXPECT_EQ(feed.optionValues("US.target"), (std::vector<std::string>{"MXI", "none"}));
    EXPECT_EQ(feed.question("US.split"), nullptr); // MD-FIRE-09: one target left, nothing to split
}

TEST(MdAllDl, NoSavesAreRolledForAUnitWithNothingLeftToHit) {
    // MD-FIRE-09 split fire at the gun twice: the first part kills its last effective crew (MD-CAS-04); the
    // second part's hits find only DL figures, which cannot be hit (MD-DL-01): no saving throws
    // (MD-COVER-01).
    GameState s = withAllDlGun();
    s.units[0].rf = 4;
    s.units[0].order = Order::Fire;
    s.units[2].rf = 1;
    s.units[2].dlRf = 3;
    RecordingFeed feed({6, 6, 1, 1, 6, 6}, {{"US.split", "split"},
                                            {"US.target", "G"},
                                            {"US.range", "short"},
                                            {"US.cover", "none"},
                                            {"US.target2", "G"},
                                            {"US.range2", "short"},
                                            {"US.cover2", "none"}});
    ASSERT_TRUE(runPhases(s, feed, withOptions({}), Phase::RegularFire, Phase::Melee));
    EXPECT_TRUE(feed.failures().empty()) << feed.failures().front();
    EXPECT_EQ(feed.remaining(), 0u);
    EXPECT_NE(feed.request("US.save"), nullptr);
    EXPECT_EQ(feed.request("US2.save"), nullptr);
    EXPECT_EQ(s.units[2].casualties, 1);
    EXPECT_EQ(s.units[2].dlRf, 3);
    EXPECT_TRUE(allInDl(s.units[2]));
}

TEST(MdAllDl, DoesNotMoveOnAnOrderGivenBeforeItsCrewWentToTheDlGroup) {
    // MD-DL-01: a gun ordered to move and unlimber whose crew all became DL in First Fire stays put.
    GameState s = withAllDlGun();
    s.units[2].limbered = true;
    s.units[2].order = Order::MoveUnlimber;
    RecordingFeed feed({}, {});
    ASSERT_TRUE(runPhases(s, feed, withOptions({}), Phase::Movement, Phase::RegularFire));
    EXPECT_TRUE(feed.failures().empty()) << feed.failures().front();
    EXPECT_TRUE(feed.requests().empty());
    EXPECT_TRUE(s.units[2].limbered);
    EXPECT_FALSE(s.units[2].movedThisTurn);
}

TEST(MdAllDl, IsNeitherContactedByAChargeNorFoughtInMelee) {
    // MD-DL-13: a charger whose target went all to its DL group may only halt (MD-CHG-07) ...
    GameState s = withAllDlGun();
    Unit& us = s.units[0];
    us.order = Order::Charge;
    us.orderTarget = "G";
    us.charge = ChargeState::Passed;
    RecordingFeed feed({3, 4}, {{"US.contact", "halt"}}); // 1d6+8 charge move, then the 1d6 charge DL
    ASSERT_TRUE(runPhases(s, feed, withOptions({}), Phase::Movement, Phase::RegularFire));
    EXPECT_TRUE(feed.failures().empty()) << feed.failures().front();
    EXPECT_EQ(feed.optionValues("US.contact"), (std::vector<std::string>{"halt"}));
    EXPECT_TRUE(s.contacts.empty());
    // ... and a contact made before its crew went to the DL group is not fought (MD-MEL-01: no one in it).
    GameState m = withAllDlGun();
    m.contacts.push_back(Contact{0, 2, true, false});
    RecordingFeed melee({}, {});
    ASSERT_TRUE(runPhases(m, melee, withOptions({}), Phase::Melee, Phase::Recovery));
    EXPECT_TRUE(melee.failures().empty()) << melee.failures().front();
    EXPECT_TRUE(melee.questionsAsked().empty());
    EXPECT_TRUE(melee.requests().empty());
    EXPECT_TRUE(m.units[0].formed);
    EXPECT_EQ(m.units[2].dlRf, 4);
}

TEST(MdAllDl, ACarriedOverMeleeWithItEndsWithTheTurn) {
    // md.melee_rounds = one_per_turn (AMB-MD-12) keeps an undecided melee for the next turn, but not one
    // whose gun has gone all to its DL group (MD-DL-13): no one is left in it to fight (MD-MEL-01).
    GameState s = withAllDlGun();
    s.contacts = {Contact{0, 2, true, false, 1}, Contact{0, 1, true, false, 1}};
    endTurn(s, withOptions({{"md.melee_rounds", "one_per_turn"}}));
    ASSERT_EQ(s.contacts.size(), 1u);
    EXPECT_EQ(s.contacts[0].defender, 1);
}

TEST(MdAllDl, DoesNotRecoverOrReformAndDoesNotKeepItsSideInTheGame) {
    // MD-REC-03: no figure in good order: the gun neither recovers nor reforms in the Recovery phase.
    GameState r = withAllDlGun();
    r.units[2].formed = false;
    RecordingFeed feed({}, {});
    ASSERT_TRUE(runPhases(r, feed, withOptions({}), Phase::Recovery, Phase::Orders));
    EXPECT_TRUE(feed.requests().empty());
    EXPECT_FALSE(r.units[2].formed);
    EXPECT_EQ(r.units[2].dlRf, 4);
    // MD-DL-01: it can never act again, so a side with nothing else left has lost at the end of the turn.
    GameState s = withAllDlGun();
    s.units[1].removed = true;
    endTurn(s, withOptions({}));
    EXPECT_EQ(s.cursor.phase, Phase::GameOver);
    EXPECT_EQ(s.winner, "us");
    // MD-RECON-02: dispersed cavalry keeps its side in the game only while a general may reconstitute it.
    GameState d = withAllDlGun();
    d.units[1] = makeUnit("MXC", 1, Arm::Cavalry, Grade::Green, 0, 0);
    d.units[1].dlRf = 16;
    d.units[1].dlOfficers = 1;
    d.units[1].dispersed = true;
    GameState withGeneral = d;
    withGeneral.sides[1].hasGeneral = true;
    endTurn(d, withOptions({}));
    EXPECT_EQ(d.winner, "us");
    endTurn(withGeneral, withOptions({}));
    EXPECT_EQ(withGeneral.cursor.phase, Phase::Orders);
    EXPECT_EQ(withGeneral.winner, "");
}

// ---- MD-MEL-01: each side has at least one figure in contact

TEST(MdMeleeContact, ASideWithOnlyOfficersLeftCannotAnswerNoOfficerInContact) {
    // MD-MEL-01: US has one effective officer and no effective rank and file (10 are DL): the officer must be
    // in contact, so 0 is not offered; the Mexican side with no officer in contact needs 1+ rank and file.
    Unit us = makeUnit("US", 0, Arm::Infantry, Grade::Green, 1, 0);
    us.dlRf = 10;
    Unit mx = makeUnit("MXI", 1, Arm::Infantry, Grade::Green, 1, 5);
    GameState s = twoSides({us, mx});
    s.contacts.push_back(Contact{0, 1, true, false});
    RecordingFeed feed({}, {{"US.melee_officers", "1"},
                            {"US.melee_rf", "0"},
                            {"MXI.melee_officers", "0"},
                            {"MXI.melee_rf", "1"},
                            {"MXI.hard_cover", "no"}});
    EXPECT_FALSE(runPhases(s, feed, withOptions({}), Phase::Melee, Phase::Recovery)); // stops at the dice
    EXPECT_EQ(feed.optionValues("US.melee_officers"), (std::vector<std::string>{"1"}));
    EXPECT_EQ(feed.optionValues("US.melee_rf"), (std::vector<std::string>{"0"}));
    EXPECT_EQ(feed.optionValues("MXI.melee_officers"), (std::vector<std::string>{"0", "1"}));
    EXPECT_EQ(feed.optionValues("MXI.melee_rf"), (std::vector<std::string>{"1", "2", "3", "4", "5"}));
    ASSERT_NE(feed.request("US.melee_r1"), nullptr);
    EXPECT_EQ(feed.request("US.melee_r1")->count, 1); // MD-MEL-02: one pair
}

// ---- A unit that loses two melees in one Melee phase (MD-SEQ-07, MD-MEL-08, md.melee_after_loss)

// Two U.S. battalions charged one Mexican battalion; each contact is a melee of one pair.
GameState oneAgainstTwo() {
    Unit a = makeUnit("US1", 0, Arm::Infantry, Grade::Veteran, 2, 10);
    Unit b = makeUnit("US2", 0, Arm::Infantry, Grade::Veteran, 2, 10);
    Unit x = makeUnit("X", 1, Arm::Infantry, Grade::Green, 1, 10);
    GameState s = twoSides({a, b, x});
    s.contacts = {Contact{0, 2, true, false}, Contact{1, 2, true, false}};
    return s;
}

const std::map<std::string, std::string> kOnePairEach{
    {"US1.melee_officers", "0"}, {"US1.melee_rf", "1"}, {"US2.melee_officers", "0"}, {"US2.melee_rf", "1"},
    {"X.melee_officers", "0"},   {"X.melee_rf", "1"},   {"X.hard_cover", "no"}};

TEST(MdMeleeLosses, FightOnOptionMakesEachLostMeleeAWholeLoserResultAndTheFallBacksAdd) {
    // md.melee_after_loss = fight_on, the house rule: MD-SEQ-07 resolves every contact. Melee 1: US1 5+2
    // beats X 1 by 6: killed (MD-MEL-05); X falls back 4d6 = 4 (MD-MEL-08), 2d6 DL [1,1] Green = 4 (MD-DL-07,
    // MD-DL-09); US1 position [2], DL [1]. Melee 2: US2 5+2 beats X 1-1 (unformed, MD-MEL-03) by 7: killed; X
    // falls back 4d6 = 8 more, DL 4 again.
    GameState s = oneAgainstTwo();
    RecordingFeed feed({5, 1, 1, 1, 1, 1, 1, 1, 2, 1, 5, 1, 2, 2, 2, 2, 1, 1, 2, 1}, kOnePairEach);
    ASSERT_TRUE(runPhases(s, feed, withOptions({{"md.melee_after_loss", "fight_on"}}), Phase::Melee,
                          Phase::Recovery));
    EXPECT_TRUE(feed.failures().empty()) << feed.failures().front();
    EXPECT_EQ(feed.remaining(), 0u);
    const Unit& x = s.units[2];
    EXPECT_EQ(x.retireDistance, 12); // 4 + 8: the first fall-back is not overwritten
    EXPECT_EQ(x.casualties, 2);
    EXPECT_EQ(x.rf, 0);
    EXPECT_EQ(x.dlRf, 8);
    EXPECT_EQ(x.officers, 1);
    EXPECT_FALSE(x.formed);
    EXPECT_EQ(s.units[0].dlRf, 1);
    EXPECT_EQ(s.units[1].dlRf, 1);
}

TEST(MdMeleeLosses, ByDefaultTheLoserFallsBackOutOfItsOtherMelees) {
    // md.melee_after_loss = out_of_contact, our default reading (MD-MEL-08, MD-SEQ-07): having lost to US1
    // and fallen back 4", X is out of its contact with US2, which is not fought: no question for US2, no
    // dice after melee 1, one loser's DL, and US2 does not advance into the place X left.
    GameState s = oneAgainstTwo();
    RecordingFeed feed({5, 1, 1, 1, 1, 1, 1, 1, 2, 1}, kOnePairEach);
    const Options o = withOptions({});
    ASSERT_TRUE(o.meleeLossLeavesContacts);
    ASSERT_TRUE(runPhases(s, feed, o, Phase::Melee, Phase::Recovery));
    EXPECT_TRUE(feed.failures().empty()) << feed.failures().front();
    EXPECT_EQ(feed.remaining(), 0u);
    EXPECT_EQ(feed.question("US2.melee_officers"), nullptr);
    EXPECT_EQ(s.units[2].retireDistance, 4);
    EXPECT_EQ(s.units[2].dlRf, 4);
    EXPECT_EQ(s.units[1].dlRf, 0);
    EXPECT_EQ(s.contacts.size(), 1u);
}

} // namespace
