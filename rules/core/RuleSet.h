#pragma once

#include "common/ChitVocabulary.h"
#include "rules/HouseRules.h"
#include "rules/Scenario.h"
#include "rules/core/Prompt.h"
#include "rules/core/Result.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

// The seam between the product and a rule set. The app, the CLI and the journal know games only through
// these types; each rule set (rules/md, rules/omtb, …) implements them and is listed once, in
// rules/RuleSets.cpp.
namespace muster::rules {

// One reading of a house-rule option, worded for people.
struct OptionChoice {
    std::string value;
    std::string label;
};

// One option of a rule set's register (GEN-08): the key, its default, the rules it changes and the words the
// house-rule screen shows. Either `choices` (named readings) or a number range (`min`..`max`, `step`; with
// `parts`, a comma-separated list of numbers, one per part).
struct OptionSpec {
    std::string key;
    std::string defaultValue;
    std::string ruleIds; // "MD-CAV-03, MD-ARTMV-04"
    std::string group;
    std::string label;
    std::vector<OptionChoice> choices;
    int min = 0;
    int max = 0;
    int step = 1;
    std::vector<std::string> parts;

    bool isNumber() const { return choices.empty(); }
};

// Builders that keep a register readable: an option with named readings, and a number (or list of numbers).
OptionSpec choiceOption(std::string key, std::string defaultValue, std::string ruleIds, std::string group,
                        std::string label, std::vector<OptionChoice> choices);
OptionSpec numberOption(std::string key, std::string defaultValue, std::string ruleIds, std::string group,
                        std::string label, int min, int max, int step, std::vector<std::string> parts = {});

// The option of `reg` with `key`, or nullptr.
const OptionSpec* findOption(const std::vector<OptionSpec>& reg, const std::string& key);
// Every key of `reg` with its value: defaults overridden by `overrides`. An unknown key, a value that is not
// one of the readings, or a number out of its range is an error naming the option.
Result<HouseRules> resolveOptions(const std::vector<OptionSpec>& reg, const HouseRules& overrides);

// A rule set's order chits (common/ChitVocabulary.h): the vision module reads them without knowing rules.
using muster::ChitOrderSpec;
using muster::ChitVocabulary;

// A phase as the banner shows it.
struct PhaseView {
    std::string id;    // "first_fire"
    std::string label; // "First fire": short, for a chip of the banner
    std::string
        group; // a part of the turn the phase belongs to ("Phase One (Indians and British)"); may be empty
};

// Where a game stands, for any rule set.
struct TurnView {
    int turn = 1;
    int maxTurns = 0;
    std::string phase;             // id of the current phase
    std::vector<PhaseView> phases; // the sequence of play, in order (without game over)
    std::string activeSide;        // the phasing or acting side id; empty when both act
    std::string winner;            // side id, "draw", or empty while playing
    bool over = false;
};

// A rule-set-specific roster column.
struct RosterColumn {
    std::string key;
    std::string label;
};

// One unit (or hex stack) in the roster.
struct RosterRow {
    std::string id;
    std::string name;
    std::string side; // side id
    std::string sideName;
    std::string sideColour;          // "#rrggbb" from the scenario (a default per side index when absent)
    std::string arm;                 // "infantry", "cavalry", "artillery", … (filters and icons)
    int strength = 0;                // figures that can act now
    int startStrength = 0;           // figures at set-up
    std::string status;              // one line: "formed", "2 DL", "routed", "lost"
    bool removed = false;            // lost, dispersed or otherwise out of play
    std::vector<std::string> values; // one per RosterView::columns, in order
};

struct RosterView {
    std::vector<RosterColumn> columns;
    std::vector<RosterRow> rows;
};

// A game in play: the engine core of one rule set. Deterministic: the state is a pure fold of the inputs.
class Game {
public:
    virtual ~Game() = default;
    virtual std::unique_ptr<Game> clone() const = 0;

    virtual const std::string& ruleSet() const = 0;
    // What the engine needs next.
    virtual Prompt prompt() const = 0;
    // Applies one input; rejects (state unchanged) an input that does not answer the current prompt.
    virtual Result<void> apply(const Input& input) = 0;
    // As apply() one by one, but each step runs once with all its inputs (replay cost); *accepted counts.
    virtual Result<void> applyAll(std::vector<Input> inputs, std::size_t* accepted) = 0;
    virtual const std::vector<Input>& inputs() const = 0;
    // Plain-words lines of what the last accepted input resolved.
    virtual const std::vector<std::string>& events() const = 0;

    virtual TurnView turnView() const = 0;
    virtual RosterView roster() const = 0;
    // The state as JSON text: keys stable and sorted; equal texts mean equal states.
    virtual std::string stateJson() const = 0;
    // Every option of the register with its value in this game (defaults filled in).
    virtual const HouseRules& houseRules() const = 0;
    virtual std::string scenarioName() const = 0;
    // Cheap structural equality of two games of the same rule set (replay identity); false across rule sets.
    virtual bool sameState(const Game& other) const = 0;
    // Holds play at the next entry into phase `phaseId` (the turn view's id), for looking at the position
    // there (scripted cases, tutorials): apply() then stops with the state as the phase is entered, before
    // any of its steps, and prompt() already shows what the next input answers; that input lifts the pause.
    // applyAll() ignores it. False when the rule set cannot stop at a phase (its traits do not say how).
    virtual bool pauseAt(const std::string& phaseId) = 0;
};

// A rule set: what the registry knows of it.
class RuleSet {
public:
    virtual ~RuleSet() = default;
    virtual std::string id() const = 0;   // the scenario's "rules" value: "md", "omtb"
    virtual std::string name() const = 0; // "Manifest Destiny"
    // The version of this rule set's behaviour: the same inputs fold to the same state within one version
    // (docs/journal.md says when it is bumped).
    virtual int engineVersion() const = 0;
    // The house-rule register with its wording, and its groups in display order.
    virtual const std::vector<OptionSpec>& options() const = 0;
    virtual const std::vector<std::string>& optionGroups() const = 0;
    // Every option key with its value: defaults overridden by `overrides`; unknown keys or values are errors.
    virtual Result<HouseRules> resolveOptions(const HouseRules& overrides) const = 0;
    virtual const ChitVocabulary& chits() const = 0;
    // The codes of chits() that each unit of `scenario` can be given in some turn of a game, by unit id, in
    // the vocabulary's order: the chit sheet prints a unit those (a gun its limber chits and no CHARGE). A
    // unit the map leaves out can be given every chit, so the default (an empty map) prints every chit for
    // all.
    virtual Result<std::map<std::string, std::vector<std::string>>>
    chitCodesByUnit(const Scenario& /*scenario*/) const {
        return std::map<std::string, std::vector<std::string>>{};
    }
    // Reads this rule set's part of a scenario file (the JSON text of the whole file); errors name the file
    // and the field.
    virtual Result<Scenario> parseScenario(const std::string& json, const std::string& sourceName) const = 0;
    // The engine core at the start of the game. Options in `houseRules` override the scenario's.
    virtual Result<std::unique_ptr<Game>> start(const Scenario& scenario,
                                                const HouseRules& houseRules) const = 0;
};

} // namespace muster::rules
