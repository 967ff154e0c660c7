#include "rules/io/Json.h"

#include "rules/md/Tables.h"
#include "rules/md/Types.h"

#include <fstream>
#include <sstream>

namespace muster::rules::io {

using nlohmann::json;

namespace {

// Reads typed fields and builds "file: field: problem" messages.
class Reader {
public:
    Reader(std::string source)
        : m_source(std::move(source)) {}

    Error error(const std::string& field, const std::string& problem) const {
        return Error{m_source + ": " + field + ": " + problem};
    }

    std::optional<Error> requireObject(const json& j, const std::string& field) const {
        if (!j.is_object())
            return error(field, "expected an object, got " + std::string(j.type_name()));
        return std::nullopt;
    }

    std::optional<Error> string(const json& obj, const std::string& path, const char* key, std::string& out,
                                bool required) const {
        auto it = obj.find(key);
        if (it == obj.end()) {
            if (required)
                return error(path + key, "missing required field");
            return std::nullopt;
        }
        if (!it->is_string())
            return error(path + key, "expected a string, got " + std::string(it->type_name()));
        out = it->get<std::string>();
        return std::nullopt;
    }

    std::optional<Error> optString(const json& obj, const std::string& path, const char* key,
                                   std::optional<std::string>& out) const {
        if (!obj.contains(key))
            return std::nullopt;
        std::string s;
        if (auto e = string(obj, path, key, s, true))
            return e;
        out = s;
        return std::nullopt;
    }

    std::optional<Error> integer(const json& obj, const std::string& path, const char* key, int& out,
                                 bool required, int min, int max) const {
        auto it = obj.find(key);
        if (it == obj.end()) {
            if (required)
                return error(path + key, "missing required field");
            return std::nullopt;
        }
        if (!it->is_number_integer())
            return error(path + key, "expected an integer, got " + std::string(it->type_name()));
        long long v = it->get<long long>();
        if (v < min || v > max)
            return error(path + key, "value " + std::to_string(v) + " is outside " + std::to_string(min) +
                                         ".." + std::to_string(max));
        out = static_cast<int>(v);
        return std::nullopt;
    }

    std::optional<Error> optInteger(const json& obj, const std::string& path, const char* key,
                                    std::optional<int>& out, int min, int max) const {
        if (!obj.contains(key))
            return std::nullopt;
        int v = 0;
        if (auto e = integer(obj, path, key, v, true, min, max))
            return e;
        out = v;
        return std::nullopt;
    }

    std::optional<Error> optBool(const json& obj, const std::string& path, const char* key,
                                 std::optional<bool>& out) const {
        auto it = obj.find(key);
        if (it == obj.end())
            return std::nullopt;
        if (!it->is_boolean())
            return error(path + key, "expected true or false, got " + std::string(it->type_name()));
        out = it->get<bool>();
        return std::nullopt;
    }

private:
    std::string m_source;
};

#define MUSTER_TRY(expr)                                                                                     \
    do {                                                                                                     \
        if (auto muster_err_ = (expr))                                                                       \
            return *muster_err_;                                                                             \
    } while (false)

std::optional<Error> readHouseRules(const Reader& r, const json& j, const std::string& path,
                                    HouseRules& out) {
    if (!j.is_object())
        return r.error(path, "expected an object of option keys, got " + std::string(j.type_name()));
    for (const auto& [key, value] : j.items()) {
        if (value.is_string())
            out.values[key] = value.get<std::string>();
        else if (value.is_number_integer())
            out.values[key] = std::to_string(value.get<long long>());
        else if (value.is_boolean())
            out.values[key] = value.get<bool>() ? "true" : "false";
        else if (value.is_array()) {
            std::string s;
            for (const auto& v : value) {
                if (!v.is_number_integer())
                    return r.error(path + "." + key, "expected a list of integers");
                s += (s.empty() ? "" : ",") + std::to_string(v.get<long long>());
            }
            out.values[key] = s;
        } else
            return r.error(path + "." + key,
                           "expected a string, number or boolean, got " + std::string(value.type_name()));
    }
    return std::nullopt;
}

} // namespace

Result<Scenario> loadScenario(const std::string& path) {
    std::ifstream in(path);
    if (!in)
        return makeError(path + ": cannot open the file");
    std::stringstream ss;
    ss << in.rdbuf();
    return parseScenario(ss.str(), path);
}

Result<Scenario> parseScenario(const std::string& text, const std::string& sourceName) {
    json j = json::parse(text, nullptr, false);
    if (j.is_discarded()) {
        // Re-parse with exceptions only to get the position for the message.
        try {
            json again = json::parse(text);
            (void)again;
        } catch (const json::parse_error& e) {
            return makeError(sourceName + ": (document): malformed JSON at byte " + std::to_string(e.byte) +
                             ": " + e.what());
        }
        return makeError(sourceName + ": (document): malformed JSON");
    }
    return scenarioFromJson(j, sourceName);
}

Result<Scenario> scenarioFromJson(const json& j, const std::string& sourceName) {
    Reader r(sourceName);
    Scenario s;
    s.sourcePath = sourceName;
    MUSTER_TRY(r.requireObject(j, "(document)"));
    MUSTER_TRY(r.string(j, "", "name", s.name, true));
    MUSTER_TRY(r.string(j, "", "rules", s.ruleSet, true));
    if (s.ruleSet != "md")
        return r.error("rules", "unknown rule set '" + s.ruleSet + "' (supported: md)");
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
            s.generals.push_back(g);
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
        for (const auto& other : s.units) {
            if (other.id == u.id)
                return r.error(path + "id", "duplicate unit id '" + u.id + "'");
        }
        s.units.push_back(u);
    }
    if (s.units.empty())
        return r.error("units", "a scenario needs at least one unit");
    return s;
}

json toJson(const Scenario& s) {
    json j;
    j["name"] = s.name;
    j["rules"] = s.ruleSet;
    j["turns"] = s.turns;
    j["houseRules"] = toJson(s.houseRules);
    j["sides"] = json::array();
    for (const auto& d : s.sides)
        j["sides"].push_back({{"id", d.id}, {"nation", d.nation}, {"name", d.name}});
    j["generals"] = json::array();
    for (const auto& g : s.generals)
        j["generals"].push_back({{"id", g.id}, {"side", g.side}, {"name", g.name}});
    j["units"] = json::array();
    for (const auto& u : s.units) {
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
    return j;
}

json toJson(const Input& in) {
    json j{{"kind", toString(in.kind)}, {"key", in.key}, {"source", toString(in.source)}};
    if (in.kind == InputKind::Answer)
        j["value"] = in.value;
    else
        j["faces"] = in.faces;
    if (!in.player.empty())
        j["player"] = in.player;
    return j;
}

Result<Input> inputFromJson(const json& j) {
    Reader r("<json>");
    Input in;
    MUSTER_TRY(r.requireObject(j, "input"));
    std::string kind;
    MUSTER_TRY(r.string(j, "input.", "kind", kind, true));
    if (kind == "answer")
        in.kind = InputKind::Answer;
    else if (kind == "dice")
        in.kind = InputKind::Dice;
    else
        return r.error("input.kind", "expected \"answer\" or \"dice\", got '" + kind + "'");
    MUSTER_TRY(r.string(j, "input.", "key", in.key, true));
    if (in.kind == InputKind::Answer) {
        MUSTER_TRY(r.string(j, "input.", "value", in.value, true));
        in.source = DiceSource::Typed;
    } else {
        if (!j.contains("faces") || !j["faces"].is_array())
            return r.error("input.faces", "missing required array of integers");
        for (const auto& f : j["faces"]) {
            if (!f.is_number_integer())
                return r.error("input.faces", "expected integers, got " + std::string(f.type_name()));
            in.faces.push_back(f.get<int>());
        }
    }
    std::string source;
    MUSTER_TRY(r.string(j, "input.", "source", source, false));
    if (!source.empty() && !diceSourceFromString(source, in.source))
        return r.error("input.source",
                       "unknown source '" + source + "' (camera, typed, virtual or override)");
    MUSTER_TRY(r.string(j, "input.", "player", in.player, false));
    return in;
}

json toJson(const Prompt& p) {
    json j{{"kind", toString(p.kind)}, {"phase", p.phase}, {"turn", p.turn}, {"headline", p.headline}};
    if (p.question) {
        json opts = json::array();
        for (const auto& o : p.question->options)
            opts.push_back({{"value", o.value}, {"label", o.label}});
        j["question"] = {{"key", p.question->key},
                         {"text", p.question->text},
                         {"options", opts},
                         {"ruleId", p.question->ruleId}};
    }
    if (p.dice) {
        j["dice"] = {{"id", p.dice->id},           {"count", p.dice->count},
                     {"sides", p.dice->sides},     {"modifier", p.dice->modifier},
                     {"purpose", p.dice->purpose}, {"ruleId", p.dice->ruleId},
                     {"roller", p.dice->roller}};
    }
    return j;
}

Result<Prompt> promptFromJson(const json& j) {
    Reader r("<json>");
    Prompt p;
    MUSTER_TRY(r.requireObject(j, "prompt"));
    std::string kind;
    MUSTER_TRY(r.string(j, "prompt.", "kind", kind, true));
    if (kind == "question")
        p.kind = PromptKind::Question;
    else if (kind == "dice")
        p.kind = PromptKind::Dice;
    else if (kind == "game_over")
        p.kind = PromptKind::GameOver;
    else
        return r.error("prompt.kind", "unknown prompt kind '" + kind + "'");
    MUSTER_TRY(r.string(j, "prompt.", "phase", p.phase, false));
    MUSTER_TRY(r.integer(j, "prompt.", "turn", p.turn, false, 0, 1000000));
    MUSTER_TRY(r.string(j, "prompt.", "headline", p.headline, false));
    if (j.contains("question")) {
        const json& q = j["question"];
        MUSTER_TRY(r.requireObject(q, "prompt.question"));
        Question qq;
        MUSTER_TRY(r.string(q, "prompt.question.", "key", qq.key, true));
        MUSTER_TRY(r.string(q, "prompt.question.", "text", qq.text, false));
        MUSTER_TRY(r.string(q, "prompt.question.", "ruleId", qq.ruleId, false));
        if (q.contains("options")) {
            if (!q["options"].is_array())
                return r.error("prompt.question.options", "expected an array");
            for (const auto& o : q["options"]) {
                Option opt;
                MUSTER_TRY(r.requireObject(o, "prompt.question.options[]"));
                MUSTER_TRY(r.string(o, "prompt.question.options[].", "value", opt.value, true));
                MUSTER_TRY(r.string(o, "prompt.question.options[].", "label", opt.label, false));
                qq.options.push_back(opt);
            }
        }
        p.question = qq;
    }
    if (j.contains("dice")) {
        const json& d = j["dice"];
        MUSTER_TRY(r.requireObject(d, "prompt.dice"));
        DiceRequest dr;
        MUSTER_TRY(r.string(d, "prompt.dice.", "id", dr.id, true));
        MUSTER_TRY(r.integer(d, "prompt.dice.", "count", dr.count, true, 0, 1000));
        MUSTER_TRY(r.integer(d, "prompt.dice.", "sides", dr.sides, true, 1, 1000000));
        MUSTER_TRY(r.integer(d, "prompt.dice.", "modifier", dr.modifier, false, -1000, 1000));
        MUSTER_TRY(r.string(d, "prompt.dice.", "purpose", dr.purpose, false));
        MUSTER_TRY(r.string(d, "prompt.dice.", "ruleId", dr.ruleId, false));
        MUSTER_TRY(r.string(d, "prompt.dice.", "roller", dr.roller, false));
        p.dice = dr;
    }
    return p;
}

json toJson(const HouseRules& h) {
    json j = json::object();
    for (const auto& [k, v] : h.values)
        j[k] = v;
    return j;
}

Result<HouseRules> houseRulesFromJson(const json& j) {
    Reader r("<json>");
    HouseRules h;
    MUSTER_TRY(readHouseRules(r, j, "houseRules", h));
    return h;
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

} // namespace

json toJson(const GameState& s) {
    json j;
    j["ruleSet"] = s.ruleSet;
    j["scenario"] = s.scenario;
    j["turn"] = s.turn;
    j["maxTurns"] = s.maxTurns;
    j["phase"] = md::toString(s.cursor.phase);
    j["cursor"] = {
        {"phase", md::toString(s.cursor.phase)}, {"stage", s.cursor.stage}, {"index", s.cursor.index}};
    j["houseRules"] = toJson(s.houseRules);
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
        j["pendingDls"].push_back({{"unit", d.unit},
                                   {"dice", d.dice},
                                   {"fixed", d.fixed},
                                   {"sixOnly", d.sixOnly},
                                   {"capped", d.capped},
                                   {"gradeMod", d.gradeMod},
                                   {"cause", d.cause.str()},
                                   {"ruleId", d.ruleId.str()}});
    j["contacts"] = json::array();
    for (const auto& c : s.contacts)
        j["contacts"].push_back({{"attacker", c.attacker},
                                 {"defender", c.defender},
                                 {"charged", c.charged},
                                 {"flank", c.flank},
                                 {"roundsFought", c.roundsFought}});
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

} // namespace muster::rules::io
