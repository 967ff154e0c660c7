#include "rules/md/io/Json.h"

#include "rules/io/Json.h"
#include "rules/io/JsonReader.h"
#include "rules/md/Tables.h"
#include "rules/md/Turn.h"
#include "rules/md/Types.h"

namespace muster::rules::md::io {

using rules::io::json;
using rules::io::Reader;
using rules::io::readHouseRules;

namespace {
json unitToJson(const md::Unit& u);
std::optional<Error> unitFromJson(const Reader& r, const json& o, const std::string& p, md::Unit& u);
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

json unitToJson(const md::Unit& u) {
    using md::toString;
    json j;
    j["id"] = u.id.str();
    j["name"] = u.name.str();
    j["type"] = u.type.str();
    j["side"] = u.side;
    j["nation"] = toString(u.nation);
    j["arm"] = toString(u.arm);
    j["weapon"] = toString(u.weapon);
    j["gun"] = toString(u.gun);
    j["lancers"] = u.lancers;
    j["texasRangers"] = u.texasRangers;
    j["dragoons"] = u.dragoons;
    j["baseGrade"] = toString(u.baseGrade);
    j["dismountedGrade"] = toString(u.dismountedGrade);
    j["grade"] = toString(md::currentGrade(u));
    j["columnFiles"] = u.columnFiles;
    j["officers"] = u.officers;
    j["rf"] = u.rf;
    j["dlRf"] = u.dlRf;
    j["dlOfficers"] = u.dlOfficers;
    j["casualties"] = u.casualties;
    j["officerCasualties"] = u.officerCasualties;
    j["pushedBackRf"] = u.pushedBackRf;
    j["pushedBackOfficers"] = u.pushedBackOfficers;
    j["pushedBackRejoinNextMelee"] = u.pushedBackRejoinNextMelee;
    j["gradeStepsLost"] = u.gradeStepsLost;
    j["horseHolders"] = u.horseHolders;
    j["horsesLost"] = u.horsesLost;
    j["formation"] = toString(u.formation);
    j["formed"] = u.formed;
    j["mounted"] = u.mounted;
    j["limbered"] = u.limbered;
    j["removed"] = u.removed;
    j["dispersed"] = u.dispersed;
    j["reconstituted"] = u.reconstituted;
    j["loaded"] = u.loaded;
    j["haltedTurnsSinceFire"] = u.haltedTurnsSinceFire;
    j["canisterDepleted"] = u.canisterDepleted;
    j["rapidFireBanned"] = u.rapidFireBanned;
    j["lastRapidFireTarget"] = u.lastRapidFireTarget.str();
    j["lastRapidFireTurn"] = u.lastRapidFireTurn;
    j["order"] = toString(u.order);
    j["orderTarget"] = u.orderTarget.str();
    j["newFormation"] = toString(u.newFormation);
    j["charge"] = toString(u.charge);
    j["chargeFlank"] = u.chargeFlank;
    j["stand"] = toString(u.stand);
    j["chargedBy"] = u.chargedBy.str();
    j["chargeOutcome"] = toString(u.chargeOutcome);
    j["fireLost"] = u.fireLost;
    j["cfFailed"] = u.cfFailed;
    j["followUpFire"] = u.followUpFire;
    j["movedThisTurn"] = u.movedThisTurn;
    j["movedLastTurn"] = u.movedLastTurn;
    j["firedThisTurn"] = u.firedThisTurn;
    j["haltedThisTurn"] = u.haltedThisTurn;
    j["moveDistance"] = u.moveDistance;
    j["moveBlocked"] = u.moveBlocked;
    j["retireDistance"] = u.retireDistance;
    j["fireStrength"] = u.fireStrength;
    j["movementDlTaken"] = u.movementDlTaken;
    return j;
}

template <class E>
std::optional<Error> enumField(const Reader& r, const json& o, const std::string& path, const char* key,
                               E& out) {
    std::string s;
    if (auto e = r.string(o, path, key, s, true))
        return e;
    if (!md::parse(s, out))
        return r.error(path + key, "unknown value '" + s + "'");
    return std::nullopt;
}

std::optional<Error> boolField(const Reader& r, const json& o, const std::string& path, const char* key,
                               bool& out) {
    std::optional<bool> b;
    if (auto e = r.optBool(o, path, key, b))
        return e;
    if (!b)
        return r.error(path + key, "missing required field");
    out = *b;
    return std::nullopt;
}

std::optional<Error> intField(const Reader& r, const json& o, const std::string& path, const char* key,
                              int& out) {
    return r.integer(o, path, key, out, true, -1000000, 1000000);
}

std::optional<Error> numberField(const Reader& r, const json& o, const std::string& path, const char* key,
                                 double& out) {
    auto it = o.find(key);
    if (it == o.end())
        return r.error(path + key, "missing required field");
    if (!it->is_number())
        return r.error(path + key, "expected a number");
    out = it->get<double>();
    return std::nullopt;
}

std::optional<Error> unitFromJson(const Reader& r, const json& o, const std::string& p, md::Unit& u) {
    if (auto e = r.requireObject(o, p))
        return e;
    std::string path = p + ".";
    {
        std::string text;
        MUSTER_TRY(r.string(o, path, "id", text, true));
        u.id = text;
    }
    std::string name, type;
    MUSTER_TRY(r.string(o, path, "name", name, true));
    MUSTER_TRY(r.string(o, path, "type", type, true));
    u.name = name;
    u.type = type;
    MUSTER_TRY(intField(r, o, path, "side", u.side));
    MUSTER_TRY(enumField(r, o, path, "nation", u.nation));
    MUSTER_TRY(enumField(r, o, path, "arm", u.arm));
    MUSTER_TRY(enumField(r, o, path, "weapon", u.weapon));
    MUSTER_TRY(enumField(r, o, path, "gun", u.gun));
    MUSTER_TRY(boolField(r, o, path, "lancers", u.lancers));
    MUSTER_TRY(boolField(r, o, path, "texasRangers", u.texasRangers));
    MUSTER_TRY(boolField(r, o, path, "dragoons", u.dragoons));
    MUSTER_TRY(enumField(r, o, path, "baseGrade", u.baseGrade));
    MUSTER_TRY(enumField(r, o, path, "dismountedGrade", u.dismountedGrade));
    MUSTER_TRY(intField(r, o, path, "columnFiles", u.columnFiles));
    MUSTER_TRY(intField(r, o, path, "officers", u.officers));
    MUSTER_TRY(intField(r, o, path, "rf", u.rf));
    MUSTER_TRY(intField(r, o, path, "dlRf", u.dlRf));
    MUSTER_TRY(intField(r, o, path, "dlOfficers", u.dlOfficers));
    MUSTER_TRY(intField(r, o, path, "casualties", u.casualties));
    MUSTER_TRY(intField(r, o, path, "officerCasualties", u.officerCasualties));
    MUSTER_TRY(intField(r, o, path, "pushedBackRf", u.pushedBackRf));
    MUSTER_TRY(intField(r, o, path, "pushedBackOfficers", u.pushedBackOfficers));
    MUSTER_TRY(boolField(r, o, path, "pushedBackRejoinNextMelee", u.pushedBackRejoinNextMelee));
    MUSTER_TRY(intField(r, o, path, "gradeStepsLost", u.gradeStepsLost));
    MUSTER_TRY(intField(r, o, path, "horseHolders", u.horseHolders));
    MUSTER_TRY(boolField(r, o, path, "horsesLost", u.horsesLost));
    MUSTER_TRY(enumField(r, o, path, "formation", u.formation));
    MUSTER_TRY(boolField(r, o, path, "formed", u.formed));
    MUSTER_TRY(boolField(r, o, path, "mounted", u.mounted));
    MUSTER_TRY(boolField(r, o, path, "limbered", u.limbered));
    MUSTER_TRY(boolField(r, o, path, "removed", u.removed));
    MUSTER_TRY(boolField(r, o, path, "dispersed", u.dispersed));
    MUSTER_TRY(boolField(r, o, path, "reconstituted", u.reconstituted));
    MUSTER_TRY(boolField(r, o, path, "loaded", u.loaded));
    MUSTER_TRY(intField(r, o, path, "haltedTurnsSinceFire", u.haltedTurnsSinceFire));
    MUSTER_TRY(boolField(r, o, path, "canisterDepleted", u.canisterDepleted));
    MUSTER_TRY(boolField(r, o, path, "rapidFireBanned", u.rapidFireBanned));
    {
        std::string text;
        MUSTER_TRY(r.string(o, path, "lastRapidFireTarget", text, true));
        u.lastRapidFireTarget = text;
    }
    MUSTER_TRY(intField(r, o, path, "lastRapidFireTurn", u.lastRapidFireTurn));
    MUSTER_TRY(enumField(r, o, path, "order", u.order));
    {
        std::string text;
        MUSTER_TRY(r.string(o, path, "orderTarget", text, true));
        u.orderTarget = text;
    }
    MUSTER_TRY(enumField(r, o, path, "newFormation", u.newFormation));
    MUSTER_TRY(enumField(r, o, path, "charge", u.charge));
    MUSTER_TRY(boolField(r, o, path, "chargeFlank", u.chargeFlank));
    MUSTER_TRY(enumField(r, o, path, "stand", u.stand));
    {
        std::string text;
        MUSTER_TRY(r.string(o, path, "chargedBy", text, true));
        u.chargedBy = text;
    }
    MUSTER_TRY(enumField(r, o, path, "chargeOutcome", u.chargeOutcome));
    MUSTER_TRY(boolField(r, o, path, "fireLost", u.fireLost));
    MUSTER_TRY(boolField(r, o, path, "cfFailed", u.cfFailed));
    MUSTER_TRY(boolField(r, o, path, "followUpFire", u.followUpFire));
    MUSTER_TRY(boolField(r, o, path, "movedThisTurn", u.movedThisTurn));
    MUSTER_TRY(boolField(r, o, path, "movedLastTurn", u.movedLastTurn));
    MUSTER_TRY(boolField(r, o, path, "firedThisTurn", u.firedThisTurn));
    MUSTER_TRY(boolField(r, o, path, "haltedThisTurn", u.haltedThisTurn));
    MUSTER_TRY(numberField(r, o, path, "moveDistance", u.moveDistance));
    MUSTER_TRY(boolField(r, o, path, "moveBlocked", u.moveBlocked));
    MUSTER_TRY(numberField(r, o, path, "retireDistance", u.retireDistance));
    MUSTER_TRY(intField(r, o, path, "fireStrength", u.fireStrength));
    MUSTER_TRY(intField(r, o, path, "movementDlTaken", u.movementDlTaken));
    return std::nullopt;
}

// An owed DL roll and a contact, the same shape in the state JSON (units by index) and a start block (by id).
template <class Dl>
json dlToJson(const Dl& d, const json& unit) {
    return {{"unit", unit},
            {"dice", d.dice},
            {"fixed", d.fixed},
            {"sixOnly", d.sixOnly},
            {"capped", d.capped},
            {"gradeMod", d.gradeMod},
            {"cause", static_cast<const std::string&>(d.cause)},
            {"ruleId", static_cast<const std::string&>(d.ruleId)}};
}

template <class Contact>
json contactToJson(const Contact& c, const json& attacker, const json& defender) {
    return {{"attacker", attacker},
            {"defender", defender},
            {"charged", c.charged},
            {"flank", c.flank},
            {"roundsFought", c.roundsFought}};
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
        const json blank = unitToJson(md::Unit{});
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
            MUSTER_TRY(unitFromJson(r, probe, path, checked));
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
        j["contacts"] = json::array();
        for (const auto& c : start.contacts)
            j["contacts"].push_back(contactToJson(c, c.attacker, c.defender));
    }
    if (!start.pendingDls.empty()) {
        j["pendingDls"] = json::array();
        for (const auto& d : start.pendingDls)
            j["pendingDls"].push_back(dlToJson(d, d.unit));
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
        json j = unitToJson(u);
        const json fields = json::parse(su.fields);
        for (const auto& [k, v] : fields.items())
            j[k] = v;
        if (auto e = unitFromJson(r, j, "start.units." + su.id, u))
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
    json j;
    j["ruleSet"] = s.ruleSet;
    j["scenario"] = s.scenario;
    j["turn"] = s.turn;
    j["maxTurns"] = s.maxTurns;
    j["phase"] = md::toString(s.cursor.phase);
    j["cursor"] = {
        {"phase", md::toString(s.cursor.phase)}, {"stage", s.cursor.stage}, {"index", s.cursor.index}};
    j["houseRules"] = rules::io::toJson(s.houseRules.get());
    j["sides"] = json::array();
    for (const auto& side : s.sides)
        j["sides"].push_back({{"id", side.id},
                              {"name", side.name},
                              {"nation", md::toString(side.nation)},
                              {"hasGeneral", side.hasGeneral}});
    j["units"] = json::array();
    for (const auto& u : s.units)
        j["units"].push_back(unitToJson(u));
    j["pendingDls"] = json::array();
    for (const auto& d : s.pendingDls)
        j["pendingDls"].push_back(dlToJson(d, d.unit));
    j["contacts"] = json::array();
    for (const auto& c : s.contacts)
        j["contacts"].push_back(contactToJson(c, c.attacker, c.defender));
    j["winner"] = s.winner;
    return j;
}

Result<GameState> stateFromJson(const json& j) {
    Reader r("<json>");
    GameState s;
    MUSTER_TRY(r.requireObject(j, "state"));
    MUSTER_TRY(r.string(j, "state.", "ruleSet", s.ruleSet, true));
    MUSTER_TRY(r.string(j, "state.", "scenario", s.scenario, true));
    MUSTER_TRY(intField(r, j, "state.", "turn", s.turn));
    MUSTER_TRY(intField(r, j, "state.", "maxTurns", s.maxTurns));
    if (!j.contains("cursor"))
        return r.error("state.cursor", "missing required field");
    MUSTER_TRY(r.requireObject(j["cursor"], "state.cursor"));
    MUSTER_TRY(enumField(r, j["cursor"], "state.cursor.", "phase", s.cursor.phase));
    MUSTER_TRY(intField(r, j["cursor"], "state.cursor.", "stage", s.cursor.stage));
    MUSTER_TRY(intField(r, j["cursor"], "state.cursor.", "index", s.cursor.index));
    if (j.contains("houseRules")) {
        HouseRules h;
        MUSTER_TRY(readHouseRules(r, j["houseRules"], "state.houseRules", h));
        s.houseRules = h;
    }
    if (!j.contains("sides") || !j["sides"].is_array())
        return r.error("state.sides", "missing required array");
    for (const auto& o : j["sides"]) {
        md::Side side;
        MUSTER_TRY(r.string(o, "state.sides[].", "id", side.id, true));
        MUSTER_TRY(r.string(o, "state.sides[].", "name", side.name, true));
        MUSTER_TRY(enumField(r, o, "state.sides[].", "nation", side.nation));
        MUSTER_TRY(boolField(r, o, "state.sides[].", "hasGeneral", side.hasGeneral));
        s.sides.push_back(side);
    }
    if (!j.contains("units") || !j["units"].is_array())
        return r.error("state.units", "missing required array");
    for (std::size_t i = 0; i < j["units"].size(); ++i) {
        md::Unit u;
        MUSTER_TRY(unitFromJson(r, j["units"][i], "state.units[" + std::to_string(i) + "]", u));
        s.units.push_back(u);
    }
    if (j.contains("pendingDls")) {
        for (const auto& o : j["pendingDls"]) {
            md::PendingDl d;
            MUSTER_TRY(intField(r, o, "state.pendingDls[].", "unit", d.unit));
            MUSTER_TRY(intField(r, o, "state.pendingDls[].", "dice", d.dice));
            MUSTER_TRY(intField(r, o, "state.pendingDls[].", "fixed", d.fixed));
            MUSTER_TRY(boolField(r, o, "state.pendingDls[].", "sixOnly", d.sixOnly));
            MUSTER_TRY(boolField(r, o, "state.pendingDls[].", "capped", d.capped));
            MUSTER_TRY(boolField(r, o, "state.pendingDls[].", "gradeMod", d.gradeMod));
            std::string cause, ruleId;
            MUSTER_TRY(r.string(o, "state.pendingDls[].", "cause", cause, true));
            MUSTER_TRY(r.string(o, "state.pendingDls[].", "ruleId", ruleId, true));
            d.cause = cause;
            d.ruleId = ruleId;
            s.pendingDls.push_back(d);
        }
    }
    if (j.contains("contacts")) {
        for (const auto& o : j["contacts"]) {
            md::Contact c;
            MUSTER_TRY(intField(r, o, "state.contacts[].", "attacker", c.attacker));
            MUSTER_TRY(intField(r, o, "state.contacts[].", "defender", c.defender));
            MUSTER_TRY(boolField(r, o, "state.contacts[].", "charged", c.charged));
            MUSTER_TRY(boolField(r, o, "state.contacts[].", "flank", c.flank));
            MUSTER_TRY(r.integer(o, "state.contacts[].", "roundsFought", c.roundsFought, false, 0, 1000000));
            s.contacts.push_back(c);
        }
    }
    MUSTER_TRY(r.string(j, "state.", "winner", s.winner, true));
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
