#pragma once

// Entry points of the muster-cli subcommands, one per subcommand, each with its typed options
// (app/cli/Options.h). Each returns the process exit code (0 success, 1 failure of the work itself, 2 bad
// usage or bad input).

#include "app/cli/Options.h"

namespace muster::cli {

int runVersion();

int runGameVerify(const GameVerifyOptions& options);
int runGameLog(const GameLogOptions& options);
int runGameReport(const GameReportOptions& options);
int runGameState(const GameStateOptions& options);
int runGameExport(const GameExportOptions& options);
int runGamePlay(const GamePlayOptions& options);

int runDiceRead(const DiceReadOptions& options);
int runDiceEval(const DiceEvalOptions& options);
int runDiceWatch(const DiceWatchOptions& options);
int runDiceTeach(const DiceTeachOptions& options);
int runDiceTeachFolds(const DiceTeachFoldsOptions& options);
int runDiceSymbolize(const DiceSymbolizeOptions& options);

int runChitsPrint(const ChitsPrintOptions& options);
int runChitsRead(const ChitsReadOptions& options);
int runChitsDecode(const ChitsDecodeOptions& options);

int runCalibrateSheet(const CalibrateSheetOptions& options);
int runCalibrateTray(const CalibrateTrayOptions& options);
int runCalibrateMoved(const CalibrateMovedOptions& options);
int runCalibrateLight(const CalibrateLightOptions& options);
int runCalibrateSets(const CalibrateSetsOptions& options);
int runCalibrateWho(const CalibrateWhoOptions& options);

} // namespace muster::cli
