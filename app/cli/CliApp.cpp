// The muster-cli tree in CLI11 2.1. Each subcommand binds its own typed options, so an option another
// subcommand takes is refused here ("The following argument was not expected"), and --help at every level
// lists what that level takes. Ranges and choices are checked by the parser; what needs a file or a rule set
// is checked by the command.
//
// CLI11 2.1 pitfalls: an unsigned option reads "-3" as 2^64 - 3 (hence NonNegativeNumber on --seed), and
// its parse errors have codes of their own (105, 106, 109...): muster-cli answers 2 for every one.

#include "app/cli/CliApp.h"

#include "app/cli/Commands.h"

#include <CLI/CLI.hpp>

#include <cmath>
#include <cstdlib>
#include <memory>

namespace muster::cli {

namespace {

// Binds a subcommand's options to a heap struct the command closure keeps.
template <class Options>
std::shared_ptr<Options> bind(CLI::App* sub, std::function<int()>& command, int (*run)(const Options&)) {
    auto options = std::make_shared<Options>();
    sub->callback([&command, options, run] {
        command = [options, run] {
            return run(*options);
        };
    });
    return options;
}

const auto kPaper = CLI::IsMember({"a4", "letter"}, CLI::ignore_case);

void addGame(CLI::App& app, std::function<int()>& command) {
    CLI::App* game = app.add_subcommand("game", "play, verify, log, report a game journal (.muster)");
    game->require_subcommand(1);

    CLI::App* verify = game->add_subcommand(
        "verify", "integrity_check, append-only triggers, the hash chain, every photo's hash and a replay of "
                  "every input; print the head or name what is wrong");
    auto v = bind(verify, command, runGameVerify);
    verify->add_option("GAME", v->game, "the game file (.muster)")->required();
    verify->add_option("--seal", v->seal, "also prove the game holds the head this turn-end seal names");
    verify->add_option("--device", v->device,
                       "also prove every finished turn is signed by the device with this key fingerprint");
    verify->add_flag("--allow-unsigned", v->allowUnsigned,
                     "accept a game whose last finished turn no device signed (played without a device key)");
    verify->add_flag(
        "--json", v->json,
        "print the verdict as one JSON object (with --seal, every later correction of the sealed turn too)");

    CLI::App* log = game->add_subcommand("log", "the events, with undos and overrides marked");
    auto l = bind(log, command, runGameLog);
    log->add_option("GAME", l->game, "the game file (.muster)")->required();
    log->add_option("--turn", l->turn, "only this turn")->check(CLI::NonNegativeNumber);
    log->add_option("--player", l->player, "only this player's events");
    log->add_option("--unit", l->unit, "only the events about this unit");
    log->add_flag("--json", l->json, "one JSON object per line");

    CLI::App* report = game->add_subcommand(
        "report", "DIR/report.html (self-contained) and DIR/report.json, with dice statistics");
    auto r = bind(report, command, runGameReport);
    report->add_option("GAME", r->game, "the game file (.muster)")->required();
    report->add_option("--out", r->out, "the folder to write into (made if missing)")->required();

    CLI::App* state = game->add_subcommand(
        "state", "the game state (the fold of the journal through the rules engine) as JSON");
    auto s = bind(state, command, runGameState);
    state->add_option("GAME", s->game, "the game file (.muster)")->required();

    CLI::App* exported = game->add_subcommand(
        "export", "a consistent copy of a game, safe to take while it is being played (a plain file copy "
                  "taken in the middle of a commit can be torn); the copy is verified");
    auto x = bind(exported, command, runGameExport);
    exported->add_option("GAME", x->game, "the game file (.muster)")->required();
    exported->add_option("OUT", x->out, "the copy to write (must not exist)")->required();

    CLI::App* play = game->add_subcommand(
        "play",
        "play (or resume) a game; see docs/game-protocol.md. A new game needs --rules and --scenario");
    auto p = bind(play, command, runGamePlay);
    play->add_option("--rules", p->rules, "the rule set of a new game (md, omtb)");
    play->add_option("--scenario", p->scenario, "the scenario file of a new game");
    play->add_option("--game", p->game, "the game file: created, or resumed when it exists")->required();
    play->add_option("--dice", p->dice, "who rolls: virtual dice, or faces typed on stdin (default virtual)")
        ->check(CLI::IsMember({"virtual", "stdin"}));
    play->add_flag("--auto", p->autoTable, "the simulated table answers every prompt");
    play->add_option("--seed", p->seed, "seed of the virtual dice and the simulated table (default 1)")
        ->check(CLI::NonNegativeNumber);
    play->add_option("--turns", p->turns, "stop after this many turns")->check(CLI::NonNegativeNumber);
    play->add_flag("--json", p->json, "JSON lines instead of text");
}

// A number within [lo, hi]: CLI::Range lets NaN through (every comparison with it is false), and a NaN or
// negative unsure threshold marked every die sure.
CLI::Validator finiteIn(double lo, double hi) {
    return CLI::Validator(
        [lo, hi](std::string& text) {
            char* end = nullptr;
            const double v = std::strtod(text.c_str(), &end);
            if (end == text.c_str() || *end != '\0' || !std::isfinite(v) || v < lo || v > hi)
                return "expected a number from " + CLI::detail::to_string(lo) + " to " +
                       CLI::detail::to_string(hi);
            return std::string();
        },
        "NUMBER in [" + CLI::detail::to_string(lo) + " - " + CLI::detail::to_string(hi) + "]");
}

void addReaderKnobs(CLI::App* sub, DiceReaderArgs& reader) {
    sub->add_option("--models", reader.models,
                    "the model folder (else $MUSTER_MODEL_DIR, else the source tree's data/models)");
    sub->add_option("--finder-px", reader.finderPx, "the finder's die size in pixels (tuning)")
        ->check(finiteIn(1, 4096));
    sub->add_option("--unsure-below", reader.unsureBelow, "the unsure threshold (tuning)")
        ->check(finiteIn(0, 1));
    sub->add_option("--rescale-above", reader.rescaleAbove, "tuning")->check(finiteIn(0, 100));
    sub->add_option("--crowded-below", reader.crowdedBelow,
                    "0 switches the finder's second pass off (tuning)")
        ->check(finiteIn(0, 100000));
    sub->add_option("--hint-keeps-within", reader.hintKeepsWithin,
                    "how far from the die-size hint a find is still kept (tuning)")
        ->check(finiteIn(0, 100));
    sub->add_flag("--no-scale-search", reader.noScaleSearch,
                  "the finder's first pass only at the 640 px photo's scale (tuning)");
}

void addDice(CLI::App& app, std::function<int()>& command) {
    CLI::App* dice =
        app.add_subcommand("dice", "read dice in photos, score the reader, watch a video for throws");
    dice->require_subcommand(1);

    CLI::App* read = dice->add_subcommand(
        "read", "finds the d6 in each photo and prints value, confidence and flags (? unsure, N maybe not a "
                "die, T touching, O occluded, C cocked)");
    auto r = bind(read, command, runDiceRead);
    read->add_option("IMAGE", r->images, "photos")->required();
    read->add_flag("--json", r->json, "a JSON array, one object per photo");
    read->add_option("--overlay", r->overlay, "draw the dice into OUT.png (OUT-<image>.png for several)");
    read->add_option("--die-size", r->dieSizePx, "the die's edge in pixels, when known")
        ->check(CLI::PositiveNumber);
    read->add_option("--dice-set", r->diceSet,
                     "SET.yml from dice teach: read its taught faces by their look");
    addReaderKnobs(read, r->reader);

    CLI::App* eval = dice->add_subcommand(
        "eval", "scores the reader against a manifest (image_path,split,width,height,count,faces) with YOLO "
                "labels beside the images");
    auto e = bind(eval, command, runDiceEval);
    eval->add_option("MANIFEST", e->manifest, "the manifest CSV")->required();
    eval->add_option("--split", e->split, "only this split (train, test, ...)");
    eval->add_flag("--json", e->json, "the report as JSON");
    eval->add_option("--frame", e->frame, "WIDTHxHEIGHT: place each photo in a larger frame first");
    eval->add_option("--zoom", e->zoom, "shrink the photo inside its frame (a camera further away)")
        ->check(CLI::Range(0.05, 1.0));
    eval->add_option("--label-fixes", e->labelFixes, "corrections of labels checked to be wrong (CSV)");
    eval->add_option("--tray-from-labels", e->trayFromLabels,
                     "at the table: the tray is the hull of the labelled dice grown by K median die sides "
                     "(reads outside are dropped), e.g. 1.5")
        ->check(CLI::Range(0.0, 20.0));
    eval->add_flag("--die-size-from-labels", e->dieSizeFromLabels,
                   "the median labelled die as the die-size hint (what a calibration would give)");
    eval->add_option("--dice-set", e->diceSet,
                     "SET.yml from dice teach: read its taught faces by their look");
    addReaderKnobs(eval, e->reader);

    CLI::App* teach = dice->add_subcommand(
        "teach",
        "learns a dice set's symbol faces from labelled photos (a manifest as dice eval takes): faces the "
        "pip reader misreads are taught by their look");
    auto t = bind(teach, command, runDiceTeach);
    teach->add_option("MANIFEST", t->manifest, "the manifest CSV")->required();
    teach->add_option("--split", t->split, "the photos of this split (default train)");
    teach->add_option("--out", t->out, "the dice set to write (YAML)")->required();
    addReaderKnobs(teach, t->reader);

    CLI::App* folds = dice->add_subcommand(
        "teach-folds",
        "how well dice teach works on these dice: each fold of the photos is read by sets taught from the "
        "others, and the reads are counted by labelled face");
    auto tf = bind(folds, command, runDiceTeachFolds);
    folds->add_option("MANIFEST", tf->manifest, "the manifest CSV")->required();
    folds->add_option("--split", tf->split, "the photos of this split (default train)");
    folds->add_option("--folds", tf->folds, "photo i is read in fold i % N (default 4)")
        ->check(CLI::Range(2, 20));
    folds
        ->add_option("--per-face", tf->perFace,
                     "teach as at the table, from runs of photos giving each face N examples (default 0: "
                     "from all the other folds, as dice teach)")
        ->check(CLI::Range(0, 10000));
    addReaderKnobs(folds, tf->reader);

    // Hidden (no description): for rerunning the dice-set figures of docs/dice-reader.md.
    CLI::App* symbolize = dice->add_subcommand("symbolize", "");
    symbolize->group("");
    auto y = bind(symbolize, command, runDiceSymbolize);
    symbolize->add_option("SRC_DIR", y->source, "a data set folder with manifest.csv")->required();
    symbolize->add_option("OUT_DIR", y->out, "where the painted copy goes")->required();
    symbolize->add_option("--face", y->face, "the face to paint (default 6)")->check(CLI::Range(1, 6));
    symbolize->add_option("--symbol", y->symbol, "star, cross or ring (default star)")
        ->check(CLI::IsMember({"star", "cross", "ring"}));
    symbolize->add_option("--seed", y->seed, "turns of the symbols (default 1)")
        ->check(CLI::NonNegativeNumber);

    CLI::App* watch =
        dice->add_subcommand("watch", "feeds a video to the throw watcher and reads each throw once settled");
    auto w = bind(watch, command, runDiceWatch);
    watch->add_option("VIDEO", w->video, "the video file")->required();
    watch->add_option("--settle", w->settleFrames, "frames without motion before a throw counts as settled")
        ->check(CLI::PositiveNumber);
    watch->add_flag("--json", w->json, "one JSON object per settled throw");
    watch->add_option("--empty-tray", w->emptyTray,
                      "IMAGE: the tray with nothing in it (else the watcher learns the tray from the video)");
    addReaderKnobs(watch, w->reader);
}

void addChits(CLI::App& app, std::function<int()>& command) {
    CLI::App* chits =
        app.add_subcommand("chits", "print order-chit labels for a scenario, read chits in photos");
    chits->require_subcommand(1);

    CLI::App* print = chits->add_subcommand(
        "print", "writes round penny labels: one per unit and order of the rule set, then N sets of "
                 "unit-less chits; the game tag comes from the scenario unless --game gives one");
    auto p = bind(print, command, runChitsPrint);
    print->add_option("--scenario", p->scenario, "the scenario file")->required();
    print->add_option("--out", p->out, "the PDF to write")->required();
    print->add_option("--paper", p->paper, "a4 or letter (default a4)")->check(kPaper);
    print->add_option("--label-mm", p->labelMm, "the label's diameter (default 19.05)")
        ->check(CLI::PositiveNumber);
    print->add_option("--code", p->code, "microqr or qr (default microqr)")
        ->check(CLI::IsMember({"microqr", "qr"}));
    print->add_option("--game", p->game, "the game tag: 2 characters of 0-9 A-Z");
    print->add_option("--unitless", p->unitless, "sets of unit-less chits (default 1)")
        ->check(CLI::Range(0, 20));

    CLI::App* read = chits->add_subcommand(
        "read", "finds every chit in each photo; foreign and malformed codes are listed with the reason and "
                "never become orders");
    auto r = bind(read, command, runChitsRead);
    read->add_option("IMAGE", r->images, "photos")->required();
    read->add_flag("--json", r->json, "the chits as JSON");
    read->add_option("--scenario", r->scenario, "name the units, and reject chits of other games");
    read->add_option("--game", r->game, "reject chits of other games: 2 characters of 0-9 A-Z");
    read->add_flag("--all-formats", r->allFormats, "also look for other barcodes, to report them as foreign");
    read->add_option("--overlay", r->overlay,
                     "draw searched regions (grey), chits (green), rejected codes (red) into OUT.png");

    CLI::App* decode =
        chits->add_subcommand("decode", "parses chit texts without a camera, to check a payload by hand");
    auto d = bind(decode, command, runChitsDecode);
    decode->add_option("--rules", d->rules, "name the orders of this rule set");
    decode->add_option("TEXT", d->texts, "chit payloads")->required();
}

void addCalibrate(CLI::App& app, std::function<int()>& command) {
    CLI::App* calibrate =
        app.add_subcommand("calibrate", "print the sheet, map camera to tray, check camera and light");
    calibrate->require_subcommand(1);

    CLI::App* sheet = calibrate->add_subcommand(
        "sheet",
        "writes the printable sheet (four ArUco markers and a ruler) as a one-page vector PDF, print it "
        "at 100%; and/or as a PNG");
    auto s = bind(sheet, command, runCalibrateSheet);
    sheet->add_option("--out", s->out, "the PDF to write (builds with Qt)");
    sheet->add_option("--png", s->png, "a PNG of the sheet to write");
    sheet->add_option("--paper", s->paper, "a4 or letter (default a4)")->check(kPaper);
    sheet->add_option("--dpi", s->dpi, "the PNG's resolution (default 300)")->check(CLI::Range(50.0, 1200.0));

    CLI::App* tray = calibrate->add_subcommand(
        "tray", "finds the sheet in a photo of the tray and prints the camera-to-tray mapping, the expected "
                "die size in pixels and the marker-corner error");
    auto t = bind(tray, command, runCalibrateTray);
    tray->add_option("IMAGE", t->image, "the photo of the tray with the sheet")->required();
    tray->add_flag("--json", t->json, "the result as JSON");
    tray->add_option("--paper", t->paper, "a4 or letter (default a4)")->check(kPaper);
    tray->add_option("--die-mm", t->dieMm, "the die's edge in millimetres")->check(CLI::PositiveNumber);
    CLI::Option* region =
        tray->add_option("--region-mm", t->regionMm, "X,Y,W,H: the area to watch in sheet millimetres");
    CLI::Option* trayMm = tray->add_option(
        "--tray-mm", t->trayMm, "W,H: the tray's inner size, with the sheet in its middle or a corner");
    region->excludes(trayMm);
    tray->add_option("--sheet-at", t->sheetAt, "where the sheet lies in the tray (default middle)")
        ->check(CLI::IsMember({"middle", "top-left", "top-right", "bottom-right", "bottom-left"}))
        ->needs(trayMm);
    tray->add_option("--profile", t->profile, "save the calibration profile (JSON) here");
    tray->add_option("--name", t->name, "the profile's name");
    tray->add_option("--overlay", t->overlay, "draw the markers and the region into OUT.png");

    CLI::App* moved = calibrate->add_subcommand(
        "moved", "says whether the camera moved between the calibrated view (REFERENCE, else the profile's) "
                 "and IMAGE (exit 1 if it did)");
    auto m = bind(moved, command, runCalibrateMoved);
    moved->add_option("IMAGES", m->images, "[REFERENCE] IMAGE")->required()->expected(1, 2);
    moved->add_option("--profile", m->profile, "the calibration profile (JSON)");
    moved->add_flag("--json", m->json, "the result as JSON");

    CLI::App* light = calibrate->add_subcommand(
        "light", "warns when IMAGE is too dark or blown out (inside the profile's region with --profile)");
    auto l = bind(light, command, runCalibrateLight);
    light->add_option("IMAGE", l->image, "the photo")->required();
    light->add_option("--profile", l->profile, "the calibration profile (JSON)");
    light->add_flag("--json", l->json, "the result as JSON");

    CLI::App* sets = calibrate->add_subcommand(
        "sets", "learns dice sets from a calibration throw: the dice in IMAGE are grouped by colour, largest "
                "group first; each --player names the next group's owner");
    auto ds = bind(sets, command, runCalibrateSets);
    sets->add_option("IMAGE", ds->image, "the photo of the throw")->required();
    sets->add_option("--boxes", ds->boxes, "the dice as YOLO lines 'class cx cy w h', normalised")
        ->required();
    sets->add_option("--profile", ds->profile, "the calibration profile (JSON)")->required();
    sets->add_option("--out", ds->out, "where to write the profile with its sets (default: the profile)");
    sets->add_option("--player", ds->players, "the owner of the next group (repeat)")
        ->allow_extra_args(false);

    CLI::App* who = calibrate->add_subcommand(
        "who", "says whose set each die in IMAGE belongs to, or that a person must say (exit 1 if any)");
    auto dw = bind(who, command, runCalibrateWho);
    who->add_option("IMAGE", dw->image, "the photo of the throw")->required();
    who->add_option("--boxes", dw->boxes, "the dice as YOLO lines 'class cx cy w h', normalised")->required();
    who->add_option("--profile", dw->profile, "the calibration profile (JSON)")->required();
}

} // namespace

Parsed parseCommandLine(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    CLI::App app{"Muster's headless tool: games, dice, chits and calibration.", "muster-cli"};
    app.require_subcommand(1);
    app.footer(
        "'muster-cli <command> --help' describes a command, 'muster-cli <command> <subcommand> --help' "
        "its options.");
    Parsed parsed;
    app.add_subcommand("version", "print the version")->callback([&parsed] { parsed.command = runVersion; });
    addGame(app, parsed.command);
    addDice(app, parsed.command);
    addChits(app, parsed.command);
    addCalibrate(app, parsed.command);

    if (args.empty() || (args.size() == 1 && args[0] == "help")) {
        (args.empty() ? err : out) << app.help();
        parsed.exitCode = args.empty() ? 2 : 0;
        return parsed;
    }
    try {
        std::vector<std::string> reversed(args.rbegin(), args.rend()); // CLI11 takes them last first
        app.parse(reversed);
    } catch (const CLI::ParseError& e) {
        parsed.command = nullptr;
        parsed.exitCode = app.exit(e, out, err) == 0 ? 0 : 2; // --help is a success, every error is usage
    }
    return parsed;
}

} // namespace muster::cli
