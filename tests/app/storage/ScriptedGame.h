#pragma once

// One step of the scripted game the storage tests play: virtual dice with a small photo, or the i-th option
// (cycling) of a question.

#include "app/storage/GameSession.h"
#include "rules/VirtualDice.h"

namespace muster::storage::test {

inline Result<Event> playScriptedStep(GameSession& s, int i, rules::VirtualDice& dice) {
    const rules::Prompt p = s.prompt();
    if (p.dice)
        return s.submit(rules::Input::dice(p.key(), dice.roll(*p.dice), rules::DiceSource::Virtual, "Ann"),
                        {{{0xff, 0xd8, static_cast<std::uint8_t>(i), 0xff, 0xd9}, "{}"}});
    const auto& options = p.question->options;
    return s.submit(
        rules::Input::answer(p.key(), options[static_cast<std::size_t>(i) % options.size()].value, "Miguel"));
}

} // namespace muster::storage::test
