// The chit printer's small scenario reader: unit ids and names in file order, extra fields ignored.

#include "vision/chits/ChitScenario.h"

#include "SyntheticChits.h"
#include "vision/chits/ChitPayload.h"

#include <gtest/gtest.h>

namespace mv = muster::vision;
namespace ct = muster::chits_test;

TEST(ChitScenario, ReadsUnitsInOrderAndIgnoresTheRest) {
    const auto s = mv::loadChitScenario(MUSTER_CHITS_FIXTURE);
    ASSERT_TRUE(s) << s.error().message;
    EXPECT_EQ(s->name, "Chit test fixture (MD)");
    ASSERT_EQ(s->units.size(), 8u);
    EXPECT_EQ(s->units[0].slot, 1);
    EXPECT_EQ(s->units[0].id, "US-5INF");
    EXPECT_EQ(s->units[3].name, "Ringgold's Battery");
    EXPECT_EQ(s->unitBySlot(8)->id, "MX-GUN");
    EXPECT_EQ(s->unitBySlot(9), nullptr);
    EXPECT_EQ(s->unitBySlot(0), nullptr);
    EXPECT_TRUE(mv::isValidGameTag(s->game));
}

TEST(ChitScenario, ReadsTheRulesEnginesScenarios) {
    for (const char* path : {MUSTER_CHITS_SCENARIO, MUSTER_CHITS_SCENARIO_LARGE}) {
        const auto s = mv::loadChitScenario(path);
        if (!s && s.error().message.find("cannot open") != std::string::npos)
            GTEST_SKIP() << path << " is not there yet";
        ASSERT_TRUE(s) << s.error().message;
        EXPECT_FALSE(s->units.empty());
        EXPECT_LE(s->units.size(), std::size_t(mv::kMaxUnitSlot));
    }
}

TEST(ChitScenario, RejectsWhatIsNotAScenario) {
    EXPECT_FALSE(mv::parseChitScenario("not json"));
    EXPECT_FALSE(mv::parseChitScenario("[]"));
    EXPECT_FALSE(mv::parseChitScenario("{\"units\": []}"));
    const auto noId = mv::parseChitScenario("{\"units\": [{\"name\": \"x\"}]}");
    ASSERT_FALSE(noId);
    EXPECT_NE(noId.error().message.find("unit 1"), std::string::npos);
    EXPECT_FALSE(mv::loadChitScenario("/nonexistent/scenario.json"));
    const auto minimal = mv::parseChitScenario("{\"units\": [{\"id\": \"A\"}]}");
    ASSERT_TRUE(minimal);
    EXPECT_EQ(minimal->units[0].name, "A");
}

TEST(ChitScenario, OrdersBecomeTheEnginesAnswers) {
    const auto s = mv::loadChitScenario(MUSTER_CHITS_FIXTURE);
    ASSERT_TRUE(s);
    const auto answers =
        mv::orderAnswers({{1, "FF"}, {4, "H"}, {99, "M"}, {2, "ZZ"}}, s.value(), ct::mdChits());
    ASSERT_EQ(answers.size(), 2u) << "slot 99 is not in the scenario; ZZ is not an MD order";
    EXPECT_EQ(answers[0].key, "US-5INF.order");
    EXPECT_EQ(answers[0].value, "first_fire");
    EXPECT_EQ(answers[1].key, "US-RINGGOLD.order");
    EXPECT_EQ(answers[1].value, "hold");
}
