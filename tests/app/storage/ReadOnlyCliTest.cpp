// Read-only commands (verify, log, state, report) in a read-only folder and on a full disk: they succeed,
// and nothing appears beside the game. Tests run as root here, for whom a chmod'ed folder is still writable,
// so the commands run as the unprivileged user nobody (uid 65534) when the test is root; the full disk is
// RLIMIT_FSIZE = 0 in the child (any write to a regular file fails with EFBIG, as on a full disk).

#include "TestFiles.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <set>

using namespace muster::storage;
using namespace muster::storage::test;

namespace {

const std::string kScenario = MUSTER_STORAGE_TEST_DATA "/skirmish.json";

struct LimitedRun {
    int exitCode = -1;
    std::string output;
};

enum class Limit { ReadOnlyFolder, FullDisk };

// Runs muster-cli with args in a child that cannot write the game's folder (see above).
LimitedRun runLimited(const std::vector<std::string>& args, Limit limit) {
    int out[2];
    if (::pipe(out) != 0)
        throw std::runtime_error("pipe");
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::dup2(out[1], STDOUT_FILENO);
        ::dup2(out[1], STDERR_FILENO);
        ::close(out[0]);
        ::close(out[1]);
        if (limit == Limit::ReadOnlyFolder && ::geteuid() == 0 &&
            (::setgid(65534) != 0 || ::setuid(65534) != 0))
            ::_exit(126);
        if (limit == Limit::FullDisk) {
            ::signal(SIGXFSZ, SIG_IGN);
            rlimit none{0, 0};
            ::setrlimit(RLIMIT_FSIZE, &none);
        }
        std::vector<std::string> copy = args;
        std::vector<char*> argv{const_cast<char*>("muster-cli")};
        for (std::string& a : copy)
            argv.push_back(a.data());
        argv.push_back(nullptr);
        ::execv(MUSTER_CLI_PATH, argv.data());
        ::_exit(127);
    }
    ::close(out[1]);
    LimitedRun r;
    char buf[4096];
    for (ssize_t n; (n = ::read(out[0], buf, sizeof buf)) > 0;)
        r.output.append(buf, static_cast<std::size_t>(n));
    ::close(out[0]);
    int status = 0;
    ::waitpid(pid, &status, 0);
    r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return r;
}

std::set<std::string> filesIn(const std::filesystem::path& dir) {
    std::set<std::string> out;
    for (const auto& f : std::filesystem::directory_iterator(dir))
        out.insert(f.path().filename().string());
    return out;
}

class ReadOnlyCommands : public ::testing::TestWithParam<Limit> {
protected:
    void SetUp() override {
        m_folder = m_dir.path() / "games";
        std::filesystem::create_directories(m_folder);
        m_game = (m_folder / "game.muster").string();
        // A game as `play` leaves it after a kill: written, not closed cleanly.
        const std::string cmd = std::string("'") + MUSTER_CLI_PATH + "' game play --rules md --scenario '" +
                                kScenario + "' --game '" + m_game +
                                "' --auto --dice virtual --seed 5 --turns 2 --json >/dev/null 2>&1";
        ASSERT_EQ(std::system(cmd.c_str()), 0);
        m_reportDir = m_dir.path() / "report";
        std::filesystem::create_directories(m_reportDir);
        ::chmod(m_reportDir.c_str(), 0777);
        ::chmod(m_game.c_str(), 0444);
        ::chmod(m_folder.c_str(), 0555);
    }
    void TearDown() override { ::chmod(m_folder.c_str(), 0755); }

    ScratchDir m_dir;
    std::filesystem::path m_folder, m_reportDir;
    std::string m_game;
};

} // namespace

TEST_P(ReadOnlyCommands, VerifyLogStateAndReportWorkAndLeaveNothing) {
    const auto before = filesIn(m_folder);
    const std::string sum = checksum(m_game);
    const std::vector<std::vector<std::string>> commands = {
        {"game", "verify", m_game},
        {"game", "log", m_game},
        {"game", "log", m_game, "--json"},
        {"game", "state", m_game},
    };
    for (const auto& c : commands) {
        const LimitedRun r = runLimited(c, GetParam());
        EXPECT_EQ(r.exitCode, 0) << c[1] << ": " << r.output.substr(0, 400);
        EXPECT_EQ(filesIn(m_folder), before) << c[1] << " left files beside the game";
    }
    if (GetParam() == Limit::ReadOnlyFolder) {
        const LimitedRun r =
            runLimited({"game", "report", m_game, "--out", m_reportDir.string()}, GetParam());
        EXPECT_EQ(r.exitCode, 0) << r.output;
        EXPECT_EQ(filesIn(m_folder), before) << "report left files beside the game";
    }
    EXPECT_EQ(checksum(m_game), sum);
}

// Issue 46, finding 8: a game in a folder this user cannot write was resumed and failed at its first input
// (SQLite's "unable to open database file" when the journal could not be created). It is refused at once,
// saying why and what still works, and the file is untouched.
class ReadOnlyPlay : public ReadOnlyCommands {};

TEST_P(ReadOnlyPlay, IsRefusedBeforeAnyInput) {
    ::chmod(m_game.c_str(), 0666); // the file itself writable: only the folder is read-only
    const std::string sum = checksum(m_game);
    const auto before = filesIn(m_folder);
    const LimitedRun r = runLimited(
        {"game", "play", "--game", m_game, "--auto", "--dice", "virtual", "--turns", "4"}, GetParam());
    EXPECT_NE(r.exitCode, 0) << r.output;
    EXPECT_NE(r.output.find("cannot be played here"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("is read-only for this user"), std::string::npos) << r.output;
    EXPECT_EQ(r.output.find("accepted"), std::string::npos) << "no input may be taken: " << r.output;
    EXPECT_EQ(checksum(m_game), sum);
    EXPECT_EQ(filesIn(m_folder), before);
}

INSTANTIATE_TEST_SUITE_P(Limits, ReadOnlyCommands, ::testing::Values(Limit::ReadOnlyFolder, Limit::FullDisk),
                         [](const auto& param) {
                             return param.param == Limit::ReadOnlyFolder ? std::string("ReadOnlyFolder")
                                                                         : std::string("FullDisk");
                         });
INSTANTIATE_TEST_SUITE_P(Limits, ReadOnlyPlay, ::testing::Values(Limit::ReadOnlyFolder),
                         [](const auto&) { return std::string("ReadOnlyFolder"); });
