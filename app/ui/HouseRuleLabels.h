#pragma once

// What the New game page says about each house-rule option (GEN-08): a group, a short label and a plain-words
// name for every choice. The register itself (keys, defaults, alternatives, rule ids) stays in the rules
// module (rules/md/Options.h); this table only words it for people at the table.

#include <string_view>
#include <utility>
#include <vector>

namespace muster::app {

struct HouseRuleChoiceText {
    const char* value;
    const char* label;
};

struct HouseRuleText {
    // An option with named readings.
    HouseRuleText(const char* k, const char* g, const char* l, std::vector<HouseRuleChoiceText> c)
        : key(k)
        , group(g)
        , label(l)
        , choices(std::move(c)) {}
    // A number (or a list of numbers, one per part) the GM sets with a stepper.
    HouseRuleText(const char* k, const char* g, const char* l, int lo, int hi, int s,
                  std::vector<const char*> p = {})
        : key(k)
        , group(g)
        , label(l)
        , min(lo)
        , max(hi)
        , step(s)
        , parts(std::move(p)) {}

    const char* key;
    const char* group;
    const char* label;
    std::vector<HouseRuleChoiceText> choices; // empty for numbers
    int min = 0;
    int max = 0;
    int step = 1;
    std::vector<const char*> parts;
};

// The groups in the order the page shows them.
const std::vector<const char*>& houseRuleGroups(std::string_view ruleSet);
// The wording for every option of a rule set's register ("md"); empty for a rule set without one.
const std::vector<HouseRuleText>& houseRuleTexts(std::string_view ruleSet);
// The entry for `key`, or nullptr.
const HouseRuleText* houseRuleText(std::string_view ruleSet, std::string_view key);

} // namespace muster::app
