#pragma once

#include "rules/core/RuleSet.h"
#include "rules/core/StepEngine.h"
#include "rules/omtb/Options.h"
#include "rules/omtb/Types.h"

#include <string>

// Our Moccasins Trickled Blood as a rule set of the seam (rules/core/RuleSet.h), on the generic StepEngine.
namespace muster::rules::omtb {

// What StepEngine needs of OMTB (see rules/core/StepEngine.h).
struct Traits {
    using State = omtb::State;
    using Options = omtb::Options;
    static const std::string& id();
    static Options options(const State& s);
    static bool over(const State& s);
    static void skipIdle(State& s, const Options& o);
    static bool runStep(State& s, Feed& feed, const Options& o);
    static std::string phaseId(const State& s);
    static std::string stepTitle(const State& s);
    static std::string overHeadline(const State& s);
    static int turn(const State& s);
    static TurnView turnView(const State& s);
    static RosterView roster(const State& s);
    static std::string stateJson(const State& s);
    static const HouseRules& houseRules(const State& s);
    static std::string scenarioName(const State& s);
    // Every OMTB question and request already names its side, subjects and tag.
    static void describe(const State&, Prompt&) {}
};

using OmtbGame = StepEngine<Traits>;

// The rule set: options register, scenario parsing, and games on StepEngine<Traits>.
const rules::RuleSet& omtbRuleSet();

} // namespace muster::rules::omtb
