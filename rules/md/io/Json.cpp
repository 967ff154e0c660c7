#include "rules/md/io/Json.h"

#include "rules/io/Json.h"
#include "rules/io/JsonReader.h"
#include "rules/md/Tables.h"
#include "rules/md/Turn.h"
#include "rules/md/Types.h"

#include <concepts>
#include <type_traits>

// The state's types through nlohmann's macros: the field names are the member names. ADL finds these in the
// types' namespaces.
namespace muster::rules {

void to_json(nlohmann::json& j, const SharedText& text) {
    j = text.str();
}
void from_json(const nlohmann::json& j, SharedText& text) {
    text = SharedText(j.get<std::string>());
}

} // namespace muster::rules

namespace muster::rules::md {

template <class E>
concept NamedEnum = std::is_enum_v<E> && requires(E v, const std::string& s) {
    { toString(v) } -> std::same_as<std::string>;
    { parse(s, v) } -> std::same_as<bool>;
};

// An MD enum by the name md::toString gives and md::parse reads (the one list, in rules/md/Types.cpp). A name
// parse does not know leaves the value as it was, as NLOHMANN_JSON_SERIALIZE_ENUM would: readChecked below
// finds it when the value does not write back as it was read.
template <NamedEnum E>
void to_json(nlohmann::json& j, E v) {
    j = toString(v);
}
template <NamedEnum E>
void from_json(const nlohmann::json& j, E& v) {
    parse(j.get<std::string>(), v);
}

NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Unit, id, name, type, side, nation, arm, weapon, gun, lancers,
                                   texasRangers, dragoons, baseGrade, dismountedGrade, columnFiles, officers,
                                   rf, dlRf, dlOfficers, casualties, officerCasualties, pushedBackRf,
                                   pushedBackOfficers, pushedBackRejoinNextMelee, gradeStepsLost,
                                   horseHolders, horsesLost, formation, formed, mounted, limbered, removed,
                                   dispersed, reconstituted, loaded, haltedTurnsSinceFire, canisterDepleted,
                                   rapidFireBanned, lastRapidFireTarget, lastRapidFireTurn, order,
                                   orderTarget, newFormation, charge, chargeFlank, stand, chargedBy,
                                   chargeOutcome, fireLost, cfFailed, followUpFire, movedThisTurn,
                                   movedLastTurn, firedThisTurn, haltedThisTurn, moveDistance, moveBlocked,
                                   retireDistance, fireStrength, movementDlTaken)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Side, id, name, nation, hasGeneral)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Cursor, phase, stage, index)
// An owed DL roll and a contact have the same fields in the state (units by index) and a start block (by id).
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(PendingDl, unit, dice, fixed, sixOnly, capped, gradeMod, cause, ruleId)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(StartDlDef, unit, dice, fixed, sixOnly, capped, gradeMod, cause, ruleId)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(Contact, attacker, defender, charged, flank, roundsFought)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(StartContactDef, attacker, defender, charged, flank, roundsFought)
// The house rules and the derived top-level "phase" and units' "grade" are written by toJson.
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(GameState, ruleSet, scenario, turn, maxTurns, cursor, sides,
                                                units, pendingDls, contacts, winner)

} // namespace muster::rules::md

namespace muster::rules::md::io {

using rules::io::json;
using rules::io::Reader;
using rules::io::readHouseRules;

namespace {
std::optional<Error> readStart(const Reader& r, const json& j, const ScenarioData& data, int turns,
                               StartDef& out);
json startToJson(const StartDef& start);
} // namespace

Result<Scenario> scenarioFromJson(const json& j, const std::string& sourceName) {
    Reader r(sourceName);
    Scenario s;
    ScenarioData data;
    s.sourcePath = sourceName;
    MUSTER_TRY(r.requireObject(j, "(document)"));
    MUSTER_TRY(r.string(j, "", "name", s.name, true));
    MUSTER_TRY(r.string(j, "", "rules", s.ruleSet, true));
    if (s.ruleSet != "md")
        return r.error("rules", "'" + s.ruleSet + "' is not a Manifest Destiny scenario");
    MUSTER_TRY(r.integer(j, "", "turns", s.turns, false, 1, 1000));
    if (j.contains("houseRules"))
        MUSTER_TRY(readHouseRules(r, j["houseRules"], "houseRules", s.houseRules));

    if (!j.contains("sides"))
        return r.error("sides", "missing required field");
    if (!j["sides"].is_array())
        return r.error("sides", "expected an array, got " + std::string(j["sides"].type_name()));
    for (std::size_t i = 0; i < j["sides"].size(); ++i) {
        const json& o = j["sides"][i];
        std::string path = "sides[" + std::to_string(i) + "].";
        MUSTER_TRY(r.requireObject(o, "sides[" + std::to_string(i) + "]"));
        SideDef d;
        MUSTER_TRY(r.string(o, path, "id", d.id, true));
        MUSTER_TRY(r.string(o, path, "nation", d.nation, true));
        md::Nation n;
        if (!md::parse(d.nation, n))
            return r.error(path + "nation", "unknown nation '" + d.nation + "' (american or mexican)");
        MUSTER_TRY(r.string(o, path, "name", d.name, false));
        MUSTER_TRY(r.string(o, path, "colour", d.colour, false));
        for (const auto& other : s.sides) {
            if (other.id == d.id)
                return r.error(path + "id", "duplicate side id '" + d.id + "'");
        }
        s.sides.push_back(d);
    }
    if (s.sides.size() != 2)
        return r.error("sides",
                       "an MD scenario needs exactly 2 sides, got " + std::to_string(s.sides.size()));

    auto sideExists = [&](const std::string& id) {
        for (const auto& sd : s.sides) {
            if (sd.id == id)
                return true;
        }
        return false;
    };

    if (j.contains("generals")) {
        if (!j["generals"].is_array())
            return r.error("generals", "expected an array, got " + std::string(j["generals"].type_name()));
        for (std::size_t i = 0; i < j["generals"].size(); ++i) {
            const json& o = j["generals"][i];
            std::string path = "generals[" + std::to_string(i) + "].";
            MUSTER_TRY(r.requireObject(o, "generals[" + std::to_string(i) + "]"));
            GeneralDef g;
            MUSTER_TRY(r.string(o, path, "id", g.id, true));
            MUSTER_TRY(r.string(o, path, "side", g.side, true));
            MUSTER_TRY(r.string(o, path, "name", g.name, false));
            if (!sideExists(g.side))
                return r.error(path + "side", "unknown side '" + g.side + "'");
            data.generals.push_back(g);
        }
    }

    if (!j.contains("units"))
        return r.error("units", "missing required field");
    if (!j["units"].is_array())
        return r.error("units", "expected an array, got " + std::string(j["units"].type_name()));
    for (std::size_t i = 0; i < j["units"].size(); ++i) {
        const json& o = j["units"][i];
        std::string path = "units[" + std::to_string(i) + "].";
        MUSTER_TRY(r.requireObject(o, "units[" + std::to_string(i) + "]"));
        UnitDef u;
        {
            std::string text;
            MUSTER_TRY(r.string(o, path, "id", text, true));
            u.id = text;
        }
        if (u.id.empty() || u.id.find_first_of(" .:") != std::string::npos)
            return r.error(path + "id",
                           "unit id '" + u.id + "' must be non-empty without spaces, '.' or ':'");
        MUSTER_TRY(r.string(o, path, "name", u.name, false));
        MUSTER_TRY(r.string(o, path, "side", u.side, true));
        if (!sideExists(u.side))
            return r.error(path + "side", "unknown side '" + u.side + "'");
        MUSTER_TRY(r.string(o, path, "type", u.type, true));
        if (!md::tables::findUnitType(u.type)) {
            std::string known;
            for (const auto& t : md::tables::unitTypes())
                known += (known.empty() ? "" : ", ") + std::string(t.id);
            return r.error(path + "type", "unknown unit type '" + u.type + "' (known: " + known + ")");
        }
        MUSTER_TRY(r.optString(o, path, "grade", u.grade));
        md::Grade g;
        if (u.grade && !md::parse(*u.grade, g))
            return r.error(path + "grade", "unknown grade '" + *u.grade + "' (green, veteran or elite)");
        MUSTER_TRY(r.optInteger(o, path, "officers", u.officers, 0, 10));
        MUSTER_TRY(r.optInteger(o, path, "rankAndFile", u.rankAndFile, 1, 1000));
        MUSTER_TRY(r.optString(o, path, "formation", u.formation));
        md::Formation f;
        if (u.formation && !md::parse(*u.formation, f))
            return r.error(path + "formation", "unknown formation '" + *u.formation +
                                                   "' (line, column, road_column or skirmish)");
        MUSTER_TRY(r.optString(o, path, "weapon", u.weapon));
        md::Weapon w;
        if (u.weapon && !md::parse(*u.weapon, w))
            return r.error(path + "weapon", "unknown weapon '" + *u.weapon + "'");
        MUSTER_TRY(r.optBool(o, path, "mounted", u.mounted));
        MUSTER_TRY(r.optBool(o, path, "limbered", u.limbered));
        MUSTER_TRY(r.optInteger(o, path, "columnFiles", u.columnFiles, 1, 100));
        if (o.contains("traits")) {
            if (!o["traits"].is_array())
                return r.error(path + "traits", "expected an array of strings");
            for (const auto& t : o["traits"]) {
                if (!t.is_string())
                    return r.error(path + "traits", "expected an array of strings");
                std::string tr = t.get<std::string>();
                if (tr != "lancers" && tr != "texas_rangers")
                    return r.error(path + "traits", "unknown trait '" + tr + "' (lancers or texas_rangers)");
                u.traits.push_back(tr);
            }
        }
        for (const auto& other : data.units) {
            if (other.id == u.id)
                return r.error(path + "id", "duplicate unit id '" + u.id + "'");
        }
        data.units.push_back(u);
    }
    if (data.units.empty())
        return r.error("units", "a scenario needs at least one unit");
    if (j.contains("start")) {
        StartDef start;
        MUSTER_TRY(readStart(r, j["start"], data, s.turns, start));
        data.start = std::move(start);
    }
    s.json = scenarioToJson(s, data).dump();
    s.body = std::make_shared<const ScenarioData>(std::move(data));
    return s;
}

json scenarioToJson(const Scenario& s, const ScenarioData& data) {
    json j;
    j["name"] = s.name;
    j["rules"] = s.ruleSet;
    j["turns"] = s.turns;
    j["houseRules"] = rules::io::toJson(s.houseRules);
    j["sides"] = json::array();
    for (const auto& d : s.sides) {
        json side{{"id", d.id}, {"nation", d.nation}, {"name", d.name}};
        if (!d.colour.empty()) // absent in files from before colours, whose snapshots stay byte for byte
            side["colour"] = d.colour;
        j["sides"].push_back(side);
    }
    j["generals"] = json::array();
    for (const auto& g : data.generals)
        j["generals"].push_back({{"id", g.id}, {"side", g.side}, {"name", g.name}});
    j["units"] = json::array();
    for (const auto& u : data.units) {
        json o{{"id", u.id}, {"side", u.side}, {"type", u.type}};
        if (!u.name.empty())
            o["name"] = u.name;
        if (u.grade)
            o["grade"] = *u.grade;
        if (u.officers)
            o["officers"] = *u.officers;
        if (u.rankAndFile)
            o["rankAndFile"] = *u.rankAndFile;
        if (u.formation)
            o["formation"] = *u.formation;
        if (u.weapon)
            o["weapon"] = *u.weapon;
        if (u.mounted)
            o["mounted"] = *u.mounted;
        if (u.limbered)
            o["limbered"] = *u.limbered;
        if (u.columnFiles)
            o["columnFiles"] = *u.columnFiles;
        if (!u.traits.empty())
            o["traits"] = u.traits;
        j["units"].push_back(o);
    }
    if (data.start) // absent in files without one, whose snapshots stay byte for byte
        j["start"] = startToJson(*data.start);
    return j;
}

namespace {

// Every field a state's unit has, read and written as it is; the JSON adds the derived "grade" (toJson).
const json& unitShape() {
    static const json kShape = md::Unit{};
    return kShape;
}

// A state with one of each array's entries: the fields the reader requires and the kind of each.
const json& stateShape() {
    static const json kShape = [] {
        GameState s;
        s.sides.resize(1);
        s.units.resize(1);
        s.pendingDls.resize(1);
        s.contacts.resize(1);
        return json(s);
    }();
    return kShape;
}

// Fields a state may leave out (the macros' defaults stand in): no owed DLs, no contacts, no rounds fought.
bool optionalField(const std::string& key) {
    return key == "pendingDls" || key == "contacts" || key == "roundsFought";
}

std::string child(const std::string& at, const std::string& key) {
    return at + "." + key;
}

// "" when `value` has the kind of `like`, else the problem in the words the scenario reader uses.
std::string kindProblem(const json& value, const json& like) {
    bool ok = value.type() == like.type();
    const char* want = like.is_array() ? "expected an array" : "expected an object";
    if (like.is_boolean()) {
        want = "expected true or false";
    } else if (like.is_number_integer()) {
        ok = value.is_number_integer();
        want = "expected an integer";
    } else if (like.is_number()) {
        ok = value.is_number();
        want = "expected a number";
    } else if (like.is_string()) {
        want = "expected a string";
    }
    return ok ? "" : want + std::string(", got ") + value.type_name();
}

// nlohmann converts leniently (2.5 or true to an int, an unknown name to an enum's first value), so before
// reading, each field the writer puts out must be in `in` with its kind of value (`like`: the writer's
// shape).
std::optional<Error> checkShape(const Reader& r, const json& in, const json& like, const std::string& at) {
    MUSTER_TRY(r.requireObject(in, at));
    for (const auto& [key, want] : like.items()) {
        const auto it = in.find(key);
        if (it == in.end()) {
            if (optionalField(key))
                continue;
            return r.error(child(at, key), "missing required field");
        }
        if (const std::string problem = kindProblem(*it, want); !problem.empty())
            return r.error(child(at, key), problem);
        if (want.is_object())
            MUSTER_TRY(checkShape(r, *it, want, child(at, key)));
        for (std::size_t i = 0; want.is_array() && !want.empty() && i < it->size(); ++i)
            MUSTER_TRY(checkShape(r, (*it)[i], want[0], child(at, key) + "[" + std::to_string(i) + "]"));
    }
    return std::nullopt;
}

// After reading: each value of `in` must write back as it was (`written`), else it named no enum value or did
// not fit an int.
std::optional<Error> checkReadBack(const Reader& r, const json& in, const json& written,
                                   const std::string& at) {
    for (const auto& [key, out] : written.items()) {
        const auto it = in.find(key);
        if (it == in.end())
            continue; // an optional field left out
        if (out.is_object()) {
            MUSTER_TRY(checkReadBack(r, *it, out, child(at, key)));
        } else if (out.is_array()) {
            for (std::size_t i = 0; i < out.size(); ++i)
                MUSTER_TRY(
                    checkReadBack(r, (*it)[i], out[i], child(at, key) + "[" + std::to_string(i) + "]"));
        } else if (*it != out) {
            return r.error(child(at, key), it->is_string() ? "unknown value '" + it->get<std::string>() + "'"
                                                           : "value " + it->dump() + " is out of range");
        }
    }
    return std::nullopt;
}

// A unit or a whole state from JSON: its shape checked, read by the nlohmann macros, checked to read back.
template <class T>
std::optional<Error> readChecked(const Reader& r, const json& in, const json& like, const std::string& at,
                                 T& out) {
    MUSTER_TRY(checkShape(r, in, like, at));
    try {
        T read = in.get<T>();
        MUSTER_TRY(checkReadBack(r, in, json(read), at));
        out = std::move(read);
    } catch (const json::exception& e) { // not expected after the shape check; never let one escape
        return r.error(at, e.what());
    }
    return std::nullopt;
}

// Unit fields a start block may not set: they come from the unit's definition and its type.
bool definitionField(const std::string& key) {
    for (const char* k : {"id", "name", "type", "side", "nation", "arm"})
        if (key == k)
            return true;
    return false;
}

std::optional<Error> readStart(const Reader& r, const json& j, const ScenarioData& data, int turns,
                               StartDef& out) {
    MUSTER_TRY(r.requireObject(j, "start"));
    for (const auto& [k, v] : j.items()) {
        (void)v;
        if (k != "turn" && k != "phase" && k != "stage" && k != "units" && k != "contacts" &&
            k != "pendingDls")
            return r.error("start." + k, "unknown field (turn, phase, stage, units, contacts or pendingDls)");
    }
    MUSTER_TRY(r.integer(j, "start.", "turn", out.turn, false, 1, turns));
    MUSTER_TRY(r.string(j, "start.", "phase", out.phase, false));
    md::Phase phase;
    if (!md::parse(out.phase, phase) || phase == md::Phase::GameOver)
        return r.error("start.phase",
                       "unknown phase '" + out.phase +
                           "' (orders, charge_tests, first_fire, movement, regular_fire, melee "
                           "or recovery)");
    MUSTER_TRY(r.optInteger(j, "start.", "stage", out.stage, 0, 10));
    auto unitExists = [&](const std::string& id) {
        for (const auto& u : data.units)
            if (u.id == id)
                return true;
        return false;
    };
    if (j.contains("units")) {
        MUSTER_TRY(r.requireObject(j["units"], "start.units"));
        const json& blank = unitShape();
        for (const auto& [id, fields] : j["units"].items()) {
            const std::string path = "start.units." + id;
            if (!unitExists(id))
                return r.error(path, "no unit '" + id + "' in units");
            MUSTER_TRY(r.requireObject(fields, path));
            // Laid over a blank unit and read back, so each value is checked as the state JSON reads it.
            json probe = blank;
            probe["id"] = id;
            for (const auto& [k, v] : fields.items()) {
                if (definitionField(k))
                    return r.error(path + "." + k, "set by the unit's definition, not by the start block");
                if (k == "grade") // the state JSON shows it, worked out from these
                    return r.error(path + ".grade", "derived: set baseGrade, gradeStepsLost or officers");
                if (!blank.contains(k))
                    return r.error(path + "." + k, "unknown unit field (the state JSON's unit fields)");
                probe[k] = v;
            }
            md::Unit checked;
            MUSTER_TRY(readChecked(r, probe, blank, path, checked));
            out.units.push_back(StartUnitDef{id, fields.dump()});
        }
    }
    auto unitRef = [&](const json& o, const std::string& path, const char* key, std::string& id) {
        if (auto e = r.string(o, path, key, id, true))
            return e;
        if (!unitExists(id))
            return std::optional<Error>(r.error(path + key, "no unit '" + id + "' in units"));
        return std::optional<Error>();
    };
    // A field that may be left out, with its default.
    auto flag = [&](const json& o, const std::string& path, const char* key, bool fallback,
                    bool& value) -> std::optional<Error> {
        std::optional<bool> b;
        if (auto e = r.optBool(o, path, key, b))
            return e;
        value = b.value_or(fallback);
        return std::nullopt;
    };
    // Each entry of the array `key` (absent: none), read by `read(entry, "start.key[i].")`.
    auto entries = [&](const char* key, const auto& read) -> std::optional<Error> {
        const std::string name = std::string("start.") + key;
        if (!j.contains(key))
            return std::optional<Error>();
        if (!j[key].is_array())
            return std::optional<Error>(r.error(name, "expected an array"));
        for (std::size_t i = 0; i < j[key].size(); ++i) {
            const std::string at = name + "[" + std::to_string(i) + "]";
            if (auto e = r.requireObject(j[key][i], at))
                return e;
            if (auto e = read(j[key][i], at + "."))
                return e;
        }
        return std::optional<Error>();
    };
    const auto readContact = [&](const json& o, const std::string& path) -> std::optional<Error> {
        StartContactDef c;
        MUSTER_TRY(unitRef(o, path, "attacker", c.attacker));
        MUSTER_TRY(unitRef(o, path, "defender", c.defender));
        MUSTER_TRY(flag(o, path, "charged", true, c.charged));
        MUSTER_TRY(flag(o, path, "flank", false, c.flank));
        MUSTER_TRY(r.integer(o, path, "roundsFought", c.roundsFought, false, 0, 1000));
        out.contacts.push_back(c);
        return std::nullopt;
    };
    const auto readDl = [&](const json& o, const std::string& path) -> std::optional<Error> {
        StartDlDef d;
        MUSTER_TRY(unitRef(o, path, "unit", d.unit));
        MUSTER_TRY(r.integer(o, path, "dice", d.dice, false, 0, 100));
        MUSTER_TRY(r.integer(o, path, "fixed", d.fixed, false, -1, 100));
        MUSTER_TRY(flag(o, path, "sixOnly", false, d.sixOnly));
        MUSTER_TRY(flag(o, path, "capped", false, d.capped));
        MUSTER_TRY(flag(o, path, "gradeMod", true, d.gradeMod));
        MUSTER_TRY(r.string(o, path, "cause", d.cause, false));
        MUSTER_TRY(r.string(o, path, "ruleId", d.ruleId, false));
        out.pendingDls.push_back(d);
        return std::nullopt;
    };
    MUSTER_TRY(entries("contacts", readContact));
    MUSTER_TRY(entries("pendingDls", readDl));
    return std::nullopt;
}

json startToJson(const StartDef& start) {
    json j{{"turn", start.turn}, {"phase", start.phase}};
    if (start.stage)
        j["stage"] = *start.stage;
    if (!start.units.empty()) {
        j["units"] = json::object();
        for (const auto& u : start.units)
            j["units"][u.id] = json::parse(u.fields);
    }
    if (!start.contacts.empty()) {
        j["contacts"] = start.contacts;
    }
    if (!start.pendingDls.empty()) {
        j["pendingDls"] = start.pendingDls;
    }
    return j;
}

} // namespace

Result<void> applyStart(GameState& s, const StartDef& start, const Options& options) {
    Reader r(s.scenario);
    s.turn = start.turn;
    for (const auto& su : start.units) {
        const int idx = s.unitIndex(su.id);
        if (idx < 0)
            return makeError(s.scenario + ": start.units." + su.id + ": no such unit");
        md::Unit& u = s.units[static_cast<std::size_t>(idx)];
        json j = u;
        const json fields = json::parse(su.fields);
        for (const auto& [k, v] : fields.items())
            j[k] = v;
        if (auto e = readChecked(r, j, unitShape(), "start.units." + su.id, u))
            return *e;
    }
    for (const auto& c : start.contacts)
        s.contacts.push_back(md::Contact{s.unitIndex(c.attacker), s.unitIndex(c.defender), c.charged, c.flank,
                                         c.roundsFought});
    for (const auto& d : start.pendingDls)
        s.pendingDls.push_back(md::PendingDl{s.unitIndex(d.unit), d.dice, d.fixed, d.sixOnly, d.capped,
                                             d.gradeMod, d.cause, d.ruleId});
    md::Phase phase = md::Phase::Orders;
    md::parse(start.phase, phase);
    if (start.stage)
        s.cursor = md::Cursor{phase, *start.stage, 0};
    else
        enterPhase(s, phase, options);
    return {};
}

json toJson(const GameState& s) {
    json j = s;
    j["phase"] = s.cursor.phase;
    j["houseRules"] = rules::io::toJson(s.houseRules.get());
    for (std::size_t i = 0; i < s.units.size(); ++i)
        j["units"][i]["grade"] = md::currentGrade(s.units[i]);
    return j;
}

Result<GameState> stateFromJson(const json& j) {
    Reader r("<json>");
    GameState s;
    MUSTER_TRY(readChecked(r, j, stateShape(), "state", s));
    if (j.contains("houseRules")) {
        HouseRules h;
        MUSTER_TRY(readHouseRules(r, j["houseRules"], "state.houseRules", h));
        s.houseRules = h;
    }
    return s;
}

} // namespace muster::rules::md::io

namespace muster::rules::md {

Result<const ScenarioData*> scenarioData(const Scenario& scenario) {
    const auto* data = dynamic_cast<const ScenarioData*>(scenario.body.get());
    if (!data)
        return makeError(scenario.sourcePath + ": not a Manifest Destiny scenario (no units read for it)");
    return data;
}

Scenario withData(Scenario scenario, ScenarioData data) {
    scenario.ruleSet = "md";
    scenario.json = io::scenarioToJson(scenario, data).dump();
    scenario.body = std::make_shared<const ScenarioData>(std::move(data));
    return scenario;
}

} // namespace muster::rules::md
