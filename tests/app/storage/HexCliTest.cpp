// The hex games from the command line: `game play --auto --dice virtual` plays each bundled scenario to its
// end, and `game verify` replays the journal to the end; the state it prints from the file equals the state
// the engine folds from the same inputs.

#include "CliRun.h"
#include "TestFiles.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace muster::storage::test;
using Json = nlohmann::json;

namespace {

struct HexGame {
    const char* rules;
    const char* file;
};

class HexCli : public ::testing::TestWithParam<HexGame> {};

TEST_P(HexCli, PlaysToTheEndAndTheJournalReplays) {
    const HexGame g = GetParam();
    ScratchDir dir;
    const std::string game = dir.file("g.muster");
    const std::string scenario = std::string(MUSTER_SCENARIO_DIR) + "/" + g.file;
    const Output played = cli(std::string("game play --rules ") + g.rules + " --scenario '" + scenario +
                              "' --game '" + game + "' --auto --dice virtual --seed 4 --turns 10");
    ASSERT_EQ(played.exitCode, 0) << played.text;
    EXPECT_NE(played.text.find("Game over"), std::string::npos) << played.text;
    const Output verified = cli("game verify '" + game + "'");
    EXPECT_EQ(verified.exitCode, 0) << verified.text;
    EXPECT_NE(verified.text.find("every input replays to the end"), std::string::npos) << verified.text;
    const Output state = cli("game state '" + game + "'");
    ASSERT_EQ(state.exitCode, 0) << state.text;
    const Json j = Json::parse(state.text, nullptr, false);
    ASSERT_FALSE(j.is_discarded()) << state.text;
    EXPECT_EQ(j.dump().find("\"winner\":\"\""), std::string::npos)
        << "a finished game names a winner or a draw";
}

INSTANTIATE_TEST_SUITE_P(Games, HexCli,
                         ::testing::Values(HexGame{"mf", "mf_crossroads.json"},
                                           HexGame{"as", "as_river_gap.json"},
                                           HexGame{"sd", "sd_mill_ford.json"}),
                         [](const auto& p) { return std::string(p.param.rules); });

} // namespace
