#pragma once

// What happened in a game, in the words of the table: the rules' own sentences after each input, Muster's own
// draws said in words, and each turn's summary (losses per side, units lost, DLs recovered). One story for
// the touch app's history, `muster-cli game log` and the report, so the three say the same text.

#include "app/storage/GameSession.h"
#include "rules/core/Dice.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace muster::report {

struct StoryLine {
    enum class Kind {
        Resolved,    // a sentence of the rules (Engine::events after the input)
        Draw,        // "Muster draws: …": the app's own draws in a row, said once
        TurnSummary, // "Turn N ends. …", after the input that ended the turn (or the game)
    };
    int turn = 0;         // the turn the engine was in when the input came (a summary: the turn that ended)
    std::int64_t seq = 0; // the input event it follows: a draw line, the last of its draws
    Kind kind = Kind::Resolved;
    std::string text;
    // A big moment, said louder (the app picks it out): a sentence naming a unit that its input left lost,
    // routed or with fewer officers, read from the roster before and after, so it holds for every rule set.
    bool big = false;
};

// The JSON field of a kind: "resolved", "draws", "turnSummary".
const char* toString(StoryLine::Kind kind);

// The story of a game, replayed input by input from the first input of `fromTurn` on (the inputs before it
// are applied all at once, for cost: the app asks for the last two turns only). Lines before fromTurn are not
// said. Stops, with what it has, where the game no longer replays (verify says why).
storage::Result<std::vector<StoryLine>> turnStory(const storage::GameSession& session, int fromTurn = 1);

// The same for a game file, opened read-only; empty when it cannot be opened or replayed.
std::vector<StoryLine> turnStoryOf(const std::string& gamePath);

// An event's story lines as the fields of its JSON record (`game log --json`, report.json): "resolved" (the
// rules' sentences, an array), "draws" and "turnSummary" (one sentence each); fields without a line are left
// out.
void addStoryFields(nlohmann::json& record, const std::vector<StoryLine>& lines);

// The word of a drawn face ("the 2nd officer", "rank and file"), or the face itself when the draw has none.
std::string faceWord(const rules::DiceRequest& dice, int face);
// One die of a draw as the draws line shows it: "d17: 12".
std::string drawnFace(const rules::DiceRequest& dice, int face);
// "Muster draws: the 2nd officer and 3 rank and file (d17: 12, d16: 15, …)." from the words of the faces
// drawn (equal words counted, in the order first drawn) and each die as "dS: F".
std::string drawsSentence(const std::vector<std::string>& words, const std::vector<std::string>& faces);

} // namespace muster::report
