#pragma once

// The `muster-cli game` subcommands; GameCommand.cpp dispatches to them.

#include "app/cli/Commands.h"
#include "app/storage/Journal.h"

#include <string>

namespace muster::cli {

int runGameVerify(const Args& args);
int runGameLog(const Args& args);
int runGameReport(const Args& args);
int runGameState(const Args& args);
int runGamePlay(const Args& args);

// Prints a warning on stderr when the game does not verify (GameSession::verify); for the commands that show
// a game (log, state, report) rather than refuse it. Returns the report.
storage::VerifyReport warnIfUnsound(const std::string& command, const storage::Journal& journal);

} // namespace muster::cli
