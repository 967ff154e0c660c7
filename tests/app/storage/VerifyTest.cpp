// Verify means sound: integrity_check (not quick_check), the append-only triggers, the chain, every photo and
// a replay of every input to the end; a game that does not verify is never appended to.

#include "Forger.h"
#include "ScriptedGame.h"
#include "TestFiles.h"
#include "app/storage/GameSession.h"

#include <SQLiteCpp/Database.h>
#include <gtest/gtest.h>

using namespace muster::storage;
using namespace muster::storage::test;
namespace rules = muster::rules;

namespace {

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

// A short real game (answers and virtual dice with a photo each), closed on return.
void playGame(const std::string& path, int inputs) {
    auto s = GameSession::start(path, skirmishScenario(), {}, skirmishPlayers());
    if (!s)
        throw std::runtime_error(s.message());
    rules::VirtualDice dice(5);
    for (int i = 0; i < inputs && !s->engine().gameOver(); ++i) {
        auto e = playScriptedStep(*s, i, dice);
        if (!e)
            throw std::runtime_error(e.message());
    }
}

// The first dice event of a journal file.
std::int64_t firstDice(const std::string& path) {
    auto j = Journal::open(path, {OpenMode::ReadOnly, false});
    const auto events = j->events();
    for (const Event& e : *events)
        if (e.kind == kind::Dice)
            return e.seq;
    return 0;
}

// Refused for play, with what is wrong, and the file is byte for byte as it was.
void expectRefusedForPlay(const std::string& path, const std::string& why) {
    const std::string before = checksum(path);
    auto s = GameSession::open(path);
    ASSERT_FALSE(s);
    EXPECT_TRUE(contains(s.message(), why)) << s.message();
    EXPECT_TRUE(contains(s.message(), "not changed")) << s.message();
    EXPECT_EQ(checksum(path), before);
}

} // namespace

TEST(Verify, NamesTheHead) {
    ScratchDir dir;
    const std::string path = dir.file("g.muster");
    playGame(path, 12);
    auto j = Journal::open(path, {OpenMode::ReadOnly, true});
    const VerifyReport r = GameSession::verify(*j);
    ASSERT_TRUE(r.ok) << r.problem;
    EXPECT_TRUE(r.replayed);
    EXPECT_EQ(r.eventCount, 12);
    EXPECT_EQ(r.headHash, j->head().hash);
}

// A roll rewritten to an impossible 7 on a d6 with every hash recomputed: the chain is intact, the replay is
// not.
TEST(Verify, ReplaysEveryInputSoARecomputedChainIsNotEnough) {
    ScratchDir dir;
    const std::string path = dir.file("g.muster");
    playGame(path, 20);
    const std::int64_t seq = firstDice(path);
    ASSERT_GT(seq, 0);
    forge(path, {{}, [seq](std::vector<Event>& events) {
                     Event& e = events[static_cast<std::size_t>(seq - 1)];
                     const auto at = e.payloadJson.find("\"faces\":[") + 9;
                     e.payloadJson[at] = '7';
                 }});
    auto j = Journal::open(path, {OpenMode::ReadOnly, true});
    ASSERT_TRUE(j) << j.message();
    EXPECT_TRUE(j->verify().ok) << "the forger's chain is intact: " << j->verify().problem;
    const VerifyReport r = GameSession::verify(*j);
    EXPECT_FALSE(r.ok);
    EXPECT_TRUE(contains(r.problem, "do not replay")) << r.problem;
}

TEST(Verify, TheAppendOnlyTriggersMustBeThereUnchangedAndAlone) {
    ScratchDir dir;
    const std::string path = dir.file("g.muster");
    playGame(path, 6);
    const std::string pristine = dir.file("pristine.muster");
    std::filesystem::copy_file(path, pristine);
    const std::vector<std::pair<std::string, std::string>> edits = {
        {"DROP TRIGGER events_append_only_update", "events_append_only_update was removed"},
        {"DROP TRIGGER evidence_append_only_delete; CREATE TRIGGER evidence_append_only_delete BEFORE DELETE "
         "ON "
         "evidence BEGIN SELECT 1; END",
         "evidence_append_only_delete was changed"},
        {"CREATE TRIGGER sneaky AFTER INSERT ON events BEGIN SELECT 1; END", "trigger Muster does not write"},
    };
    for (const auto& [sql, why] : edits) {
        std::filesystem::copy_file(pristine, path, std::filesystem::copy_options::overwrite_existing);
        {
            SQLite::Database db(path, SQLite::OPEN_READWRITE);
            db.exec(sql);
        }
        auto j = Journal::open(path, {OpenMode::ReadOnly, true});
        ASSERT_TRUE(j) << j.message();
        const VerifyReport r = j->verify();
        EXPECT_FALSE(r.ok) << sql;
        EXPECT_TRUE(contains(r.problem, why)) << r.problem;
        expectRefusedForPlay(path, why);
    }
}

// An index that disagrees with its table passes quick_check; integrity_check finds it.
TEST(Verify, RunsIntegrityCheckNotQuickCheck) {
    ScratchDir dir;
    const std::string path = dir.file("g.muster");
    playGame(path, 6);
    {
        // Hide the index from SQLite, change the rows under it, show it again: the index is now stale.
        int root = 0;
        std::string sql;
        {
            SQLite::Database db(path, SQLite::OPEN_READWRITE);
            SQLite::Statement get(db, "SELECT rootpage, sql FROM sqlite_master WHERE name = 'events_player'");
            ASSERT_TRUE(get.executeStep());
            root = get.getColumn(0).getInt();
            sql = get.getColumn(1).getString();
            get.reset();
            db.exec("PRAGMA writable_schema = ON; DELETE FROM sqlite_master WHERE name = 'events_player'");
        }
        SQLite::Database again(path, SQLite::OPEN_READWRITE);
        again.exec(
            "DROP TRIGGER events_append_only_update; UPDATE events SET player = 'Zed' WHERE seq = 1; " +
            std::string(schema::kAppendOnlyTriggers[0].second));
        again.exec("PRAGMA writable_schema = ON");
        SQLite::Statement put(again,
                              "INSERT INTO sqlite_master VALUES ('index', 'events_player', 'events', ?, ?)");
        put.bind(1, root);
        put.bind(2, sql);
        put.exec();
    }
    {
        SQLite::Database db(path, SQLite::OPEN_READONLY);
        ASSERT_EQ(db.execAndGet("PRAGMA quick_check").getString(), "ok")
            << "the setup should fool quick_check";
    }
    auto j = Journal::open(path, {OpenMode::ReadOnly, true});
    ASSERT_FALSE(j);
    EXPECT_TRUE(contains(j.message(), "integrity_check")) << j.message();
}

TEST(Verify, AGameThatDoesNotVerifyIsNeverPlayedOn) {
    ScratchDir dir;
    const std::string path = dir.file("g.muster");
    playGame(path, 10);
    {
        // One byte of one payload changed, hashes left alone.
        SQLite::Database db(path, SQLite::OPEN_READWRITE);
        db.exec("DROP TRIGGER events_append_only_update; UPDATE events SET time = '2000' || substr(time, 5) "
                "WHERE "
                "seq = 3; " +
                std::string(schema::kAppendOnlyTriggers[0].second));
    }
    expectRefusedForPlay(path, "does not verify: event #3");
    // It can still be looked at.
    EXPECT_TRUE(GameSession::open(path, {OpenMode::ReadOnly, true}));
}
