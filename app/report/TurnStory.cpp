// The story is the app's history as it was built in GameController (rebuildHistory), moved here word for word
// so that `game log` and the report say the same; the QML tests hold the exact sentences.

#include "app/report/TurnStory.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <numeric>

namespace muster::report {

namespace {

std::string joinWithAnd(std::vector<std::string> parts) {
    if (parts.size() < 2)
        return parts.empty() ? std::string() : parts.front();
    const std::string last = parts.back();
    parts.pop_back();
    std::string out = parts.front();
    for (std::size_t i = 1; i < parts.size(); ++i)
        out += ", " + parts[i];
    return out + " and " + last;
}

// "the 2nd officer and 3 rank and file": the words of the faces drawn, equal words counted, in the order
// first drawn.
std::string wordsOfDraws(const std::vector<std::string>& words) {
    std::vector<std::pair<std::string, int>> counted;
    for (const std::string& w : words) {
        auto it = std::find_if(counted.begin(), counted.end(), [&w](const auto& c) { return c.first == w; });
        if (it == counted.end())
            counted.emplace_back(w, 1);
        else
            ++it->second;
    }
    std::vector<std::string> parts;
    for (const auto& [word, n] : counted)
        parts.push_back(n == 1 && word.rfind("the ", 0) == 0 ? word : std::to_string(n) + " " + word);
    return joinWithAnd(std::move(parts));
}

// One side's losses over a turn, from the roster at its start and at its end: casualties (the "casualties"
// column), units lost, and DLs recovered (falls of the "dl" column of units still in play).
struct SideTurn {
    std::string name;
    int casualties = 0;
    int dlRecovered = 0;
    std::vector<std::string> lost;
};

int columnValue(const rules::RosterView& view, const rules::RosterRow& row, const std::string& key) {
    for (std::size_t c = 0; c < view.columns.size() && c < row.values.size(); ++c)
        if (view.columns[c].key == key)
            return std::atoi(row.values[c].c_str());
    return 0;
}

// The ids and names of the units an input left lost, routed or with fewer officers (the "officers" column).
std::vector<std::string> unitsHitHard(const rules::RosterView& before, const rules::RosterView& after) {
    std::vector<std::string> out;
    for (const rules::RosterRow& now : after.rows)
        for (const rules::RosterRow& was : before.rows) {
            if (was.id != now.id)
                continue;
            const bool lost = now.removed && !was.removed;
            const bool routed =
                now.status.find("rout") != std::string::npos && was.status.find("rout") == std::string::npos;
            const bool officerDown =
                columnValue(after, now, "officers") < columnValue(before, was, "officers");
            if (lost || routed || officerDown) {
                out.push_back(now.id);
                if (!now.name.empty())
                    out.push_back(now.name);
            }
        }
    return out;
}

std::string counted(int n, const std::string& one, const std::string& many) {
    return n == 1 ? "1 " + one : std::to_string(n) + " " + many;
}

std::string summaryOf(int turn, const rules::RosterView& start, const rules::RosterView& end,
                      const std::map<std::string, int>& dlRecoveredBySide) {
    std::vector<SideTurn> sides;
    auto sideOf = [&sides](const rules::RosterRow& row) -> SideTurn& {
        for (SideTurn& s : sides)
            if (s.name == row.sideName)
                return s;
        sides.push_back({row.sideName, 0, 0, {}});
        return sides.back();
    };
    for (const rules::RosterRow& now : end.rows) {
        SideTurn& side = sideOf(now);
        for (const rules::RosterRow& was : start.rows) {
            if (was.id != now.id)
                continue;
            side.casualties += columnValue(end, now, "casualties") - columnValue(start, was, "casualties");
            if (now.removed && !was.removed)
                side.lost.push_back(now.id);
        }
        if (auto it = dlRecoveredBySide.find(now.side); it != dlRecoveredBySide.end())
            side.dlRecovered = it->second;
    }
    // DLs are said only for rule sets that keep them (a "dl" column).
    const bool keepsDl = std::any_of(end.columns.begin(), end.columns.end(),
                                     [](const rules::RosterColumn& c) { return c.key == "dl"; });
    std::string out = "Turn " + std::to_string(turn) + " ends.";
    for (const SideTurn& s : sides) {
        const std::string lost =
            s.lost.empty() ? std::string("no unit lost")
                           : counted(static_cast<int>(s.lost.size()), "unit", "units") + " lost (" +
                                 std::accumulate(std::next(s.lost.begin()), s.lost.end(), s.lost.front(),
                                                 [](const std::string& a, const std::string& b) {
                                                     return a + ", " + b;
                                                 }) +
                                 ")";
        out += " " + s.name + ": " + counted(s.casualties, "casualty", "casualties") + ", " + lost;
        if (keepsDl)
            out += ", " + (s.dlRecovered == 0 ? std::string("no DL recovered")
                                              : counted(s.dlRecovered, "DL", "DLs") + " recovered");
        out += ".";
    }
    return out;
}

} // namespace

const char* toString(StoryLine::Kind kind) {
    switch (kind) {
    case StoryLine::Kind::Resolved:
        return "resolved";
    case StoryLine::Kind::Draw:
        return "draws";
    case StoryLine::Kind::TurnSummary:
        return "turnSummary";
    }
    return "resolved";
}

void addStoryFields(nlohmann::json& record, const std::vector<StoryLine>& lines) {
    for (const StoryLine& line : lines) {
        if (line.kind == StoryLine::Kind::Resolved)
            record[toString(line.kind)].push_back(line.text);
        else
            record[toString(line.kind)] = line.text;
    }
}

std::string faceWord(const rules::DiceRequest& dice, int face) {
    const auto at = static_cast<std::size_t>(face - 1);
    return face >= 1 && at < dice.faceWords.size() ? dice.faceWords[at] : std::to_string(face);
}

std::string drawnFace(const rules::DiceRequest& dice, int face) {
    return "d" + std::to_string(dice.sides) + ": " + std::to_string(face);
}

std::string drawsSentence(const std::vector<std::string>& words, const std::vector<std::string>& faces) {
    std::string list;
    for (const std::string& f : faces)
        list += (list.empty() ? "" : ", ") + f;
    return "Muster draws: " + wordsOfDraws(words) + " (" + list + ").";
}

storage::Result<std::vector<StoryLine>> turnStory(const storage::GameSession& session, int fromTurn) {
    std::vector<storage::EffectiveInput> events;
    auto inputs = session.inputsInForce(&events);
    if (!inputs)
        return inputs.error();
    auto engine = session.freshGame();
    if (!engine)
        return engine.error();
    std::vector<StoryLine> story;
    // From the first input of fromTurn on, input by input; the inputs before it all at once.
    std::size_t from = 0;
    while (from < events.size() && events[from].event.turn < fromTurn)
        ++from;
    if (!engine->applyAll(
            std::vector<rules::Input>(inputs->begin(), inputs->begin() + static_cast<long>(from))))
        return story;
    rules::RosterView turnStart = engine->roster();
    int shownTurn = engine->turnView().turn;
    std::map<std::string, int> recovered;
    // Muster's own draws in a row make one line, said before what they resolved.
    std::vector<std::string> drawWords, drawFaces;
    std::int64_t lastDraw = 0;
    auto sayDraws = [&] {
        if (!drawFaces.empty())
            story.push_back(
                {shownTurn, lastDraw, StoryLine::Kind::Draw, drawsSentence(drawWords, drawFaces)});
        drawWords.clear();
        drawFaces.clear();
    };
    for (std::size_t i = from; i < inputs->size(); ++i) {
        const std::int64_t seq = events[i].event.seq;
        const rules::RosterView before = engine->roster();
        const rules::Prompt asked = engine->prompt();
        if (events[i].event.source == storage::DiceSource::App && asked.dice) {
            for (int f : (*inputs)[i].faces) {
                drawWords.push_back(faceWord(*asked.dice, f));
                drawFaces.push_back(drawnFace(*asked.dice, f));
            }
            lastDraw = seq;
        } else {
            sayDraws();
        }
        if (!engine->apply((*inputs)[i]))
            return story;
        const rules::RosterView after = engine->roster();
        for (const rules::RosterRow& now : after.rows)
            for (const rules::RosterRow& was : before.rows)
                if (was.id == now.id && !now.removed)
                    recovered[now.side] +=
                        std::max(0, columnValue(before, was, "dl") - columnValue(after, now, "dl"));
        const int nowTurn = engine->turnView().turn;
        if (!engine->events().empty())
            sayDraws();
        const std::vector<std::string> hit = unitsHitHard(before, after);
        for (const std::string& line : engine->events()) {
            const bool big = std::any_of(hit.begin(), hit.end(), [&line](const std::string& name) {
                return line.find(name) != std::string::npos;
            });
            story.push_back({shownTurn, seq, StoryLine::Kind::Resolved, line, big});
        }
        if (nowTurn != shownTurn || engine->gameOver()) {
            story.push_back({shownTurn, seq, StoryLine::Kind::TurnSummary,
                             summaryOf(shownTurn, turnStart, after, recovered)});
            turnStart = after;
            recovered.clear();
            shownTurn = nowTurn;
        }
    }
    sayDraws();
    return story;
}

std::vector<StoryLine> turnStoryOf(const std::string& gamePath) {
    auto session = storage::GameSession::open(gamePath, {storage::OpenMode::ReadOnly, false});
    if (!session)
        return {};
    auto story = turnStory(*session);
    return story ? std::move(story.value()) : std::vector<StoryLine>{};
}

} // namespace muster::report
