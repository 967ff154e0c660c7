// Timings of the per-frame calibration work (not assertions): bumped-camera check, light check, die colour.

#include "calibration/DiceSets.h"
#include "calibration/LightCheck.h"
#include "calibration/ViewMonitor.h"

#include <benchmark/benchmark.h>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <filesystem>

namespace mc = muster::calibration;

namespace {

cv::Mat frame() {
    const std::filesystem::path photo = std::filesystem::path(MUSTER_TEST_DATA_DIR) /
                                        "dice/nell-byler-d6/images/train/IMG_20191208_111228.jpg";
    cv::Mat image = cv::imread(photo.string());
    if (image.empty())
        image = cv::Mat(640, 640, CV_8UC3, cv::Scalar(150, 160, 170));
    return image;
}

void viewCheck(benchmark::State& state) {
    const cv::Mat image = frame();
    const auto monitor = mc::ViewMonitor::create(image);
    cv::Mat moved;
    cv::warpAffine(image, moved, cv::Mat(cv::Matx23d(1, 0, 9, 0, 1, 4)), image.size());
    for (auto _ : state)
        benchmark::DoNotOptimize(monitor->check(moved));
}
BENCHMARK(viewCheck)->Unit(benchmark::kMillisecond);

void lightCheck(benchmark::State& state) {
    const cv::Mat image = frame();
    for (auto _ : state)
        benchmark::DoNotOptimize(mc::checkLight(image));
}
BENCHMARK(lightCheck)->Unit(benchmark::kMillisecond);

void dieColour(benchmark::State& state) {
    const cv::Mat image = frame();
    for (auto _ : state)
        benchmark::DoNotOptimize(mc::describeDie(image, cv::Rect2f(300, 300, 36, 36)));
}
BENCHMARK(dieColour)->Unit(benchmark::kMicrosecond);

// classify() of one die against eight sets of twelve example dice (the size of the real-photo tests): the Lab
// conversion, the body colour's k-means and the match against 96 examples.
void dieClassify(benchmark::State& state) {
    const cv::Mat image = frame();
    mc::DiceSetModel model;
    for (int s = 0; s < 8; ++s) {
        std::vector<mc::DieColour> examples;
        for (int e = 0; e < 12; ++e)
            examples.push_back({cv::Vec3f(20.0f + 8.0f * s, 5.0f * (s - 4) + e, 6.0f * (4 - s) - e),
                                cv::Vec3f(s % 2 ? 90.0f : 15.0f, 0.0f, 0.0f)});
        if (!model.addSet("set" + std::to_string(s), "player" + std::to_string(s), examples))
            state.SkipWithError("addSet failed");
    }
    for (auto _ : state)
        benchmark::DoNotOptimize(model.classify(image, cv::Rect2f(300, 300, 36, 36)));
}
BENCHMARK(dieClassify)->Unit(benchmark::kMicrosecond);

} // namespace

BENCHMARK_MAIN();
