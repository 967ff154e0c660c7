#include "app/report/GameRecords.h"

#include "app/storage/StruckOut.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace muster::report {

namespace {

using Json = nlohmann::json;

std::string str(const Json& j, const char* key) {
    return j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : std::string();
}

std::vector<int> ints(const Json& j, const char* key) {
    std::vector<int> out;
    if (j.contains(key) && j[key].is_array())
        for (const Json& v : j[key])
            if (v.is_number_integer())
                out.push_back(v.get<int>());
    return out;
}

// Unit ids an event names: an explicit "units" list, else the prefix of its key ("US-A.range" -> "US-A") and
// the roller.
std::vector<std::string> unitsOf(const Json& p) {
    std::vector<std::string> out;
    if (p.contains("units") && p["units"].is_array()) {
        for (const Json& u : p["units"])
            if (u.is_string())
                out.push_back(u.get<std::string>());
        return out;
    }
    const std::string key = str(p, "key");
    if (auto dot = key.find('.'); dot != std::string::npos && dot > 0)
        out.push_back(key.substr(0, dot));
    const std::string roller = str(p, "roller");
    if (!roller.empty() && std::find(out.begin(), out.end(), roller) == out.end())
        out.push_back(roller);
    return out;
}

std::string seqRef(std::int64_t seq) {
    return "#" + std::to_string(seq);
}

} // namespace

std::string headerText(const storage::GameInfo& game) {
    const Json scenario = Json::parse(game.scenarioJson, nullptr, false);
    const std::string name = scenario.is_object() ? str(scenario, "name") : std::string();
    std::string out = (name.empty() ? std::string("A game") : name) + " (" + game.ruleSet + "), created " +
                      game.created + ", Muster " + game.musterVersion + ", " +
                      (game.engineVersion > 0 ? "rules engine " + std::to_string(game.engineVersion)
                                              : std::string("rules engine not recorded"));
    const Json setup = Json::parse(game.playSetupJson, nullptr, false);
    if (!setup.is_object())
        return out + "; play setup not recorded";
    out += "; " + str(setup, "dice") + " dice";
    if (setup.contains("seed") && setup["seed"].is_number_unsigned())
        out += ", seed " + std::to_string(setup["seed"].get<std::uint64_t>());
    if (setup.contains("auto") && setup["auto"].is_boolean() && setup["auto"].get<bool>())
        out += ", simulated table";
    return out;
}

Json headerJson(const storage::GameInfo& game) {
    const Json setup = Json::parse(game.playSetupJson, nullptr, false);
    return {{"musterVersion", game.musterVersion},
            {"engineVersion", game.engineVersion > 0 ? Json(game.engineVersion) : Json()},
            {"playSetup", setup.is_object() ? setup : Json()}};
}

std::string facesText(const std::vector<int>& faces) {
    std::string out;
    for (int f : faces)
        out += (out.empty() ? "" : " ") + std::to_string(f);
    return out;
}

storage::Result<GameRecords> loadRecords(const storage::Journal& journal) {
    auto events = journal.events();
    if (!events)
        return events.error();
    GameRecords out;
    out.game = journal.game();
    std::map<std::int64_t, std::size_t> bySeq;
    for (const storage::Event& e : *events) {
        GameRecord r;
        r.event = e;
        const Json p = Json::parse(e.payloadJson, nullptr, false);
        const Json payload = p.is_object() ? p : Json::object();
        r.units = unitsOf(payload);
        r.ruleId = str(payload, "ruleId");
        if (e.kind == storage::kind::Dice) {
            r.faces = ints(payload, "faces");
            // Sides as the file says, when a tally can hold them (it keeps one count per face); else 0.
            r.sides = 6;
            if (payload.contains("sides") && payload["sides"].is_number_integer()) {
                const auto sides = payload["sides"].get<std::int64_t>();
                r.sides = sides >= 1 && sides <= storage::kMaxDiceSides ? static_cast<int>(sides) : 0;
            }
            r.purpose = str(payload, "purpose");
            r.finalFaces = r.faces;
            r.summary = std::to_string(r.faces.size()) + "d" + std::to_string(r.sides) + ": " +
                        facesText(r.faces) + (r.purpose.empty() ? "" : "  - " + r.purpose);
        } else if (e.kind == storage::kind::Answer) {
            r.purpose = str(payload, "question");
            const std::string label = str(payload, "label");
            const std::string value = str(payload, "value");
            r.summary = (r.purpose.empty() ? str(payload, "key") : r.purpose) + " -> " +
                        (label.empty() || label == value ? value : label + " (" + value + ")");
        } else if (e.kind == storage::kind::Undo || e.kind == storage::kind::Override) {
            if (payload.contains("target") && payload["target"].is_number_integer())
                r.target = payload["target"].get<std::int64_t>();
            const std::string reason = str(payload, "reason");
            const std::string targetText = r.target ? seqRef(*r.target) : "?";
            if (e.kind == storage::kind::Undo) {
                r.summary = "UNDO of " + targetText + (reason.empty() ? "" : " - " + reason);
            } else if (payload.contains("new") && payload["new"].is_string()) {
                // A fixed answer (docs/journal.md, "Fixing an earlier input").
                r.summary = "FIX of " + targetText + ": " + str(payload, "old") + " -> " +
                            str(payload, "new") + (reason.empty() ? "" : " - " + reason);
            } else {
                r.faces = ints(payload, "new");
                r.summary = "OVERRIDE of " + targetText + ": " + facesText(ints(payload, "old")) + " -> " +
                            facesText(r.faces) + (reason.empty() ? "" : " - " + reason);
            }
            if (e.kind == storage::kind::Override && payload.contains("setAside") &&
                payload["setAside"].is_array()) {
                for (const Json& aside : payload["setAside"])
                    if (aside.is_number_integer() && bySeq.count(aside.get<std::int64_t>()))
                        out.records[bySeq[aside.get<std::int64_t>()]].supersededBy = e.seq;
                if (!payload["setAside"].empty())
                    r.summary +=
                        " (sets aside " + std::to_string(payload["setAside"].size()) + " later inputs)";
            }
            if (r.target && bySeq.count(*r.target)) {
                GameRecord& t = out.records[bySeq[*r.target]];
                if (r.units.empty())
                    r.units = t.units;
                if (e.kind == storage::kind::Undo) {
                    t.undoneBy = e.seq;
                } else {
                    t.overriddenBy = e.seq;
                    if (t.event.kind == storage::kind::Dice) {
                        t.finalFaces = r.faces;
                        r.sides = t.sides;
                    }
                }
            }
        } else {
            r.summary = e.kind + " " + e.payloadJson;
        }
        bySeq[e.seq] = out.records.size();
        out.records.push_back(std::move(r));
    }
    auto struck = storage::struckOutBySeq(journal);
    if (!struck)
        return struck.error();
    for (auto& [seq, reasons] : *struck)
        if (const auto at = bySeq.find(seq); at != bySeq.end())
            out.records[at->second].struckOut = std::move(reasons);
    // Muster's own draws sort after the players' dice: they are not a player's dice.
    std::map<std::tuple<bool, std::string, int, storage::DiceSource>, storage::DiceTally> tallies;
    for (const GameRecord& r : out.records) {
        if (r.event.kind != storage::kind::Dice || !r.finalFaces)
            continue;
        const storage::DiceSource source = r.event.source;
        auto& t = tallies[{source == storage::DiceSource::App, r.event.player, r.sides, source}];
        t.player = r.event.player;
        t.sides = r.sides;
        t.source = source;
        for (int f : *r.finalFaces)
            t.add(f);
    }
    for (auto& [key, tally] : tallies)
        out.tallies.push_back(tally);
    return out;
}

Json toJson(const GameRecord& r) {
    const storage::Event& e = r.event;
    Json j = {{"seq", e.seq},       {"turn", e.turn},
              {"phase", e.phase},   {"kind", e.kind},
              {"player", e.player}, {"source", std::string(storage::toString(e.source))},
              {"time", e.time},     {"summary", r.summary},
              {"units", r.units},   {"photos", e.evidenceCount},
              {"hash", e.hash}};
    const Json payload = Json::parse(e.payloadJson, nullptr, false);
    j["payload"] = payload.is_discarded() ? Json(e.payloadJson) : payload;
    if (!r.purpose.empty())
        j["purpose"] = r.purpose;
    if (!r.ruleId.empty())
        j["ruleId"] = r.ruleId;
    if (e.kind == storage::kind::Dice) {
        j["faces"] = r.faces;
        j["sides"] = r.sides;
        if (r.finalFaces)
            j["finalFaces"] = *r.finalFaces;
    }
    if (!r.struckOut.empty())
        j["struckOut"] = r.struckOut;
    if (r.target)
        j["target"] = *r.target;
    if (r.undoneBy)
        j["undoneBy"] = *r.undoneBy;
    if (r.overriddenBy)
        j["overriddenBy"] = *r.overriddenBy;
    if (r.supersededBy)
        j["supersededBy"] = *r.supersededBy;
    return j;
}

Json toJson(const storage::DiceTally& t, const std::vector<storage::Player>& players) {
    std::string colour;
    for (const storage::Player& p : players)
        if (p.name == t.player)
            colour = p.diceColour;
    Json faces = Json::object();
    for (std::size_t i = 0; i < t.counts.size(); ++i)
        faces[std::to_string(i + 1)] = t.counts[i];
    return {{"player", t.player},
            {"diceColour", colour},
            {"sides", t.sides},
            {"source", std::string(storage::toString(t.source))},
            {"dice", t.total()},
            {"testable", t.testable()},
            {"neededForTest", t.neededForTest()},
            {"verdict", storage::fairnessVerdict(t)},
            {"faceCounts", faces},
            {"chiSquare", t.chiSquare()},
            {"degreesOfFreedom", t.degreesOfFreedom()},
            {"pValue", t.pValue()}};
}

bool RecordFilter::matches(const GameRecord& r) const {
    if (turn && r.event.turn != *turn)
        return false;
    if (!player.empty() && r.event.player != player)
        return false;
    if (!unit.empty() && std::find(r.units.begin(), r.units.end(), unit) == r.units.end())
        return false;
    return true;
}

} // namespace muster::report
