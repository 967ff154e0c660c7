#pragma once

// What the `muster-cli game` subcommands share (GameCommand.cpp, GamePlay.cpp).

#include "app/storage/Journal.h"

#include <string>

namespace muster::cli {

// Prints a warning on stderr when the game does not verify (GameSession::verify); for the commands that show
// a game (log, state, report) rather than refuse it. Returns the report.
storage::VerifyReport warnIfUnsound(const std::string& command, const storage::Journal& journal);

} // namespace muster::cli
