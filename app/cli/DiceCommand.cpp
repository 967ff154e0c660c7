// muster-cli dice: read dice in photos, score the reader against a labelled manifest, watch a video for
// throws.

#include "app/cli/Commands.h"
#include "app/report/JsonText.h"
#include "common/image/ImageFile.h"
#include "vision/DiceOverlay.h"
#include "vision/DiceReader.h"
#include "vision/ThrowWatcher.h"
#include "vision/eval/DiceEval.h"
#include "vision/eval/DiceTeach.h"
#include "vision/eval/SymbolFaces.h"

#include <opencv2/core/utility.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/videoio.hpp>

#include <cmath>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <optional>
#include <sstream>

namespace muster::cli {

namespace {

namespace mv = muster::vision;

int usageError(const std::string& message) {
    std::cerr << "muster-cli dice: " << message << "\n";
    return 2;
}

mv::Result<mv::DiceReader> loadReader(const DiceReaderArgs& args) {
    mv::DiceReaderOptions options;
    // Tuning knobs for experiments on the train split; the defaults are the measured choice.
    options.finderDiePx = args.finderPx.value_or(options.finderDiePx);
    options.rescaleAbove = args.rescaleAbove.value_or(options.rescaleAbove);
    options.crowdedBelow = args.crowdedBelow.value_or(options.crowdedBelow);
    options.hintKeepsWithin = args.hintKeepsWithin.value_or(options.hintKeepsWithin);
    options.scaleSearch = !args.noScaleSearch;
    if (args.unsureBelow)
        options.unsureBelow = *args.unsureBelow; // else the model set's own
    return mv::DiceReader::load(args.models.value_or(mv::DiceReader::defaultModelDir()), options);
}

// The set named by --dice-set, if any; an unreadable one is reported and is a usage error.
bool loadSet(const std::optional<std::string>& path, std::optional<mv::DiceSet>& set) {
    if (!path)
        return true;
    auto loaded = mv::loadDiceSet(*path);
    if (!loaded) {
        std::cerr << "muster-cli dice: " << loaded.error().message << "\n";
        return false;
    }
    set = std::move(loaded).value();
    return true;
}

// Fixed to 3 decimals, as people read them; nlohmann writes the shortest text that reads back the same.
double rounded(double v) {
    return std::round(v * 1000.0) / 1000.0;
}

nlohmann::json frameJson(const std::string& name, const mv::DiceFrame& f) {
    nlohmann::json dice = nlohmann::json::array();
    for (const mv::DieRead& d : f.dice)
        dice.push_back({{"value", d.value},
                        {"confidence", rounded(d.confidence)},
                        {"unsure", d.unsure},
                        {"maybe_not_a_die", d.maybeNotADie},
                        {"cocked", d.cocked},
                        {"touching", d.touching},
                        {"occluded", d.occluded},
                        {"center", {rounded(d.outline.center.x), rounded(d.outline.center.y)}},
                        {"edge", rounded(d.outline.size.width)},
                        {"angle", rounded(d.outline.angle)}});
    return {{"image", name},
            {"ms", rounded(f.milliseconds)},
            {"count", f.dice.size()},
            {"count_uncertain", f.countUncertain},
            {"dice", std::move(dice)}};
}

} // namespace

int runDiceRead(const DiceReadOptions& o) {
    mv::DiceHints hints;
    if (o.dieSizePx)
        hints.dieSizePx = *o.dieSizePx;
    std::optional<mv::DiceSet> set;
    if (!loadSet(o.diceSet, set))
        return 2;
    auto reader = loadReader(o.reader);
    if (!reader) {
        std::cerr << "muster-cli dice: " << reader.error().message << "\n";
        return 1;
    }
    const bool json = o.json;
    const std::vector<std::string>& images = o.images;
    int status = 0;
    bool first = true;
    if (json)
        std::cout << "[";
    for (size_t i = 0; i < images.size(); ++i) {
        const std::string& path = images[i];
        const auto loaded = muster::image::loadImageChecked(path);
        if (!loaded) {
            std::cerr << "muster-cli dice: " << loaded.error().message << "\n";
            status = 2; // bad input
            continue;
        }
        const cv::Mat& frame = loaded.value();
        auto read = reader->read(frame, hints);
        if (!read) {
            std::cerr << "muster-cli dice: " << path << ": " << read.error().message << "\n";
            status = 1;
            continue;
        }
        if (set)
            if (auto applied = mv::applyDiceSet(*set, frame, read.value()); !applied) {
                std::cerr << "muster-cli dice: " << applied.error().message << "\n";
                return 2;
            }
        if (json) {
            // A file name is any bytes: jsonText escapes control characters and replaces what is not UTF-8.
            std::cout << (first ? "" : ",\n ") << report::jsonText(frameJson(path, read.value()));
            first = false;
        } else {
            std::cout << path << ": " << read->dice.size() << " dice"
                      << (read->countUncertain ? " (count uncertain)" : "") << ":";
            for (const mv::DieRead& d : read->dice)
                std::cout << " " << mv::dieLabel(d);
            std::cout << std::fixed << std::setprecision(1) << "  [" << read->milliseconds << " ms]\n";
            for (const mv::DieRead& d : read->dice)
                std::cout << "  " << std::setw(4) << mv::dieLabel(d) << "  confidence "
                          << std::setprecision(3) << d.confidence << "  at (" << std::setprecision(0)
                          << d.outline.center.x << ", " << d.outline.center.y << ") edge "
                          << d.outline.size.width << "\n";
        }
        if (const auto& overlay = o.overlay) {
            std::filesystem::path out = *overlay;
            if (images.size() > 1)
                out = out.parent_path() /
                      (out.stem().string() + "-" + std::filesystem::path(path).stem().string() +
                       out.extension().string());
            if (!cv::imwrite(out.string(), mv::drawDiceOverlay(frame, read.value()))) {
                std::cerr << "muster-cli dice: cannot write overlay " << out << "\n";
                status = 1;
            }
        }
    }
    if (json)
        std::cout << "]\n";
    return status;
}

int runDiceEval(const DiceEvalOptions& o) {
    mv::EvalOptions options;
    if (const auto& frame = o.frame) {
        int w = 0, h = 0;
        char x = 0;
        std::istringstream in(*frame);
        if (!(in >> w >> x >> h) || x != 'x' || w < 16 || h < 16)
            return usageError("--frame needs WIDTHxHEIGHT, e.g. 1920x1080");
        options.frameSize = cv::Size(w, h);
    }
    options.zoom = o.zoom.value_or(options.zoom); // the parser checked 0.05 to 1
    if (o.trayFromLabels)
        options.trayFromLabels = *o.trayFromLabels; // the parser checked 0 to 20
    options.dieSizeFromLabels = o.dieSizeFromLabels;
    auto images = mv::loadManifest(o.manifest, o.split);
    if (!images) {
        std::cerr << "muster-cli dice: " << images.error().message << "\n";
        return 2;
    }
    int labelFixes = 0;
    if (const auto& fixesPath = o.labelFixes) {
        auto fixes = mv::loadLabelFixes(*fixesPath);
        auto applied =
            fixes ? mv::applyLabelFixes(images.value(), fixes.value()) : mv::Result<int>(fixes.error());
        if (!applied) {
            std::cerr << "muster-cli dice: " << applied.error().message << "\n";
            return 2;
        }
        labelFixes = applied.value();
    }
    std::optional<mv::DiceSet> set;
    if (!loadSet(o.diceSet, set))
        return 2;
    options.diceSet = set ? &*set : nullptr;
    auto reader = loadReader(o.reader);
    if (!reader) {
        std::cerr << "muster-cli dice: " << reader.error().message << "\n";
        return 1;
    }
    options.progress = [](int done, int total, const std::string& name) {
        std::cerr << "\r[" << done << "/" << total << "] " << name << std::string(30, ' ')
                  << (done == total ? "\n" : "") << std::flush;
    };
    mv::EvalReport report = mv::evaluate(reader.value(), images.value(), options);
    report.labelFixes = labelFixes;
    std::cout << (o.json ? mv::evalReportJson(report) : mv::evalReportTable(report));
    return report.errors.empty() ? 0 : 1;
}

namespace {

// The labelled photos of a manifest's split and the reader, for teaching; or else the exit code to return.
struct TeachingInput {
    std::vector<mv::LabelledImage> images;
    std::optional<mv::DiceReader> reader;
    int exitCode = 0;
};

TeachingInput loadTeachingInput(const std::string& manifest, const std::string& split,
                                const DiceReaderArgs& readerArgs) {
    TeachingInput in;
    auto images = mv::loadManifest(manifest, split);
    if (!images) {
        std::cerr << "muster-cli dice: " << images.error().message << "\n";
        in.exitCode = 2;
        return in;
    }
    if (images->empty()) {
        in.exitCode = usageError(manifest + " has no photos in split " + split);
        return in;
    }
    auto reader = loadReader(readerArgs);
    if (!reader) {
        std::cerr << "muster-cli dice: " << reader.error().message << "\n";
        in.exitCode = 1;
        return in;
    }
    in.images = std::move(images).value();
    in.reader.emplace(std::move(reader).value());
    return in;
}

void printProgress(int done, int total) {
    std::cerr << "\r[" << done << "/" << total << "]" << (done == total ? "\n" : "") << std::flush;
}

} // namespace

int runDiceTeach(const DiceTeachOptions& o) {
    TeachingInput in = loadTeachingInput(o.manifest, o.split, o.reader);
    if (in.exitCode != 0)
        return in.exitCode;
    const auto taught = mv::teachFromPhotos(*in.reader, in.images, {}, printProgress);
    if (!taught) {
        std::cerr << "muster-cli dice: " << taught.error().message << "\n";
        return 2;
    }
    if (const auto saved = mv::saveDiceSet(taught->set, o.out); !saved) {
        std::cerr << "muster-cli dice: " << saved.error().message << "\n";
        return 1;
    }
    std::cout << "taught from " << taught->images << " photos, " << taught->labelledDice << " labelled dice ("
              << taught->unmatched << " not found) in " << std::fixed << std::setprecision(1)
              << taught->milliseconds / 1000.0 << " s\n";
    for (size_t f = 0; f < 6; ++f)
        std::cout << "  face " << f + 1 << ": " << (taught->set.faces[f].taught ? "taught" : "pips  ") << "  "
                  << taught->summary.examples[f] << " examples, pip reader right on "
                  << taught->summary.pipRight[f] << ", threshold " << std::setprecision(3)
                  << taught->set.faces[f].threshold << std::setprecision(1) << "\n";
    std::cout << "wrote " << o.out << "\n";
    return 0;
}

int runDiceTeachFolds(const DiceTeachFoldsOptions& o) {
    TeachingInput in = loadTeachingInput(o.manifest, o.split, o.reader);
    if (in.exitCode != 0)
        return in.exitCode;
    mv::TeachFoldOptions options;
    options.folds = o.folds;
    options.examplesPerFace = o.perFace;
    const auto report = mv::teachInFolds(*in.reader, in.images, options, printProgress);
    if (!report) {
        std::cerr << "muster-cli dice: " << report.error().message << "\n";
        return 2;
    }
    std::cout << report->images << " photos in " << o.folds << " folds, " << report->teachings
              << " sets taught"
              << (o.perFace > 0 ? " from runs of " + std::to_string(o.perFace) + " examples a face" : "")
              << (report->teachingsFailed > 0
                      ? " (" + std::to_string(report->teachingsFailed) + " runs could not be taught)"
                      : "")
              << ", " << std::fixed << std::setprecision(1) << report->milliseconds / 1000.0 << " s\n";
    const auto pct = [](int n, int of) {
        return of > 0 ? 100.0 * n / of : 0.0;
    };
    for (size_t f = 0; f < 6; ++f) {
        const mv::FaceReadTally& t = report->faces[f];
        std::cout << "  face " << f + 1 << ": taught in " << report->taughtIn[f] << " of "
                  << report->teachings << " sets; " << t.dice << " reads, right and sure "
                  << std::setprecision(2) << pct(t.sureRight, t.dice) << "%, unsure " << pct(t.unsure, t.dice)
                  << "%, confidently wrong " << pct(t.confidentWrong, t.dice) << "% (" << t.confidentWrong
                  << ")\n";
    }
    return 0;
}

int runDiceSymbolize(const DiceSymbolizeOptions& o) {
    mv::SymbolFaceOptions options;
    options.face = o.face;
    options.seed = o.seed;
    options.symbol = o.symbol == "ring"    ? mv::FaceSymbol::Ring
                     : o.symbol == "cross" ? mv::FaceSymbol::Cross
                                           : mv::FaceSymbol::Star;
    const auto painted = mv::writeSymbolDataset(o.source, o.out, options);
    if (!painted) {
        std::cerr << "muster-cli dice: " << painted.error().message << "\n";
        return 1;
    }
    std::cout << "painted " << painted.value() << " dice into " << o.out << "\n";
    return 0;
}

int runDiceWatch(const DiceWatchOptions& o) {
    mv::ThrowWatcherOptions options;
    options.settleFrames = o.settleFrames.value_or(options.settleFrames); // the parser checked >= 1
    cv::VideoCapture video(o.video);
    if (!video.isOpened()) {
        std::cerr << "muster-cli dice: cannot open video " << o.video << "\n";
        return 1;
    }
    if (const double pixels = video.get(cv::CAP_PROP_FRAME_WIDTH) * video.get(cv::CAP_PROP_FRAME_HEIGHT);
        pixels > double(muster::image::kMaxImagePixels)) {
        std::cerr << "muster-cli dice: video " << o.video << " has frames of " << std::int64_t(pixels / 1e6)
                  << " MP, over the " << muster::image::kMaxImagePixels / 1'000'000
                  << " MP an image may have\n";
        return 2;
    }
    auto reader = loadReader(o.reader);
    if (!reader) {
        std::cerr << "muster-cli dice: " << reader.error().message << "\n";
        return 1;
    }
    mv::ThrowWatcher watcher(options);
    if (const auto& empty = o.emptyTray) {
        // The tray with nothing in it, as a calibration sees it: hands are change against it, and the emptied
        // tray is no throw.
        auto photo = muster::image::loadImageChecked(*empty);
        if (photo && (photo->cols != video.get(cv::CAP_PROP_FRAME_WIDTH) ||
                      photo->rows != video.get(cv::CAP_PROP_FRAME_HEIGHT)))
            photo = mv::Error{*empty + " is not the size of the video's frames"};
        const auto learned = photo ? watcher.learnEmptyTray(photo.value()) : mv::Result<void>(photo.error());
        if (!learned) {
            std::cerr << "muster-cli dice: --empty-tray: " << learned.error().message << "\n";
            return 2;
        }
    }
    const bool json = o.json;
    cv::Mat frame;
    for (int index = 0; video.read(frame); ++index) {
        if (frame.empty())
            continue;
        const auto ev = watcher.feed(frame);
        if (!ev) {
            std::cerr << "muster-cli dice: frame " << index << ": " << ev.error().message << "\n";
            return 1;
        }
        if (ev->newThrow && !json)
            std::cout << "frame " << index << ": new throw\n";
        if (!ev->settled)
            continue;
        const auto read = reader->read(frame);
        if (!read) {
            std::cerr << "muster-cli dice: frame " << index << ": " << read.error().message << "\n";
            continue;
        }
        if (json) {
            std::cout << report::jsonText(frameJson("frame " + std::to_string(index), read.value())) << "\n";
        } else {
            std::cout << "frame " << index << ": settled, " << read->dice.size() << " dice"
                      << (read->countUncertain ? " (count uncertain)" : "") << ":";
            for (const mv::DieRead& d : read->dice)
                std::cout << " " << mv::dieLabel(d);
            std::cout << "\n";
        }
    }
    std::cerr << "muster-cli dice: " << watcher.throwsSettled() << " throws read\n";
    return 0;
}

} // namespace muster::cli
