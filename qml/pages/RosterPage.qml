import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Muster

// Roster: one card per unit of the game in progress.
PageFrame {
    title: qsTr("Roster")
    subtitle: qsTr("Every unit: figures, casualties, Disorder Losses, officers, grade, formation, order.")

    Label {
        anchors.centerIn: parent
        width: Math.min(parent.width, 640)
        horizontalAlignment: Text.AlignHCenter
        wrapMode: Text.WordWrap
        text: qsTr("No game in progress, so no units to list.")
        font.pixelSize: Theme.fontBody
        color: Theme.textDim
    }
}
