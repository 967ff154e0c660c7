// `muster-cli game` end to end: play a short game, then verify, log, report and state on the file it wrote.

#include "CliRun.h"
#include "Forger.h"
#include "ResultPanelGame.h"
#include "TestFiles.h"
#include "app/storage/GameSession.h"
#include "rules/Engine.h"
#include "rules/io/Json.h"

#include <SQLiteCpp/Database.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <sstream>

using namespace muster::storage;
using namespace muster::storage::test;
using Json = nlohmann::json;

namespace {

std::vector<Json> jsonLines(const std::string& text) {
    std::vector<Json> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        out.push_back(Json::parse(line, nullptr, false));
    return out;
}

const std::string kScenario = MUSTER_STORAGE_TEST_DATA "/skirmish.json";

// Two game files hold the same events (payloads in order). Signatures sign heads, which hold each event's
// time, so of those only the place and the turn must agree.
void expectSameEvents(const std::string& pathA, const std::string& pathB) {
    auto a = Journal::open(pathA, {OpenMode::ReadOnly, true});
    auto b = Journal::open(pathB, {OpenMode::ReadOnly, true});
    ASSERT_TRUE(a && b);
    auto ea = a->events();
    auto eb = b->events();
    ASSERT_EQ(ea->size(), eb->size());
    for (std::size_t i = 0; i < ea->size(); ++i) {
        EXPECT_EQ((*ea)[i].kind, (*eb)[i].kind) << "event " << i + 1;
        EXPECT_EQ((*ea)[i].turn, (*eb)[i].turn) << "event " << i + 1;
        if ((*ea)[i].kind != kind::Signature) {
            EXPECT_EQ((*ea)[i].payloadJson, (*eb)[i].payloadJson) << "event " << i + 1;
        }
    }
}

class GameCli : public ::testing::Test {
protected:
    void SetUp() override {
        m_game = m_dir.file("game.muster");
        const Output played = cli("game play --rules md --scenario '" + kScenario + "' --game '" + m_game +
                                  "' --auto --dice virtual --seed 3 --turns 2 --json");
        ASSERT_EQ(played.exitCode, 0) << played.text;
        m_played = jsonLines(played.text);
    }
    ScratchDir m_dir;
    std::string m_game;
    std::vector<Json> m_played;
};

} // namespace

TEST_F(GameCli, PlayPrintsGamePromptsAcceptedAndStopped) {
    ASSERT_FALSE(m_played.empty());
    EXPECT_EQ(m_played.front()["type"], "game");
    EXPECT_EQ(m_played.back()["type"], "stopped");
    std::int64_t expectedSeq = 1;
    int photos = 0;
    for (const Json& j : m_played) {
        ASSERT_FALSE(j.is_discarded());
        if (j["type"] == "accepted") {
            EXPECT_EQ(j["seq"], expectedSeq++);
            photos += j["photos"].get<int>();
        }
        if (j["type"] == "seal" && !j["device"].get<std::string>().empty()) {
            EXPECT_EQ(j["seq"], expectedSeq++) << "the turn's signature follows its last input";
        }
    }
    EXPECT_GT(expectedSeq, 20);
    EXPECT_GT(photos, 0) << "virtual throws in --auto mode carry a photo";
}

TEST_F(GameCli, VerifySaysOkWithTheCount) {
    const Output v = cli("game verify '" + m_game + "'");
    EXPECT_EQ(v.exitCode, 0) << v.text;
    auto j = Journal::open(m_game, {OpenMode::ReadOnly, true});
    ASSERT_TRUE(j);
    EXPECT_NE(v.text.find("OK: "), std::string::npos);
    EXPECT_NE(v.text.find(std::to_string(j->eventCount()) + " events"), std::string::npos) << v.text;
}

TEST_F(GameCli, VerifyNamesTheFirstBadEvent) {
    {
        SQLite::Database db(m_game, SQLite::OPEN_READWRITE);
        db.exec("DROP TRIGGER events_append_only_update");
        db.exec("UPDATE events SET payload = replace(payload, '\"faces\":[', '\"faces\":[6,') WHERE seq = "
                "(SELECT min(seq) FROM events WHERE kind = 'dice')");
    }
    auto j = Journal::open(m_game, {OpenMode::ReadOnly, true});
    ASSERT_TRUE(j);
    auto events = j->events();
    std::int64_t firstDice = 0;
    for (const Event& e : *events)
        if (e.kind == "dice" && firstDice == 0)
            firstDice = e.seq;
    const Output v = cli("game verify '" + m_game + "'");
    EXPECT_EQ(v.exitCode, 1) << v.text;
    EXPECT_NE(v.text.find("first bad event is #" + std::to_string(firstDice)), std::string::npos) << v.text;
}

TEST_F(GameCli, VerifyRefusesAFileThatIsNotAGame) {
    const std::string junk = m_dir.file("junk.muster");
    writeBytes(junk, std::string(5000, 'x'));
    const std::string before = checksum(junk);
    const Output v = cli("game verify '" + junk + "'");
    EXPECT_EQ(v.exitCode, 2);
    EXPECT_NE(v.text.find("not a Muster game file"), std::string::npos) << v.text;
    EXPECT_EQ(checksum(junk), before);
}

TEST_F(GameCli, LogFiltersAndJson) {
    const Output all = cli("game log '" + m_game + "' --json");
    ASSERT_EQ(all.exitCode, 0) << all.text;
    const auto lines = jsonLines(all.text);
    const Output turn1 = cli("game log '" + m_game + "' --turn 1 --json");
    const auto t1 = jsonLines(turn1.text);
    ASSERT_FALSE(t1.empty());
    EXPECT_LT(t1.size(), lines.size());
    for (const Json& j : t1)
        EXPECT_EQ(j["turn"], 1);
    const Output unit = cli("game log '" + m_game + "' --unit MX-LANC --json");
    for (const Json& j : jsonLines(unit.text)) {
        const auto units = j["units"].get<std::vector<std::string>>();
        EXPECT_NE(std::find(units.begin(), units.end(), "MX-LANC"), units.end()) << j.dump();
    }
    const Output player = cli("game log '" + m_game + "' --player 'Army of the North'");
    EXPECT_EQ(player.exitCode, 0);
    EXPECT_EQ(player.text.find("Army of Occupation"), std::string::npos);
    const Output bad = cli("game log '" + m_game + "' --turn x");
    EXPECT_EQ(bad.exitCode, 2);
}

TEST_F(GameCli, ReportWritesHtmlAndJson) {
    const std::string out = m_dir.file("report");
    const Output r = cli("game report '" + m_game + "' --out '" + out + "'");
    ASSERT_EQ(r.exitCode, 0) << r.text;
    const std::string html = readBytes(out + "/report.html");
    EXPECT_NE(html.find("<h2>Turn 1</h2>"), std::string::npos);
    EXPECT_NE(html.find("data:image/jpeg;base64,/9j/"), std::string::npos) << "photo thumbnails inline";
    EXPECT_NE(html.find("<svg"), std::string::npos) << "dice chart inline";
    EXPECT_EQ(html.find("src=\"http"), std::string::npos) << "self-contained";
    const Json j = Json::parse(readBytes(out + "/report.json"), nullptr, false);
    ASSERT_FALSE(j.is_discarded());
    EXPECT_TRUE(j["verify"]["ok"].get<bool>());
    ASSERT_FALSE(j["diceStatistics"].empty());
    for (const Json& t : j["diceStatistics"]) {
        EXPECT_GE(t["pValue"].get<double>(), 0.0);
        EXPECT_LE(t["pValue"].get<double>(), 1.0);
    }
    EXPECT_EQ(j["turns"].size(), 2u);
}

TEST_F(GameCli, StateIsTheReplayOfTheJournal) {
    const Output s = cli("game state '" + m_game + "'");
    ASSERT_EQ(s.exitCode, 0) << s.text;
    auto session = GameSession::open(m_game, {OpenMode::ReadOnly, true});
    ASSERT_TRUE(session);
    EXPECT_EQ(Json::parse(s.text), nlohmann::json::parse(session->engine().stateJson()));
}

TEST_F(GameCli, ResumeContinuesWhereItStopped) {
    const Output more = cli("game play --game '" + m_game + "' --auto --seed 3 --turns 3 --json");
    ASSERT_EQ(more.exitCode, 0) << more.text;
    const auto lines = jsonLines(more.text);
    EXPECT_EQ(lines.front()["resumed"], true);
    // One uninterrupted game with the same seed writes the same events.
    const std::string straight = m_dir.file("straight.muster");
    ASSERT_EQ(cli("game play --rules md --scenario '" + kScenario + "' --game '" + straight +
                  "' --auto --seed 3 --turns 3 --json")
                  .exitCode,
              0);
    expectSameEvents(m_game, straight);
}

TEST_F(GameCli, PlaySetupIsRecordedInTheHeaderAndShown) {
    auto j = Journal::open(m_game, {OpenMode::ReadOnly, true});
    ASSERT_TRUE(j);
    EXPECT_EQ(Json::parse(j->game().playSetupJson), (Json{{"dice", "virtual"}, {"auto", true}, {"seed", 3}}));
    EXPECT_EQ(j->game().engineVersion, muster::rules::engineVersion("md"));
    EXPECT_EQ(m_played.front()["setup"]["seed"], 3);
    const Output log = cli("game log '" + m_game + "'");
    ASSERT_EQ(log.exitCode, 0) << log.text;
    const std::string first = log.text.substr(0, log.text.find('\n'));
    EXPECT_NE(first.find("rules engine " + std::to_string(muster::rules::engineVersion("md"))),
              std::string::npos)
        << first;
    EXPECT_NE(first.find("virtual dice, seed 3, simulated table"), std::string::npos) << first;
    const std::string out = m_dir.file("report");
    ASSERT_EQ(cli("game report '" + m_game + "' --out '" + out + "'").exitCode, 0);
    const Json report = Json::parse(readBytes(out + "/report.json"));
    EXPECT_EQ(report["game"]["playSetup"]["seed"], 3);
    EXPECT_EQ(report["game"]["playSetup"]["dice"], "virtual");
    EXPECT_EQ(report["game"]["engineVersion"], muster::rules::engineVersion("md"));
    EXPECT_NE(readBytes(out + "/report.html").find("virtual dice, seed 3"), std::string::npos);
}

TEST_F(GameCli, ResumeTakesTheRecordedSeedAndRefusesAnother) {
    const std::string before = checksum(m_game);
    const Output other = cli("game play --game '" + m_game + "' --auto --seed 4 --turns 3");
    EXPECT_EQ(other.exitCode, 2) << other.text;
    EXPECT_NE(other.text.find("started with --seed 3"), std::string::npos) << other.text;
    EXPECT_EQ(checksum(m_game), before);
    // No --seed: the recorded one, so the game is the one an uninterrupted --seed 3 run plays.
    ASSERT_EQ(cli("game play --game '" + m_game + "' --auto --turns 3 --json").exitCode, 0);
    auto a = Journal::open(m_game, {OpenMode::ReadOnly, true});
    ASSERT_TRUE(a);
    // Re-created from its header alone.
    const Json setup = Json::parse(a->game().playSetupJson);
    const std::string again = m_dir.file("again.muster");
    ASSERT_EQ(cli("game play --rules md --scenario '" + kScenario + "' --game '" + again + "' --dice " +
                  setup["dice"].get<std::string>() + (setup["auto"].get<bool>() ? " --auto" : "") +
                  " --seed " + std::to_string(setup["seed"].get<std::uint64_t>()) + " --turns 3")
                  .exitCode,
              0);
    expectSameEvents(m_game, again);
}

TEST_F(GameCli, HumanDialogueWithUndoAndQuit) {
    const std::string g = m_dir.file("human.muster");
    const Output o =
        cli("game play --rules md --scenario '" + kScenario + "' --game '" + g + "' --dice stdin",
            "2\\nundo misclick\\n1\\nnonsense\\nquit\\n");
    EXPECT_EQ(o.exitCode, 0) << o.text;
    EXPECT_NE(o.text.find("accepted #1"), std::string::npos) << o.text;
    EXPECT_NE(o.text.find("accepted #2: undo"), std::string::npos) << o.text;
    EXPECT_NE(o.text.find("accepted #3"), std::string::npos) << o.text;
    EXPECT_NE(o.text.find("not accepted"), std::string::npos) << o.text;
    const Output log = cli("game log '" + g + "'");
    EXPECT_NE(log.text.find("[undone by #2]"), std::string::npos) << log.text;
}

TEST_F(GameCli, VerifyPrintsTheHead) {
    const Output v = cli("game verify '" + m_game + "'");
    ASSERT_EQ(v.exitCode, 0) << v.text;
    auto j = Journal::open(m_game, {OpenMode::ReadOnly, true});
    EXPECT_NE(v.text.find("every input replays to the end"), std::string::npos) << v.text;
    EXPECT_NE(v.text.find("head: event #" + std::to_string(j->head().seq) + " " + j->head().hash),
              std::string::npos)
        << v.text;
}

// A roll rewritten with every hash recomputed: verify replays and fails, log warns, play refuses and writes
// nothing.
TEST_F(GameCli, AForgedGameIsShownWithAWarningAndNeverPlayedOn) {
    forge(m_game, {{}, [](std::vector<Event>& events) {
                       for (Event& e : events)
                           if (e.kind == kind::Dice) {
                               e.payloadJson[e.payloadJson.find("\"faces\":[") + 9] = '7';
                               return;
                           }
                   }});
    const std::string before = checksum(m_game);
    const Output v = cli("game verify '" + m_game + "'");
    EXPECT_EQ(v.exitCode, 1) << v.text;
    EXPECT_NE(v.text.find("do not replay"), std::string::npos) << v.text;
    const Output log = cli("game log '" + m_game + "'");
    EXPECT_EQ(log.exitCode, 0) << log.text;
    EXPECT_NE(log.text.find("WARNING: " + m_game + " does not verify"), std::string::npos) << log.text;
    const Output play = cli("game play --game '" + m_game + "' --auto --dice virtual --json");
    EXPECT_EQ(play.exitCode, 2) << play.text;
    EXPECT_NE(play.text.find("not changed"), std::string::npos) << play.text;
    EXPECT_EQ(checksum(m_game), before);
}

TEST(GameLogCli, StruckOutFindsGetTheirOwnLineAndJsonField) {
    ScratchDir dir;
    const std::string game = dir.file("struck.muster");
    writeStruckOutGame(game, {4, 4}, "a shadow");
    const Output text = cli("game log '" + game + "'");
    ASSERT_EQ(text.exitCode, 0) << text.text;
    EXPECT_TRUE(contains(text.text, "\n         x struck out 1 find as not a die: a shadow\n")) << text.text;
    const Output json = cli("game log '" + game + "' --json");
    ASSERT_EQ(json.exitCode, 0) << json.text;
    const auto lines = jsonLines(json.text);
    ASSERT_EQ(lines.size(), 1u) << json.text;
    EXPECT_EQ(lines[0]["struckOut"], Json::array({"a shadow"}));
}

// The story of tst_resultpanel.qml's scripted turn (TurnStory): Muster's draws said under the last draw of
// the run, then what the draws resolved, and the turn's summary under its last input; the same in --json.
TEST(GameLogCli, SaysMusterDrawsAndTheTurnSummaryAsTheAppDoes) {
    ScratchDir dir;
    const std::string game = dir.file("panel.muster");
    std::int64_t lastOfTurn1 = 0;
    {
        GameSession s = playResultPanelTurn(game);
        answerTurn2sFirstOrder(s);
        auto events = s.journal().events();
        ASSERT_TRUE(events) << events.message();
        for (const Event& e : *events)
            if (e.turn == 1)
                lastOfTurn1 = e.seq;
    }
    const std::string draws = "Muster draws: 4 rank and file (d17: 12, d16: 15, d15: 6, d14: 6).";
    const std::string summary =
        "Turn 1 ends. Army of Occupation: 6 casualties, no unit lost, 2 DLs recovered. "
        "Army of the North: 15 casualties, 1 unit lost (MX-TAMP), no DL recovered.";
    const Output text = cli("game log '" + game + "'");
    ASSERT_EQ(text.exitCode, 0) << text.text;
    EXPECT_TRUE(
        contains(text.text, "\n         = " + draws +
                                "\n         = MX-ACT fires at US-2DRG: 4 hits; 4 casualties: 4 rank and "
                                "file.\n"))
        << text.text;
    EXPECT_TRUE(contains(text.text, "\n         = " + summary + "\n#")) << text.text;
    EXPECT_EQ(text.text.find("Turn 2 ends."), std::string::npos) << "turn 2 has not ended";
    // The summary speaks of both sides: kept for one turn, left out for one player's events.
    EXPECT_TRUE(contains(cli("game log '" + game + "' --turn 1").text, "\n         = " + summary + "\n"));
    for (const char* who : {"Ann", "Miguel"})
        EXPECT_FALSE(contains(cli("game log '" + game + "' --player " + who).text, "Turn 1 ends.")) << who;

    const Output json = cli("game log '" + game + "' --json");
    ASSERT_EQ(json.exitCode, 0) << json.text;
    std::vector<Json> withDraws, withSummary;
    for (const Json& j : jsonLines(json.text)) {
        if (j.value("draws", "") == draws)
            withDraws.push_back(j);
        if (j.contains("turnSummary"))
            withSummary.push_back(j);
    }
    ASSERT_EQ(withDraws.size(), 1u) << json.text;
    EXPECT_EQ(withDraws[0]["draws"], draws);
    EXPECT_EQ(withDraws[0]["source"], "app");
    EXPECT_EQ(withDraws[0]["resolved"],
              Json::array({"MX-ACT fires at US-2DRG: 4 hits; 4 casualties: 4 rank and file."}));
    ASSERT_EQ(withSummary.size(), 1u) << json.text;
    EXPECT_EQ(withSummary[0]["turnSummary"], summary);
    EXPECT_EQ(withSummary[0]["seq"], lastOfTurn1);
}
