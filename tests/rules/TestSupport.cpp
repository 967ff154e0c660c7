#include "TestSupport.h"

#include "rules/AutoTable.h"
#include "rules/VirtualDice.h"
#include "rules/io/Json.h"
#include "rules/md/MdRuleSet.h"

#include <cstdlib>
#include <stdexcept>

namespace muster::rules::test {

std::string scenarioPath(const std::string& file) {
    return std::string(MUSTER_SCENARIO_DIR) + "/" + file;
}

Scenario loadScenarioOrDie(const std::string& file) {
    auto s = io::loadScenario(scenarioPath(file));
    if (!s)
        throw std::runtime_error(s.error().message);
    return s.value();
}

const md::GameState& mdState(const Engine& engine) {
    const md::GameState* s = md::stateOf(engine);
    if (!s)
        throw std::runtime_error("not a Manifest Destiny game");
    return *s;
}

std::vector<Input> autoPlay(Engine& engine, std::uint64_t seed, int turns) {
    VirtualDice dice(seed);
    AutoTable table(seed + 1);
    const int stopTurn = engine.turnView().turn + turns;
    std::vector<Input> applied;
    while (!engine.gameOver() && engine.turnView().turn < stopTurn) {
        const Prompt p = engine.prompt();
        Input in = p.kind == PromptKind::Dice ? Input::dice(p.dice->id, dice.roll(*p.dice))
                                              : Input::answer(p.question->key, table.answer(*p.question));
        auto r = engine.apply(in);
        if (!r)
            throw std::runtime_error("auto-play input rejected: " + r.error().message);
        applied.push_back(in);
    }
    return applied;
}

} // namespace muster::rules::test
