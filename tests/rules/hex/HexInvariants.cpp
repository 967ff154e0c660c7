#include "HexInvariants.h"

#include <nlohmann/json.hpp>

namespace muster::rules::test {

using nlohmann::json;

std::vector<std::string> HexInvariants::start(const Engine& e) {
    const json s = json::parse(e.stateJson());
    for (const auto& h : s["hexes"])
        m_start[h["side"].get<std::string>()] += h["startFigures"].get<int>();
    return check(e);
}

std::vector<std::string> HexInvariants::check(const Prompt&, const Input&, const Engine& after) {
    return check(after);
}

std::vector<std::string> HexInvariants::finish(const Engine& e) {
    auto v = check(e);
    if (e.turnView().winner.empty())
        v.emplace_back("game over without a winner or draw");
    return v;
}

std::vector<std::string> HexInvariants::check(const Engine& e) {
    std::vector<std::string> v;
    const json s = json::parse(e.stateJson());
    std::map<std::string, int> total;
    std::vector<std::string> out;
    for (const auto& h : s["hexes"]) {
        const std::string id = h["id"];
        int figures = 0;
        for (const auto& [arm, n] : h["figures"].items()) {
            if (n.get<int>() < 0)
                v.push_back(id + ": negative " + arm);
            figures += n.get<int>();
        }
        for (const auto& g : h["guns"])
            if (g.get<int>() < 0)
                v.push_back(id + ": a gun below 0");
        if (h["casualties"].get<int>() < 0)
            v.push_back(id + ": negative casualties");
        total[h["side"].get<std::string>()] += figures + h["casualties"].get<int>();
        bool alive = h["joinedInto"].get<int>() < 0 && figures > 0;
        if (alive && h["figures"].value("artillery", 0) == figures) { // guns alone: alive while one works
            alive = false;
            for (const auto& g : h["guns"])
                alive = alive || g.get<int>() > 0;
        }
        if (!alive)
            out.push_back(id);
    }
    for (const auto& [side, n] : m_start)
        if (total[side] != n)
            v.push_back(side + ": " + std::to_string(total[side]) + " figures and casualties, " +
                        std::to_string(n) + " at set-up");
    const Prompt p = e.prompt();
    if (p.kind == PromptKind::GameOver)
        return v;
    if (p.tag().empty() || p.subjects().empty() || p.side().empty())
        v.push_back("prompt " + p.key() + " without tag, subjects or side");
    if (p.dice && (p.dice->purpose.empty() || p.dice->ruleId.empty()))
        v.push_back("dice " + p.key() + " without purpose or rule");
    if (p.question && p.question->ruleId.empty())
        v.push_back("question " + p.key() + " without a rule id");
    for (const auto& id : out) {
        // A stack out of play is never asked about nor offered.
        if (p.key().rfind(id + ".", 0) == 0)
            v.push_back("prompt " + p.key() + " for " + id + ", which is out of play");
        if (p.question)
            for (const auto& o : p.question->options)
                if (o.value == id)
                    v.push_back("question " + p.key() + " offers " + id + ", which is out of play");
    }
    return v;
}

} // namespace muster::rules::test
