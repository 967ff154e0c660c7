import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Muster

// The rule set's sequence of play across the top of the Game page, the current phase lit, with the turn count.
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
        // A turn in halves (one per phasing side) shows the half in play and its steps.
        Label {
            visible: GameController.phaseGroup.length > 0
            text: GameController.phaseGroup
            font.pixelSize: Theme.fontSmall
            font.bold: true
            color: Theme.accent
            Layout.maximumWidth: banner.width * 0.3
            elide: Text.ElideRight
            Layout.rightMargin: 8
        }
        Repeater {
            // Every phase of the sequence; those of the other half of the turn are hidden, and the layout leaves
            // no room for a hidden item.
            model: GameController.phases
            Rectangle {
                required property string key
                required property string label
                required property string group
                readonly property bool current: GameController.phase === key
                visible: group === GameController.phaseGroup
                Layout.fillWidth: true
                Layout.fillHeight: true
                radius: 6
                color: current ? Theme.accent : Theme.surfaceRaised
                Label {
                    anchors.centerIn: parent
                    width: parent.width - 8
                    horizontalAlignment: Text.AlignHCenter
                    elide: Text.ElideRight
                    text: parent.label
                    font.pixelSize: Theme.fontSmall
                    font.bold: parent.current
                    color: parent.current ? "#111" : Theme.textDim
                }
            }
        }
    }
}
