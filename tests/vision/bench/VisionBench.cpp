// Time per DiceReader::read on one core: the 640x640 test photos as they are, placed in 1920x1080 frames, and
// as a 640x640 tray seen by a 1920x1080 camera with the calibration's hints (tray outline and die size).
// Run: build-vision/bin/muster_vision_bench  (median over repetitions: --benchmark_repetitions=5); another
// model pair with MUSTER_MODEL_DIR=DIR, another unsure threshold with MUSTER_UNSURE_BELOW=0.9.

#include "../TestData.h"
#include "tests/common/DiceViews.h"
#include "vision/DiceReader.h"
#include "vision/eval/DiceEval.h"

#include <benchmark/benchmark.h>
#include <opencv2/core/utility.hpp>
#include <opencv2/imgcodecs.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

namespace mv = muster::vision;

namespace {

// The test split's labels of a set beside nell-byler-d6 (nell-byler-d6 itself, rune55-other), or none without
// the shared data.
std::vector<mv::LabelledImage> testImages(const char* set = "nell-byler-d6") {
    const std::string nell = muster::vision::test::diceDataDir();
    if (nell.empty())
        return {};
    auto images =
        mv::loadManifest((std::filesystem::path(nell).parent_path() / set / "manifest.csv").string(), "test");
    return images ? std::move(images).value() : std::vector<mv::LabelledImage>{};
}

// minDice: only the photos with at least that many labelled dice.
std::vector<cv::Mat> testPhotos(cv::Size frame, const char* set = "nell-byler-d6", size_t minDice = 0) {
    std::vector<cv::Mat> out;
    for (const mv::LabelledImage& img : testImages(set)) {
        if (img.dice.size() < minDice)
            continue;
        cv::Mat photo =
            cv::imread(img.path, cv::IMREAD_COLOR); // greyscale photos come as three equal channels
        out.push_back(frame.empty() ? photo : mv::fitIntoFrame(photo, frame));
    }
    return out;
}

// The reader's options, with the unsure threshold from $MUSTER_UNSURE_BELOW when set, else the model folder's
// (dice_models.yml): a candidate reader (MUSTER_MODEL_DIR) is timed at its own threshold, which sets how many
// dice get the 8-way second look.
mv::DiceReaderOptions benchOptions() {
    mv::DiceReaderOptions options;
    if (const char* env = std::getenv("MUSTER_UNSURE_BELOW"); env && *env)
        options.unsureBelow = std::strtof(env, nullptr);
    return options;
}

// sparse false: the finder runs on the whole image, as on a busy board where most blocks pass the sparse
// finder's colour range (the photo set's boards are mostly plain, which the sparse figure profits from).
// ownLoops false: both nets through OpenCV DNN, as on a CPU without AVX2 and FMA.
void readFrames(benchmark::State& state, cv::Size frame, bool sparse = true, bool ownLoops = true,
                const char* set = "nell-byler-d6", size_t minDice = 0) {
    cv::setNumThreads(1);
    const std::vector<cv::Mat> frames = testPhotos(frame, set, minDice);
    mv::DiceReaderOptions options = benchOptions();
    options.sparseFinder = sparse;
    options.ownLoops = ownLoops;
    auto reader = mv::DiceReader::load(muster::vision::test::modelDir(), options);
    if (frames.empty() || !reader) {
        state.SkipWithError(frames.empty() ? "dice photos not found" : reader.error().message.c_str());
        return;
    }
    size_t i = 0, dice = 0;
    std::vector<double> ms, share;
    for (auto _ : state) {
        auto read = reader->read(frames[i++ % frames.size()]);
        dice += read ? read->dice.size() : 0;
        ms.push_back(read ? read->milliseconds : 0.0);
        share.push_back(read ? read->finderShare : 0.0);
        benchmark::DoNotOptimize(read);
    }
    std::sort(ms.begin(), ms.end());
    std::sort(share.begin(), share.end());
    // The share of the finder image the sparse finder ran its net on, median over frames (1 = one whole
    // pass).
    state.counters["finder_share"] = share.empty() ? 0.0 : share[share.size() / 2];
    state.counters["dice_per_frame"] = static_cast<double>(dice) / static_cast<double>(state.iterations());
    state.counters["median_ms"] = ms.empty() ? 0.0 : ms[ms.size() / 2]; // per frame, as read() measures it
    state.counters["p95_ms"] = ms.empty() ? 0.0 : ms[std::min(ms.size() - 1, ms.size() * 95 / 100)];
}

// A camera that sees more than the tray: each test photo at its own size in the middle of a 1920x1080 frame
// of the photo's border colour, read with and without the hints a calibration gives (the tray's outline and
// the die edge: the median labelled box / 1.2, as the reader relates the two).
void readSmallTray(benchmark::State& state, bool hinted) {
    cv::setNumThreads(1);
    const std::vector<mv::LabelledImage> images = testImages();
    auto reader = mv::DiceReader::load(muster::vision::test::modelDir(), benchOptions());
    if (images.empty() || !reader) {
        state.SkipWithError(images.empty() ? "dice photos not found" : reader.error().message.c_str());
        return;
    }
    std::vector<cv::Mat> frames;
    std::vector<mv::DiceHints> hints;
    for (const mv::LabelledImage& img : images) {
        const cv::Mat photo = cv::imread(img.path, cv::IMREAD_COLOR);
        muster::test::TrayInWideFrame view = muster::test::trayInWideFrame(photo);
        frames.push_back(view.frame);
        mv::DiceHints h;
        h.trayPolygon = std::move(view.outline);
        h.dieSizePx = muster::test::medianDieEdge(muster::vision::test::labelledBoxes(img));
        hints.push_back(hinted ? h : mv::DiceHints{});
    }
    size_t i = 0, dice = 0;
    for (auto _ : state) {
        const size_t k = i++ % frames.size();
        auto read = reader->read(frames[k], hints[k]);
        dice += read ? read->dice.size() : 0;
        benchmark::DoNotOptimize(read);
    }
    state.counters["dice_per_frame"] = static_cast<double>(dice) / static_cast<double>(state.iterations());
}

void BM_Read640(benchmark::State& state) {
    readFrames(state, {});
}
void BM_Read1920x1080(benchmark::State& state) {
    readFrames(state, {1920, 1080});
}
void BM_Read640Dense(benchmark::State& state) {
    readFrames(state, {}, false);
}
void BM_Read1920x1080Dense(benchmark::State& state) {
    readFrames(state, {1920, 1080}, false);
}
void BM_Read640OpenCv(benchmark::State& state) {
    readFrames(state, {}, true, false);
}
void BM_Read1920x1080OpenCv(benchmark::State& state) {
    readFrames(state, {1920, 1080}, true, false);
}
// A crowded throw in a webcam frame (issue 26's bar: 12 dice in 1920x1080 within 25 ms through OpenCV DNN):
// the four nell-byler test photos with 12 or more dice (12, 14, 16 and 21) in 1920x1080 frames.
void BM_Read1920x1080Crowded(benchmark::State& state) {
    readFrames(state, {1920, 1080}, true, true, "nell-byler-d6", 12);
}
void BM_Read1920x1080CrowdedOpenCv(benchmark::State& state) {
    readFrames(state, {1920, 1080}, true, false, "nell-byler-d6", 12);
}
// Photos of many tables (rune55-other test, 85 photos): textured ground gives the finder many more
// candidates.
void BM_ReadRune55(benchmark::State& state) {
    readFrames(state, {}, true, true, "rune55-other");
}
void BM_ReadRune55OpenCv(benchmark::State& state) {
    readFrames(state, {}, true, false, "rune55-other");
}
void BM_ReadTrayIn1920x1080(benchmark::State& state) {
    readSmallTray(state, false);
}
void BM_ReadTrayIn1920x1080Hinted(benchmark::State& state) {
    readSmallTray(state, true);
}

} // namespace

// Iterations = each photo of the set once per repetition (the crowded four ten times each); the median across
// repetitions is the figure to quote.
#define MUSTER_READ_BENCHMARK_N(fn, n)                                                                       \
    BENCHMARK(fn)->Unit(benchmark::kMillisecond)->Iterations(n)->Repetitions(5)->ReportAggregatesOnly(true)
#define MUSTER_READ_BENCHMARK(fn) MUSTER_READ_BENCHMARK_N(fn, 50)

MUSTER_READ_BENCHMARK(BM_Read640);
MUSTER_READ_BENCHMARK(BM_Read1920x1080);
MUSTER_READ_BENCHMARK(BM_Read640Dense);
MUSTER_READ_BENCHMARK(BM_Read1920x1080Dense);
MUSTER_READ_BENCHMARK(BM_Read640OpenCv);
MUSTER_READ_BENCHMARK(BM_Read1920x1080OpenCv);
MUSTER_READ_BENCHMARK_N(BM_Read1920x1080Crowded, 40);
MUSTER_READ_BENCHMARK_N(BM_Read1920x1080CrowdedOpenCv, 40);
MUSTER_READ_BENCHMARK_N(BM_ReadRune55, 85);
MUSTER_READ_BENCHMARK_N(BM_ReadRune55OpenCv, 85);
MUSTER_READ_BENCHMARK(BM_ReadTrayIn1920x1080);
MUSTER_READ_BENCHMARK(BM_ReadTrayIn1920x1080Hinted);

BENCHMARK_MAIN();
