// The saved-games summary: from the header and the last event only, read-only, a clear error for a bad file.

#include "app/storage/GameSummary.h"

#include "TestFiles.h"
#include "app/storage/GameSession.h"
#include "rules/io/Json.h"

#include <gtest/gtest.h>

using namespace muster::storage;
using namespace muster::storage::test;

TEST(GameSummary, HeaderAndLastEvent) {
    ScratchDir dir;
    const std::string path = dir.file("g.muster");
    writeSampleJournal(path, 3);
    const std::string before = checksum(path);
    auto s = readGameSummary(path);
    ASSERT_TRUE(s) << s.message();
    auto j = Journal::open(path, {OpenMode::ReadOnly, true});
    ASSERT_TRUE(j);
    const auto events = j->events();
    ASSERT_TRUE(events);
    const Event& last = events->back();
    EXPECT_EQ(s->path, path);
    EXPECT_EQ(s->ruleSet, "md");
    EXPECT_EQ(s->scenarioName, "test skirmish");
    EXPECT_EQ(s->players, sampleGame().players);
    EXPECT_EQ(s->created, sampleGame().created);
    EXPECT_EQ(s->musterVersion, j->game().musterVersion);
    EXPECT_EQ(s->engineVersion, 0); // written by Journal::create without an engine
    EXPECT_EQ(s->eventCount, static_cast<std::int64_t>(events->size()));
    EXPECT_EQ(s->turn, 3);
    EXPECT_EQ(s->phase, last.phase);
    EXPECT_EQ(s->lastPlayed, last.time);
    EXPECT_EQ(checksum(path), before);
}

TEST(GameSummary, NewGameWithoutEvents) {
    ScratchDir dir;
    const std::string path = dir.file("g.muster");
    ASSERT_TRUE(Journal::create(path, sampleGame()));
    auto s = readGameSummary(path);
    ASSERT_TRUE(s) << s.message();
    EXPECT_EQ(s->eventCount, 0);
    EXPECT_EQ(s->turn, 0);
    EXPECT_TRUE(s->phase.empty());
    EXPECT_EQ(s->lastPlayed, s->created);
}

TEST(GameSummary, DoesNotReplay) {
    // The game from an earlier rules engine that no longer replays (Compat tests) still lists.
    ScratchDir dir;
    const std::string path = dir.file("old.muster");
    std::filesystem::copy_file(MUSTER_STORAGE_TEST_DATA "/earlier-engine-no-longer-replays.muster", path);
    const std::string before = checksum(path);
    auto s = readGameSummary(path);
    ASSERT_TRUE(s) << s.message();
    EXPECT_EQ(s->eventCount, 60);
    EXPECT_EQ(s->engineVersion, 0);
    EXPECT_EQ(s->scenarioName, "Storage test skirmish (4 units)");
    EXPECT_EQ(s->players.size(), 2u);
    EXPECT_GE(s->turn, 2);
    EXPECT_EQ(checksum(path), before);
}

TEST(GameSummary, BadFilesGiveAClearErrorAndStayUntouched) {
    ScratchDir dir;
    const std::string good = dir.file("good.muster");
    writeSampleJournal(good, 2);
    const std::string full = readBytes(good);
    const std::string truncated = dir.file("truncated.muster");
    writeBytes(truncated, full.substr(0, full.size() / 2 / 4096 * 4096));
    const std::string random = dir.file("random.muster");
    std::string noise(8192, '\0');
    for (std::size_t i = 0; i < noise.size(); ++i)
        noise[i] = static_cast<char>((i * 2654435761u) >> 13);
    writeBytes(random, noise);
    const std::string text = dir.file("notes.muster");
    writeBytes(text, "not a game\n");
    const std::pair<std::string, std::string> cases[] = {
        {dir.file("missing.muster"), "no such file"},
        {truncated, "truncated"},
        {random, "not a Muster game file"},
        {text, "not a Muster game file"},
    };
    for (const auto& [path, words] : cases) {
        const std::string before = std::filesystem::exists(path) ? checksum(path) : std::string();
        auto s = readGameSummary(path);
        ASSERT_FALSE(s) << path;
        EXPECT_NE(s.message().find(words), std::string::npos) << s.message();
        EXPECT_NE(s.message().find(path), std::string::npos) << "names the file: " << s.message();
        if (!before.empty()) {
            EXPECT_EQ(checksum(path), before);
        }
    }
}

TEST(GameSummary, GameSessionGamesCarryTheirEngineVersion) {
    ScratchDir dir;
    const std::string path = dir.file("g.muster");
    auto scenario = muster::rules::io::loadScenario(MUSTER_STORAGE_TEST_DATA "/skirmish.json");
    ASSERT_TRUE(scenario);
    ASSERT_TRUE(GameSession::start(path, *scenario, {}, {{"Ann", "us", "white"}}));
    auto s = readGameSummary(path);
    ASSERT_TRUE(s) << s.message();
    EXPECT_EQ(s->engineVersion, muster::rules::engineVersion("md"));
    EXPECT_EQ(s->scenarioName, scenario->name);
}
