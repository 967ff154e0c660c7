// What OMTB says after a melee, in the words of the table: the winner, the loser's fate, and the officers and
// leaders who fell in the fights. Scripted dice through the public engine, exact sentences.
#include "OmtbTestSupport.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace muster::rules;
using namespace muster::rules::omtb::test;
using nlohmann::json;

namespace {

// The source's own melee (case S28 of tests/rules/cases/omtb_scenarios.json): 2nd Sub-Legion charges the
// Canadian Militia, 12 fights; `canadians` adds fields to the militia unit.
std::unique_ptr<Game> s28(const json& canadians = json::object(), const json& leaders = json::array()) {
    json can = {
        {"id", "CAN"}, {"name", "CAN"}, {"side", "indians"}, {"type", "canadian_militia"}, {"figures", 12}};
    can.update(canadians);
    const json units = json::array({{{"id", "LEG"},
                                     {"name", "2nd Sub-Legion"},
                                     {"side", "americans"},
                                     {"type", "legion_infantry"},
                                     {"figures", 12},
                                     {"charge", {{"target", "CAN"}, {"facing", "front"}, {"rem", 4}}}},
                                    can});
    return startGame(
        scenarioDoc(units, {{"start", {{"phase", "american"}, {"step", "melee"}}}, {"leaders", leaders}}));
}

const std::vector<int> kS28Dice = {5, 4, 6, 2, 7, 3, 8, 1, 2, 3, 5, 1, 3, 5, 7, 4, 6, 5, 9, 8, 10, 7, 9, 6};

std::vector<std::string> fromFirst(const std::vector<std::string>& events, const std::string& prefix) {
    auto it = std::find_if(events.begin(), events.end(),
                           [&prefix](const std::string& e) { return e.rfind(prefix, 0) == 0; });
    return {it, events.end()};
}

} // namespace

TEST(OmtbWords, OMTB_MEL_06_TheWinnerIsSaidBeforeTheLosersFate) {
    auto g = s28();
    ASSERT_TRUE(g);
    const auto d = drive(*g, kS28Dice, {{"LEG-CAN.pairs", "12"}, {"CAN.ground", "open"}}, "indians.ops");
    ASSERT_TRUE(d.ok) << d.error;
    // OMTB-MEL-06: 2 killed + 3 fallen back against 1 killed + 6: the Americans lose 5, the militia 7;
    // OMTB-MEL-07: the loser falls back by the margin, 2 x its skirmish rate (8"), in disorder.
    const std::vector<std::string> expected = {
        "2nd Sub-Legion against CAN: losses 2 killed + 3 fallen back against 1 killed + 6 fallen back; the "
        "fallen "
        "back rejoin their units.",
        "2nd Sub-Legion wins the melee against CAN, 5 losses against 7.",
        "CAN loses the melee by 2: falls back 2 x 8\" = 16\" and ends in disorder, facing the enemy.",
        "2nd Sub-Legion occupies the position its enemy left (OMTB-MEL-08)."};
    const auto said = fromFirst(d.events, "2nd Sub-Legion against CAN: losses");
    EXPECT_EQ(said, expected);
}

TEST(OmtbWords, AMB_OMTB_06_TheOfficerAndTheLeaderKilledInAFightAreSaid) {
    // The militia's leader figure and chief Blue Jacket fight in fight 1 (+2 each, OMTB-MEL-02); the Legion's
    // 10 (+3) against 1 (+4) doubles it (OMTB-MEL-04): the figure is killed, and with it both (AMB-OMTB-06).
    auto g = s28(
        {{"leaderFigure", true}},
        json::array({{{"id", "BJ"}, {"name", "Blue Jacket"}, {"side", "indians"}, {"attachedTo", "CAN"}}}));
    ASSERT_TRUE(g);
    std::vector<int> dice = kS28Dice;
    dice[0] = 10; // the Legion's fight 1
    dice[12] = 1; // the militia's fight 1
    const auto d = drive(*g, dice,
                         {{"LEG-CAN.pairs", "12"},
                          {"LEG-CAN.d_leader", "1"},
                          {"LEG-CAN.d_leader.BJ", "1"},
                          {"CAN.ground", "open"}},
                         "indians.ops");
    ASSERT_TRUE(d.ok) << d.error;
    const std::vector<std::string> expected = {
        "2nd Sub-Legion against CAN: losses 2 killed + 3 fallen back against 1 killed + 6 fallen back; the "
        "fallen "
        "back rejoin their units.",
        "CAN's officer is killed in the melee.",
        "Blue Jacket, with CAN, is killed in the melee.",
        "2nd Sub-Legion wins the melee against CAN, 5 losses against 7.",
        "CAN loses the melee by 2: falls back 2 x 8\" = 16\" and ends in disorder, facing the enemy.",
        "2nd Sub-Legion occupies the position its enemy left (OMTB-MEL-08)."};
    EXPECT_EQ(fromFirst(d.events, "2nd Sub-Legion against CAN: losses"), expected);
    EXPECT_EQ(d.events.front(), "Fight 1: 13 against 5.");
    EXPECT_FALSE(unit(*g, "CAN")["officer"].get<bool>());
    EXPECT_FALSE(state(*g)["leaders"][0]["alive"].get<bool>());
}

TEST(OmtbWords, OMTB_FIRE_09_OneHitIsSaidInTheSingularAndTheLeaderKilledByName) {
    // Case R-FIRE-09-leader: two Legion figures fire at 8" (OMTB-FIRE-06): a 1 hits, the 20 misses; the
    // officer die's 10 (OMTB-FIRE-09) kills Little Turtle, the officer being dead already.
    const json units = json::array({{{"id", "LEG"},
                                     {"name", "LEG"},
                                     {"side", "americans"},
                                     {"type", "legion_infantry"},
                                     {"figures", 2},
                                     {"ops", 1}},
                                    {{"id", "T"},
                                     {"name", "T"},
                                     {"side", "indians"},
                                     {"type", "indians"},
                                     {"figures", 9},
                                     {"formation", "mass"},
                                     {"officer", false}}});
    auto g = startGame(scenarioDoc(
        units,
        {{"start", {{"phase", "american"}, {"step", "operations"}}},
         {"leaders",
          json::array(
              {{{"id", "LT"}, {"name", "Little Turtle"}, {"side", "indians"}, {"attachedTo", "T"}}})}}));
    ASSERT_TRUE(g);
    const auto d = drive(*g, {1, 20, 10},
                         {{"americans.next", "LEG"},
                          {"LEG.op", "fire"},
                          {"LEG.target", "T"},
                          {"LEG.range", "8"},
                          {"LEG.eligible", "2"},
                          {"T.ground", "open"}},
                         "T.morale");
    ASSERT_TRUE(d.ok) << d.error;
    EXPECT_EQ(d.events, (std::vector<std::string>{"LEG fires at T: 1 hit with Legion Infantry, 1 killed.",
                                                  "Little Turtle, with T, is killed."}));
}

TEST(OmtbWords, OMTB_MEL_09_EqualLossesNameBothUnits) {
    // Case S27-c: two fights, one retreat each (OMTB-MEL-04): no loser, both stay (OMTB-MEL-09); with
    // omtb.melee_tie = both_disorder (AMB-OMTB-11) both end in disorder instead.
    const json units = json::array(
        {{{"id", "A"},
          {"name", "A"},
          {"side", "americans"},
          {"type", "militia"},
          {"figures", 2},
          {"contact", {{"target", "B"}, {"facing", "front"}}}},
         {{"id", "B"}, {"name", "B"}, {"side", "indians"}, {"type", "canadian_militia"}, {"figures", 2}}});
    const json answers = {{"A-B.pairs", "2"}, {"B.ground", "open"}};
    for (const auto& [tie, said] :
         {std::pair<std::string, std::string>{
              "", "A against B: equal losses, 1 each: no loser; both stay in place (OMTB-MEL-09)."},
          {"both_disorder", "A against B: equal losses, 1 each: both units end in disorder."},
          {"defender_wins",
           "A loses the melee by 1: falls back 1 x 6\" = 6\" and ends in disorder, facing the enemy."}}) {
        HouseRules options;
        if (!tie.empty())
            options.values["omtb.melee_tie"] = tie;
        auto g =
            startGame(scenarioDoc(units, {{"start", {{"phase", "american"}, {"step", "melee"}}}}), options);
        ASSERT_TRUE(g);
        const auto d = drive(*g, {7, 3, 5, 4}, answers, "indians.ops");
        ASSERT_TRUE(d.ok) << d.error;
        ASSERT_FALSE(d.events.empty());
        if (tie ==
            "defender_wins") { // the winner, the loser's fate (OMTB-MEL-07), the position (OMTB-MEL-08)
            ASSERT_GE(d.events.size(), 3u);
            EXPECT_EQ(std::vector<std::string>(d.events.end() - 3, d.events.end()),
                      (std::vector<std::string>{
                          "B wins the melee against A, 1 loss against 1 (the defender wins a tie).", said,
                          "B occupies the position its enemy left (OMTB-MEL-08)."}));
            continue;
        }
        EXPECT_EQ(d.events.back(), said) << tie;
    }
}

TEST(OmtbWords, AMB_OMTB_06_APluralNameTakesTheApostropheAlone) {
    // The S28 melee with the militia named "Canadians": its leader figure in fight 1 falls (OMTB-MEL-04).
    auto g = s28({{"name", "Canadians"}, {"leaderFigure", true}});
    ASSERT_TRUE(g);
    std::vector<int> dice = kS28Dice;
    dice[0] = 10;
    dice[12] = 1;
    const auto d =
        drive(*g, dice, {{"LEG-CAN.pairs", "12"}, {"LEG-CAN.d_leader", "1"}, {"CAN.ground", "open"}},
              "indians.ops");
    ASSERT_TRUE(d.ok) << d.error;
    EXPECT_NE(std::find(d.events.begin(), d.events.end(), "Canadians' officer is killed in the melee."),
              d.events.end());
    EXPECT_NE(std::find(d.events.begin(), d.events.end(),
                        "2nd Sub-Legion wins the melee against Canadians, 5 losses against 7."),
              d.events.end());
}
