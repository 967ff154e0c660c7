#pragma once

#include <map>
#include <string>

namespace muster::rules {

// House-rule options (GEN-08): option key -> value, e.g. "md.cav_officers" -> "by_grade".
// Keys that are absent take the default of the rule set's register (RuleSet::options).
struct HouseRules {
    std::map<std::string, std::string> values;

    bool has(const std::string& key) const { return values.count(key) != 0; }
    // The value set for key, or fallback when unset.
    std::string get(const std::string& key, const std::string& fallback) const {
        auto it = values.find(key);
        return it == values.end() ? fallback : it->second;
    }
    bool operator==(const HouseRules&) const = default;
};

} // namespace muster::rules
