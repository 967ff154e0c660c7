#pragma once

// The `muster-cli game` subcommands; GameCommand.cpp dispatches to them.

#include "app/cli/Commands.h"

namespace muster::cli {

int runGameVerify(const Args& args);
int runGameLog(const Args& args);
int runGameReport(const Args& args);
int runGameState(const Args& args);
int runGamePlay(const Args& args);

} // namespace muster::cli
