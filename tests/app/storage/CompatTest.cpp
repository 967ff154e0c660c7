// The version/compat policy (docs/journal.md): a game recorded by another rules engine version that no longer
// replays is refused for play with both versions and the first event named, its file untouched, and it still
// reads for log, report and verify. The fixture is a schema-2 file (from before engine versions were
// recorded) whose event #kBadSeq carries an order this engine does not offer.

#include "CliRun.h"
#include "TestFiles.h"
#include "app/storage/GameSession.h"
#include "rules/AutoTable.h"
#include "rules/VirtualDice.h"
#include "rules/io/Json.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdio>

using namespace muster::storage;
using namespace muster::storage::test;
namespace rules = muster::rules;
using Json = nlohmann::json;

namespace {

const std::string kFixture = MUSTER_STORAGE_TEST_DATA "/earlier-engine-no-longer-replays.muster";
constexpr std::int64_t kBadSeq = 49; // an order in turn 2

rules::Scenario skirmish() {
    auto s = rules::io::loadScenario(MUSTER_STORAGE_TEST_DATA "/skirmish.json");
    if (!s)
        throw std::runtime_error(s.error().message);
    return *s;
}

// Plays n inputs of the skirmish with a seeded table and typed dice (no photos).
void play(GameSession& s, int n) {
    rules::AutoTable table(17);
    rules::VirtualDice dice(18);
    for (int i = 0; i < n && !s.engine().gameOver(); ++i) {
        const rules::Prompt p = s.prompt();
        auto e =
            p.dice
                ? s.submit(rules::Input::dice(p.key(), dice.roll(*p.dice), rules::DiceSource::Typed, "Ann"))
                : s.submit(rules::Input::answer(p.key(), table.answer(*p.question), "Miguel"));
        if (!e)
            throw std::runtime_error(e.message());
    }
}

} // namespace

// Writes the fixture into the source tree: run once with --gtest_also_run_disabled_tests
// --gtest_filter='Compat.DISABLED_WriteFixture'. Event #kBadSeq, an order, is changed to "retreat", as if an
// earlier engine had offered that order; the hashes are computed over the change, so the file verifies.
TEST(Compat, DISABLED_WriteFixture) {
    ScratchDir dir;
    const std::string today = dir.file("today.muster");
    {
        auto s = GameSession::start(today, skirmish(), {}, {{"Ann", "us", "white"}, {"Miguel", "mx", "red"}});
        ASSERT_TRUE(s) << s.message();
        play(*s, 60);
    }
    auto j = Journal::open(today, {OpenMode::ReadOnly, false});
    ASSERT_TRUE(j) << j.message();
    std::filesystem::remove(kFixture);
    writeAsVersion2(*j, kFixture, [](Event& e) {
        if (e.seq != kBadSeq)
            return;
        Json p = Json::parse(e.payloadJson);
        ASSERT_EQ(e.kind, kind::Answer);
        ASSERT_NE(p["key"].get<std::string>().find(".order"), std::string::npos) << e.payloadJson;
        p["value"] = "retreat";
        p["label"] = "Retreat";
        e.payloadJson = p.dump();
    });
}

TEST(Compat, EarlierEngineGameThatNoLongerReplaysIsRefusedAndLeftUntouched) {
    ASSERT_TRUE(std::filesystem::exists(kFixture)) << kFixture;
    ScratchDir dir;
    const std::string path = dir.file("old.muster");
    std::filesystem::copy_file(kFixture, path);
    const std::string before = checksum(path);

    for (OpenMode mode : {OpenMode::ReadWrite, OpenMode::ReadOnly}) {
        auto s = GameSession::open(path, {mode, true});
        ASSERT_FALSE(s);
        const std::string& m = s.message();
        EXPECT_TRUE(contains(m, "this game was recorded by an earlier rules engine")) << m;
        EXPECT_TRUE(contains(m, "this Muster has rules engine " + std::to_string(rules::engineVersion("md"))))
            << m;
        EXPECT_TRUE(contains(m, "event #" + std::to_string(kBadSeq) + " no longer replays: ")) << m;
        EXPECT_TRUE(contains(m, "'retreat' is not an option")) << m;
        EXPECT_TRUE(contains(m, "left as it is")) << m;
        EXPECT_EQ(checksum(path), before);
    }

    // Still a sound journal: read-only for log, report and verify.
    auto j = Journal::open(path, {OpenMode::ReadOnly, true});
    ASSERT_TRUE(j) << j.message();
    EXPECT_EQ(j->schemaVersion(), 2);
    EXPECT_EQ(j->game().engineVersion, 0);
    EXPECT_TRUE(j->verify().ok) << j->verify().problem;
    EXPECT_EQ(j->eventCount(), 60);

    const Output verify = cli("game verify '" + path + "'");
    EXPECT_EQ(verify.exitCode, 0) << verify.text;
    EXPECT_TRUE(contains(verify.text, "OK: ")) << verify.text;
    const Output log = cli("game log '" + path + "'");
    EXPECT_EQ(log.exitCode, 0) << log.text;
    EXPECT_TRUE(contains(log.text, "#" + std::to_string(kBadSeq))) << log.text;
    const Output report = cli("game report '" + path + "' --out '" + dir.file("report") + "'");
    EXPECT_EQ(report.exitCode, 0) << report.text;
    EXPECT_TRUE(std::filesystem::exists(dir.file("report") + "/report.html"));
    const Output resume = cli("game play --game '" + path + "' --auto");
    EXPECT_EQ(resume.exitCode, 2) << resume.text;
    EXPECT_TRUE(contains(resume.text, "no longer replays")) << resume.text;
    const Output state = cli("game state '" + path + "'");
    EXPECT_EQ(state.exitCode, 2) << state.text;
    EXPECT_EQ(checksum(path), before);
}

TEST(Compat, GameFromANewerEngineIsRefusedForPlay) {
    ScratchDir dir;
    const std::string path = dir.file("newer.muster");
    NewGame g;
    g.ruleSet = "md";
    g.scenarioJson = rules::io::toJson(skirmish()).dump();
    g.houseRulesJson = "{}";
    g.engineVersion = rules::engineVersion("md") + 1;
    g.players = {{"Ann", "us", "white"}};
    ASSERT_TRUE(Journal::create(path, g));
    const std::string before = checksum(path);
    auto s = GameSession::open(path);
    ASSERT_FALSE(s);
    EXPECT_TRUE(contains(s.message(), "recorded by rules engine " +
                                          std::to_string(rules::engineVersion("md") + 1) +
                                          "; this Muster has rules engine " +
                                          std::to_string(rules::engineVersion("md")) + ", an older one"))
        << s.message();
    EXPECT_EQ(checksum(path), before);
    auto j = Journal::open(path, {OpenMode::ReadOnly, true});
    ASSERT_TRUE(j);
    EXPECT_TRUE(j->verify().ok);
}

TEST(Compat, NewGamesRecordBothVersionsAndEarlierGamesThatReplayStillPlay) {
    ScratchDir dir;
    const std::string path = dir.file("g.muster");
    {
        auto s = GameSession::start(path, skirmish(), {}, {{"Ann", "us", "white"}, {"Miguel", "mx", "red"}});
        ASSERT_TRUE(s) << s.message();
        EXPECT_EQ(s->journal().game().engineVersion, rules::engineVersion("md"));
        EXPECT_FALSE(s->journal().game().musterVersion.empty());
        play(*s, 10);
    }
    auto reopened = GameSession::open(path);
    ASSERT_TRUE(reopened) << reopened.message();
    EXPECT_EQ(reopened->journal().game().engineVersion, rules::engineVersion("md"));
    // A schema-2 copy (engine version not recorded) that replays: played on, and migrated.
    const std::string old = dir.file("old.muster");
    writeAsVersion2(reopened->journal(), old);
    auto played = GameSession::open(old);
    ASSERT_TRUE(played) << played.message();
    EXPECT_EQ(played->journal().schemaVersion(), schema::kCurrentVersion);
    EXPECT_EQ(played->journal().game().engineVersion, 0);
    EXPECT_EQ(played->engine().stateJson(), reopened->engine().stateJson());
}
