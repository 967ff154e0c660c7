import QtQuick
import QtQuick.VirtualKeyboard

// Qt Virtual Keyboard, docked at the bottom of the window; loaded by Main.qml only when the app types with it
// (OnScreenKeyboard.enabled), so a machine without the module still runs with a hardware keyboard.
InputPanel {
    id: panel
    objectName: "inputPanel"
    z: 99
    // Docked to the bottom of the window, below it while hidden.
    y: active ? Window.height - height : Window.height
    width: Window.width
}
