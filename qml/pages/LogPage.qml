import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Muster

// Log: the game's journal, filtered by turn, player or unit.
PageFrame {
    title: qsTr("Log")
    subtitle: qsTr("Turn by turn: every order, throw, override and undo, with the photo of each throw.")

    Label {
        anchors.centerIn: parent
        width: Math.min(parent.width, 640)
        horizontalAlignment: Text.AlignHCenter
        wrapMode: Text.WordWrap
        text: qsTr("No game in progress, so nothing has been recorded.")
        font.pixelSize: Theme.fontBody
        color: Theme.textDim
    }
}
