// Crash testing that can fail: a scripted game is played through the crash VFS (CrashVfs.h), and the power is
// cut at every sync point and after every acknowledged event, and every write and sync is failed in turn with
// ENOSPC (SQLITE_FULL) and EIO. After each, the game must reopen for play, verify, hold every acknowledged
// event unchanged and at most the one in flight besides. A build with synchronous=OFF
// (-DMUSTER_TEST_SYNCHRONOUS_OFF=ON) fails here: nothing is ever synced, so the power cut takes every event.

#include "CrashVfs.h"
#include "ScriptedGame.h"
#include "TestFiles.h"
#include "app/storage/GameSession.h"

#include <gtest/gtest.h>

using namespace muster::storage;
using namespace muster::storage::test;
namespace rules = muster::rules;

namespace {

constexpr int kInputs = 16;

struct Acked {
    std::int64_t seq;
    std::string hash;
};

// Plays the script on path through whatever VFS is the default; stops at the first refusal once the power is
// off. cutAfter > 0 cuts the power right after that many acknowledged events.
std::vector<Acked> playScript(const std::string& path, CrashVfs* vfs, int cutAfter = 0) {
    std::vector<Acked> acked;
    auto s = GameSession::open(path);
    if (!s)
        return acked;
    rules::VirtualDice dice(3);
    for (int i = 0; i < kInputs && !s->engine().gameOver(); ++i) {
        auto e = playScriptedStep(*s, i, dice);
        if (e)
            acked.push_back({e->seq, e->hash});
        else if (vfs && vfs->powerIsOff())
            break;
        if (vfs && cutAfter > 0 && static_cast<int>(acked.size()) == cutAfter) {
            vfs->cutPower();
            break;
        }
    }
    return acked;
}

// The game after the crash: opens for play (hot journal rolled back), verifies, and holds every acknowledged
// event with its hash, plus at most the one in flight. Returns a description of what is wrong, or "".
std::string checkSurvivors(const std::string& path, const std::vector<Acked>& acked) {
    auto s = GameSession::open(path);
    if (!s)
        return "does not reopen for play: " + s.message();
    const VerifyReport v = GameSession::verify(s->journal());
    if (!v.ok)
        return "does not verify: " + v.problem;
    auto events = s->journal().events();
    if (!events)
        return events.message();
    for (const Acked& a : acked)
        if (a.seq > static_cast<std::int64_t>(events->size()) ||
            (*events)[static_cast<std::size_t>(a.seq - 1)].hash != a.hash)
            return "acknowledged event #" + std::to_string(a.seq) + " was lost (" +
                   std::to_string(events->size()) + " events in the file, " + std::to_string(acked.size()) +
                   " acknowledged)";
    if (static_cast<std::int64_t>(events->size()) > static_cast<std::int64_t>(acked.size()) + 1)
        return "more than one unacknowledged event survived";
    return {};
}

class PowerLoss : public ::testing::Test {
protected:
    void SetUp() override {
        m_base = m_dir.file("base.muster");
        auto s = GameSession::start(m_base, skirmishScenario(), {}, skirmishPlayers());
        ASSERT_TRUE(s) << s.message();
    }
    // A fresh copy of the new game for one run.
    std::string fresh() {
        const std::string path = m_dir.file("run" + std::to_string(++m_runs) + ".muster");
        std::filesystem::copy_file(m_base, path);
        return path;
    }
    // One run: plays through the armed VFS, cuts the power (if it is not off already), checks the survivors.
    std::string run(CrashVfs::Fault fault, int at, int error = SQLITE_IOERR, int cutAfter = 0) {
        const std::string path = fresh();
        std::vector<Acked> acked;
        {
            CrashVfs vfs;
            vfs.arm(fault, at, error);
            acked = playScript(path, &vfs, cutAfter);
            vfs.cutPower();
            vfs.powerLoss();
        }
        return checkSurvivors(path, acked);
    }

    ScratchDir m_dir;
    std::string m_base;
    int m_runs = 0;
};

} // namespace

TEST_F(PowerLoss, EverySyncPointAndEveryAcknowledgedEvent) {
    int syncs = 0, writes = 0;
    {
        const std::string path = fresh();
        CrashVfs vfs;
        const auto acked = playScript(path, &vfs);
        ASSERT_EQ(static_cast<int>(acked.size()), kInputs);
        syncs = vfs.syncs();
        writes = vfs.writes();
    }
    std::cout << "[ power    ] the script: " << kInputs << " events, " << writes << " writes, " << syncs
              << " syncs\n";
    EXPECT_GE(syncs, kInputs) << "an event cannot be durable without a sync";
    int failures = 0;
    for (int n = 1; n <= syncs; ++n)
        if (const std::string why = run(CrashVfs::Fault::PowerLossAtSync, n); !why.empty()) {
            ADD_FAILURE() << "power cut at sync " << n << ": " << why;
            if (++failures > 5)
                return;
        }
    for (int k = 1; k <= kInputs; ++k)
        if (const std::string why = run(CrashVfs::Fault::None, 0, SQLITE_IOERR, k); !why.empty()) {
            ADD_FAILURE() << "power cut after acknowledged event " << k << ": " << why;
            if (++failures > 5)
                return;
        }
}

TEST_F(PowerLoss, EveryWriteAndSyncFailingWithEnospcOrEio) {
    int syncs = 0, writes = 0;
    {
        const std::string path = fresh();
        CrashVfs vfs;
        (void)playScript(path, &vfs);
        syncs = vfs.syncs();
        writes = vfs.writes();
    }
    int failures = 0;
    auto check = [&](CrashVfs::Fault fault, int n, int error, const char* what) {
        if (const std::string why = run(fault, n, error); !why.empty() && ++failures <= 5)
            ADD_FAILURE() << what << " " << n << ": " << why;
    };
    // Every write fails once with ENOSPC; EIO, which SQLite handles the same way, at every third.
    for (int n = 1; n <= writes; ++n) {
        check(CrashVfs::Fault::FailWrite, n, SQLITE_FULL, "ENOSPC at write");
        if (n % 3 == 1)
            check(CrashVfs::Fault::FailWrite, n, SQLITE_IOERR_WRITE, "EIO at write");
    }
    for (int n = 1; n <= syncs; ++n)
        check(CrashVfs::Fault::FailSync, n, SQLITE_IOERR_FSYNC, "EIO at sync");
    EXPECT_EQ(failures, 0);
}
