// muster-cli: the headless tool. Each command lives in its own file in app/cli/; this file only dispatches.

#include "app/cli/Commands.h"

#include <cstring>
#include <exception>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

namespace {

struct Command {
    const char* name;
    int (*run)(const muster::cli::Args&);
    const char* summary;
};

// One line per command.
const Command kCommands[] = {
    {"version", muster::cli::runVersion, "print the version"},
    {"game", muster::cli::runGame, "play, verify, log, report a game journal (.muster)"},
    {"dice", muster::cli::runDice, "read dice in photos, score the reader, watch a video for throws"},
    {"chits", muster::cli::runChits, "print order-chit labels for a scenario, read chits in photos"},
    {"calibrate", muster::cli::runCalibrate, "print the sheet, map camera to tray, check camera and light"},
};

// The arguments that name existing files: what a command was reading when it failed unexpectedly.
std::string filesNamed(const std::vector<std::string>& args) {
    std::string out;
    for (const std::string& a : args) {
        std::error_code ec;
        if (!a.empty() && a[0] != '-' && std::filesystem::is_regular_file(a, ec))
            out += (out.empty() ? "" : ", ") + a;
    }
    return out;
}

// The boundary: whatever a command lets escape (an OpenCV, SQLite or JSON exception, an allocation that
// failed) is reported with the files involved, and the exit code is 2 (bad input) instead of an abort.
int runGuarded(const Command& c, const std::vector<std::string>& args) {
    std::string what;
    try {
        return c.run(args);
    } catch (const std::exception& e) {
        what = e.what();
    } catch (...) {
        what = "unknown error";
    }
    const std::string files = filesNamed(args);
    std::cerr << "muster-cli " << c.name << ": " << (files.empty() ? "" : "reading " + files + ": ") << what
              << "\n";
    return 2;
}

void printUsage(std::ostream& out) {
    out << "usage: muster-cli <command> [arguments]\n\ncommands:\n";
    for (const Command& c : kCommands)
        out << "  " << c.name << std::string(12 - std::strlen(c.name), ' ') << c.summary << "\n";
    out << "\n'muster-cli <command> --help' describes a command.\n";
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 2 || std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "help") == 0) {
        printUsage(argc < 2 ? std::cerr : std::cout);
        return argc < 2 ? 2 : 0;
    }
    const std::vector<std::string> args(argv + 2, argv + argc);
    for (const Command& c : kCommands)
        if (std::strcmp(argv[1], c.name) == 0)
            return runGuarded(c, args);
    std::cerr << "muster-cli: unknown command '" << argv[1] << "'\n";
    printUsage(std::cerr);
    return 2;
}
