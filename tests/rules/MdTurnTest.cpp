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

} // namespace
