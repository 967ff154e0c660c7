#pragma once

#include "rules/core/RuleSet.h"

#include <string>
#include <string_view>
#include <vector>

// The registry: the one list of the rule sets Muster plays.
namespace muster::rules {

const std::vector<const RuleSet*>& ruleSets();
// The rule set with this id ("md"), or nullptr.
const RuleSet* findRuleSet(std::string_view id);
// The order chits of the rule set `id` (empty when it has none or is unknown).
const ChitVocabulary& chitVocabularyOf(std::string_view id);
// The chits each unit of the scenario can be given (RuleSet::chitCodesByUnit of its rule set).
Result<std::map<std::string, std::vector<std::string>>> chitCodesOf(const Scenario& scenario);
// "md, omtb": for messages.
std::string ruleSetIds();

} // namespace muster::rules
