#include "HexInvariants.h"

#include <nlohmann/json.hpp>

namespace muster::rules::test {

using nlohmann::json;

std::vector<std::string> HexInvariants::start(const Engine& e) {
    const json s = json::parse(e.stateJson());
    for (const auto& h : s["hexes"])
        m_start[h["side"].get<std::string>()] += h["startFigures"].get<int>();
    m_before = s;
    m_reached.clear();
    return check(e);
}

namespace {

int figuresOf(const json& hex) {
    int n = 0;
    for (const auto& [arm, count] : hex["figures"].items())
        n += count.get<int>();
    return n;
}

} // namespace

std::vector<std::string> HexInvariants::check(const Prompt& answered, const Input&, const Engine& after) {
    std::vector<std::string> v;
    const json& before = m_before;
    json now = json::parse(after.stateJson());
    const auto sideTurn = std::make_tuple(before["turn"].get<int>(), before["cursor"]["sideTurn"].get<int>());
    const auto& subjects = answered.subjects();
    if (answered.tag() == "rear" && subjects.size() >= 2)
        m_reached.emplace(std::get<0>(sideTurn), std::get<1>(sideTurn), subjects[1]);
    if (answered.tag() == "fall_back" && !subjects.empty() &&
        !m_reached.count({std::get<0>(sideTurn), std::get<1>(sideTurn), subjects[0]}))
        v.push_back(subjects[0] + " is asked to fall back, but no attacker reached it this side-turn");
    // A new stack is a part of the hex whose label it extends ("C4-2", "C4-behind"): their figures add up.
    std::map<std::string, int> was;
    for (const auto& h : before["hexes"])
        was[h["id"].get<std::string>()] = figuresOf(h);
    std::map<std::string, int> is;
    for (const auto& h : now["hexes"])
        is[h["id"].get<std::string>()] = figuresOf(h);
    for (const auto& [id, n] : is) {
        if (was.count(id))
            continue;
        const std::string source = id.substr(0, id.rfind('-'));
        if (!was.count(source))
            v.push_back("a new hex " + id + " with no hex it came from");
        else if (is[source] + n != was[source])
            v.push_back(source + " had " + std::to_string(was[source]) + " figures and splits into " +
                        std::to_string(is[source]) + " and " + std::to_string(n) + " (" + id + ")");
    }
    m_before = std::move(now);
    for (auto& x : check(after))
        v.push_back(std::move(x));
    return v;
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
