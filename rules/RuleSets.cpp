#include "rules/RuleSets.h"

#include "rules/md/MdRuleSet.h"
#include "rules/omtb/OmtbRuleSet.h"

namespace muster::rules {

const std::vector<const RuleSet*>& ruleSets() {
    static const std::vector<const RuleSet*> kAll = {&md::mdRuleSet(), &omtb::omtbRuleSet()};
    return kAll;
}

const RuleSet* findRuleSet(std::string_view id) {
    for (const RuleSet* r : ruleSets())
        if (r->id() == id)
            return r;
    return nullptr;
}

std::string ruleSetIds() {
    std::string out;
    for (const RuleSet* r : ruleSets())
        out += (out.empty() ? "" : ", ") + r->id();
    return out;
}

} // namespace muster::rules
