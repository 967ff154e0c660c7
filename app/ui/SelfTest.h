#pragma once

// The app's --self-test: shows every page at a landscape and a portrait size and fails on any QML warning or
// error. It runs the real app binary in CTest, so a broken binding or a missing import is caught before
// anyone sees it.

#include <QStringList>

class QGuiApplication;
class QQuickWindow;

namespace muster::app {
class GameController;
}

namespace muster::app {

class SelfTest {
public:
    static QStringList pageNames();

    void begin(); // installs the message handler; call before QGuiApplication exists
    // Visits every page with no game, then starts a game of the first bundled scenario in a temporary games
    // folder, plays `steps` prompts (first option, virtual dice) and visits every page again.
    int run(QGuiApplication& app, QQuickWindow* window, GameController* game, int steps = 60);

private:
    int visitPages(QQuickWindow* window); // every page at three sizes; returns how many views were checked
};

} // namespace muster::app
