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

Result<Revision> revise(Engine start, const std::vector<Input>& inputs, std::size_t index,
                        const Input& replacement) {
    if (index >= inputs.size())
        return makeError("there is no input " + std::to_string(index + 1) + " to change (the game has " +
                         std::to_string(inputs.size()) + ")");
    if (!start.inputs().empty())
        return makeError("a revision starts from a game before its first input");
    std::vector<Input> before(inputs.begin(), inputs.begin() + static_cast<std::ptrdiff_t>(index));
    std::size_t accepted = 0;
    if (auto r = start.applyAll(std::move(before), &accepted); !r)
        return makeError("input " + std::to_string(accepted + 1) + " does not replay: " + r.error().message);
    if (auto r = start.apply(replacement); !r)
        return makeError("the new answer does not fit: " + r.error().message);
    std::vector<Input> after(inputs.begin() + static_cast<std::ptrdiff_t>(index) + 1, inputs.end());
    accepted = 0;
    // A refusal is not an error here: it marks where the refolded game parts from the old one.
    (void)start.applyAll(std::move(after), &accepted);
    const std::size_t kept = index + 1 + accepted;
    return Revision{std::move(start), kept};
}

int engineVersion(const std::string& ruleSet) {
    const RuleSet* rules = findRuleSet(ruleSet);
    return rules ? rules->engineVersion() : 0;
}

} // namespace muster::rules
