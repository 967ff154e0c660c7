import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Muster

// Settings: the camera, where games are kept, and the house rules of the game in play.
PageFrame {
    title: qsTr("Settings")
    subtitle: qsTr("Camera, games and house rules.")

    ColumnLayout {
        anchors.fill: parent
        spacing: Theme.spacing
        CameraSettings { Layout.fillWidth: true }
        Label { text: qsTr("Games folder"); font.pixelSize: Theme.fontBody; font.bold: true; color: Theme.text }
        Label { text: GameController.gamesFolder; font.pixelSize: Theme.fontSmall + 1; color: Theme.textDim }
        Label { text: qsTr("House rules of this game"); font.pixelSize: Theme.fontBody; font.bold: true; color: Theme.text }
        ListView {
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            model: GameController.houseRules
            delegate: Label {
                required property var modelData
                text: modelData.key + " = " + modelData.value
                font.pixelSize: Theme.fontSmall
                color: Theme.textDim
            }
            Label {
                anchors.centerIn: parent
                visible: parent.count === 0
                text: qsTr("No game in progress.")
                font.pixelSize: Theme.fontSmall
                color: Theme.textDim
            }
        }
        Label {
            text: qsTr("Calibration and chit printing run from the command line for now: see the README.")
            font.pixelSize: Theme.fontSmall
            color: Theme.textDim
        }
    }
}
