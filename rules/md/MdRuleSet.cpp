#include "rules/md/MdRuleSet.h"

#include "rules/core/StepEngine.h"
#include "rules/io/JsonReader.h"
#include "rules/md/Movement.h"
#include "rules/md/Options.h"
#include "rules/md/Setup.h"
#include "rules/md/Turn.h"
#include "rules/md/io/Json.h"

namespace muster::rules::md {

namespace {

const std::string kId = "md";

std::string phaseLabel(Phase p) {
    switch (p) {
    case Phase::Orders:
        return "Orders";
    case Phase::ChargeTests:
        return "Charge tests";
    case Phase::FirstFire:
        return "First Fire";
    case Phase::Movement:
        return "Movement";
    case Phase::RegularFire:
        return "Regular Fire";
    case Phase::Melee:
        return "Melee";
    case Phase::Recovery:
        return "Recovery";
    case Phase::GameOver:
        return "Game over";
    }
    return "";
}

int strengthOf(const Unit& u) {
    return u.officers + u.rf;
}

std::string statusOf(const Unit& u) {
    if (u.removed)
        return "lost";
    if (u.dispersed)
        return "dispersed";
    std::string s = u.formed ? "formed" : "unformed";
    const int dl = u.dlRf + u.dlOfficers;
    if (dl > 0)
        s += ", " + std::to_string(dl) + " DL";
    return s;
}

// The scenario's side colours, kept with the rule set's state so the roster can show them.
struct MdState {
    GameState game;
    std::shared_ptr<const std::vector<SideDef>> sideDefs;
    bool operator==(const MdState& o) const { return game == o.game; }
};

struct Traits {
    using State = MdState;
    using Options = md::Options;

    static const std::string& id() { return kId; }
    static Options options(const State& s) { return Options::from(s.game.houseRules); }
    static bool over(const State& s) { return s.game.cursor.phase == Phase::GameOver; }
    static void skipIdle(State& s, const Options& o) { md::skipIdle(s.game, o); }
    static bool runStep(State& s, Feed& feed, const Options& o) { return md::runStep(s.game, feed, o); }
    // Game::pauseAt: the sequence of play stops as the phase is entered.
    static void skipIdle(State& s, const Options& o, const std::string& stop) {
        md::skipIdle(s.game, o, phaseOf(stop));
    }
    static bool runStep(State& s, Feed& feed, const Options& o, const std::string& stop) {
        return md::runStep(s.game, feed, o, phaseOf(stop));
    }
    static std::optional<Phase> phaseOf(const std::string& id) {
        Phase p;
        if (!parse(id, p))
            return std::nullopt;
        return p;
    }
    static std::string phaseId(const State& s) { return toString(s.game.cursor.phase); }
    static std::string stepTitle(const State& s) {
        return "Turn " + std::to_string(s.game.turn) + " · " + phaseLabel(s.game.cursor.phase);
    }
    static std::string overHeadline(const State& s) {
        return "Game over: " + (s.game.winner == "draw" ? std::string("a draw") : s.game.winner + " wins");
    }
    static int turn(const State& s) { return s.game.turn; }

    // MD keys name their unit first ("US-A.range", "US-A.pool"): the unit is the subject, its side answers,
    // and the last part is the tag.
    static void describe(const State& s, Prompt& p) {
        const std::string key = p.key();
        const auto dot = key.find('.');
        const auto last = key.rfind('.');
        std::string tag = last == std::string::npos ? key : key.substr(last + 1);
        std::vector<std::string> subjects;
        std::string side;
        if (dot != std::string::npos) {
            const int ui = s.game.unitIndex(key.substr(0, dot));
            if (ui >= 0) {
                const Unit& u = s.game.units[static_cast<std::size_t>(ui)];
                subjects.push_back(u.id.str());
                side = s.game.sides[static_cast<std::size_t>(u.side)].id;
            }
        }
        if (p.question) {
            // A target question names its candidates as options; the subject stays the unit that chooses.
            p.question->tag = tag;
            p.question->side = side;
            p.question->subjects = subjects;
        } else if (p.dice) {
            p.dice->tag = tag;
            p.dice->side = side;
            p.dice->subjects = subjects;
        }
    }

    static TurnView turnView(const State& s) {
        TurnView v;
        v.turn = s.game.turn;
        v.maxTurns = s.game.maxTurns;
        v.phase = toString(s.game.cursor.phase);
        for (Phase p : {Phase::Orders, Phase::ChargeTests, Phase::FirstFire, Phase::Movement,
                        Phase::RegularFire, Phase::Melee, Phase::Recovery})
            v.phases.push_back({toString(p), phaseLabel(p), ""});
        v.winner = s.game.winner;
        v.over = over(s);
        return v;
    }

    static RosterView roster(const State& s) {
        RosterView r;
        r.columns = {{"type", "Type"},     {"grade", "Grade"},           {"formation", "Formation"},
                     {"formed", "Formed"}, {"officers", "Officers"},     {"rf", "R&F"},
                     {"dl", "DL"},         {"casualties", "Casualties"}, {"order", "Order"},
                     {"loaded", "Loaded"}, {"mounted", "Mounted"},       {"limbered", "Limbered"}};
        for (const Unit& u : s.game.units) {
            const Side& side = s.game.sides[static_cast<std::size_t>(u.side)];
            RosterRow row;
            row.id = u.id.str();
            row.name = u.name.str();
            row.side = side.id;
            row.sideName = side.name;
            row.sideColour = sideColour(*s.sideDefs, static_cast<std::size_t>(u.side));
            row.arm = toString(u.arm);
            row.strength = strengthOf(u);
            row.startStrength = row.strength;
            row.status = statusOf(u);
            row.removed = !inPlay(u);
            const bool gun = u.arm == Arm::Artillery;
            const bool cav = u.arm == Arm::Cavalry;
            row.values = {u.type.str(),
                          toString(currentGrade(u)),
                          toString(u.formation),
                          u.formed ? "yes" : "no",
                          std::to_string(u.officers),
                          std::to_string(u.rf),
                          std::to_string(u.dlRf + u.dlOfficers),
                          std::to_string(u.casualties),
                          toString(u.order),
                          u.loaded ? "yes" : "no",
                          cav ? (u.mounted ? "yes" : "no") : std::string(),
                          gun ? (u.limbered ? "yes" : "no") : std::string()};
            r.rows.push_back(std::move(row));
        }
        return r;
    }

    static std::string stateJson(const State& s) { return io::toJson(s.game).dump(); }
    static const HouseRules& houseRules(const State& s) { return s.game.houseRules.get(); }
    static std::string scenarioName(const State& s) { return s.game.scenario; }
};

using MdEngine = StepEngine<Traits>;

class MdRuleSet final : public RuleSet {
public:
    std::string id() const override { return kId; }
    std::string name() const override { return "Manifest Destiny"; }
    // Bumped by any change after which a recorded MD journal could replay differently (docs/journal.md). 2:
    // all-DL units no longer act or are targeted, melee fall-backs add up, md.melee_after_loss. 3: a melee's
    // loser falls back out of its other contacts by default (md.melee_after_loss = out_of_contact).
    int engineVersion() const override { return 3; }
    const std::vector<OptionSpec>& options() const override { return optionRegister(); }
    const std::vector<std::string>& optionGroups() const override { return md::optionGroups(); }
    Result<HouseRules> resolveOptions(const HouseRules& overrides) const override {
        return md::resolveOptions(overrides);
    }
    const ChitVocabulary& chits() const override {
        // MD-ORD-02: the seven orders of the chits, with their colours.
        static const ChitVocabulary kChits{{
            {"M", "move", "MOVE", "MOVE", {0, 150, 70}, false},
            {"CF", "change_formation", "CHANGE FORMATION", "CF", {0, 0, 0}, false},
            {"FF", "first_fire", "FIRST FIRE", "FF", {250, 210, 0}, false},
            {"F", "fire", "FIRE", "F", {0, 90, 200}, false},
            {"H", "hold", "HOLD", "HOLD", {255, 255, 255}, true},
            {"C", "charge", "CHARGE", "C", {210, 25, 30}, false},
            {"W", "wheel", "WHEEL", "W", {205, 160, 30}, false},
            // "Other: by agreement" (MD-ORD-02): cavalry's and the guns' orders, each its own chit, in
            // two colours of our own (purple: horses; brown: limbers) and spelt out, as they are rarer.
            {"D", "dismount", "DISMOUNT", "DISM", {120, 60, 150}, false},
            {"MT", "mount", "MOUNT", "MOUNT", {120, 60, 150}, false},
            {"FM", "forced_march", "FORCED MARCH", "FM", {130, 80, 40}, false},
            {"L", "limber", "LIMBER", "LIMB", {130, 80, 40}, false},
            {"U", "unlimber", "UNLIMBER", "UNLIM", {130, 80, 40}, false},
            {"MU", "move_unlimber", "MOVE + UNLIMBER", "M+U", {130, 80, 40}, false},
            {"UF", "unlimber_fire", "UNLIMBER + FIRE", "U+F", {130, 80, 40}, false},
            {"FL", "fire_limber", "FIRE + LIMBER", "F+L", {130, 80, 40}, false},
            {"XL", "forced_march_limber", "FORCED MARCH + LIMBER", "FM+L", {130, 80, 40}, false},
            {"XU", "forced_march_unlimber", "FORCED MARCH + UNLIMBER", "FM+U", {130, 80, 40}, false},
            {"LM", "limber_move", "LIMBER + MOVE", "L+M", {130, 80, 40}, false},
        }};
        return kChits;
    }
    Result<std::map<std::string, std::vector<std::string>>>
    chitCodesByUnit(const Scenario& scenario) const override {
        auto resolved = md::resolveOptions(scenario.houseRules);
        if (!resolved)
            return resolved.error();
        auto state = buildState(scenario, resolved.value());
        if (!state)
            return state.error();
        const Options options = Options::from(state->houseRules);
        std::map<std::string, std::vector<std::string>> out;
        for (const Unit& u : state->units) {
            std::vector<std::string>& codes = out[u.id.str()];
            const std::vector<Order> orders = ordersOverAGame(u, options);
            for (const ChitOrderSpec& spec : chits().orders)
                for (Order o : orders)
                    if (spec.value == toString(o))
                        codes.push_back(spec.code);
        }
        return out;
    }
    Result<Scenario> parseScenario(const std::string& text, const std::string& sourceName) const override {
        auto j = rules::io::parseDocument(text, sourceName);
        if (!j)
            return j.error();
        return io::scenarioFromJson(*j, sourceName);
    }
    Result<std::unique_ptr<Game>> start(const Scenario& scenario,
                                        const HouseRules& houseRules) const override {
        if (scenario.ruleSet != kId)
            return makeError("'" + scenario.ruleSet + "' is not a Manifest Destiny scenario");
        HouseRules merged = scenario.houseRules;
        for (const auto& [k, v] : houseRules.values)
            merged.values[k] = v;
        auto resolved = md::resolveOptions(merged);
        if (!resolved)
            return resolved.error();
        auto state = buildState(scenario, resolved.value());
        if (!state)
            return state.error();
        MdState s{std::move(state.value()), std::make_shared<const std::vector<SideDef>>(scenario.sides)};
        const Options options = Options::from(s.game.houseRules);
        auto data = scenarioData(scenario);
        if (data && (*data)->start) {
            if (auto r = io::applyStart(s.game, *(*data)->start, options); !r)
                return r.error();
        } else {
            enterPhase(s.game, Phase::Orders, options);
        }
        return std::unique_ptr<Game>(std::make_unique<MdEngine>(std::move(s)));
    }
};

} // namespace

const RuleSet& mdRuleSet() {
    static const MdRuleSet kRuleSet;
    return kRuleSet;
}

const GameState* stateOf(const Game& game) {
    const auto* e = dynamic_cast<const MdEngine*>(&game);
    return e ? &e->state().game : nullptr;
}

const GameState* stateOf(const Engine& engine) {
    return stateOf(engine.game());
}

} // namespace muster::rules::md
