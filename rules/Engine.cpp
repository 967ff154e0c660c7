#include "rules/Engine.h"

#include "rules/RuleSets.h"

namespace muster::rules {

Result<Engine> Engine::create(const Scenario& scenario, const HouseRules& houseRules) {
    const RuleSet* rules = findRuleSet(scenario.ruleSet);
    if (!rules)
        return makeError("rule set '" + scenario.ruleSet +
                         "' is not implemented (supported: " + ruleSetIds() + ")");
    auto game = rules->start(scenario, houseRules);
    if (!game)
        return game.error();
    return Engine(rules, std::move(game.value()));
}

Result<Engine> Engine::replay(const Scenario& scenario, const HouseRules& houseRules,
                              const std::vector<Input>& inputs) {
    auto e = create(scenario, houseRules);
    if (!e)
        return e;
    std::size_t accepted = 0;
    if (auto r = e->applyAll(inputs, &accepted); !r)
        return makeError("journal entry " + std::to_string(accepted + 1) + " rejected: " + r.error().message);
    return e;
}

Engine::Engine(const Engine& other)
    : m_ruleSet(other.m_ruleSet)
    , m_game(other.m_game ? other.m_game->clone() : nullptr) {}

Engine& Engine::operator=(const Engine& other) {
    if (this != &other) {
        m_ruleSet = other.m_ruleSet;
        m_game = other.m_game ? other.m_game->clone() : nullptr;
    }
    return *this;
}

int engineVersion(const std::string& ruleSet) {
    const RuleSet* rules = findRuleSet(ruleSet);
    return rules ? rules->engineVersion() : 0;
}

} // namespace muster::rules
