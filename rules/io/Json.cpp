#include "rules/io/Json.h"

#include "rules/RuleSets.h"
#include "rules/io/JsonReader.h"

#include <fstream>
#include <sstream>

namespace muster::rules::io {

namespace {

// The length of the UTF-8 sequence at text[i] (1-4), or 0 when the bytes there are not one.
std::size_t utf8Length(const std::string& text, std::size_t i) {
    const auto c = static_cast<unsigned char>(text[i]);
    const std::size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    if (n == 0 || i + n > text.size())
        return 0;
    for (std::size_t k = 1; k < n; ++k)
        if ((static_cast<unsigned char>(text[i + k]) >> 6) != 0x2)
            return 0;
    return n;
}

// The code point of a valid sequence of length n at text[i].
unsigned codePoint(const std::string& text, std::size_t i, std::size_t n) {
    static const unsigned kLead[] = {0, 0x7F, 0x1F, 0x0F, 0x07};
    unsigned cp = static_cast<unsigned char>(text[i]) & kLead[n];
    for (std::size_t k = 1; k < n; ++k)
        cp = (cp << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
    return cp;
}

// The marks that reorder or hide text direction (LRM, RLM, ALM, the embeddings, overrides and isolates).
bool directionMark(unsigned cp) {
    return cp == 0x200E || cp == 0x200F || cp == 0x061C || (cp >= 0x202A && cp <= 0x202E) ||
           (cp >= 0x2066 && cp <= 0x2069);
}

std::string hex(unsigned value, int digits) {
    static const char kDigits[] = "0123456789abcdef";
    std::string out(static_cast<std::size_t>(digits), '0');
    for (int d = digits - 1; d >= 0; --d, value >>= 4)
        out[static_cast<std::size_t>(d)] = kDigits[value & 0xF];
    return out;
}

} // namespace

std::string escapedText(const std::string& text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t n = utf8Length(text, i);
        if (n == 0) {
            out += "\\x" + hex(static_cast<unsigned char>(text[i]), 2);
            ++i;
            continue;
        }
        const unsigned cp = codePoint(text, i, n);
        if (cp < 0x20 || cp == 0x7F)
            out += "\\x" + hex(cp, 2);
        else if (directionMark(cp))
            out += "\\u" + hex(cp, 4);
        else
            out.append(text, i, n);
        i += n;
    }
    return out;
}

std::string forbiddenCharacter(const std::string& text) {
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t n = utf8Length(text, i);
        if (n == 0)
            return "\\x" + hex(static_cast<unsigned char>(text[i]), 2);
        const unsigned cp = codePoint(text, i, n);
        if (cp < 0x20 || cp == 0x7F)
            return "\\x" + hex(cp, 2);
        if (directionMark(cp))
            return "\\u" + hex(cp, 4);
        i += n;
    }
    return {};
}

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
