#include "rules/RuleSets.h"

#include "rules/as/AsRules.h"
#include "rules/md/MdRuleSet.h"
#include "rules/mf/MfRules.h"
#include "rules/omtb/OmtbRuleSet.h"
#include "rules/sd/SdRules.h"

namespace muster::rules {

const std::vector<const RuleSet*>& ruleSets() {
    static const std::vector<const RuleSet*> kAll = {&md::mdRuleSet(), &omtb::omtbRuleSet(), &mf::mfRuleSet(),
                                                     &as::asRuleSet(), &sd::sdRuleSet()};
    return kAll;
}

const RuleSet* findRuleSet(std::string_view id) {
    for (const RuleSet* r : ruleSets())
        if (r->id() == id)
            return r;
    return nullptr;
}

const ChitVocabulary& chitVocabularyOf(std::string_view id) {
    static const ChitVocabulary kNone;
    const RuleSet* rules = findRuleSet(id);
    return rules ? rules->chits() : kNone;
}

Result<std::map<std::string, std::vector<std::string>>> chitCodesOf(const Scenario& scenario) {
    const RuleSet* rules = findRuleSet(scenario.ruleSet);
    if (rules == nullptr)
        return makeError("no rule set '" + scenario.ruleSet + "' (" + ruleSetIds() + ")");
    return rules->chitCodesByUnit(scenario);
}

std::string ruleSetIds() {
    std::string out;
    for (const RuleSet* r : ruleSets())
        out += (out.empty() ? "" : ", ") + r->id();
    return out;
}

} // namespace muster::rules
