#pragma once

// What the list of saved games shows, read without replaying: the game header and the last event row only, on
// a read-only connection. Cheap enough to call for every file in a folder.

#include "app/storage/JournalTypes.h"
#include "app/storage/Result.h"

#include <cstdint>
#include <string>
#include <vector>

namespace muster::storage {

struct GameSummary {
    std::string path;
    std::string ruleSet;      // the registry id of its rule set
    std::string scenarioName; // the scenario snapshot's "name"; empty if it has none
    std::vector<Player> players;
    std::string created;       // ISO 8601 UTC
    std::string musterVersion; // the Muster that created the file
    int engineVersion = 0;     // the rules engine that recorded it; 0: not recorded (before schema 3)
    std::int64_t eventCount = 0;
    int turn = 0;           // turn of the last event; 0 before the first event
    std::string phase;      // phase of the last event; empty before the first event
    std::string lastPlayed; // time of the last event; the creation time before the first event
};

// Reads the summary of a game file, or says clearly why the file is not a readable Muster game (the same
// refusals as Journal::open; the file is never written).
Result<GameSummary> readGameSummary(const std::string& path);

} // namespace muster::storage
