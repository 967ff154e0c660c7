// The hex games' tables, fraction readings, legality and scenario errors, rule by rule with exact values;
// the worked cases are in HexCaseTest.cpp.
#include "rules/Engine.h"
#include "rules/RuleSets.h"
#include "rules/as/AsRules.h"
#include "rules/hex/Tenths.h"
#include "rules/mf/MfRules.h"
#include "rules/sd/SdRules.h"

#include <gtest/gtest.h>

#include <map>

using namespace muster::rules;
using hex::Arm;
using hex::FractionRule;

namespace {

hex::Stack stack(std::initializer_list<std::pair<Arm, int>> troops) {
    hex::Stack s;
    for (auto [arm, n] : troops)
        s.figures[hex::index(arm)] = n;
    return s;
}

bool refused(const hex::GameRules& g, const hex::Stack& s, const std::string& way) {
    for (const auto& w : g.ways(s))
        if (w.value == way)
            return !w.refusedBy.empty();
    ADD_FAILURE() << "no way " << way;
    return false;
}

Result<Engine> start(const std::string& json, const HouseRules& options = {}) {
    const std::string id = json.substr(json.find("\"rules\": \"") + 10, 2);
    auto scenario = findRuleSet(id)->parseScenario(json, "test.json");
    if (!scenario)
        return scenario.error();
    return Engine::create(scenario.value(), options);
}

std::vector<std::string> optionValues(const Prompt& p) {
    std::vector<std::string> out;
    for (const auto& o : p.question->options)
        out.push_back(o.value);
    return out;
}

TEST(HexRegistry, TheThreeGamesAreRegisteredWithTheirRegisters) {
    // MF 2: a marching hex may split (MF-MOVE-03) and a cannon keeps its set-up crew (AMB-MF-06); SD 2: a hex
    // no attacker reached does not fall back (SD-FB-01). AS plays as before.
    const std::map<std::string, int> versions = {{"mf", 2}, {"as", 1}, {"sd", 2}};
    for (const char* id : {"mf", "as", "sd"}) {
        const RuleSet* r = findRuleSet(id);
        ASSERT_NE(r, nullptr) << id;
        EXPECT_EQ(r->engineVersion(), versions.at(id)) << id;
        EXPECT_FALSE(r->options().empty());
        for (const auto& o : r->options())
            EXPECT_FALSE(o.label.empty()) << o.key;
        auto defaults = r->resolveOptions({});
        ASSERT_TRUE(defaults);
        EXPECT_EQ(defaults.value().values.size(), r->options().size());
    }
    EXPECT_EQ(findRuleSet("mf")->resolveOptions({{{"mf.halve_round", "nearest"}}}).ok(), false);
}

TEST(MfTables, MF_FIRE_03_FirepowerByArmAndRange) {
    SCOPED_TRACE("MF-FIRE-03");
    EXPECT_EQ(mf::firepowerPer(Arm::Artillery, 5), 20);
    EXPECT_EQ(mf::firepowerPer(Arm::Artillery, 6), 0);
    EXPECT_EQ(mf::firepowerPer(Arm::Infantry, 2), 2);
    EXPECT_EQ(mf::firepowerPer(Arm::Infantry, 3), 0);
    EXPECT_EQ(mf::firepowerPer(Arm::Cavalry, 1), 3);
    EXPECT_EQ(mf::firepowerPer(Arm::Cavalry, 2), 1);
    EXPECT_EQ(mf::firepowerPer(Arm::Cavalry, 3), 0);
    hex::Stack s = stack({{Arm::Infantry, 10}});
    EXPECT_EQ(mf::hexFirepower(s, 2, {}), 20); // S31
}

TEST(MfTables, MF_FIRE_05_BandsAndTable) {
    SCOPED_TRACE("MF-FIRE-05, AMB-MF-01, MF-FIRE-06");
    EXPECT_EQ(mf::band(0), -1); // MF-FIRE-06: nothing to roll
    EXPECT_EQ(mf::band(2 * 1), 0);
    EXPECT_EQ(mf::band(2 * 20), 0);
    EXPECT_EQ(mf::band(41), 1); // 20.5 (exact halving) is past 20
    EXPECT_EQ(mf::band(2 * 60), 1);
    EXPECT_EQ(mf::band(2 * 61), 2);
    EXPECT_EQ(mf::band(2 * 100), 2);
    EXPECT_EQ(mf::band(2 * 101), 3);
    const int expected[4][6] = {
        {0, 0, 0, 1, 2, 3}, {0, 1, 2, 3, 5, 7}, {0, 1, 3, 5, 8, 14}, {1, 3, 5, 7, 11, 21}};
    for (int b = 0; b < 4; ++b)
        for (int f = 1; f <= 6; ++f)
            EXPECT_EQ(mf::casualties(b, f), expected[b][f - 1]) << b << "/" << f;
}

TEST(MfTables, MF_FIRE_04_HalvingRounds) {
    SCOPED_TRACE("MF-FIRE-04, AMB-MF-02");
    EXPECT_EQ(mf::halve(2 * 23, mf::Rounding::Floor), 2 * 11);
    EXPECT_EQ(mf::halve(2 * 23, mf::Rounding::Ceil), 2 * 12);
    EXPECT_EQ(mf::halve(2 * 23, mf::Rounding::Exact), 23); // 11.5
    EXPECT_EQ(mf::halve(2 * 20, mf::Rounding::Ceil), 2 * 10);
}

TEST(MfTables, MF_FIRE_08_CannonPowerAndCrew) {
    SCOPED_TRACE("MF-FIRE-08, AMB-MF-06");
    hex::Stack s = stack({{Arm::Artillery, 1}});
    s.guns = {1};
    s.gunStart = 2;
    EXPECT_EQ(mf::hexFirepower(s, 3, {}), 20);
    mf::Options byCrew;
    byCrew.artByCrew = true;
    EXPECT_EQ(mf::hexFirepower(s, 3, byCrew), 10);
    s.guns = {0};
    EXPECT_EQ(mf::hexFirepower(s, 3, {}), 0);
}

TEST(MfMoves, MF_MOVE_01_AllowancesAreTheMarchOptions) {
    SCOPED_TRACE("MF-MOVE-01, MF-MOVE-03");
    const auto& g = mf::mfRules();
    EXPECT_EQ(g.allowance(stack({{Arm::Infantry, 5}})), 2);
    EXPECT_EQ(g.allowance(stack({{Arm::Cavalry, 5}})), 5);
    EXPECT_EQ(g.allowance(stack({{Arm::Artillery, 1}})), 3);
    EXPECT_EQ(g.allowance(stack({{Arm::Cavalry, 5}, {Arm::Infantry, 1}})), 2); // the hex moves as one
    EXPECT_TRUE(refused(g, stack({{Arm::Infantry, 5}}), "enemy"));             // MF-MOVE-04
    // The engine refuses an infantry march of 3 hexes: it is not one of the answers.
    auto e = start(R"({"name": "m", "rules": "mf", "firstSide": "u", "sides": [{"id": "u"}, {"id": "c"}],
        "hexes": [{"hex": "H1", "side": "u", "infantry": 10}, {"hex": "T", "side": "c", "infantry": 8}]})");
    ASSERT_TRUE(e) << e.error().message;
    ASSERT_EQ(e.value().prompt().key(), "H1.march");
    // MF-MOVE-03: a hex of more than one figure may also split between hexes.
    EXPECT_EQ(optionValues(e.value().prompt()), (std::vector<std::string>{"0", "1", "2", "split"}));
    EXPECT_FALSE(e.value().apply(Input::answer("H1.march", "3")));
    EXPECT_TRUE(e.value().prompt().question->text.find("MF-MOVE-04") != std::string::npos);
}

TEST(MfFire, MF_FIRE_02_AFiredAtTargetIsNotOfferedAgain) {
    SCOPED_TRACE("MF-FIRE-02, AMB-MF-03");
    auto e = start(R"({"name": "m", "rules": "mf", "firstSide": "u", "sides": [{"id": "u"}, {"id": "c"}],
        "hexes": [{"hex": "A", "side": "u", "infantry": 4}, {"hex": "B", "side": "u", "infantry": 4},
                  {"hex": "C", "side": "u", "infantry": 4}, {"hex": "D", "side": "u", "infantry": 4},
                  {"hex": "T", "side": "c", "infantry": 8}, {"hex": "U", "side": "c", "infantry": 8}]})");
    ASSERT_TRUE(e);
    Engine& g = e.value();
    for (const char* k : {"A.march", "B.march", "C.march", "D.march"})
        ASSERT_TRUE(g.apply(Input::answer(k, "0")));
    for (auto [k, v] : std::vector<std::pair<const char*, const char*>>{{"A.target", "T"},
                                                                        {"B.joins_A", "yes"},
                                                                        {"C.joins_A", "yes"},
                                                                        {"A.range", "1"},
                                                                        {"B.range", "1"},
                                                                        {"C.range", "1"},
                                                                        {"T.cover", "no"}})
        ASSERT_TRUE(g.apply(Input::answer(k, v))) << k;
    ASSERT_TRUE(g.apply(Input::dice("T.fire", {1})));
    ASSERT_EQ(g.prompt().key(), "D.target");
    EXPECT_EQ(optionValues(g.prompt()), (std::vector<std::string>{"U", "none"}));
}

TEST(HexTenths, AS_FIGHT_04_TheThreeReadings) {
    SCOPED_TRACE("AS-FIGHT-04, AMB-AS-01");
    auto a = hex::fractionTest(28, FractionRule::RoundHalfUpThenD10);
    EXPECT_EQ(a.automatic, 3);
    EXPECT_EQ(a.left, 0);
    auto b = hex::fractionTest(28, FractionRule::TakeHalfThenD10Rest);
    EXPECT_EQ(b.automatic, 3);
    EXPECT_EQ(b.left, 3);
    auto c = hex::fractionTest(28, FractionRule::D10LeTenths);
    EXPECT_EQ(c.automatic, 2);
    EXPECT_EQ(c.left, 8);
    auto d = hex::fractionTest(24, FractionRule::RoundHalfUpThenD10);
    EXPECT_EQ(d.automatic, 2);
    EXPECT_EQ(d.left, 4);
    EXPECT_TRUE(hex::d10Succeeds(d, 4));
    EXPECT_FALSE(hex::d10Succeeds(d, 5));
    EXPECT_EQ(hex::fractionTest(0, FractionRule::D10LeTenths).left, 0);
}

TEST(HexTenths, SD_FIGHT_04_TheD10Reads) {
    SCOPED_TRACE("SD-FIGHT-04, AMB-SD-01");
    auto t = hex::fractionTest(8, FractionRule::D10LeTenths);
    EXPECT_EQ(t.automatic, 0);
    EXPECT_TRUE(hex::d10Succeeds(t, 8));
    EXPECT_FALSE(hex::d10Succeeds(t, 9));
    EXPECT_FALSE(hex::d10Succeeds(t, 10)); // the "0" face counts as 10
    auto h = hex::fractionTest(4, FractionRule::D10GtTenMinusTenths);
    EXPECT_FALSE(hex::d10Succeeds(h, 6));
    EXPECT_TRUE(hex::d10Succeeds(h, 7));
    EXPECT_TRUE(hex::d10Succeeds(h, 10));
    EXPECT_EQ(hex::successWords(h), "a casualty on 7-10");
}

TEST(AsTables, AS_FIGHT_02_AS_FIGHT_03_ChancesInTenths) {
    SCOPED_TRACE("AS-FIGHT-02, AS-FIGHT-03");
    const auto spec = as::chanceSpec({});
    using TS = hex::TargetState;
    EXPECT_EQ(hex::attackTenths(spec, stack({{Arm::Infantry, 7}}).figures, TS::Standing, false), 28);
    EXPECT_EQ(hex::attackTenths(spec, stack({{Arm::Chariots, 2}}).figures, TS::FallingBack, true), 50);
    EXPECT_EQ(hex::attackTenths(spec, stack({{Arm::Archers, 3}}).figures, TS::FallingBackCover, true), 9);
    EXPECT_EQ(hex::attackTenths(spec, stack({{Arm::Cavalry, 2}}).figures, TS::StandingCover, true), 12);
}

TEST(AsMoves, AS_MOVE_01_AS_MOVE_02_AS_TERR_AllowancesStackingTerrain) {
    SCOPED_TRACE("AS-MOVE-01, AS-MOVE-02, AS-TERR-01, AS-TERR-02");
    const auto& g = as::asRules();
    EXPECT_EQ(g.allowance(stack({{Arm::Cavalry, 3}, {Arm::Chariots, 2}})), 5);
    EXPECT_EQ(g.allowance(stack({{Arm::Infantry, 3}, {Arm::Archers, 2}})), 2);
    EXPECT_FALSE(g.mixRefused(stack({{Arm::Cavalry, 3}, {Arm::Chariots, 2}}).figures, {}));
    EXPECT_FALSE(g.mixRefused(stack({{Arm::Infantry, 3}, {Arm::Archers, 2}}).figures, {}));
    EXPECT_TRUE(g.mixRefused(stack({{Arm::Infantry, 3}, {Arm::Cavalry, 2}}).figures, {}));
    EXPECT_TRUE(g.mixRefused(stack({{Arm::Archers, 3}, {Arm::Chariots, 2}}).figures, {}));
    EXPECT_TRUE(refused(g, stack({{Arm::Chariots, 2}}), "woods"));
    EXPECT_FALSE(refused(g, stack({{Arm::Cavalry, 2}}), "woods"));
    EXPECT_TRUE(refused(g, stack({{Arm::Cavalry, 2}}), "steep"));
    EXPECT_FALSE(refused(g, stack({{Arm::Infantry, 2}}), "steep"));
    EXPECT_FALSE(refused(g, stack({{Arm::Infantry, 2}}), "water_crossing"));
    EXPECT_TRUE(refused(g, stack({{Arm::Infantry, 2}}), "water"));
    EXPECT_TRUE(refused(g, stack({{Arm::Infantry, 2}}), "enemy")); // AS-MOVE-03
}

TEST(SdTables, SD_FIGHT_02_SD_FIGHT_03_ChancesInTenths) {
    SCOPED_TRACE("SD-FIGHT-02, SD-FIGHT-03, AMB-SD-03");
    using TS = hex::TargetState;
    sd::Options o;
    const auto spec = sd::chanceSpec(o);
    EXPECT_EQ(hex::attackTenths(spec, stack({{Arm::Infantry, 8}}).figures, TS::Standing, false), 24);
    EXPECT_EQ(hex::attackTenths(spec, stack({{Arm::Infantry, 8}}).figures, TS::FallingBackCover, true), 8);
    EXPECT_EQ(hex::attackTenths(spec, stack({{Arm::Artillery, 1}}).figures, TS::FallingBack, true), 8);
    o.rearOnZero = false;
    EXPECT_EQ(
        hex::attackTenths(sd::chanceSpec(o), stack({{Arm::Infantry, 8}}).figures, TS::FallingBackCover, true),
        0);
}

TEST(SdGuns, SD_GUN_01_InfantryFirstThenTwoAGun) {
    SCOPED_TRACE("SD-GUN-01, SD-CAS-01");
    hex::Stack s = stack({{Arm::Infantry, 2}, {Arm::Artillery, 2}});
    s.guns = {2, 2};
    EXPECT_EQ(sd::applyGunRule(s, 5), 2);
    EXPECT_EQ(s.figures[hex::index(Arm::Infantry)], 0);
    EXPECT_EQ(s.guns, (std::vector<int>{0, 1}));
    EXPECT_EQ(sd::applyGunRule(s, 4), 0); // one fills the last gun, the rest are lost
    EXPECT_EQ(s.guns, (std::vector<int>{0, 0}));
    EXPECT_FALSE(hex::inPlay(s));
    EXPECT_EQ(hex::attackingFigures(s)[hex::index(Arm::Artillery)], 0); // inoperable guns do not fire
}

TEST(SdGuns, SD_GUN_01_LossesOnGunsAreSaidAsHits) {
    SCOPED_TRACE("SD-GUN-01, SD-CAS-01");
    hex::Stack s = stack({{Arm::Infantry, 2}, {Arm::Artillery, 2}});
    s.id = "T";
    s.guns = {2, 2};
    hex::Stack before = s;
    sd::applyGunRule(s, 3);
    EXPECT_EQ(sd::lossWords(before, s), "T loses 2 figures; its guns take 1 hit (SD-GUN-01, SD-CAS-01)");
    before = s;
    sd::applyGunRule(s, 2); // the first gun's last hit, then one on the second
    EXPECT_EQ(sd::lossWords(before, s), "T's guns take 2 hits, 1 gun out of action (SD-GUN-01, SD-CAS-01)");
    before = s;
    sd::applyGunRule(s, 1);
    EXPECT_EQ(sd::lossWords(before, s), "T's guns take 1 hit, 1 gun out of action (SD-GUN-01, SD-CAS-01)");
    before = s;
    sd::applyGunRule(s, 1);
    EXPECT_EQ(sd::lossWords(before, s), "T has nothing left to take the losses (SD-GUN-01, SD-CAS-01)");
}

TEST(SdMoves, SD_MOVE_01_SD_MOVE_02_AllowancesAndStacking) {
    SCOPED_TRACE("SD-MOVE-01, SD-MOVE-02, SD-TERR-01, AMB-SD-06");
    const auto& g = sd::sdRules();
    EXPECT_EQ(g.allowance(stack({{Arm::Cavalry, 3}})), 3);
    EXPECT_EQ(g.allowance(stack({{Arm::Infantry, 3}})), 2);
    EXPECT_EQ(g.allowance(stack({{Arm::Infantry, 3}, {Arm::Artillery, 1}})), 1);
    EXPECT_TRUE(g.mixRefused(stack({{Arm::Artillery, 1}}).figures, {}));
    EXPECT_FALSE(g.mixRefused(stack({{Arm::Artillery, 1}}).figures, {{{"sd.artillery_alone", "allowed"}}}));
    EXPECT_TRUE(g.mixRefused(stack({{Arm::Cavalry, 1}, {Arm::Infantry, 1}}).figures, {}));
    EXPECT_TRUE(refused(g, stack({{Arm::Infantry, 2}}), "ford"));
    EXPECT_FALSE(refused(g, stack({{Arm::Infantry, 2}}), "water_crossing"));
}

TEST(HexScenario, ErrorsNameTheFieldAndNothingAborts) {
    const RuleSet* sd = findRuleSet("sd");
    auto bad = [&](const std::string& json) {
        auto r = sd->parseScenario(json, "bad.json");
        return r ? std::string() : r.error().message;
    };
    const std::string head = R"({"name": "x", "rules": "sd", "sides": [{"id": "a"}, {"id": "b"}], )";
    EXPECT_EQ(bad(head + R"("hexes": [{"hex": "A1", "side": "a", "artillery": 1}]})"),
              "bad.json: hexes[0]: SD-MOVE-02: artillery may not stand alone in a hex (sd.artillery_alone)");
    EXPECT_EQ(bad(head + R"("hexes": [{"hex": "A1", "side": "a", "chariots": 1}]})"),
              "bad.json: hexes[0].chariots: unknown field (troops of Stand and Die! are infantry, cavalry, "
              "artillery)");
    EXPECT_EQ(bad(head + R"("hexes": [{"hex": "A1", "side": "z", "infantry": 1}]})"),
              "bad.json: hexes[0].side: unknown side 'z'");
    EXPECT_EQ(bad(head + R"("hexes": [{"hex": "A 1", "side": "a", "infantry": 1}]})"),
              "bad.json: hexes[0].hex: a hex label without spaces, '.' or ':' (\"C4\"), got 'A 1'");
    EXPECT_EQ(bad(head + R"("hexes": [{"hex": "A1", "side": "a", "infantry": -1}]})"),
              "bad.json: hexes[0].infantry: value -1 is outside 0..500");
    EXPECT_FALSE(
        bad(head +
            R"("hexes": [{"hex": "A1", "side": "a", "infantry": 2}, {"hex": "A1", "side": "b", "infantry": 1}]})")
            .empty());
    EXPECT_FALSE(bad("{not json").empty());
}

TEST(HexRoster, TheColumnsAndPromptsSayWhatAndWhy) {
    auto e = start(R"({"name": "r", "rules": "sd", "sides": [{"id": "a"}, {"id": "b"}],
        "hexes": [{"hex": "C4", "side": "a", "infantry": 12}, {"hex": "D5", "side": "b", "infantry": 3}]})");
    ASSERT_TRUE(e);
    const RosterView r = e.value().roster();
    ASSERT_EQ(r.columns.size(), 5u);
    EXPECT_EQ(r.columns[0].key, "hex");
    EXPECT_EQ(r.rows[0].values, (std::vector<std::string>{"C4", "infantry", "12 inf", "standing", "0"}));
    const Prompt p = e.value().prompt();
    ASSERT_TRUE(p.dice);
    EXPECT_EQ(p.dice->sides, 6);
    EXPECT_EQ(p.dice->ruleId, "SD-TURN-01");
    Engine& g = e.value();
    ASSERT_TRUE(g.apply(Input::dice(p.key(), {6})));
    ASSERT_TRUE(g.apply(Input::dice(g.prompt().key(), {1})));
    for (auto [k, v] : std::vector<std::pair<const char*, const char*>>{{"C4.march", "0"},
                                                                        {"C4.mark", "standing"},
                                                                        {"C4.target", "D5"},
                                                                        {"D5.cover", "no"},
                                                                        {"C4.reach", "adjacent"},
                                                                        {"C4.rear", "no"}})
        ASSERT_TRUE(g.apply(Input::answer(k, v))) << k;
    ASSERT_TRUE(g.prompt().dice);
    EXPECT_EQ(g.prompt().dice->sides, 10);
    EXPECT_EQ(g.prompt().dice->purpose,
              "C4's 12 inf vs D5 Standing: 3.6: 3 sure, a casualty on 1-6 (0.6 left)");
}

} // namespace
