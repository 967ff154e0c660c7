#pragma once

// The app's --self-test: shows every page at a landscape and a portrait size and fails on any QML warning or
// error. It runs the real app binary in CTest, so a broken binding or a missing import is caught before
// anyone sees it.

#include <QStringList>

class QGuiApplication;
class QQuickWindow;

namespace muster::app {

class SelfTest {
public:
    static QStringList pageNames();

    void begin(); // installs the message handler; call before QGuiApplication exists
    int run(QGuiApplication& app, QQuickWindow* window);
};

} // namespace muster::app
