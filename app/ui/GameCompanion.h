#pragma once

// The QML singletons that serve the game in play (SavedGames, GameReports, TurnSealer) are made by QML with
// the GameController singleton already there; each takes it as its `game` at creation.

#include "app/ui/GameController.h"

#include <QQmlEngine>

namespace muster::app {

// A new `Companion` with `game` set to the engine's GameController singleton (none without an engine, or
// before the type is registered: tests that make one by hand set the game themselves).
template <class Companion>
Companion* makeGameCompanion(QQmlEngine* engine) {
    auto* companion = new Companion(nullptr);
    const int gameType = qmlTypeId("Muster", 1, 0, "GameController");
    if (engine && gameType >= 0)
        companion->setGame(engine->singletonInstance<GameController*>(gameType));
    return companion;
}

} // namespace muster::app
