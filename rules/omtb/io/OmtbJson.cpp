#include "rules/omtb/io/OmtbJson.h"

#include "rules/io/JsonReader.h"
#include "rules/omtb/ScenarioData.h"

#include <cmath>
#include <memory>

namespace muster::rules::omtb::io {

namespace {

using nlohmann::json;

using rules::io::Reader;

std::optional<Error> boolean(const Reader& r, const json& o, const std::string& path, const char* key,
                             bool& out, bool* present = nullptr) {
    std::optional<bool> v;
    if (auto e = r.optBool(o, path, key, v))
        return e;
    if (v) {
        out = *v;
        if (present)
            *present = true;
    }
    return std::nullopt;
}

template <class E>
std::optional<Error> enumeration(const Reader& r, const json& o, const std::string& path, const char* key,
                                 E& out, const char* allowed) {
    std::optional<std::string> text;
    if (auto e = r.optString(o, path, key, text))
        return e;
    if (text && !parse(*text, out))
        return r.error(path + key, "unknown value '" + *text + "' (" + allowed + ")");
    return std::nullopt;
}

std::optional<Error> readUnit(const Reader& r, const json& o, const std::string& at, UnitSpec& spec) {
    const std::string path = at + ".";
    if (!o.is_object())
        return r.error(at, std::string("expected an object, got ") + o.type_name());
    Unit& u = spec.unit;
    std::string text;
    MUSTER_TRY(r.string(o, path, "id", text, true));
    u.id = text;
    text.clear();
    MUSTER_TRY(r.string(o, path, "name", text, false));
    u.name = text.empty() ? u.id.str() : text;
    MUSTER_TRY(r.string(o, path, "side", spec.side, true));
    MUSTER_TRY(r.string(o, path, "type", text, true));
    if (!parse(text, u.type))
        return r.error(path + "type", "unknown OMTB unit type '" + text + "'");
    MUSTER_TRY(r.integer(o, path, "figures", u.figures, true, 1, 1000));
    u.startFigures = u.figures;
    MUSTER_TRY(r.integer(o, path, "startFigures", u.startFigures, false, u.figures, 1000));
    const bool art = u.type == UnitType::LegionArtillery || u.type == UnitType::BritishArtillery;
    MUSTER_TRY(r.integer(o, path, "guns", u.guns, art, art ? 1 : 0, art ? 100 : 0));
    u.formation = art ? Formation::Unlimbered : Formation::Line;
    if (u.type == UnitType::Indians)
        u.formation = Formation::Skirmish;
    u.mounted = u.type == UnitType::LegionCavalry || u.type == UnitType::MountedMilitia;
    MUSTER_TRY(enumeration(r, o, path, "formation", u.formation,
                           "column, line, open, skirmish, mass, limbered, unlimbered"));
    MUSTER_TRY(enumeration(r, o, path, "cohesion", u.cohesion, "formed, disorder, rout"));
    MUSTER_TRY(
        enumeration(r, o, path, "ground", u.ground, "open, woods, thicket, ramparts, earthworks, buildings"));
    MUSTER_TRY(boolean(r, o, path, "mounted", u.mounted));
    MUSTER_TRY(boolean(r, o, path, "loaded", u.loaded, &spec.loadedSet));
    MUSTER_TRY(r.integer(o, path, "loadProgress", u.loadProgress, false, 0, 1));
    MUSTER_TRY(boolean(r, o, path, "officer", u.officer));
    MUSTER_TRY(boolean(r, o, path, "leaderFigure", u.leaderFigure));
    MUSTER_TRY(boolean(r, o, path, "hidden", u.hidden));
    MUSTER_TRY(r.integer(o, path, "ops", u.ops, false, 0, 3));
    MUSTER_TRY(r.integer(o, path, "opsPenalty", u.opsPenalty, false, 0, 1));
    MUSTER_TRY(r.integer(o, path, "moraleLoss", u.moraleLoss, false, 0, 9));
    MUSTER_TRY(r.integer(o, path, "casualtiesTurn", u.casualtiesTurn, false, 0, 1000));
    MUSTER_TRY(boolean(r, o, path, "trigger", spec.trigger));
    MUSTER_TRY(r.string(o, path, "group", spec.group, false));
    if (auto it = o.find("charge"); it != o.end()) {
        const std::string cp = path + "charge";
        if (!it->is_object())
            return r.error(cp, std::string("expected an object, got ") + it->type_name());
        MUSTER_TRY(r.string(*it, cp + ".", "target", spec.chargeTarget, true));
        MUSTER_TRY(enumeration(r, *it, cp + ".", "facing", u.chargeFacing, "front, flank, rear"));
        if (auto rem = it->find("rem"); rem != it->end()) {
            if (!rem->is_number() || rem->get<double>() < 0 || rem->get<double>() > 100)
                return r.error(cp + ".rem", "expected inches between 0 and 100");
            u.chargeRem = static_cast<int>(std::lround(rem->get<double>() * 8));
        }
        u.charging = true;
    }
    if (auto it = o.find("contact"); it != o.end()) {
        const std::string cp = path + "contact";
        if (!it->is_object())
            return r.error(cp, std::string("expected an object, got ") + it->type_name());
        MUSTER_TRY(r.string(*it, cp + ".", "target", spec.contactTarget, true));
        MUSTER_TRY(enumeration(r, *it, cp + ".", "facing", u.contactFacing, "front, flank, rear"));
    }
    return std::nullopt;
}

} // namespace

Result<Scenario> parseScenario(const std::string& text, const std::string& sourceName) {
    auto parsed = rules::io::parseDocument(text, sourceName);
    if (!parsed)
        return parsed.error();
    const json& j = *parsed;
    Reader r(sourceName);
    MUSTER_TRY(r.requireObject(j, "(document)"));
    Scenario s;
    s.sourcePath = sourceName;
    MUSTER_TRY(r.string(j, "", "name", s.name, true));
    MUSTER_TRY(r.string(j, "", "rules", s.ruleSet, true));
    if (s.ruleSet != "omtb")
        return r.error("rules", "expected \"omtb\", got '" + s.ruleSet + "'");
    MUSTER_TRY(r.integer(j, "", "turns", s.turns, false, 1, 1000));
    if (auto it = j.find("houseRules"); it != j.end()) {
        MUSTER_TRY(rules::io::readHouseRules(r, *it, "houseRules", s.houseRules));
        if (auto bad = resolveOptions(s.houseRules); !bad)
            return r.error("houseRules", bad.error().message);
    }
    auto sides = j.find("sides");
    if (sides == j.end())
        return r.error("sides", "missing required field");
    if (!sides->is_array() || sides->size() != 2)
        return r.error("sides", "expected an array of 2 sides (the Indian side and the American side)");
    for (std::size_t i = 0; i < sides->size(); ++i) {
        const json& o = (*sides)[i];
        const std::string path = "sides[" + std::to_string(i) + "].";
        if (!o.is_object())
            return r.error("sides[" + std::to_string(i) + "]", "expected an object");
        SideDef d;
        MUSTER_TRY(r.string(o, path, "id", d.id, true));
        MUSTER_TRY(r.string(o, path, "nation", d.nation, true));
        if (d.nation != "indian" && d.nation != "american")
            return r.error(path + "nation", "unknown nation '" + d.nation + "' (indian or american)");
        MUSTER_TRY(r.string(o, path, "name", d.name, false));
        MUSTER_TRY(r.string(o, path, "colour", d.colour, false));
        if (!d.colour.empty() &&
            (d.colour.size() != 7 || d.colour[0] != '#' ||
             d.colour.find_first_not_of("0123456789abcdefABCDEF", 1) != std::string::npos))
            return r.error(path + "colour", "expected \"#rrggbb\", got '" + d.colour + "'");
        for (const auto& other : s.sides)
            if (other.id == d.id)
                return r.error(path + "id", "duplicate side id '" + d.id + "'");
        if (d.name.empty())
            d.name = d.id;
        s.sides.push_back(d);
    }
    if (s.sides[0].nation == s.sides[1].nation)
        return r.error("sides", "one side must be \"indian\" and the other \"american\"");
    auto sideKnown = [&](const std::string& id) {
        return id == s.sides[0].id || id == s.sides[1].id;
    };

    auto data = std::make_shared<ScenarioData>();
    auto units = j.find("units");
    if (units == j.end())
        return r.error("units", "missing required field");
    if (!units->is_array())
        return r.error("units", std::string("expected an array, got ") + units->type_name());
    for (std::size_t i = 0; i < units->size(); ++i) {
        const std::string at = "units[" + std::to_string(i) + "]";
        UnitSpec spec;
        MUSTER_TRY(readUnit(r, (*units)[i], at, spec));
        if (!sideKnown(spec.side))
            return r.error(at + ".side", "unknown side '" + spec.side + "'");
        for (const auto& other : data->units)
            if (other.unit.id == spec.unit.id)
                return r.error(at + ".id", "duplicate unit id '" + spec.unit.id.str() + "'");
        data->units.push_back(std::move(spec));
    }
    auto known = [&](const std::string& id) {
        for (const auto& u : data->units)
            if (u.unit.id == id)
                return true;
        return false;
    };
    for (std::size_t i = 0; i < data->units.size(); ++i) {
        const auto& u = data->units[i];
        const std::string at = "units[" + std::to_string(i) + "]";
        if (!u.chargeTarget.empty() && !known(u.chargeTarget))
            return r.error(at + ".charge.target", "unknown unit '" + u.chargeTarget + "'");
        if (!u.contactTarget.empty() && !known(u.contactTarget))
            return r.error(at + ".contact.target", "unknown unit '" + u.contactTarget + "'");
    }
    if (auto leaders = j.find("leaders"); leaders != j.end()) {
        if (!leaders->is_array())
            return r.error("leaders", std::string("expected an array, got ") + leaders->type_name());
        for (std::size_t i = 0; i < leaders->size(); ++i) {
            const json& o = (*leaders)[i];
            const std::string at = "leaders[" + std::to_string(i) + "]";
            if (!o.is_object())
                return r.error(at, "expected an object");
            LeaderSpec l;
            std::string field;
            MUSTER_TRY(r.string(o, at + ".", "id", field, true));
            l.leader.id = field;
            field.clear();
            MUSTER_TRY(r.string(o, at + ".", "name", field, false));
            l.leader.name = field.empty() ? l.leader.id.str() : field;
            MUSTER_TRY(r.string(o, at + ".", "side", l.side, true));
            if (!sideKnown(l.side))
                return r.error(at + ".side", "unknown side '" + l.side + "'");
            MUSTER_TRY(r.string(o, at + ".", "attachedTo", l.attachedTo, false));
            if (!l.attachedTo.empty() && !known(l.attachedTo))
                return r.error(at + ".attachedTo", "unknown unit '" + l.attachedTo + "'");
            MUSTER_TRY(r.string(o, at + ".", "group", l.group, false));
            data->leaders.push_back(std::move(l));
        }
    }
    if (auto st = j.find("start"); st != j.end()) {
        if (!st->is_object())
            return r.error("start", "expected an object");
        MUSTER_TRY(r.integer(*st, "start.", "turn", data->startTurn, false, 1, s.turns));
        std::string phase;
        MUSTER_TRY(r.string(*st, "start.", "phase", phase, false));
        if (!phase.empty() && phase != "indian" && phase != "american")
            return r.error("start.phase", "expected \"indian\" or \"american\", got '" + phase + "'");
        data->startPhase = phase == "american" ? 1 : 0;
        MUSTER_TRY(enumeration(r, *st, "start.", "step", data->startStep,
                               "ops, surprise, surprise_morale, leaders, forced, operations, morale_targets, "
                               "morale_chargers, melee, rout"));
        if (data->startStep == Step::GameOver)
            return r.error("start.step", "a game cannot start over");
    }
    s.json = j.dump();
    s.body = data;
    return s;
}

std::string stateJson(const State& s) {
    json units = json::array();
    for (const auto& u : s.units) {
        units.push_back({{"id", u.id.str()},
                         {"name", u.name.str()},
                         {"side", u.side},
                         {"type", toString(u.type)},
                         {"figures", u.figures},
                         {"startFigures", u.startFigures},
                         {"casualties", u.casualties},
                         {"guns", u.guns},
                         {"formation", toString(u.formation)},
                         {"cohesion", toString(u.cohesion)},
                         {"mounted", u.mounted},
                         {"loaded", u.loaded},
                         {"loadProgress", u.loadProgress},
                         {"officer", u.officer},
                         {"leaderFigure", u.leaderFigure},
                         {"moraleLoss", u.moraleLoss},
                         {"ground", toString(u.ground)},
                         {"hidden", u.hidden},
                         {"removed", u.removed},
                         {"offTable", u.offTable},
                         {"ops", u.ops},
                         {"opsPenalty", u.opsPenalty},
                         {"casualtiesTurn", u.casualtiesTurn},
                         {"casualtiesPhase", u.casualtiesPhase},
                         {"trigger", u.trigger},
                         {"firedOnByArtillery", u.firedOnByArtillery},
                         {"activated", u.activated},
                         {"moved", u.moved},
                         {"movedInWoods", u.movedInWoods},
                         {"charging", u.charging},
                         {"chargeTarget", u.chargeTarget},
                         {"chargeFacing", toString(u.chargeFacing)},
                         {"chargeRem", u.chargeRem},
                         {"chargeFailed", u.chargeFailed},
                         {"contactTarget", u.contactTarget},
                         {"contactFacing", toString(u.contactFacing)},
                         {"retreated", u.retreated},
                         {"lastRetreat", u.lastRetreat},
                         {"reactionFired", u.reactionFired},
                         {"routedAtStart", u.routedAtStart},
                         {"freeOpDone", u.freeOpDone}});
    }
    json leaders = json::array();
    for (const auto& l : s.leaders)
        leaders.push_back({{"id", l.id.str()},
                           {"name", l.name.str()},
                           {"side", l.side},
                           {"attachedTo", l.attachedTo},
                           {"alive", l.alive}});
    json sides = json::array();
    for (const auto& d : s.sides)
        sides.push_back({{"id", d.id}, {"nation", d.nation}, {"name", d.name}, {"colour", d.colour}});
    json house = json::object();
    for (const auto& [k, v] : s.houseRules.values())
        house[k] = v;
    const json out = {{"rules", "omtb"},
                      {"scenario", s.scenarioName.str()},
                      {"sides", sides},
                      {"units", units},
                      {"leaders", leaders},
                      {"houseRules", house},
                      {"turn", s.turn},
                      {"maxTurns", s.maxTurns},
                      {"phase", s.cursor.phase},
                      {"step", toString(s.cursor.step)},
                      {"index", s.cursor.index},
                      {"activeUnit", s.activeUnit},
                      {"triggerSeq", s.triggerSeq},
                      {"queue", s.queue},
                      {"opsDie", s.opsDie},
                      {"surprise", s.surprise},
                      {"winner", s.winner}};
    return out.dump();
}

} // namespace muster::rules::omtb::io
