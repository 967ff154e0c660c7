// 24 chits in one 1920x1080 frame: decode time and decode rate, per code and module size.
// Run: build*/bin/muster_chits_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true

#include "../SyntheticChits.h"
#include "app/print/MicroQr.h"
#include "vision/chits/ChitReader.h"

#include <benchmark/benchmark.h>

namespace mv = muster::vision;
namespace ct = muster::chits_test;

namespace {

// state.range(0): 0 = Micro QR M3, 1 = QR v1; range(1): px per module; range(2): 1 = look only for the format
// printed (the sheet's), 0 = both QR formats; range(3): 1 = the quarter-size pass for large codes (default),
// 0 = without it (the reader before it).
void BM_Read24Chits(benchmark::State& state) {
    const bool qr = state.range(0) == 1;
    std::vector<ct::LabelImage> labels;
    for (int i = 0; i < 24; ++i) {
        const std::string order = ct::mdChits().orders[static_cast<std::size_t>(i % 7)].code;
        const std::string text = mv::encodeChit({"K7", i + 1, order});
        labels.push_back(ct::drawLabel(text, order,
                                       qr ? mv::zxing::encodeQrCode(text, mv::zxing::QrEcLevel::Q)
                                          : muster::app::encodeMicroQr(text)));
    }
    ct::SceneOptions options;
    options.pxPerModule = double(state.range(1));
    std::vector<cv::Mat> frames;
    for (std::uint32_t seed = 1; seed <= 4; ++seed) {
        options.seed = seed;
        frames.push_back(ct::composeScene(labels, options).frame);
    }
    mv::ChitReaderOptions ro;
    ro.largeCodes = state.range(3) == 1;
    if (state.range(2) == 1) {
        ro.qrCode = qr;
        ro.microQrCode = !qr;
    }
    const mv::ChitReader reader(ro);
    std::size_t i = 0, decoded = 0, placed = 0;
    for (auto _ : state) {
        const mv::ChitFrame f = reader.read(frames[i++ % frames.size()]);
        decoded += f.chits().size();
        placed += 24;
        benchmark::DoNotOptimize(f);
    }
    state.counters["decode_rate"] = double(decoded) / double(placed);
    state.SetLabel(std::string(qr ? "QR v1" : "Micro QR M3") +
                   (state.range(2) == 1 ? ", printed format only" : ", both formats") +
                   (state.range(3) == 1 ? "" : ", no large-code pass"));
}

// One chit held close to the camera, px a module (range(0)); range(1) as range(3) above.
void BM_ReadOneCloseChit(benchmark::State& state) {
    const std::string text = mv::encodeChit({"K7", 3, "FF"});
    const auto label = ct::drawLabel(text, "FF", mv::zxing::encodeQrCode(text, mv::zxing::QrEcLevel::Q));
    ct::SceneOptions options;
    options.pxPerModule = double(state.range(0));
    std::vector<cv::Mat> frames;
    for (std::uint32_t seed = 1; seed <= 4; ++seed) {
        options.seed = seed;
        frames.push_back(ct::composeScene({label}, options).frame);
    }
    mv::ChitReaderOptions ro;
    ro.largeCodes = state.range(1) == 1;
    const mv::ChitReader reader(ro);
    std::size_t i = 0, decoded = 0, placed = 0;
    for (auto _ : state) {
        const mv::ChitFrame f = reader.read(frames[i++ % frames.size()]);
        decoded += f.chits().size();
        ++placed;
        benchmark::DoNotOptimize(f);
    }
    state.counters["decode_rate"] = double(decoded) / double(placed);
}

} // namespace

BENCHMARK(BM_Read24Chits)
    ->ArgsProduct({{0, 1}, {2, 3, 4}, {1, 0}, {1, 0}})
    ->ArgNames({"qr", "px", "only", "large"})
    ->Unit(benchmark::kMillisecond)
    ->MinTime(1.0);
BENCHMARK(BM_ReadOneCloseChit)
    ->ArgsProduct({{8, 16, 30}, {1, 0}})
    ->ArgNames({"px", "large"})
    ->Unit(benchmark::kMillisecond)
    ->MinTime(1.0);

BENCHMARK_MAIN();
