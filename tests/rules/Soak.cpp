#include "Soak.h"

#include "rules/AutoTable.h"
#include "rules/VirtualDice.h"

namespace muster::rules::test {

SoakResult soak(Engine& engine, std::uint64_t seed, InvariantChecker& checker, std::size_t inputLimit) {
    VirtualDice dice(seed);
    AutoTable table(seed + 1);
    SoakResult out;
    const auto record = [&](const std::vector<std::string>& found, const std::string& where) {
        for (const auto& v : found)
            out.violations.push_back(where + v);
    };
    record(checker.start(engine), "set-up: ");
    while (!engine.gameOver() && out.inputs < inputLimit && out.violations.empty()) {
        const Prompt p = engine.prompt();
        const Input in = p.kind == PromptKind::Dice
                             ? Input::dice(p.dice->id, dice.roll(*p.dice))
                             : Input::answer(p.question->key, table.answer(*p.question));
        if (auto r = engine.apply(in); !r) {
            out.violations.push_back("input #" + std::to_string(out.inputs + 1) + " (" + in.key +
                                     ") rejected: " + r.error().message);
            break;
        }
        ++out.inputs;
        record(checker.check(p, in, engine), "input #" + std::to_string(out.inputs) + " (" + in.key + "): ");
    }
    out.ended = engine.gameOver();
    out.lastTurn = engine.turnView().turn;
    if (out.ended)
        record(checker.finish(engine), "game over: ");
    return out;
}

} // namespace muster::rules::test
