#pragma once

// Entry points of the muster-cli subcommands. Each takes the arguments after the command word and returns the
// process exit code (0 success, 1 failure of the work itself, 2 bad usage or bad input).

#include <string>
#include <vector>

namespace muster::cli {

using Args = std::vector<std::string>;

int runVersion(const Args& args);
int runGame(const Args& args);
int runDice(const Args& args);
int runChits(const Args& args);
int runCalibrate(const Args& args);

} // namespace muster::cli
