import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Muster

// Game: the current phase and prompt of the game in progress.
PageFrame {
    title: qsTr("Game")
    subtitle: qsTr("Phase prompts and the dice each situation needs.")

    Label {
        anchors.centerIn: parent
        width: Math.min(parent.width, 640)
        horizontalAlignment: Text.AlignHCenter
        wrapMode: Text.WordWrap
        text: qsTr("No game in progress.")
        font.pixelSize: Theme.fontBody
        color: Theme.textDim
    }
}
