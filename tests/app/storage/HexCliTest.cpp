// The hex games from the command line: `game play --auto --dice virtual` plays each bundled scenario to its
// end, and `game verify` replays the journal to the end; the state it prints from the file equals the state
// the engine folds from the same inputs.

#include "CliRun.h"
#include "TestFiles.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>

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

// GEN-01: a d10 shows its 10 as "0": typed as 0 on the command line it is 10, as on the app's keypad (one
// rule below both, rules::typedFaces). Stand and Die! settles a fraction on a d10 (SD-FIGHT-04).
TEST(HexCliDice, AD10TypedAsZeroIsTen) {
    ScratchDir dir;
    const std::string scenario = dir.file("d10.json");
    {
        std::ofstream out(scenario);
        out << R"({"name": "d10", "rules": "sd", "turns": 2, "sides": [{"id": "a"}, {"id": "b"}],
                  "hexes": [{"hex": "A1", "side": "a", "infantry": 5}, {"hex": "T", "side": "b", "infantry": 10}]})";
    }
    // Initiative 6 against 1, A1 stays Standing and attacks T: 1.5 casualties, the half on a d10.
    const std::string answers =
        "A1.march 0|A1.mark standing|A1.target T|T.cover no|A1.reach adjacent|A1.rear no";
    std::string lines = "{\"dice\": [6]}\n{\"dice\": [1]}\n";
    for (std::size_t at = 0; at < answers.size();) {
        const std::size_t bar = std::min(answers.find('|', at), answers.size());
        const std::string pair = answers.substr(at, bar - at);
        lines += "{\"answer\": \"" + pair.substr(pair.find(' ') + 1) + "\"}\n";
        at = bar + 1;
    }
    const std::string game = dir.file("json.muster");
    const Output json =
        cli("game play --rules sd --scenario '" + scenario + "' --game '" + game + "' --dice stdin --json",
            lines + "{\"dice\": [0]}\n");
    const auto accepted = linesOfType(json.text, "accepted");
    ASSERT_EQ(accepted.size(), 9u) << json.text;
    EXPECT_EQ(accepted.back()["payload"]["faces"], Json::array({10})) << json.text;
    EXPECT_EQ(accepted.back()["source"], "typed");

    // The same in the terminal's dialogue: the faces typed as they show.
    const std::string typed = dir.file("typed.muster");
    const Output text =
        cli("game play --rules sd --scenario '" + scenario + "' --game '" + typed + "' --dice stdin",
            "6\n1\n0\nstanding\nT\nno\nadjacent\nno\n0\n");
    const Output state = cli("game log '" + typed + "' --json");
    ASSERT_EQ(state.exitCode, 0) << state.text << text.text;
    EXPECT_NE(state.text.find("\"faces\":[10]"), std::string::npos) << text.text << state.text;
    // A face no die shows is still refused: 0 on a d6.
    const Output refused = cli("game play --rules sd --scenario '" + scenario + "' --game '" +
                                   dir.file("bad.muster") + "' --dice stdin --json",
                               "{\"dice\": [0]}\n");
    EXPECT_TRUE(linesOfType(refused.text, "accepted").empty()) << refused.text;
    EXPECT_EQ(linesOfType(refused.text, "rejected").size(), 1u) << refused.text;
}

INSTANTIATE_TEST_SUITE_P(Games, HexCli,
                         ::testing::Values(HexGame{"mf", "mf_crossroads.json"},
                                           HexGame{"as", "as_river_gap.json"},
                                           HexGame{"sd", "sd_mill_ford.json"}),
                         [](const auto& p) { return std::string(p.param.rules); });

} // namespace
