// Seals: `game play` prints one at the end of every turn, the report lists them, and `game verify --seal
// CODE` catches the forgeries of issue 22 made with every hash recomputed (rewrite a roll, rename a player,
// delete an event, add an event) and a cut tail, where the chain alone says OK.

#include "CliRun.h"
#include "Forger.h"
#include "TestFiles.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sstream>

using namespace muster::storage;
using namespace muster::storage::test;
using Json = nlohmann::json;

namespace {

const std::string kScenario = MUSTER_STORAGE_TEST_DATA "/skirmish.json";

class Seals : public ::testing::Test {
protected:
    void SetUp() override {
        m_game = m_dir.file("game.muster");
        const Output played = cli("game play --rules md --scenario '" + kScenario + "' --game '" + m_game +
                                  "' --auto --dice virtual --seed 3 --turns 3 --json");
        ASSERT_EQ(played.exitCode, 0) << played.text;
        m_seals = linesOfType(played.text, "seal");
        ASSERT_EQ(m_seals.size(), 3u) << played.text;
        m_pristine = m_dir.file("pristine.muster");
        std::filesystem::copy_file(m_game, m_pristine);
    }
    Output verifySeal(const Json& seal) {
        return cli("game verify '" + m_game + "' --seal " + seal["seal"].get<std::string>());
    }
    // Applies a forgery to a fresh copy; the forged game must still verify without a seal (the chain is
    // intact), else the seal would not be what catches it.
    void forgeAndExpectSealFails(const Forgery& forgery, std::size_t sealIndex, bool replays = true) {
        std::filesystem::copy_file(m_pristine, m_game, std::filesystem::copy_options::overwrite_existing);
        forge(m_game, forgery);
        if (replays) {
            const Output plain = cli("game verify '" + m_game + "'");
            EXPECT_EQ(plain.exitCode, 0) << "the forgery should fool the chain: " << plain.text;
        }
        const Output v = verifySeal(m_seals[sealIndex]);
        EXPECT_EQ(v.exitCode, 1) << v.text;
        EXPECT_TRUE(contains(v.text, "FAILED")) << v.text;
    }

    ScratchDir m_dir;
    std::string m_game, m_pristine;
    std::vector<Json> m_seals;
};

// The last event of turn t.
std::size_t endOf(const std::vector<Event>& events, int turn) {
    std::size_t last = 0;
    for (std::size_t i = 0; i < events.size(); ++i)
        if (events[i].turn == turn)
            last = i;
    return last;
}

} // namespace

TEST_F(Seals, EveryTurnsSealVerifiesAndTheReportListsThem) {
    for (const Json& s : m_seals) {
        const Output v = verifySeal(s);
        EXPECT_EQ(v.exitCode, 0) << v.text;
        EXPECT_TRUE(contains(v.text, "SEAL OK")) << v.text;
        EXPECT_EQ(s["seal"].get<std::string>().size(), 11u);
    }
    // Typed back loosely: lower case, no dash.
    std::string loose = m_seals[0]["seal"].get<std::string>();
    loose.erase(5, 1);
    for (char& c : loose)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    EXPECT_EQ(cli("game verify '" + m_game + "' --seal " + loose).exitCode, 0);
    const Output report = cli("game report '" + m_game + "' --out '" + m_dir.file("report") + "'");
    ASSERT_EQ(report.exitCode, 0) << report.text;
    const Json r = Json::parse(readBytes(m_dir.file("report") + "/report.json"));
    ASSERT_EQ(r["seals"].size(), m_seals.size());
    for (std::size_t i = 0; i < m_seals.size(); ++i)
        EXPECT_EQ(r["seals"][i]["seal"], m_seals[i]["seal"]);
}

TEST_F(Seals, RenamedPlayerIsCaught) {
    forgeAndExpectSealFails({[](GameInfo& g) { g.players[0].name = "Someone Else"; }, {}}, 0);
}

TEST_F(Seals, RewrittenRollIsCaught) {
    // A die of turn 1 turned into a six: legal, so the game may even replay; the seal of turn 1 fails.
    forgeAndExpectSealFails({{},
                             [](std::vector<Event>& events) {
                                 for (Event& e : events)
                                     if (e.kind == kind::Dice && e.turn == 1) {
                                         e.payloadJson[e.payloadJson.find("\"faces\":[") + 9] = '6';
                                         return;
                                     }
                             }},
                            0, false);
}

TEST_F(Seals, DeletedEventIsCaught) {
    forgeAndExpectSealFails({{},
                             [](std::vector<Event>& events) {
                                 events.erase(events.begin() + static_cast<long>(endOf(events, 1)));
                             }},
                            1, false);
}

TEST_F(Seals, AddedEventIsCaught) {
    // A note slipped into turn 1: the rules do not read it, so the game replays; the seals after it fail.
    forgeAndExpectSealFails({{},
                             [](std::vector<Event>& events) {
                                 Event note = events[endOf(events, 1)];
                                 note.kind = "note";
                                 note.payloadJson = R"({"text":"Ann conceded the ford"})";
                                 note.source = DiceSource::None;
                                 note.input.clear();
                                 events.insert(events.begin() + static_cast<long>(endOf(events, 1)), note);
                             }},
                            0);
}

TEST_F(Seals, CutTailIsCaught) {
    // Turn 3 removed: a sound, shorter game; turn 1's seal still holds, turn 3's does not.
    forgeAndExpectSealFails({{},
                             [](std::vector<Event>& events) { events.resize(endOf(events, 2) + 1); },
                             true}, // a cut leaves the signatures before it sound
                            2);
    EXPECT_EQ(verifySeal(m_seals[0]).exitCode, 0);
}
