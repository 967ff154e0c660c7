#pragma once

// The journal as people read it: each event with its plain-words summary, the units it concerns, and the
// links between undo/override events and their targets; plus dice statistics. Shared by `game log` and `game
// report`.

#include "app/storage/DiceStats.h"
#include "app/storage/Journal.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace muster::report {

struct GameRecord {
    storage::Event event;
    std::string summary;                        // one line: what happened
    std::string purpose;                        // dice: what the roll was for; answers: the question
    std::string ruleId;                         // the rule that asked, when known
    std::vector<std::string> units;             // unit ids the event concerns (for --unit)
    std::vector<int> faces;                     // dice: as rolled; override: the new faces
    int sides = 0;                              // dice: faces per die
    std::optional<std::int64_t> target;         // undo/override: the event it acts on
    std::optional<std::int64_t> undoneBy;       // answers taken back by an undo
    std::optional<std::int64_t> overriddenBy;   // dice or an answer replaced by an override (the latest)
    std::optional<std::int64_t> supersededBy;   // inputs a fix of an earlier input set aside
    std::optional<std::vector<int>> finalFaces; // dice after every override
    std::vector<std::string> struckOut;         // camera finds the players struck out as not a die: reasons
};

struct GameRecords {
    storage::GameInfo game;
    std::vector<GameRecord> records;
    // per player, dice set (sides) and source, from the final faces; Muster's own draws ("app") last
    std::vector<storage::DiceTally> tallies;
};

storage::Result<GameRecords> loadRecords(const storage::Journal& journal);

nlohmann::json toJson(const GameRecord& record);
nlohmann::json toJson(const storage::DiceTally& tally, const std::vector<storage::Player>& players);

// Filters of `game log`: an empty/absent filter matches everything.
struct RecordFilter {
    std::optional<int> turn;
    std::string player;
    std::string unit;
    bool matches(const GameRecord& record) const;
};

// "3 5 6"
std::string facesText(const std::vector<int>& faces);

// The game header in one line for people: scenario, rules, when and by which Muster and rules engine it was
// recorded, and how it is played (dice source, seed), e.g. "Skirmish (md), created …, Muster 0.1.0, rules
// engine 1; virtual dice, seed 7, simulated table".
std::string headerText(const storage::GameInfo& game);
// The same facts for JSON: musterVersion, engineVersion (null when not recorded), playSetup (null when not
// recorded).
nlohmann::json headerJson(const storage::GameInfo& game);

} // namespace muster::report
