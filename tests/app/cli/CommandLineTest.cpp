// The muster-cli parser (CLI11): each subcommand takes its own options and refuses another's, help at every
// level lists that level's options, ranges and choices are checked before a command runs, and every usage
// error is exit code 2.

#include "app/cli/CliApp.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <unistd.h>

#include <filesystem>
#include <iostream>
#include <sstream>

using muster::cli::parseCommandLine;

namespace {

struct Outcome {
    bool runs = false; // a command was chosen
    int exitCode = -1;
    std::string out, err;
};

Outcome parse(const std::vector<std::string>& args) {
    std::ostringstream out, err;
    const auto parsed = parseCommandLine(args, out, err);
    return {static_cast<bool>(parsed.command), parsed.exitCode, out.str(), err.str()};
}

bool has(const std::string& text, const std::string& what) {
    return text.find(what) != std::string::npos;
}

} // namespace

TEST(CommandLine, ValidCommandsChooseACommandWithoutRunningIt) {
    EXPECT_TRUE(parse({"version"}).runs);
    EXPECT_TRUE(parse({"game", "verify", "g.muster", "--seal", "4K7QD-M2X9A"}).runs);
    EXPECT_TRUE(parse({"game", "play", "--game", "g.muster", "--auto", "--seed", "3", "--turns", "2"}).runs);
    EXPECT_TRUE(parse({"chits", "read", "a.png", "b.png", "--json", "--game", "K7"}).runs);
    EXPECT_TRUE(parse({"calibrate", "sets", "t.png", "--boxes", "b.txt", "--profile", "p.json", "--player",
                       "Ann", "--player", "Bob"})
                    .runs);
    EXPECT_TRUE(parse({"calibrate", "moved", "ref.png", "now.png"}).runs);
}

TEST(CommandLine, AnOptionOfAnotherSubcommandIsRefused) {
    // --paper belongs to chits print, not chits read (once accepted and ignored).
    const Outcome o = parse({"chits", "read", "a.png", "--paper", "a4"});
    EXPECT_FALSE(o.runs);
    EXPECT_EQ(o.exitCode, 2);
    EXPECT_TRUE(has(o.err, "--paper")) << o.err;
    EXPECT_EQ(parse({"game", "log", "g.muster", "--out", "dir"}).exitCode, 2);
    EXPECT_EQ(parse({"dice", "watch", "v.mp4", "--zoom", "0.5"}).exitCode, 2);
    EXPECT_EQ(parse({"game", "verify", "g.muster", "--jsno"}).exitCode, 2);
}

TEST(CommandLine, HelpAtEveryLevelListsThatLevelsOptions) {
    const Outcome play = parse({"game", "play", "--help"});
    EXPECT_FALSE(play.runs);
    EXPECT_EQ(play.exitCode, 0);
    for (const char* option :
         {"--rules", "--scenario", "--game", "--dice", "--auto", "--seed", "--turns", "--json"})
        EXPECT_TRUE(has(play.out, option)) << option << " missing from:\n" << play.out;
    EXPECT_FALSE(has(play.out, "--out")) << "another subcommand's option";
    const Outcome game = parse({"game", "--help"});
    EXPECT_EQ(game.exitCode, 0);
    for (const char* sub : {"verify", "log", "report", "state", "play"})
        EXPECT_TRUE(has(game.out, sub)) << sub;
    const Outcome top = parse({"--help"});
    EXPECT_EQ(top.exitCode, 0);
    for (const char* command : {"version", "game", "dice", "chits", "calibrate"})
        EXPECT_TRUE(has(top.out, command)) << command;
    EXPECT_TRUE(has(parse({"calibrate", "tray", "--help"}).out, "--sheet-at"));
    EXPECT_TRUE(has(parse({"dice", "eval", "-h"}).out, "--label-fixes"));
}

TEST(CommandLine, RangesAndChoicesAreCheckedByTheParser) {
    EXPECT_EQ(parse({"dice", "eval", "m.csv", "--zoom", "2"}).exitCode, 2);
    EXPECT_TRUE(parse({"dice", "eval", "m.csv", "--zoom", "0.7"}).runs);
    EXPECT_EQ(parse({"calibrate", "sheet", "--out", "s.pdf", "--dpi", "20"}).exitCode, 2);
    EXPECT_EQ(
        parse({"chits", "print", "--scenario", "s.json", "--out", "s.pdf", "--unitless", "21"}).exitCode, 2);
    EXPECT_EQ(parse({"chits", "print", "--scenario", "s.json", "--out", "s.pdf", "--code", "aztec"}).exitCode,
              2);
    EXPECT_TRUE(
        parse({"chits", "print", "--scenario", "s.json", "--out", "s.pdf", "--paper", "Letter"}).runs);
    EXPECT_EQ(parse({"game", "play", "--game", "g.muster", "--dice", "camera"}).exitCode, 2);
    // CLI11 2.1 reads "-3" into an unsigned as 2^64 - 3: the check refuses it.
    EXPECT_EQ(parse({"game", "play", "--game", "g.muster", "--seed", "-3"}).exitCode, 2);
    EXPECT_EQ(parse({"game", "play", "--game", "g.muster", "--turns", "two"}).exitCode, 2);
    EXPECT_EQ(parse({"game", "log", "g.muster", "--turn", "-1"}).exitCode, 2);
    EXPECT_EQ(
        parse({"calibrate", "tray", "t.png", "--region-mm", "0,0,9,9", "--tray-mm", "300,200"}).exitCode, 2);
    EXPECT_EQ(parse({"calibrate", "tray", "t.png", "--sheet-at", "middle"}).exitCode, 2) << "needs --tray-mm";
    // Issue 46: a negative or NaN unsure threshold marked every die sure; the reader's knobs are finite and in
    // range.
    for (const char* bad : {"-1", "nan", "NaN", "inf", "1.5", "0.5x"})
        EXPECT_EQ(parse({"dice", "read", "d.png", "--unsure-below", bad}).exitCode, 2) << bad;
    EXPECT_TRUE(parse({"dice", "read", "d.png", "--unsure-below", "0.85"}).runs);
    EXPECT_EQ(parse({"dice", "read", "d.png", "--finder-px", "nan"}).exitCode, 2);
    EXPECT_EQ(parse({"dice", "read", "d.png", "--hint-keeps-within", "-2"}).exitCode, 2);
}

TEST(CommandLine, MissingPiecesAreUsageErrors) {
    EXPECT_EQ(parse({}).exitCode, 2);
    EXPECT_EQ(parse({"game"}).exitCode, 2) << "no subcommand";
    EXPECT_EQ(parse({"game", "report", "g.muster"}).exitCode, 2) << "no --out";
    EXPECT_EQ(parse({"game", "play"}).exitCode, 2) << "no --game";
    EXPECT_EQ(parse({"dice", "read"}).exitCode, 2) << "no image";
    EXPECT_EQ(parse({"calibrate", "moved", "a.png", "b.png", "c.png"}).exitCode, 2) << "three images";
    EXPECT_EQ(parse({"no-such-command"}).exitCode, 2);
    const Outcome missingValue = parse({"game", "report", "g.muster", "--out"});
    EXPECT_EQ(missingValue.exitCode, 2);
    EXPECT_FALSE(missingValue.err.empty());
}

namespace {

// Runs a parsed command with std::cout captured.
Outcome run(const std::vector<std::string>& args) {
    std::ostringstream out, err;
    const auto parsed = parseCommandLine(args, out, err);
    Outcome o{static_cast<bool>(parsed.command), parsed.exitCode, out.str(), err.str()};
    if (!parsed.command)
        return o;
    std::ostringstream captured;
    std::streambuf* old = std::cout.rdbuf(captured.rdbuf());
    o.exitCode = parsed.command();
    std::cout.rdbuf(old);
    o.out = captured.str();
    return o;
}

} // namespace

TEST(CommandLine, DiceTeachWritesASetThatDiceEvalReadsWith) {
    const std::filesystem::path src = std::filesystem::path(MUSTER_TEST_DATA_DIR) / "dice" / "nell-byler-d6";
    if (!std::filesystem::exists(src / "manifest.csv"))
        GTEST_SKIP() << "dice photos not found: put ../shared/data/dice/nell-byler-d6 beside the checkout";
    const std::filesystem::path dir =
        std::filesystem::temp_directory_path() / ("muster-cli-teach-" + std::to_string(::getpid()));
    const std::string painted = (dir / "star").string(), set = (dir / "star.yml").string();
    const Outcome symbolize = run({"dice", "symbolize", src.string(), painted, "--seed", "1"});
    ASSERT_EQ(symbolize.exitCode, 0) << symbolize.err;
    EXPECT_TRUE(has(symbolize.out, "painted 278 dice")) << symbolize.out;
    const std::string manifest = painted + "/manifest.csv";
    const Outcome teach = run({"dice", "teach", manifest, "--out", set});
    ASSERT_EQ(teach.exitCode, 0) << teach.err;
    EXPECT_TRUE(has(teach.out, "face 6: taught  235 examples")) << teach.out;
    EXPECT_TRUE(has(teach.out, "face 1: pips")) << teach.out;
    const Outcome eval = run({"dice", "eval", manifest, "--split", "test", "--json", "--dice-set", set});
    ASSERT_EQ(eval.exitCode, 0) << eval.err;
    const auto report = nlohmann::json::parse(eval.out);
    EXPECT_GE(report["confusion"]["matrix"][5][5].get<int>(), 40) << eval.out; // of 43 painted 6s
    // Without the set the painted 6s are read as other faces.
    const Outcome plain = run({"dice", "eval", manifest, "--split", "test", "--json"});
    ASSERT_EQ(plain.exitCode, 0) << plain.err;
    EXPECT_LE(nlohmann::json::parse(plain.out)["confusion"]["matrix"][5][5].get<int>(), 10);
    // A file that is no dice set is a usage error, named.
    const Outcome bad = run({"dice", "eval", manifest, "--split", "test", "--dice-set", manifest});
    EXPECT_EQ(bad.exitCode, 2);
    const Outcome folds = run({"dice", "teach-folds", manifest});
    ASSERT_EQ(folds.exitCode, 0) << folds.err;
    EXPECT_TRUE(has(folds.out, "200 photos in 4 folds, 4 sets taught")) << folds.out;
    EXPECT_TRUE(has(folds.out, "face 6: taught in 4 of 4 sets; 235 reads")) << folds.out;
    std::filesystem::remove_all(dir);
}

TEST(CommandLine, DiceTeachAndDiceSetAreListedInHelp) {
    EXPECT_TRUE(has(parse({"dice", "teach", "--help"}).out, "--split"));
    EXPECT_TRUE(has(parse({"dice", "teach", "--help"}).out, "--out"));
    EXPECT_TRUE(has(parse({"dice", "read", "--help"}).out, "--dice-set"));
    EXPECT_TRUE(has(parse({"dice", "eval", "--help"}).out, "--dice-set"));
    EXPECT_TRUE(has(parse({"dice", "--help"}).out, "teach"));
    EXPECT_FALSE(has(parse({"dice", "--help"}).out, "symbolize")) << "hidden";
    EXPECT_EQ(parse({"dice", "teach", "m.csv"}).exitCode, 2) << "no --out";
    EXPECT_EQ(parse({"dice", "symbolize", "a", "b", "--symbol", "moon"}).exitCode, 2);
    EXPECT_TRUE(has(parse({"dice", "--help"}).out, "teach-folds"));
    EXPECT_TRUE(has(parse({"dice", "teach-folds", "--help"}).out, "--per-face"));
    EXPECT_EQ(parse({"dice", "teach-folds", "m.csv", "--folds", "1"}).exitCode, 2)
        << "one fold reads nothing";
    EXPECT_EQ(parse({"dice", "teach-folds", "m.csv", "--per-face", "-3"}).exitCode, 2);
}
