import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Muster

// The sequence of play across the top of the Game page, the current phase lit, with the turn count.
Rectangle {
    id: banner
    implicitHeight: 64
    radius: Theme.radius
    color: Theme.surface

    RowLayout {
        anchors.fill: parent
        anchors.margins: 8
        spacing: 6
        Label {
            text: qsTr("Turn %1/%2").arg(GameController.turn).arg(GameController.maxTurns)
            font.pixelSize: Theme.fontBody
            font.bold: true
            color: Theme.text
            Layout.rightMargin: 8
        }
        Repeater {
            model: [
                { key: "orders", label: qsTr("Orders") },
                { key: "first_fire", label: qsTr("First fire") },
                { key: "movement", label: qsTr("Movement") },
                { key: "regular_fire", label: qsTr("Regular fire") },
                { key: "melee", label: qsTr("Melee") },
                { key: "recovery", label: qsTr("Recovery") }
            ]
            Rectangle {
                required property var modelData
                readonly property bool current: GameController.phase === modelData.key
                        || (modelData.key === "orders" && GameController.phase === "charge_tests")
                Layout.fillWidth: true
                Layout.fillHeight: true
                radius: 6
                color: current ? Theme.accent : Theme.surfaceRaised
                Label {
                    anchors.centerIn: parent
                    width: parent.width - 8
                    horizontalAlignment: Text.AlignHCenter
                    elide: Text.ElideRight
                    text: parent.modelData.label
                    font.pixelSize: Theme.fontSmall
                    font.bold: parent.current
                    color: parent.current ? "#111" : Theme.textDim
                }
            }
        }
    }
}
