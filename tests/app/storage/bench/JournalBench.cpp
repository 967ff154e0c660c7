// Journal benchmarks: durable appends (events per second) and open + replay of a 10,000-event game (target
// <= 50 ms; photos are stored in the file but never decoded on replay). Run with --benchmark_repetitions to
// get medians; see docs/journal.md for measured figures.

#include "app/storage/GameSession.h"
#include "app/storage/GameSummary.h"
#include "rules/AutoTable.h"
#include "rules/VirtualDice.h"
#include "rules/io/Json.h"

#include <benchmark/benchmark.h>
#include <nlohmann/json.hpp>
#include <unistd.h>

#include <filesystem>
#include <iostream>

using namespace muster::storage;
namespace rules = muster::rules;

namespace {

constexpr int kEvents = 10000;

std::string scratch(const std::string& name) {
    const auto dir = std::filesystem::temp_directory_path() / ("muster-bench-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    return (dir / name).string();
}

void removeGame(const std::string& path) {
    for (const char* suffix : {"", "-wal", "-shm"})
        std::filesystem::remove(path + suffix);
}

// A JPEG-sized blob: the journal stores and hashes bytes, it never decodes them.
std::vector<std::uint8_t> photo(int seed) {
    std::vector<std::uint8_t> bytes(2500);
    for (std::size_t i = 0; i < bytes.size(); ++i)
        bytes[i] = static_cast<std::uint8_t>((i * 131 + static_cast<std::size_t>(seed) * 7) & 0xff);
    return bytes;
}

NewGame benchGame() {
    NewGame g;
    g.ruleSet = "md";
    g.scenarioJson = R"({"name":"bench"})";
    g.players = {{"Ann", "us", "white"}, {"Miguel", "mx", "red"}};
    return g;
}

// 10,000 appends, each its own committed transaction (WAL, synchronous=FULL); every other event is a dice
// result with one photo, as in a camera game.
void BM_AppendDurable(benchmark::State& state) {
    const std::string path = scratch("append.muster");
    for (auto _ : state) {
        state.PauseTiming();
        removeGame(path);
        auto j = Journal::create(path, benchGame());
        if (!j) {
            state.SkipWithError(j.message().c_str());
            return;
        }
        state.ResumeTiming();
        for (int i = 0; i < kEvents; ++i) {
            EventDraft d;
            d.turn = 1 + i / 400;
            d.player = (i % 2) ? "Ann" : "Miguel";
            if (i % 2) {
                d.phase = "regular_fire";
                d.kind = "dice";
                d.payloadJson =
                    R"({"key":"US-5INF.fire","faces":[3,6,2,5],"sides":6,"purpose":"small arms at )"
                    R"(MX-TAMP, long range","ruleId":"MD-FIRE-04","roller":"US-5INF"})";
                d.source = DiceSource::Camera;
                d.evidence.push_back({photo(i), R"({"dice":[{"face":3,"confidence":0.97}]})"});
            } else {
                d.phase = "orders";
                d.kind = "answer";
                d.payloadJson = R"({"key":"MX-TAMP.order","value":"fire","question":"Order chit for )"
                                R"(Tampico Battalion?","ruleId":"MD-ORD-01"})";
            }
            if (auto e = j->append(d); !e) {
                state.SkipWithError(e.message().c_str());
                return;
            }
        }
    }
    removeGame(path);
    state.counters["events"] = kEvents;
    state.counters["events_per_second"] = benchmark::Counter(
        static_cast<double>(kEvents) * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_AppendDurable)->Iterations(1)->Unit(benchmark::kMillisecond)->UseRealTime();

// A real MD game of exactly 10,000 events (the large scenario with a long turn limit, played by the seeded
// table and virtual dice, a photo on every throw), written once per process.
const std::string& replayGame() {
    static const std::string path = [] {
        const std::string p = scratch("replay10k.muster");
        removeGame(p);
        auto scenario = rules::io::loadScenario(MUSTER_SCENARIO_DIR "/md_large.json");
        if (!scenario)
            throw std::runtime_error(scenario.error().message);
        scenario->turns = 1000;
        auto s = GameSession::start(p, *scenario, {}, {{"Ann", "us", "white"}, {"Miguel", "mx", "red"}});
        if (!s)
            throw std::runtime_error(s.message());
        rules::AutoTable table(5);
        rules::VirtualDice dice(6);
        for (int i = 0; i < kEvents && !s->engine().gameOver(); ++i) {
            const rules::Prompt pr = s->prompt();
            auto e = pr.dice ? s->submit(rules::Input::dice(pr.key(), dice.roll(*pr.dice),
                                                            rules::DiceSource::Virtual, "Ann"),
                                         {{photo(i), R"({"dice":[]})"}})
                             : s->submit(rules::Input::answer(
                                   pr.key(), table.answer(*pr.question), "Miguel"));
            if (!e)
                throw std::runtime_error(e.message());
        }
        std::cerr << "replay game: " << s->journal().eventCount() << " events, "
                  << std::filesystem::file_size(p) / 1024 << " KiB (before checkpoint)\n";
        return p;
    }();
    return path;
}

// Open (validate: header, application_id, version, tables; arg 1 adds PRAGMA quick_check) and replay every
// event through the rules engine.
void BM_OpenAndReplay(benchmark::State& state) {
    const std::string& path = replayGame();
    const bool integrity = state.range(0) != 0;
    std::int64_t events = 0;
    for (auto _ : state) {
        auto s = GameSession::open(path, {OpenMode::ReadOnly, integrity});
        if (!s) {
            state.SkipWithError(s.message().c_str());
            return;
        }
        events = static_cast<std::int64_t>(s->engine().inputs().size());
        benchmark::DoNotOptimize(s->engine().turnView().turn);
    }
    state.counters["events"] = static_cast<double>(events);
}
BENCHMARK(BM_OpenAndReplay)->Arg(0)->Arg(1)->ArgName("quick_check")->Unit(benchmark::kMillisecond);

// Open alone: validation (header, application_id, version, tables) and the game row.
void BM_OpenOnly(benchmark::State& state) {
    const std::string& path = replayGame();
    for (auto _ : state) {
        auto j = Journal::open(path, {OpenMode::ReadOnly, false});
        benchmark::DoNotOptimize(j->game().created);
    }
}
BENCHMARK(BM_OpenOnly)->Unit(benchmark::kMillisecond);

// The storage half alone: open and read the 10,000 events into the inputs in force (no rules engine), as
// replay reads them.
void BM_OpenAndReadEvents(benchmark::State& state) {
    const std::string& path = replayGame();
    std::size_t count = 0;
    for (auto _ : state) {
        auto j = Journal::open(path, {OpenMode::ReadOnly, false});
        auto in = j->replayInputs();
        count = in->size();
        benchmark::DoNotOptimize(count);
    }
    state.counters["events"] = static_cast<double>(count);
}
BENCHMARK(BM_OpenAndReadEvents)->Unit(benchmark::kMillisecond);

// The rules half alone, for comparison: the same inputs, already in memory, folded by a fresh engine.
void BM_EngineReplayOnly(benchmark::State& state) {
    const std::string& path = replayGame();
    auto j = Journal::open(path, {OpenMode::ReadOnly, false});
    std::vector<rules::Input> inputs;
    const auto inForce = j->effectiveInputs();
    for (const EffectiveInput& in : *inForce)
        inputs.push_back(*GameSession::inputOf(in));
    auto scenario = rules::io::parseScenario(j->game().scenarioJson, "snapshot");
    auto house = rules::io::houseRulesFromJson(nlohmann::json::parse(j->game().houseRulesJson));
    for (auto _ : state) {
        auto engine = rules::Engine::replay(*scenario, *house, inputs);
        if (!engine) {
            state.SkipWithError(engine.error().message.c_str());
            return;
        }
        benchmark::DoNotOptimize(engine->turnView().turn);
    }
    state.counters["events"] = static_cast<double>(inputs.size());
}
BENCHMARK(BM_EngineReplayOnly)->Unit(benchmark::kMillisecond);

// Open, read the events and turn their payloads into rules inputs: everything but the engine.
void BM_OpenAndDecodeInputs(benchmark::State& state) {
    const std::string& path = replayGame();
    std::size_t count = 0;
    for (auto _ : state) {
        auto j = Journal::open(path, {OpenMode::ReadOnly, false});
        auto in = j->replayInputs();
        std::vector<rules::Input> inputs;
        inputs.reserve(in->size());
        for (const EffectiveInput& e : *in)
            inputs.push_back(*GameSession::inputOf(e));
        count = inputs.size();
        benchmark::DoNotOptimize(count);
    }
    state.counters["events"] = static_cast<double>(count);
}
BENCHMARK(BM_OpenAndDecodeInputs)->Unit(benchmark::kMillisecond);

// The saved-games list entry: header and last event, no replay.
void BM_ReadGameSummary(benchmark::State& state) {
    const std::string& path = replayGame();
    for (auto _ : state) {
        auto s = readGameSummary(path);
        if (!s) {
            state.SkipWithError(s.message().c_str());
            return;
        }
        benchmark::DoNotOptimize(s->eventCount);
    }
}
BENCHMARK(BM_ReadGameSummary)->Unit(benchmark::kMillisecond);

// verify: the whole chain, photos re-hashed.
void BM_Verify(benchmark::State& state) {
    const std::string& path = replayGame();
    for (auto _ : state) {
        auto j = Journal::open(path, {OpenMode::ReadOnly, false});
        const VerifyReport r = j->verify();
        if (!r.ok)
            state.SkipWithError(r.problem.c_str());
    }
}
BENCHMARK(BM_Verify)->Unit(benchmark::kMillisecond);

} // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    std::error_code ec;
    std::filesystem::remove_all(std::filesystem::path(scratch("x")).parent_path(), ec);
    return 0;
}
