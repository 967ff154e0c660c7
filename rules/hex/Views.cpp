#include "rules/hex/HexRuleSet.h"
#include "rules/hex/ScenarioData.h"
#include "rules/hex/io/HexJson.h"

#include <algorithm>

namespace muster::rules::hex {

namespace {

std::string sideName(const State& s, int side) {
    return s.sides[static_cast<std::size_t>(side)].name.str();
}

std::string phaseOf(int sideTurn, const char* what) {
    return std::string(sideTurn == 0 ? "first_" : "second_") + what;
}

// What the guns of a stack have left: MF crew per cannon (MF-FIRE-08), SD guns out of action (SD-GUN-01).
std::string gunDetail(const State& s, const Stack& st) {
    if (st.guns.empty())
        return "";
    if (s.ruleSet == "mf") {
        std::string crew;
        for (int c : st.guns)
            crew += (crew.empty() ? "" : ", ") + std::to_string(c);
        return " (crew " + crew + ")";
    }
    const auto out = std::count(st.guns.begin(), st.guns.end(), 0);
    return out > 0 ? " (" + std::to_string(out) + " out of action)" : "";
}

} // namespace

Options optionsOf(const State& s, const GameRules& rules) {
    Options o;
    o.rules = &rules;
    o.values = s.houseRules.get();
    o.common = rules.common(o.values);
    return o;
}

std::string phaseId(const State& s) {
    switch (s.cursor.step) {
    case Step::Initiative:
        return "initiative";
    case Step::Deploy:
        return "deploy";
    case Step::SideChoice:
    case Step::March:
        return phaseOf(s.cursor.sideTurn, "march");
    case Step::Fight:
    case Step::EndSideTurn:
        return phaseOf(s.cursor.sideTurn, "fight");
    case Step::GameOver:
        return "game_over";
    }
    return "";
}

std::string stepTitle(const State& s) {
    std::string title = "Turn " + std::to_string(s.turn) + " · ";
    switch (s.cursor.step) {
    case Step::Initiative:
        return title + "Who moves first";
    case Step::Deploy:
        return title + "Deployment";
    case Step::GameOver:
        return title + "Game over";
    default:
        break;
    }
    const bool fight = s.cursor.step == Step::Fight || s.cursor.step == Step::EndSideTurn;
    return title + sideName(s, phasingSide(s)) + " · " + (fight ? "Fighting" : "Marching");
}

std::string overHeadline(const State& s) {
    if (s.winner == "draw")
        return "Game over: a draw";
    for (const auto& d : s.sides)
        if (d.id == s.winner)
            return "Game over: " + d.name + " win";
    return "Game over";
}

TurnView turnView(const State& s, const GameRules& rules) {
    TurnView v;
    v.turn = s.turn;
    v.maxTurns = s.maxTurns;
    v.phase = phaseId(s);
    v.phases.push_back({"initiative", "Who moves first", ""});
    if (rules.deploys())
        v.phases.push_back({"deploy", "Deployment", ""});
    for (int t = 0; t < 2; ++t) {
        std::string group = t == 0 ? "First side-turn" : "Second side-turn";
        if (s.firstSide >= 0)
            group += " (" + sideName(s, t == 0 ? s.firstSide : 1 - s.firstSide) + ")";
        v.phases.push_back({phaseOf(t, "march"), "March", group});
        v.phases.push_back({phaseOf(t, "fight"), rules.id() == "mf" ? "Fight (fire)" : "Fight", group});
    }
    v.over = s.cursor.step == Step::GameOver;
    const bool sideTurn = s.cursor.step != Step::Initiative && s.cursor.step != Step::Deploy;
    v.activeSide =
        v.over || !sideTurn ? std::string() : s.sides[static_cast<std::size_t>(phasingSide(s))].id.str();
    v.winner = s.winner;
    return v;
}

RosterView roster(const State& s) {
    RosterView r;
    r.columns = {{"hex", "Hex"},
                 {"arm", "Arm"},
                 {"figures", "Figures"},
                 {"marks", "Moved or standing"},
                 {"casualties", "Casualties"}};
    for (const auto& st : s.stacks) {
        RosterRow row;
        row.id = st.id.str();
        row.name = st.id.str();
        row.side = s.sides[static_cast<std::size_t>(st.side)].id.str();
        row.sideName = s.sides[static_cast<std::size_t>(st.side)].name.str();
        row.sideColour = s.sides[static_cast<std::size_t>(st.side)].colour.str();
        std::string arms;
        for (Arm a : kAllArms)
            if (st.figures[index(a)] > 0 || (a == Arm::Artillery && !st.guns.empty())) {
                arms += (arms.empty() ? "" : ", ") + toString(a);
                if (row.arm.empty())
                    row.arm = toString(a);
            }
        if (arms.find(',') != std::string::npos)
            row.arm = "mixed";
        const bool alive = inPlay(st);
        row.strength = alive ? figuresOf(st) : 0;
        row.startStrength = st.startFigures;
        row.removed = !alive;
        std::string marks;
        if (st.moved)
            marks = "moved " + std::to_string(st.movedHexes);
        if (s.ruleSet != "mf")
            marks += (marks.empty() ? "" : ", ") + std::string(st.standing ? "standing" : "falling back");
        if (st.fellBack)
            marks += ", fell back";
        if (st.fought)
            marks += ", fought";
        row.status = st.joinedInto >= 0
                         ? "joined " + s.stacks[static_cast<std::size_t>(st.joinedInto)].id.str()
                         : (!alive ? "lost" : (marks.empty() ? "in place" : marks));
        row.values = {st.id.str(), arms.empty() ? "-" : arms, describe(st) + gunDetail(s, st),
                      marks.empty() ? "-" : marks, std::to_string(st.casualties)};
        r.rows.push_back(std::move(row));
    }
    return r;
}

std::string stateJson(const State& s) {
    return io::stateJson(s);
}

Result<Scenario> parseHexScenario(const std::string& json, const std::string& sourceName,
                                  const GameRules& rules) {
    return io::parseScenario(json, sourceName, rules);
}

Result<std::unique_ptr<Game>> startGame(const Scenario& scenario, const HouseRules& houseRules,
                                        const GameRules& rules, std::unique_ptr<Game> (*make)(State)) {
    const auto* data = dynamic_cast<const ScenarioData*>(scenario.body.get());
    if (!data || scenario.ruleSet != rules.id())
        return makeError(scenario.sourcePath + ": not a " + rules.name() + " scenario");
    HouseRules merged = scenario.houseRules;
    for (const auto& [k, v] : houseRules.values)
        merged.values[k] = v;
    auto resolved = rules::resolveOptions(rules.options(), merged);
    if (!resolved)
        return resolved.error();
    auto state = buildState(scenario, *data, resolved.value(), rules);
    if (!state)
        return state.error();
    return make(std::move(state.value()));
}

} // namespace muster::rules::hex
