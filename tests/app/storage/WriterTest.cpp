// One writer per game: a second writer is refused with the holder's pid (and may still read), a lock never
// outlives its process, every append checks the tail it folded (compare-and-append), and of two creators of
// one new path exactly one wins.

#include "TestFiles.h"
#include "app/storage/GameSession.h"
#include "rules/VirtualDice.h"

#include <SQLiteCpp/Database.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>

#include <atomic>
#include <thread>

using namespace muster::storage;
using namespace muster::storage::test;
namespace rules = muster::rules;

namespace {

// The input answering the session's prompt: its first option, or seeded virtual dice.
rules::Input nextInput(const GameSession& s, std::uint64_t seed) {
    const rules::Prompt p = s.prompt();
    if (p.dice) {
        rules::VirtualDice dice(seed + static_cast<std::uint64_t>(s.journal().eventCount()));
        return rules::Input::dice(p.key(), dice.roll(*p.dice), rules::DiceSource::Virtual, "Ann");
    }
    return rules::Input::answer(p.key(), p.question->options.front().value, "Miguel");
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

} // namespace

TEST(Writer, SecondWriterIsRefusedWithThePidAndMayStillRead) {
    ScratchDir dir;
    const std::string path = dir.file("g.muster");
    auto first = Journal::create(path, sampleGame());
    ASSERT_TRUE(first) << first.message();
    ASSERT_TRUE(first->append(answerDraft(1, "MOVE")));

    auto second = Journal::open(path);
    ASSERT_FALSE(second);
    EXPECT_TRUE(contains(second.message(), "open in another Muster (pid " + std::to_string(::getpid()) + ")"))
        << second.message();
    auto session = GameSession::open(path);
    ASSERT_FALSE(session);
    EXPECT_TRUE(contains(session.message(), "open in another Muster")) << session.message();

    auto reader = Journal::open(path, {OpenMode::ReadOnly, true});
    ASSERT_TRUE(reader) << reader.message();
    EXPECT_EQ(reader->eventCount(), 1);

    first = Error{"closed"};
    auto again = Journal::open(path);
    EXPECT_TRUE(again) << again.message();
}

TEST(Writer, LockDiesWithItsProcess) {
    ScratchDir dir;
    const std::string path = dir.file("g.muster");
    ASSERT_TRUE(Journal::create(path, sampleGame()));
    int ready[2];
    ASSERT_EQ(::pipe(ready), 0);
    const pid_t pid = ::fork();
    if (pid == 0) {
        auto j = Journal::open(path);
        const char c = j ? 'y' : 'n';
        (void)!::write(ready[1], &c, 1);
        ::pause(); // holds the lock until killed
        ::_exit(0);
    }
    char c = 0;
    ASSERT_EQ(::read(ready[0], &c, 1), 1);
    ASSERT_EQ(c, 'y');
    auto refused = Journal::open(path);
    ASSERT_FALSE(refused);
    EXPECT_TRUE(contains(refused.message(), "(pid " + std::to_string(pid) + ")")) << refused.message();
    ::kill(pid, SIGKILL);
    int status = 0;
    ::waitpid(pid, &status, 0);
    auto after = Journal::open(path);
    EXPECT_TRUE(after) << "a killed writer must leave no stale lock: " << after.message();
    // No lock file or anything else is left beside the game.
    for (const auto& f : std::filesystem::directory_iterator(dir.path()))
        EXPECT_EQ(f.path().filename(), "g.muster");
}

TEST(Writer, AppendRefusesATailItDidNotFold) {
    ScratchDir dir;
    const std::string path = dir.file("g.muster");
    auto j = Journal::create(path, sampleGame());
    ASSERT_TRUE(j);
    ASSERT_TRUE(j->append(answerDraft(1, "MOVE")));
    {
        // Someone ignoring the lock (a database tool) appends a row behind the writer's back.
        SQLite::Database db(path, SQLite::OPEN_READWRITE, 5000);
        db.exec(
            "INSERT INTO events(seq, turn, phase, kind, payload, player, dice_source, time, evidence_hash, "
            "prev_hash, hash, input) SELECT seq + 1, turn, phase, kind, payload, player, dice_source, time, "
            "evidence_hash, hash, 'forged', input FROM events WHERE seq = 1");
    }
    const std::int64_t before = 2;
    auto refused = j->append(answerDraft(1, "HOLD"));
    ASSERT_FALSE(refused);
    EXPECT_TRUE(contains(refused.message(), "changed behind")) << refused.message();
    EXPECT_TRUE(contains(refused.message(), "nothing was appended")) << refused.message();
    EXPECT_FALSE(j->appendUndo(1, "Ann", "again"));
    EXPECT_EQ(j->eventCount(), before);
}

// Two sessions race to play one game, 20 times: exactly one gets it, the game never forks.
TEST(Writer, TwoSessionsRacingForOneGameNeverFork) {
    ScratchDir dir;
    const std::string path = dir.file("g.muster");
    {
        auto s = GameSession::start(path, skirmishScenario(), {}, skirmishPlayers());
        ASSERT_TRUE(s) << s.message();
    }
    int refusals = 0;
    for (int attempt = 0; attempt < 20; ++attempt) {
        std::atomic<int> opened{0};
        std::atomic<bool> go{false};
        std::string messages[2];
        auto player = [&](int who) {
            while (!go)
                std::this_thread::yield();
            auto s = GameSession::open(path);
            if (!s) {
                messages[who] = s.message();
                return;
            }
            ++opened;
            for (int i = 0; i < 3 && !s->engine().gameOver(); ++i)
                if (auto e = s->submit(nextInput(*s, static_cast<std::uint64_t>(attempt) * 2 +
                                                         static_cast<std::uint64_t>(who)));
                    !e)
                    messages[who] = e.message();
            // Hold the game a moment so the other one meets the lock, not a closed file.
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        };
        std::thread a(player, 0), b(player, 1);
        go = true;
        a.join();
        b.join();
        ASSERT_GE(opened.load(), 1) << messages[0] << " / " << messages[1];
        for (const std::string& m : messages)
            if (!m.empty()) {
                EXPECT_TRUE(contains(m, "open in another Muster")) << m;
                ++refusals;
            }
        auto check = GameSession::open(path, {OpenMode::ReadOnly, true});
        ASSERT_TRUE(check) << "attempt " << attempt << ": " << check.message();
        ASSERT_TRUE(check->journal().verify().ok);
    }
    EXPECT_GT(refusals, 0) << "the two sessions never overlapped";
}

// Two creators of one new path, 20 times: exactly one wins, the other says the path is taken.
TEST(Writer, CreationRaceHasExactlyOneWinner) {
    ScratchDir dir;
    for (int attempt = 0; attempt < 20; ++attempt) {
        const std::string path = dir.file("new" + std::to_string(attempt) + ".muster");
        std::atomic<bool> go{false};
        std::optional<Result<Journal>> results[2];
        auto creator = [&](int who) {
            while (!go)
                std::this_thread::yield();
            results[who].emplace(Journal::create(path, sampleGame()));
        };
        std::thread a(creator, 0), b(creator, 1);
        go = true;
        a.join();
        b.join();
        const int wins = (*results[0] ? 1 : 0) + (*results[1] ? 1 : 0);
        ASSERT_EQ(wins, 1) << "attempt " << attempt << ": " << (*results[0] ? "ok" : results[0]->message())
                           << " / " << (*results[1] ? "ok" : results[1]->message());
        const Result<Journal>& loser = *results[0] ? *results[1] : *results[0];
        EXPECT_TRUE(contains(loser.message(), "already exists")) << loser.message();
        Result<Journal>& winner = *results[0] ? *results[0] : *results[1];
        ASSERT_TRUE(winner->append(answerDraft(1, "MOVE")));
        results[0].reset();
        results[1].reset();
        auto check = Journal::open(path, {OpenMode::ReadOnly, true});
        ASSERT_TRUE(check) << check.message();
        EXPECT_EQ(check->eventCount(), 1);
        EXPECT_TRUE(check->verify().ok);
    }
    // Nothing half-built (and, with the rollback journal, nothing at all) is left beside the games.
    for (const auto& f : std::filesystem::directory_iterator(dir.path()))
        EXPECT_EQ(f.path().extension(), ".muster") << f.path();
}
