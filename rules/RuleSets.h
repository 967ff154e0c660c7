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
// "md, omtb": for messages.
std::string ruleSetIds();

} // namespace muster::rules
