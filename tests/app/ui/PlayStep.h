#pragma once

// One step of play for the GameController tests: the first option of a question (1, else 0, for a question
// that asks for a number), or a virtual throw.

#include "app/ui/GameController.h"

namespace muster::app::test {

// False when the game refused the step (or has no prompt to answer).
inline bool playOneStep(GameController& game) {
    using namespace Qt::StringLiterals;
    if (game.promptKind() == u"question"_s) {
        const QList<QVariantMap> options = game.options()->rows();
        if (options.isEmpty())
            return game.answer(u"1"_s) || game.answer(u"0"_s);
        return game.answer(options.front().value(u"value"_s).toString());
    }
    return game.promptKind() == u"dice"_s && game.submitDice(game.rollVirtual(), u"virtual"_s);
}

} // namespace muster::app::test
