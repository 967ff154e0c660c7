// The file is the game at every moment: after each acknowledged event a copy of the .muster alone (no -wal,
// -shm or -journal) holds it, and read-only opens leave nothing beside the file.

#include "TestFiles.h"
#include "app/storage/GameSession.h"
#include "rules/VirtualDice.h"

#include <SQLiteCpp/Database.h>
#include <gtest/gtest.h>

#include <set>

using namespace muster::storage;
using namespace muster::storage::test;
namespace rules = muster::rules;

namespace {

std::set<std::string> filesIn(const std::filesystem::path& dir) {
    std::set<std::string> out;
    for (const auto& f : std::filesystem::directory_iterator(dir))
        out.insert(f.path().filename().string());
    return out;
}

} // namespace

TEST(FileIsTheGame, ACopyOfTheFileAloneHoldsEveryAcknowledgedEvent) {
    ScratchDir dir, copies;
    const std::string path = dir.file("g.muster");
    auto s = GameSession::start(path, skirmishScenario(), {}, skirmishPlayers());
    ASSERT_TRUE(s) << s.message();
    rules::VirtualDice dice(7);
    for (int i = 0; i < 40 && !s->engine().gameOver(); ++i) {
        const rules::Prompt p = s->prompt();
        auto e = p.dice
                     ? s->submit(
                           rules::Input::dice(p.key(), dice.roll(*p.dice), rules::DiceSource::Virtual, "Ann"),
                           {{{0xff, 0xd8, static_cast<std::uint8_t>(i), 0xff, 0xd9}, "{}"}})
                     : s->submit(rules::Input::answer(p.key(), p.question->options.front().value, "Miguel"));
        ASSERT_TRUE(e) << e.message();
        // What someone copying the game file right now (the writer still has it open) takes away.
        const std::string copy = copies.file("copy" + std::to_string(i) + ".muster");
        std::filesystem::copy_file(path, copy);
        auto j = Journal::open(copy, {OpenMode::ReadOnly, true});
        ASSERT_TRUE(j) << "after event " << e->seq << ": " << j.message();
        ASSERT_EQ(j->eventCount(), e->seq) << "a copy of the .muster alone lacks acknowledged events";
        ASSERT_EQ(j->head().hash, e->hash);
        ASSERT_TRUE(j->verify().ok);
    }
    // While the writer has it open, nothing but the game (no -wal or -shm) lies beside it between commits.
    EXPECT_EQ(filesIn(dir.path()), std::set<std::string>{"g.muster"});
}

TEST(FileIsTheGame, ReadOnlyOpensLeaveNothingBehind) {
    ScratchDir dir;
    const std::string path = dir.file("g.muster");
    writeSampleJournal(path, 3);
    const std::string before = checksum(path);
    const auto files = filesIn(dir.path());
    {
        auto j = Journal::open(path, {OpenMode::ReadOnly, true});
        ASSERT_TRUE(j) << j.message();
        EXPECT_TRUE(j->verify().ok);
        EXPECT_TRUE(j->events());
        EXPECT_TRUE(j->effectiveInputs());
        EXPECT_EQ(filesIn(dir.path()), files) << "while open";
    }
    EXPECT_EQ(filesIn(dir.path()), files);
    EXPECT_EQ(checksum(path), before);
}

TEST(FileIsTheGame, ReadersWorkWhileTheWriterHasTheGame) {
    ScratchDir dir;
    const std::string path = dir.file("g.muster");
    auto w = Journal::create(path, sampleGame());
    ASSERT_TRUE(w);
    for (int i = 0; i < 5; ++i) {
        ASSERT_TRUE(w->append(answerDraft(1, "MOVE")));
        auto r = Journal::open(path, {OpenMode::ReadOnly, true});
        ASSERT_TRUE(r) << r.message();
        EXPECT_EQ(r->eventCount(), i + 1);
        EXPECT_TRUE(r->verify().ok);
    }
}

// A file an older Muster left in WAL mode (its -wal checkpointed away) is read without creating a -shm, and
// becomes a rollback-journal game when it is next played.
TEST(FileIsTheGame, AnOlderWalModeFileIsReadWithoutWritingAndConvertedOnPlay) {
    ScratchDir dir;
    const std::string path = dir.file("g.muster");
    writeSampleJournal(path, 2);
    {
        SQLite::Database db(path, SQLite::OPEN_READWRITE);
        ASSERT_EQ(db.execAndGet("PRAGMA journal_mode = WAL").getString(), "wal");
    }
    ASSERT_EQ(readBytes(path)[18], 2);
    const auto files = filesIn(dir.path());
    {
        auto j = Journal::open(path, {OpenMode::ReadOnly, true});
        ASSERT_TRUE(j) << j.message();
        EXPECT_TRUE(j->verify().ok);
        EXPECT_EQ(filesIn(dir.path()), files);
    }
    auto w = Journal::open(path);
    ASSERT_TRUE(w) << w.message();
    ASSERT_TRUE(w->append(answerDraft(3, "MOVE")));
    EXPECT_EQ(readBytes(path)[18], 1) << "played on with a rollback journal";
}
