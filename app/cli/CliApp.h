#pragma once

// The muster-cli command line: every command, subcommand and option, parsed by CLI11 (app/cli/CliApp.cpp is
// the one file that sees it). Exit codes: 0 success, 1 the work itself failed, 2 bad usage or bad input.

#include <functional>
#include <string>
#include <vector>

namespace muster::cli {

// The outcome of parsing: either an exit code now (help printed, or a usage error reported on stderr), or
// the command to run.
struct Parsed {
    std::function<int()> command; // empty when exitCode is the answer
    int exitCode = 0;
};

// args without the program name. Help goes to out, usage errors to err.
Parsed parseCommandLine(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

} // namespace muster::cli
