// Two `muster-cli game play` on one game, as two people (or the app and the CLI) would start them: 20 tries
// each for an existing game and for a new path. Both wait on their standard input, so they really overlap:
// exactly one plays, the other says the game is open elsewhere (or already exists), and the game never forks.

#include "TestFiles.h"
#include "app/storage/GameSession.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>

using namespace muster::storage;
using namespace muster::storage::test;

namespace {

const std::string kScenario = MUSTER_STORAGE_TEST_DATA "/skirmish.json";

// A muster-cli child with its standard input held open by the test.
class Child {
public:
    explicit Child(std::vector<std::string> args) {
        int in[2], out[2];
        if (::pipe(in) != 0 || ::pipe(out) != 0)
            throw std::runtime_error("pipe failed");
        m_pid = ::fork();
        if (m_pid == 0) {
            ::dup2(in[0], STDIN_FILENO);
            ::dup2(out[1], STDOUT_FILENO);
            ::dup2(out[1], STDERR_FILENO);
            for (int fd : {in[0], in[1], out[0], out[1]})
                ::close(fd);
            std::vector<char*> argv{const_cast<char*>("muster-cli")};
            for (std::string& a : args)
                argv.push_back(a.data());
            argv.push_back(nullptr);
            ::execv(MUSTER_CLI_PATH, argv.data());
            ::_exit(127);
        }
        ::close(in[0]);
        ::close(out[1]);
        m_in = in[1];
        m_out = out[0];
    }
    ~Child() { finish(); }

    // Reads until the output holds text or the child closed it (exited); false on timeout.
    bool waitFor(const std::string& text, int timeoutMs = 20000) {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
        while (m_output.find(text) == std::string::npos && !m_eof) {
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                                  deadline - std::chrono::steady_clock::now())
                                  .count();
            if (left <= 0)
                return false;
            pollfd p{m_out, POLLIN, 0};
            if (::poll(&p, 1, static_cast<int>(left)) > 0) {
                char buf[4096];
                const ssize_t n = ::read(m_out, buf, sizeof buf);
                if (n <= 0)
                    m_eof = true;
                else
                    m_output.append(buf, static_cast<std::size_t>(n));
            }
        }
        return true;
    }
    bool exited() const { return m_eof; }
    // Closes its input (the game stops and saves) and returns its exit code.
    int finish() {
        if (m_pid <= 0)
            return m_code;
        ::close(m_in);
        waitFor("\x01never", 20000);
        ::close(m_out);
        int status = 0;
        ::waitpid(m_pid, &status, 0);
        m_pid = -1;
        m_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        return m_code;
    }
    const std::string& output() const { return m_output; }
    pid_t pid() const { return m_pid; }

private:
    pid_t m_pid = -1;
    int m_in = -1, m_out = -1;
    bool m_eof = false;
    int m_code = -1;
    std::string m_output;
};

std::vector<std::string> playArgs(const std::string& game) {
    return {"game",   "play", "--rules", "md",    "--scenario", kScenario,
            "--game", game,   "--dice",  "stdin", "--json"};
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

// Runs two players at once and checks that exactly one holds the game; returns the loser's output.
std::string race(const std::string& game, bool* bothLost) {
    Child a(playArgs(game)), b(playArgs(game));
    // Each either reaches its first prompt (it holds the game and waits for input) or exits.
    EXPECT_TRUE(a.waitFor("\"type\":\"prompt\"")) << a.output();
    EXPECT_TRUE(b.waitFor("\"type\":\"prompt\"")) << b.output();
    const bool aPlays = !a.exited(), bPlays = !b.exited();
    *bothLost = !aPlays && !bPlays;
    EXPECT_NE(aPlays, bPlays) << "A: " << a.output() << "\nB: " << b.output();
    Child& loser = aPlays ? b : a;
    Child& winner = aPlays ? a : b;
    const std::string lost = loser.output();
    EXPECT_EQ(loser.finish(), 2) << lost;
    if (!aPlays || !bPlays) {
        EXPECT_TRUE(contains(lost, "pid " + std::to_string(winner.pid())) || contains(lost, "already exists"))
            << lost;
    }
    // The winner answers one prompt through the journal, then stops.
    EXPECT_EQ(winner.finish(), 0) << winner.output();
    return lost;
}

} // namespace

TEST(CliWriters, TwoPlaysOfOneGameNeverFork) {
    ScratchDir dir;
    const std::string game = dir.file("g.muster");
    {
        Child first(playArgs(game));
        ASSERT_TRUE(first.waitFor("\"type\":\"prompt\"")) << first.output();
        ASSERT_EQ(first.finish(), 0) << first.output();
    }
    int refused = 0;
    for (int attempt = 0; attempt < 20; ++attempt) {
        bool bothLost = false;
        const std::string lost = race(game, &bothLost);
        ASSERT_FALSE(bothLost);
        refused += contains(lost, "open in another Muster (pid ") ? 1 : 0;
        auto check = GameSession::open(game, {OpenMode::ReadOnly, true});
        ASSERT_TRUE(check) << "attempt " << attempt << ": " << check.message();
    }
    EXPECT_EQ(refused, 20);
}

TEST(CliWriters, TwoCreatorsOfOneNewPathHaveOneWinner) {
    ScratchDir dir;
    for (int attempt = 0; attempt < 20; ++attempt) {
        const std::string game = dir.file("new" + std::to_string(attempt) + ".muster");
        bool bothLost = false;
        const std::string lost = race(game, &bothLost);
        ASSERT_FALSE(bothLost);
        EXPECT_TRUE(contains(lost, "already exists") || contains(lost, "open in another Muster")) << lost;
        auto check = GameSession::open(game, {OpenMode::ReadOnly, true});
        ASSERT_TRUE(check) << "attempt " << attempt << ": " << check.message();
        EXPECT_EQ(check->journal().eventCount(), 0);
    }
    for (const auto& f : std::filesystem::directory_iterator(dir.path()))
        EXPECT_EQ(f.path().extension(), ".muster") << "left behind: " << f.path();
}
