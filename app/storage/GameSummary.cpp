#include "app/storage/GameSummary.h"

#include "app/storage/Journal.h"

#include <nlohmann/json.hpp>

namespace muster::storage {

Result<GameSummary> readGameSummary(const std::string& path) {
    // No quick_check: it reads every page, and a list of games must stay cheap; verify and opening to play
    // still check everything.
    auto journal = Journal::open(path, {OpenMode::ReadOnly, false});
    if (!journal)
        return journal.error();
    auto last = journal->lastEvent();
    if (!last)
        return last.error();
    const GameInfo& g = journal->game();
    GameSummary s;
    s.path = path;
    s.ruleSet = g.ruleSet;
    const auto scenario = nlohmann::json::parse(g.scenarioJson, nullptr, false);
    if (scenario.is_object() && scenario.contains("name") && scenario["name"].is_string())
        s.scenarioName = scenario["name"].get<std::string>();
    s.players = g.players;
    s.created = g.created;
    s.musterVersion = g.musterVersion;
    s.engineVersion = g.engineVersion;
    s.lastPlayed = g.created;
    if (*last) {
        const Event& e = **last;
        s.eventCount = e.seq; // seq runs 1, 2, 3... without gaps (verify checks it)
        s.turn = e.turn;
        s.phase = e.phase;
        s.lastPlayed = e.time;
    }
    return s;
}

} // namespace muster::storage
