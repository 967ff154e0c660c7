#pragma once

// Whether text is typed on Qt Virtual Keyboard (the app runs with QT_IM_MODULE=qtvirtualkeyboard, which
// `muster` sets on start unless --hardware-keyboard): Main.qml then shows its InputPanel under the pages.

#include <QObject>
#include <QtQml/qqmlregistration.h>

namespace muster::app {

class OnScreenKeyboard : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON
    Q_PROPERTY(bool enabled READ enabled CONSTANT FINAL)

public:
    using QObject::QObject;
    bool enabled() const { return qgetenv("QT_IM_MODULE") == "qtvirtualkeyboard"; }
};

} // namespace muster::app
