#pragma once

// What each muster-cli subcommand was given, as typed values. app/cli/CliApp.cpp fills them with CLI11 (which
// checks names, counts, ranges and choices); the commands only read them.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace muster::cli {

struct GameVerifyOptions {
    std::string game;
    std::optional<std::string> seal;
    std::optional<std::string> device;
    bool json = false;          // the seal's verdict and its later corrections as one JSON object
    bool allowUnsigned = false; // a game whose last finished turn no device signed may pass
};

struct GameLogOptions {
    std::string game;
    std::optional<int> turn;
    std::string player;
    std::string unit;
    bool json = false;
};

struct GameReportOptions {
    std::string game;
    std::string out;
};

struct GameStateOptions {
    std::string game;
};

struct GameExportOptions {
    std::string game;
    std::string out;
};

struct GamePlayOptions {
    std::optional<std::string> rules;
    std::optional<std::string> scenario;
    std::string game;
    std::optional<std::string> dice; // virtual or stdin; on resume, absent means "as recorded"
    bool autoTable = false;
    std::optional<std::uint64_t> seed;
    std::optional<int> turns;
    bool json = false;
};

// The reader's model folder and tuning knobs, shared by dice read, eval and watch.
struct DiceReaderArgs {
    std::optional<std::string> models;
    std::optional<float> finderPx;
    std::optional<float> unsureBelow;
    std::optional<float> rescaleAbove;
    std::optional<float> crowdedBelow;
    std::optional<float> hintKeepsWithin;
    bool noScaleSearch = false;
};

struct DiceReadOptions {
    std::vector<std::string> images;
    bool json = false;
    std::optional<std::string> overlay;
    std::optional<float> dieSizePx;
    std::optional<std::string> diceSet; // a taught set (dice teach) to read with
    DiceReaderArgs reader;
};

struct DiceEvalOptions {
    std::string manifest;
    std::string split;
    bool json = false;
    std::optional<std::string> frame; // WIDTHxHEIGHT
    std::optional<double> zoom;
    std::optional<std::string> labelFixes;
    std::optional<double> trayFromLabels; // grow the labelled dice's hull by K median die sides
    bool dieSizeFromLabels = false;
    std::optional<std::string> diceSet; // a taught set (dice teach) to read with
    DiceReaderArgs reader;
};

struct DiceTeachOptions {
    std::string manifest;
    std::string split = "train";
    std::string out;
    DiceReaderArgs reader;
};

struct DiceTeachFoldsOptions {
    std::string manifest;
    std::string split = "train";
    int folds = 4;
    int perFace = 0; // 0: teach on whole folds; N: as at the table, from runs of N examples a face
    DiceReaderArgs reader;
};

// Hidden: writes a copy of a labelled data set with one face's pips painted over by a symbol.
struct DiceSymbolizeOptions {
    std::string source;
    std::string out;
    int face = 6;
    std::string symbol = "star";
    std::uint64_t seed = 1;
};

struct DiceWatchOptions {
    std::string video;
    std::optional<int> settleFrames;
    std::optional<std::string> emptyTray;
    bool json = false;
    DiceReaderArgs reader;
};

struct ChitsPrintOptions {
    std::string scenario;
    std::string out;
    std::string paper = "a4";
    std::optional<double> labelMm;
    std::string code = "microqr";
    std::optional<std::string> game;
    int unitless = 1;
};

struct ChitsReadOptions {
    std::vector<std::string> images;
    bool json = false;
    std::optional<std::string> scenario;
    std::optional<std::string> game;
    bool allFormats = false;
    std::optional<std::string> overlay;
};

struct ChitsDecodeOptions {
    std::optional<std::string> rules;
    std::vector<std::string> texts;
};

struct CalibrateSheetOptions {
    std::optional<std::string> out;
    std::optional<std::string> png;
    std::string paper = "a4";
    float dpi = 300.0f;
};

struct CalibrateTrayOptions {
    std::string image;
    bool json = false;
    std::string paper = "a4";
    std::optional<float> dieMm;
    std::optional<std::string> regionMm; // X,Y,W,H
    std::optional<std::string> trayMm;   // W,H
    std::optional<std::string> sheetAt;
    std::optional<std::string> profile;
    std::string name;
    std::optional<std::string> overlay;
};

struct CalibrateMovedOptions {
    std::vector<std::string> images; // [REFERENCE] IMAGE
    std::optional<std::string> profile;
    bool json = false;
};

struct CalibrateLightOptions {
    std::string image;
    std::optional<std::string> profile;
    bool json = false;
};

struct CalibrateSetsOptions {
    std::string image;
    std::string boxes;
    std::string profile;
    std::optional<std::string> out;
    std::vector<std::string> players;
};

struct CalibrateWhoOptions {
    std::string image;
    std::string boxes;
    std::string profile;
};

} // namespace muster::cli
