// Time per DiceReader::read on one core: the 640x640 test photos as they are, and placed in 1920x1080 frames.
// Run: build-vision/bin/muster_vision_bench  (median over repetitions: --benchmark_repetitions=5)

#include "../TestData.h"
#include "vision/DiceEval.h"
#include "vision/DiceReader.h"

#include <benchmark/benchmark.h>
#include <opencv2/core/utility.hpp>
#include <opencv2/imgcodecs.hpp>

#include <algorithm>

namespace mv = muster::vision;

namespace {

std::vector<cv::Mat> testPhotos(cv::Size frame) {
    std::vector<cv::Mat> out;
    const std::string manifest = muster::vision::test::diceManifest();
    if (manifest.empty())
        return out;
    const auto images = mv::loadManifest(manifest, "test");
    if (!images)
        return out;
    for (const mv::LabelledImage& img : images.value()) {
        cv::Mat photo = cv::imread(img.path, cv::IMREAD_COLOR);
        out.push_back(frame.empty() ? photo : mv::fitIntoFrame(photo, frame));
    }
    return out;
}

void readFrames(benchmark::State& state, cv::Size frame) {
    cv::setNumThreads(1);
    const std::vector<cv::Mat> frames = testPhotos(frame);
    auto reader = mv::DiceReader::load(muster::vision::test::modelDir());
    if (frames.empty() || !reader) {
        state.SkipWithError(frames.empty() ? "dice photos not found" : reader.error().message.c_str());
        return;
    }
    size_t i = 0, dice = 0;
    std::vector<double> ms;
    for (auto _ : state) {
        auto read = reader->read(frames[i++ % frames.size()]);
        dice += read ? read->dice.size() : 0;
        ms.push_back(read ? read->milliseconds : 0.0);
        benchmark::DoNotOptimize(read);
    }
    std::sort(ms.begin(), ms.end());
    state.counters["dice_per_frame"] = static_cast<double>(dice) / static_cast<double>(state.iterations());
    state.counters["median_ms"] = ms.empty() ? 0.0 : ms[ms.size() / 2]; // per frame, as read() measures it
}

void BM_Read640(benchmark::State& state) {
    readFrames(state, {});
}
void BM_Read1920x1080(benchmark::State& state) {
    readFrames(state, {1920, 1080});
}

} // namespace

// 50 iterations = each test photo once per repetition; the median across repetitions is the figure to quote.
BENCHMARK(BM_Read640)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(50)
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);
BENCHMARK(BM_Read1920x1080)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(50)
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);

BENCHMARK_MAIN();
