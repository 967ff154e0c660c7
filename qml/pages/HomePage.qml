import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Muster

// Home: start or resume a game, and see at a glance how the dice will be read.
PageFrame {
    id: page
    title: qsTr("Muster")
    subtitle: qsTr("The table keeps the figures, the chits and the dice. Muster does the arithmetic and keeps the record.")

    GridLayout {
        anchors.fill: parent
        columns: page.width > page.height ? 2 : 1
        columnSpacing: Theme.spacing
        rowSpacing: Theme.spacing

        Pane {
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.alignment: Qt.AlignTop
            background: Rectangle { color: Theme.surface; radius: Theme.radius }
            ColumnLayout {
                anchors.fill: parent
                spacing: Theme.spacing
                Label { text: qsTr("Games"); font.pixelSize: Theme.fontTitle - 6; font.bold: true; color: Theme.text }
                Button {
                    text: qsTr("New game")
                    enabled: false
                    font.pixelSize: Theme.fontBody
                    Layout.preferredHeight: Theme.touchTarget + 8
                    Layout.fillWidth: true
                }
                Label {
                    text: qsTr("Game setup is not part of this build yet, so no game can be started or resumed here.")
                    wrapMode: Text.WordWrap
                    font.pixelSize: Theme.fontSmall
                    color: Theme.textDim
                    Layout.fillWidth: true
                }
                Label { text: qsTr("Saved games"); font.pixelSize: Theme.fontBody; font.bold: true; color: Theme.text }
                Label {
                    text: qsTr("None yet.")
                    font.pixelSize: Theme.fontBody
                    color: Theme.textDim
                }
                Item { Layout.fillHeight: true }
            }
        }

        Pane {
            Layout.fillWidth: true
            Layout.fillHeight: true
            background: Rectangle { color: Theme.surface; radius: Theme.radius }
            ColumnLayout {
                anchors.fill: parent
                spacing: Theme.spacing
                Label { text: qsTr("Dice feed"); font.pixelSize: Theme.fontTitle - 6; font.bold: true; color: Theme.text }
                Rectangle {
                    Layout.fillWidth: true
                    Layout.preferredHeight: Theme.touchTarget
                    radius: Theme.radius
                    color: CameraService.demoFeed ? "#3a2f10" : "#16321f"
                    border.color: CameraService.demoFeed ? Theme.warning : Theme.mexican
                    Label {
                        anchors.fill: parent
                        anchors.leftMargin: Theme.spacing
                        verticalAlignment: Text.AlignVCenter
                        text: CameraService.feedDescription
                        font.pixelSize: Theme.fontBody
                        color: Theme.text
                        elide: Text.ElideRight
                    }
                }
                Label {
                    text: CameraService.demoFeed
                          ? qsTr("Plug in a webcam over the dice tray to read real throws. Until then the Dice page shows drawn dice, marked DEMO.")
                          : qsTr("The camera above the dice tray is ready.")
                    wrapMode: Text.WordWrap
                    font.pixelSize: Theme.fontSmall
                    color: Theme.textDim
                    Layout.fillWidth: true
                }
                Label { text: qsTr("Rule sets"); font.pixelSize: Theme.fontBody; font.bold: true; color: Theme.text }
                Label {
                    text: qsTr("Manifest Destiny first; Our Moccasins Trickled Blood, Marchin' & Fightin', Ancient STAND! and Stand and Die! follow.")
                    wrapMode: Text.WordWrap
                    font.pixelSize: Theme.fontSmall
                    color: Theme.textDim
                    Layout.fillWidth: true
                }
                Item { Layout.fillHeight: true }
                Label {
                    text: qsTr("Muster %1").arg(Qt.application.version)
                    font.pixelSize: Theme.fontSmall
                    color: Theme.textDim
                }
            }
        }
    }
}
