#include "rules/hex/io/HexJson.h"

#include "rules/core/RuleSet.h"
#include "rules/hex/ScenarioData.h"
#include "rules/io/JsonReader.h"

#include <algorithm>
#include <memory>

namespace muster::rules::hex::io {

namespace {

using nlohmann::json;
using rules::io::Reader;

bool colourOk(const std::string& c) {
    return c.size() == 7 && c[0] == '#' &&
           c.find_first_not_of("0123456789abcdefABCDEF", 1) == std::string::npos;
}

std::optional<Error> readStack(const Reader& r, const json& o, const std::string& at, const GameRules& rules,
                               const Scenario& s, Stack& st) {
    const std::string path = at + ".";
    if (!o.is_object())
        return r.error(at, std::string("expected an object, got ") + o.type_name());
    std::string text;
    MUSTER_TRY(r.string(o, path, "hex", text, true));
    if (text.empty() || text.find_first_of(" .:") != std::string::npos)
        return r.error(path + "hex", "a hex label without spaces, '.' or ':' (\"C4\"), got '" + text + "'");
    st.id = text;
    std::string side;
    MUSTER_TRY(r.string(o, path, "side", side, true));
    st.side = -1;
    for (std::size_t i = 0; i < s.sides.size(); ++i)
        if (s.sides[i].id == side)
            st.side = static_cast<int>(i);
    if (st.side < 0)
        return r.error(path + "side", "unknown side '" + side + "'");
    for (const auto& [key, value] : o.items()) {
        if (key == "hex" || key == "side" || key == "standing" || key == "crew")
            continue;
        Arm arm;
        const bool known =
            parse(key, arm) && std::find(rules.arms().begin(), rules.arms().end(), arm) != rules.arms().end();
        if (!known) {
            std::string names;
            for (Arm a : rules.arms())
                names += (names.empty() ? "" : ", ") + toString(a);
            return r.error(path + key, "unknown field (troops of " + rules.name() + " are " + names + ")");
        }
        (void)value;
        MUSTER_TRY(r.integer(o, path, key.c_str(), st.figures[index(arm)], true, 0, 500));
    }
    const int guns = st.figures[index(Arm::Artillery)];
    if (rules.id() == "mf") {
        int crew = 2;
        MUSTER_TRY(r.integer(o, path, "crew", crew, false, 1, 20));
        st.guns.assign(static_cast<std::size_t>(guns), crew);
        st.gunFull = st.guns;
        st.gunStart = crew;
        st.figures[index(Arm::Artillery)] = guns * crew; // the artillerymen are the figures that fall
    } else if (guns > 0) {
        st.guns.assign(static_cast<std::size_t>(guns), 2); // SD-GUN-01: 2 casualties a gun
        st.gunFull = st.guns;
        st.gunStart = 2;
    }
    if (figuresOf(st) == 0)
        return r.error(at, "a hex with no troops");
    std::optional<bool> standing;
    MUSTER_TRY(r.optBool(o, path, "standing", standing));
    st.standing = standing.value_or(true);
    if (auto refused = rules.mixRefused(st.figures, s.houseRules))
        return r.error(at, *refused);
    return std::nullopt;
}

} // namespace

Result<Scenario> parseScenario(const std::string& text, const std::string& sourceName,
                               const GameRules& rules) {
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
    if (s.ruleSet != rules.id())
        return r.error("rules", "expected \"" + rules.id() + "\", got '" + s.ruleSet + "'");
    MUSTER_TRY(r.integer(j, "", "turns", s.turns, false, 1, 1000));
    if (auto it = j.find("houseRules"); it != j.end()) {
        MUSTER_TRY(rules::io::readHouseRules(r, *it, "houseRules", s.houseRules));
        if (auto bad = rules::resolveOptions(rules.options(), s.houseRules); !bad)
            return r.error("houseRules", bad.error().message);
    }
    auto sides = j.find("sides");
    if (sides == j.end())
        return r.error("sides", "missing required field");
    if (!sides->is_array() || sides->size() != 2)
        return r.error("sides", "expected an array of 2 sides");
    for (std::size_t i = 0; i < sides->size(); ++i) {
        const json& o = (*sides)[i];
        const std::string at = "sides[" + std::to_string(i) + "]";
        MUSTER_TRY(r.requireObject(o, at));
        SideDef d;
        MUSTER_TRY(r.string(o, at + ".", "id", d.id, true));
        MUSTER_TRY(r.string(o, at + ".", "name", d.name, false));
        MUSTER_TRY(r.string(o, at + ".", "colour", d.colour, false));
        if (!d.colour.empty() && !colourOk(d.colour))
            return r.error(at + ".colour", "expected \"#rrggbb\", got '" + d.colour + "'");
        if (d.id.empty() || (!s.sides.empty() && s.sides[0].id == d.id))
            return r.error(at + ".id", "expected a non-empty id, different from the other side's");
        if (d.name.empty())
            d.name = d.id;
        s.sides.push_back(d);
    }
    auto data = std::make_shared<ScenarioData>();
    MUSTER_TRY(r.string(j, "", "firstSide", data->firstSide, false));
    if (!data->firstSide.empty() && data->firstSide != s.sides[0].id && data->firstSide != s.sides[1].id)
        return r.error("firstSide", "unknown side '" + data->firstSide + "'");
    auto hexes = j.find("hexes");
    if (hexes == j.end())
        return r.error("hexes", "missing required field");
    if (!hexes->is_array() || hexes->empty())
        return r.error("hexes", "expected a non-empty array of hexes");
    for (std::size_t i = 0; i < hexes->size(); ++i) {
        const std::string at = "hexes[" + std::to_string(i) + "]";
        Stack st;
        MUSTER_TRY(readStack(r, (*hexes)[i], at, rules, s, st));
        for (const auto& other : data->stacks)
            if (other.id == st.id)
                return r.error(at + ".hex", "hex '" + st.id.str() + "' is listed twice");
        data->stacks.push_back(std::move(st));
    }
    s.json = j.dump();
    s.body = data;
    return s;
}

std::string stateJson(const State& s) {
    json stacks = json::array();
    for (const auto& st : s.stacks) {
        json figures = json::object();
        for (Arm a : kAllArms)
            if (st.figures[index(a)] != 0)
                figures[toString(a)] = st.figures[index(a)];
        stacks.push_back({{"id", st.id.str()},
                          {"side", s.sides[static_cast<std::size_t>(st.side)].id.str()},
                          {"figures", figures},
                          {"guns", st.guns},
                          {"gunStart", st.gunStart},
                          {"gunFull", st.gunFull},
                          {"startFigures", st.startFigures},
                          {"casualties", st.casualties},
                          {"moved", st.moved},
                          {"movedHexes", st.movedHexes},
                          {"standing", st.standing},
                          {"fought", st.fought},
                          {"attacked", st.attacked},
                          {"fellBack", st.fellBack},
                          {"joinedInto", st.joinedInto},
                          {"mustMarch", st.mustMarch}});
    }
    json sides = json::array();
    for (const auto& d : s.sides)
        sides.push_back({{"id", d.id.str()}, {"name", d.name.str()}, {"colour", d.colour.str()}});
    json fired = json::array();
    for (const auto& f : s.firedAt)
        fired.push_back(f.str());
    json out = {
        {"rules", s.ruleSet.str()},
        {"scenario", s.scenarioName.str()},
        {"houseRules", s.houseRules.values()},
        {"sides", sides},
        {"hexes", stacks},
        {"turn", s.turn},
        {"maxTurns", s.maxTurns},
        {"firstSide", s.firstSide},
        {"deployed", s.deployed},
        {"sideFights", s.sideFights},
        {"firedAt", fired},
        {"cursor",
         {{"step", toString(s.cursor.step)}, {"sideTurn", s.cursor.sideTurn}, {"index", s.cursor.index}}},
        {"winner", s.winner}};
    return out.dump();
}

} // namespace muster::rules::hex::io
