#include "rules/omtb/OmtbRuleSet.h"

#include "rules/omtb/ScenarioData.h"
#include "rules/omtb/Tables.h"
#include "rules/omtb/Turn.h"
#include "rules/omtb/io/OmtbJson.h"

namespace muster::rules::omtb {

namespace {

const Step kShownSteps[] = {Step::Ops,   Step::Activate, Step::MoraleTargets, Step::MoraleChargers,
                            Step::Melee, Step::Rout};

std::string stepLabel(Step st) {
    switch (st) {
    case Step::Ops:
        return "1. Operations roll";
    case Step::Surprise:
        return "Indian surprise (1790-92)";
    case Step::SurpriseMorale:
        return "Morale after the surprise";
    case Step::Leaders:
        return "1. Leaders";
    case Step::Forced:
        return "1. Rally and reform";
    case Step::Activate:
        return "1-2. Operations and charges";
    case Step::MoraleTargets:
        return "3. Morale of the non-phasing side";
    case Step::MoraleChargers:
        return "4. Morale of the chargers";
    case Step::Melee:
        return "5. Contact and melee";
    case Step::Rout:
        return "6. Rout moves";
    case Step::GameOver:
        return "Game over";
    }
    return "";
}

// The step the banner shows for a cursor step (the inner steps of step 1 show as step 1).
Step shownStep(Step st) {
    switch (st) {
    case Step::Surprise:
    case Step::SurpriseMorale:
    case Step::Leaders:
    case Step::Forced:
        return Step::Activate;
    default:
        return st;
    }
}

std::string phaseIdOf(int phase, Step st) {
    return std::string(phase == 0 ? "one_" : "two_") + toString(st);
}

std::string sideColour(const State& s, int side) {
    return rules::sideColour(s.sides[static_cast<std::size_t>(side)].colour, static_cast<std::size_t>(side));
}

class OmtbRuleSet final : public rules::RuleSet {
public:
    std::string id() const override { return "omtb"; }
    std::string name() const override { return "Our Moccasins Trickled Blood"; }
    // Bumped by any change after which a recorded OMTB journal could replay differently (docs/journal.md). 2:
    // a volley asks the target's ground before the range, offers only distances at which the target can be
    // seen, and the table may choose another target or none (OMTB-FIRE-02, OMTB-TERR-03, OMTB-TERR-04).
    int engineVersion() const override { return 2; }
    const std::vector<OptionSpec>& options() const override { return optionRegister(); }
    const std::vector<std::string>& optionGroups() const override { return omtb::optionGroups(); }
    Result<HouseRules> resolveOptions(const HouseRules& overrides) const override {
        return omtb::resolveOptions(overrides);
    }
    const ChitVocabulary& chits() const override {
        static const ChitVocabulary kNone; // OMTB has no order chits: operations are rolled (OMTB-OPS-01)
        return kNone;
    }
    Result<Scenario> parseScenario(const std::string& json, const std::string& sourceName) const override {
        return io::parseScenario(json, sourceName);
    }
    Result<std::unique_ptr<Game>> start(const Scenario& scenario,
                                        const HouseRules& houseRules) const override {
        const auto* data = dynamic_cast<const ScenarioData*>(scenario.body.get());
        if (!data)
            return makeError(scenario.sourcePath + ": not an OMTB scenario (read it with the OMTB rule set)");
        HouseRules merged = scenario.houseRules;
        for (const auto& [k, v] : houseRules.values)
            merged.values[k] = v;
        auto resolved = omtb::resolveOptions(merged);
        if (!resolved)
            return resolved.error();
        auto state = buildState(scenario, *data, resolved.value());
        if (!state)
            return state.error();
        return std::unique_ptr<Game>(std::make_unique<OmtbGame>(std::move(state.value())));
    }
};

} // namespace

const std::string& Traits::id() {
    static const std::string kId = "omtb";
    return kId;
}

Options Traits::options(const State& s) {
    return Options::from(s.houseRules);
}

bool Traits::over(const State& s) {
    return s.cursor.step == Step::GameOver;
}

void Traits::skipIdle(State& s, const Options& o) {
    omtb::skipIdle(s, o);
}

bool Traits::runStep(State& s, Feed& feed, const Options& o) {
    return omtb::runStep(s, feed, o);
}

std::string Traits::phaseId(const State& s) {
    if (s.cursor.step == Step::GameOver)
        return "game_over";
    return phaseIdOf(s.cursor.phase, shownStep(s.cursor.step));
}

std::string Traits::stepTitle(const State& s) {
    return "Turn " + std::to_string(s.turn) + " · " + phaseLabel(s) + " (" +
           s.sides[static_cast<std::size_t>(s.cursor.phase)].name + ") · " + stepLabel(s.cursor.step);
}

std::string Traits::overHeadline(const State& s) {
    if (s.winner == "draw")
        return "Game over: a draw";
    for (const auto& d : s.sides)
        if (d.id == s.winner)
            return "Game over: " + d.name + " win";
    return "Game over";
}

int Traits::turn(const State& s) {
    return s.turn;
}

TurnView Traits::turnView(const State& s) {
    TurnView v;
    v.turn = s.turn;
    v.maxTurns = s.maxTurns;
    v.phase = phaseId(s);
    for (int p = 0; p < 2; ++p)
        for (Step st : kShownSteps)
            v.phases.push_back({phaseIdOf(p, st), stepLabel(st),
                                std::string(p == 0 ? "Phase One" : "Phase Two") + " (" +
                                    s.sides[static_cast<std::size_t>(p)].name + ")"});
    v.over = over(s);
    v.activeSide = v.over ? std::string() : s.sides[static_cast<std::size_t>(s.cursor.phase)].id;
    v.winner = s.winner;
    return v;
}

RosterView Traits::roster(const State& s) {
    const Options o = options(s);
    RosterView r;
    r.columns = {{"formation", "Formation"},  {"cohesion", "Cohesion"}, {"loaded", "Loaded"},
                 {"ops", "Ops left"},         {"officer", "Officer"},   {"morale", "Morale"},
                 {"ground", "Ground"},        {"mounted", "Mounted"},   {"leaders", "Leaders"},
                 {"casualties", "Casualties"}}; // figures killed so far: the turn summary counts its falls
    for (std::size_t i = 0; i < s.units.size(); ++i) {
        const Unit& u = s.units[i];
        RosterRow row;
        row.id = u.id.str();
        row.name = u.name.str();
        row.side = s.sides[static_cast<std::size_t>(u.side)].id;
        row.sideName = s.sides[static_cast<std::size_t>(u.side)].name;
        row.sideColour = sideColour(s, u.side);
        row.arm = tables::profile(u.type).arm;
        row.strength = inPlay(u) ? u.figures : 0;
        row.startStrength = u.startFigures;
        row.removed = !inPlay(u);
        row.status = u.removed ? "lost" : u.offTable ? "routed off" : toString(u.cohesion);
        std::string leaders;
        for (const auto& l : s.leaders)
            if (l.alive && l.attachedTo == static_cast<int>(i))
                leaders += (leaders.empty() ? "" : ", ") + l.name.str();
        const int need = loadOpsNeeded(u);
        row.values = {
            toString(u.formation),
            toString(u.cohesion),
            u.loaded ? "yes"
                     : (need > 1 ? std::to_string(u.loadProgress) + " of " + std::to_string(need) : "no"),
            std::to_string(u.ops) + (u.opsPenalty ? " (-1 next roll)" : ""),
            u.officer ? "yes" : "dead",
            std::to_string(moraleRating(s, u, o)),
            toString(u.ground),
            u.mounted ? "yes" : "no",
            leaders,
            std::to_string(u.casualties)};
        r.rows.push_back(std::move(row));
    }
    return r;
}

std::string Traits::stateJson(const State& s) {
    return io::stateJson(s);
}

const HouseRules& Traits::houseRules(const State& s) {
    return s.houseRules.get();
}

std::string Traits::scenarioName(const State& s) {
    return s.scenarioName.str();
}

const rules::RuleSet& omtbRuleSet() {
    static const OmtbRuleSet kRuleSet;
    return kRuleSet;
}

} // namespace muster::rules::omtb
