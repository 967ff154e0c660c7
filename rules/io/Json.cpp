#include "rules/io/Json.h"

#include "rules/RuleSets.h"
#include "rules/io/JsonReader.h"

#include <fstream>
#include <sstream>

namespace muster::rules::io {

Result<Scenario> loadScenario(const std::string& path) {
    std::ifstream in(path);
    if (!in)
        return makeError(path + ": cannot open the file");
    std::stringstream ss;
    ss << in.rdbuf();
    return parseScenario(ss.str(), path);
}

Result<Scenario> parseScenario(const std::string& text, const std::string& sourceName) {
    auto parsed = parseDocument(text, sourceName);
    if (!parsed)
        return parsed.error();
    const json& j = *parsed;
    Reader r(sourceName);
    MUSTER_TRY(r.requireObject(j, "(document)"));
    std::string ruleSet;
    MUSTER_TRY(r.string(j, "", "rules", ruleSet, true));
    const RuleSet* rules = findRuleSet(ruleSet);
    if (!rules)
        return r.error("rules", "unknown rule set '" + ruleSet + "' (supported: " + ruleSetIds() + ")");
    return rules->parseScenario(text, sourceName);
}

Result<Scenario> scenarioFromJson(const json& j, const std::string& sourceName) {
    return parseScenario(j.dump(), sourceName);
}

json toJson(const Scenario& scenario) {
    json j = json::parse(scenario.json, nullptr, false);
    return j.is_discarded() ? json::object() : j;
}

json toJson(const Input& in) {
    json j{{"kind", toString(in.kind)}, {"key", in.key}, {"source", std::string(toString(in.source))}};
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
                       "unknown source '" + source + "' (camera, typed, virtual, override or app)");
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
        if (p.dice->appDraws)
            j["dice"]["appDraws"] = true; // drawn by the app, not thrown (DiceRequest::appDraws)
        if (p.dice->pool)
            j["dice"]["pool"] = true; // may be entered as counts per face (DiceRequest::pool)
        if (!p.dice->scoringFaces.empty())
            j["dice"]["scoringFaces"] = p.dice->scoringFaces;
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
        std::optional<bool> pool;
        MUSTER_TRY(r.optBool(d, "prompt.dice.", "pool", pool));
        dr.pool = pool.value_or(false);
        if (auto it = d.find("scoringFaces"); it != d.end()) {
            if (!it->is_array())
                return r.error("prompt.dice.scoringFaces", "expected an array of faces");
            for (const auto& f : *it) {
                if (!f.is_number_integer() || f.get<long long>() < 1 || f.get<long long>() > dr.sides)
                    return r.error("prompt.dice.scoringFaces",
                                   "expected faces from 1 to " + std::to_string(dr.sides));
                dr.scoringFaces.push_back(f.get<int>());
            }
        }
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

} // namespace muster::rules::io
