#include "rules/core/RuleSet.h"

#include <algorithm>
#include <sstream>

namespace muster::rules {

namespace {

OptionSpec option(std::string key, std::string defaultValue, std::string ruleIds, std::string group,
                  std::string label) {
    OptionSpec o;
    o.key = std::move(key);
    o.defaultValue = std::move(defaultValue);
    o.ruleIds = std::move(ruleIds);
    o.group = std::move(group);
    o.label = std::move(label);
    return o;
}

} // namespace

OptionSpec choiceOption(std::string key, std::string defaultValue, std::string ruleIds, std::string group,
                        std::string label, std::vector<OptionChoice> choices) {
    OptionSpec o = option(std::move(key), std::move(defaultValue), std::move(ruleIds), std::move(group),
                          std::move(label));
    o.choices = std::move(choices);
    return o;
}

OptionSpec numberOption(std::string key, std::string defaultValue, std::string ruleIds, std::string group,
                        std::string label, int min, int max, int step, std::vector<std::string> parts) {
    OptionSpec o = option(std::move(key), std::move(defaultValue), std::move(ruleIds), std::move(group),
                          std::move(label));
    o.min = min;
    o.max = max;
    o.step = step;
    o.parts = std::move(parts);
    return o;
}

const OptionSpec* findOption(const std::vector<OptionSpec>& reg, const std::string& key) {
    auto it = std::find_if(reg.begin(), reg.end(), [&](const OptionSpec& s) { return s.key == key; });
    return it == reg.end() ? nullptr : &*it;
}

namespace {

// The integers of "a,b,c", or nothing when a part is not a plain non-negative integer.
std::optional<std::vector<int>> integerList(const std::string& v) {
    std::vector<int> out;
    std::stringstream ss(v);
    std::string part;
    while (std::getline(ss, part, ',')) {
        if (part.empty() || part.size() > 6 || part.find_first_not_of("0123456789") != std::string::npos)
            return std::nullopt;
        out.push_back(std::stoi(part));
    }
    if (out.empty() || (!v.empty() && v.back() == ','))
        return std::nullopt;
    return out;
}

std::string count(std::size_t n) {
    static const char* const kWords[] = {"no", "one", "two", "three", "four", "five", "six"};
    return n < 7 ? kWords[n] : std::to_string(n);
}

std::optional<Error> checkNumber(const OptionSpec& spec, const std::string& value) {
    const std::size_t expected = spec.parts.empty() ? 1 : spec.parts.size();
    auto list = integerList(value);
    if (!list || list->size() != expected) {
        std::string names;
        for (const auto& p : spec.parts)
            names += (names.empty() ? "" : ",") + p;
        return makeError(
            "house-rule option '" + spec.key + "' needs " +
            (expected == 1 ? std::string("an integer") : count(expected) + " integers \"" + names + "\"") +
            ", got '" + value + "'");
    }
    for (int n : *list) {
        if (n < spec.min || n > spec.max)
            return makeError("house-rule option '" + spec.key + "' must be " + std::to_string(spec.min) +
                             "-" + std::to_string(spec.max) + ", got '" + value + "'");
    }
    return std::nullopt;
}

} // namespace

Result<HouseRules> resolveOptions(const std::vector<OptionSpec>& reg, const HouseRules& overrides) {
    HouseRules out;
    for (const auto& spec : reg)
        out.values[spec.key] = spec.defaultValue;
    for (const auto& [key, value] : overrides.values) {
        const OptionSpec* spec = findOption(reg, key);
        if (!spec)
            return makeError("unknown house-rule option '" + key + "'");
        if (spec->isNumber()) {
            if (auto bad = checkNumber(*spec, value))
                return *bad;
        } else if (std::none_of(spec->choices.begin(), spec->choices.end(),
                                // A named copy: clang 14 rejects a lambda capturing a structured binding.
                                [&wanted = value](const OptionChoice& c) { return c.value == wanted; })) {
            std::string alts;
            for (const auto& c : spec->choices)
                alts += (alts.empty() ? "" : ", ") + c.value;
            return makeError("house-rule option '" + key + "' cannot be '" + value + "' (one of: " + alts +
                             ")");
        }
        out.values[key] = value;
    }
    return out;
}

} // namespace muster::rules
