// Rules engine benchmarks: one full MD turn of 30+ units, and folding 10,000 journal inputs into a fresh
// engine. Not timed assertions; run with --benchmark_repetitions=5 --benchmark_report_aggregates_only=true.
#include "TestSupport.h"
#include "rules/Engine.h"

#include <benchmark/benchmark.h>

using namespace muster::rules;

namespace {

// The inputs of a long auto-played game of the large scenario, recorded once.
struct Recorded {
    Scenario scenario;
    std::vector<Input> inputs;
    std::vector<std::size_t> turnStarts; // index of the first input of each turn
};

const Recorded& recorded() {
    static const Recorded kRecorded = [] {
        Recorded r;
        r.scenario = test::loadScenarioOrDie("md_large.json");
        r.scenario.turns = 1000;
        auto e = Engine::create(r.scenario);
        int turn = test::mdState(*e).turn;
        r.turnStarts.push_back(0);
        std::uint64_t seed = 1;
        while (r.inputs.size() < 12000 && !e->gameOver()) {
            auto more = test::autoPlay(*e, seed++, 1);
            r.inputs.insert(r.inputs.end(), more.begin(), more.end());
            if (test::mdState(*e).turn != turn) {
                turn = test::mdState(*e).turn;
                r.turnStarts.push_back(r.inputs.size());
            }
        }
        return r;
    }();
    return kRecorded;
}

// One full turn (orders to recovery) of the large scenario: the inputs of turn 2, applied to an engine at its
// start.
void BM_FullMdTurn(benchmark::State& st) {
    const Recorded& r = recorded();
    auto base = Engine::replay(r.scenario, {},
                               {r.inputs.begin(), r.inputs.begin() + static_cast<long>(r.turnStarts[1])});
    const std::vector<Input> turn(r.inputs.begin() + static_cast<long>(r.turnStarts[1]),
                                  r.inputs.begin() + static_cast<long>(r.turnStarts[2]));
    int units = 0;
    for (const auto& u : test::mdState(*base).units)
        units += md::inPlay(u) ? 1 : 0;
    for (auto _ : st) {
        st.PauseTiming();
        Engine e = base.value();
        st.ResumeTiming();
        for (const auto& in : turn) {
            if (!e.apply(in))
                st.SkipWithError("input rejected");
        }
        benchmark::DoNotOptimize(test::mdState(e).turn);
    }
    st.counters["units"] = units;
    st.counters["inputs"] = static_cast<double>(turn.size());
}
BENCHMARK(BM_FullMdTurn)->Unit(benchmark::kMillisecond);

// Folding 10,000 journal inputs into a fresh engine (what resuming or replaying a game costs).
void BM_Fold10000Inputs(benchmark::State& st) {
    const Recorded& r = recorded();
    const std::vector<Input> inputs(r.inputs.begin(), r.inputs.begin() + 10000);
    for (auto _ : st) {
        auto e = Engine::replay(r.scenario, {}, inputs);
        if (!e)
            st.SkipWithError(e.error().message.c_str());
        benchmark::DoNotOptimize(test::mdState(*e).turn);
    }
    st.counters["inputs"] = 10000;
}
BENCHMARK(BM_Fold10000Inputs)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
