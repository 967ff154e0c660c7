#include "app/storage/SealCorrections.h"

#include "app/storage/GameSession.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <set>

namespace muster::storage {

namespace {

using Json = nlohmann::json;

std::string facesText(const Json& faces) {
    std::string out;
    if (!faces.is_array())
        return faces.is_string() ? faces.get<std::string>() : std::string();
    for (const Json& f : faces)
        out += (out.empty() ? "" : " ") +
               (f.is_number_integer() ? std::to_string(f.get<int>()) : std::string("?"));
    return out;
}

// The roster of the game folded from `inputs`, or the reason it cannot be.
Result<rules::RosterView> rosterOf(const Journal& journal, const std::vector<EffectiveInput>& inputs) {
    auto engine = GameSession::replayInputs(journal, inputs);
    if (!engine)
        return engine.error();
    return engine->roster();
}

} // namespace

SealCorrections correctionsAfter(const Journal& journal, const std::vector<Event>& events,
                                 std::int64_t head) {
    SealCorrections out;
    std::map<std::int64_t, const Event*> bySeq;
    for (const Event& e : events)
        bySeq[e.seq] = &e;
    for (const Event& e : events) {
        if (e.seq <= head || (e.kind != kind::Override && e.kind != kind::Undo))
            continue;
        const Json p = Json::parse(e.payloadJson, nullptr, false);
        if (!p.is_object() || !p.value("target", Json()).is_number_integer())
            continue; // the chain check names a malformed correction
        const std::int64_t target = p["target"].get<std::int64_t>();
        if (target > head)
            continue;
        SealCorrection c;
        c.seq = e.seq;
        c.kind = e.kind;
        c.target = target;
        c.player = e.player;
        c.time = e.time;
        c.reason = p.value("reason", "");
        if (const auto it = bySeq.find(target); it != bySeq.end()) {
            const Event& t = *it->second;
            const Json tp = Json::parse(t.payloadJson, nullptr, false);
            c.targetTurn = t.turn;
            c.targetKey = tp.is_object() ? tp.value("key", "") : "";
            // In people's words: what the throw was for, or what was asked.
            c.targetWhat = tp.is_object() ? tp.value(t.kind == kind::Dice ? "purpose" : "question", "") : "";
            c.appDraw = t.source == DiceSource::App;
            c.throwTarget = t.kind == kind::Dice;
            if (e.kind == kind::Undo)
                c.from = tp.is_object() ? (t.kind == kind::Dice ? facesText(tp.value("faces", Json()))
                                                                : tp.value("value", ""))
                                        : "";
        }
        if (e.kind == kind::Override) {
            c.from = facesText(p.value("old", Json()));
            c.to = facesText(p.value("new", Json()));
            for (const Json& s : p.value("setAside", Json::array()))
                if (s.is_number_integer())
                    c.setAside.push_back(s.get<std::int64_t>());
        }
        out.corrections.push_back(std::move(c));
    }
    if (out.corrections.empty())
        return out;
    // What the table saw at the seal: the inputs in force among the events up to the head. What it holds now:
    // the inputs in force today that were entered at or before the head.
    std::vector<Event> upToHead;
    for (const Event& e : events)
        if (e.seq <= head)
            upToHead.push_back(e);
    auto sealedInputs = foldEffective(std::move(upToHead));
    auto nowInputs = foldEffective(events);
    if (!sealedInputs || !nowInputs) {
        out.rosterProblem = !sealedInputs ? sealedInputs.message() : nowInputs.message();
        return out;
    }
    std::erase_if(*nowInputs, [&](const EffectiveInput& in) { return in.event.seq > head; });
    auto sealed = rosterOf(journal, *sealedInputs);
    auto now = rosterOf(journal, *nowInputs);
    if (!sealed || !now) {
        out.rosterProblem =
            "the rules engine cannot replay the sealed turn: " + (!sealed ? sealed.message() : now.message());
        return out;
    }
    for (const rules::RosterRow& was : sealed->rows) {
        const auto is = std::find_if(now->rows.begin(), now->rows.end(),
                                     [&](const rules::RosterRow& r) { return r.id == was.id; });
        if (is == now->rows.end()) {
            out.rosterChanges.push_back(was.name + ": no longer on the roster");
            continue;
        }
        std::string line;
        for (std::size_t k = 0; k < was.values.size() && k < is->values.size() && k < sealed->columns.size();
             ++k)
            if (was.values[k] != is->values[k])
                line += (line.empty() ? "" : "; ") + sealed->columns[k].label + " " + was.values[k] + " → " +
                        is->values[k];
        if (line.empty() && was.status != is->status) // the status alone says what changed
            line += (line.empty() ? "" : "; ") + std::string("status ") + was.status + " → " + is->status;
        if (!line.empty())
            out.rosterChanges.push_back(was.name + ": " + line);
    }
    return out;
}

std::string describe(const SealCorrection& c) {
    const std::string what = std::string(c.appDraw       ? "Muster's draw for"
                                         : c.throwTarget ? "the throw for"
                                                         : "the answer to") +
                             " " + (c.targetWhat.empty() ? c.targetKey : "\"" + c.targetWhat + "\"");
    std::string out = "event #" + std::to_string(c.seq) + " (" + (c.player.empty() ? "unknown" : c.player) +
                      (c.time.empty() ? "" : ", " + c.time) + "): ";
    if (c.kind == kind::Undo)
        out += "took back event #" + std::to_string(c.target) + " of turn " + std::to_string(c.targetTurn) +
               ", " + what + (c.from.empty() ? "" : " (" + c.from + ")");
    else
        out += "fixed event #" + std::to_string(c.target) + " of turn " + std::to_string(c.targetTurn) +
               ", " + what + ", from " + c.from + " to " + c.to;
    if (!c.setAside.empty())
        out += ", setting aside " + std::to_string(c.setAside.size()) +
               (c.setAside.size() == 1 ? " later input" : " later inputs");
    return out + "; reason: " + (c.reason.empty() ? "none given" : c.reason);
}

std::string tableSentence(const SealCorrection& c, const std::string& seal) {
    const std::string what = std::string(c.appDraw       ? "Muster's draw for"
                                         : c.throwTarget ? "the throw for"
                                                         : "the answer to") +
                             " " + (c.targetWhat.empty() ? c.targetKey : "\"" + c.targetWhat + "\"");
    const std::string who = c.player.empty() ? "Someone" : c.player;
    const std::string turn = seal.empty() ? " in sealed turn " + std::to_string(c.targetTurn)
                                          : " in turn " + std::to_string(c.targetTurn) + ", sealed " + seal;
    std::string out = c.kind == kind::Undo
                          ? who + " took back " + what + turn + (c.from.empty() ? "" : " (" + c.from + ")")
                          : who + " fixed " + what + turn + ": " + c.from + " → " + c.to;
    if (!c.setAside.empty())
        out += ", setting aside " + std::to_string(c.setAside.size()) +
               (c.setAside.size() == 1 ? " later input" : " later inputs");
    return out + (c.reason.empty() ? "." : " (" + c.reason + ").");
}

std::vector<SealedFix> sealedFixes(const Journal& journal, const std::vector<Event>& events, int nextTurn) {
    std::vector<SealedFix> out;
    const std::vector<TurnSeal> seals = turnSeals(events, nextTurn);
    // Each fix goes with the seal of its target's turn, the first to cover it (the one the fix dialog names).
    std::map<std::int64_t, std::set<std::int64_t>> fixesBySeal; // seal head → fix seqs
    for (const Event& e : events) {
        if (e.kind != kind::Override && e.kind != kind::Undo)
            continue;
        const Json p = Json::parse(e.payloadJson, nullptr, false);
        if (!p.is_object() || !p.value("target", Json()).is_number_integer())
            continue;
        const std::int64_t target = p["target"].get<std::int64_t>();
        const auto first = std::find_if(seals.begin(), seals.end(), [&](const TurnSeal& seal) {
            return seal.seq >= target && seal.seq < e.seq;
        });
        if (first != seals.end())
            fixesBySeal[first->seq].insert(e.seq);
    }
    for (const auto& entry : fixesBySeal) {
        const std::int64_t head = entry.first;
        const auto seal =
            std::find_if(seals.begin(), seals.end(), [head](const TurnSeal& t) { return t.seq == head; });
        const SealCorrections sc = correctionsAfter(journal, events, head);
        for (const SealCorrection& c : sc.corrections)
            if (entry.second.count(c.seq))
                out.push_back({*seal, c, sc.rosterChanges});
    }
    std::sort(out.begin(), out.end(),
              [](const SealedFix& a, const SealedFix& b) { return a.correction.seq < b.correction.seq; });
    return out;
}

} // namespace muster::storage
