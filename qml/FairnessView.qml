import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Muster

// Lint note: a line ending in "qmllint disable unqualified" reads an id from outside its delegate, which is
// right; Qt 6.4's linter cannot see ids across a component's edge (6.5's pragma ComponentBehavior: Bound can).

// The Log page's dice fairness: per player, dice set and source one card with a bar per face, the fair
// expectation as a line across them, the title and the verdict (a p-value only where the count supports a test).
ListView {
    id: view
    objectName: "fairnessList"
    clip: true
    spacing: 10
    model: GameController.fairness

    Label {
        visible: view.count === 0
        anchors.centerIn: parent
        text: qsTr("No dice thrown yet.")
        font.pixelSize: Theme.fontBody
        color: Theme.textDim
    }

    delegate: Rectangle {
        id: card
        required property string title
        required property string verdict
        required property var counts
        required property real maxCount
        required property real expected
        required property bool testable
        required property bool unlikely
        width: ListView.view.width
        height: column.implicitHeight + 24
        radius: 8
        color: Theme.surface

        ColumnLayout {
            id: column
            anchors.left: parent.left
            anchors.right: parent.right
            anchors.top: parent.top
            anchors.margins: 12
            spacing: 6
            Label {
                text: card.title
                font.pixelSize: Theme.fontBody
                font.bold: true
                color: Theme.text
                Layout.fillWidth: true
                elide: Text.ElideRight
            }
            Label {
                objectName: "fairnessVerdict"
                text: card.verdict
                font.pixelSize: Theme.fontSmall
                color: card.unlikely ? Theme.danger : card.testable ? Theme.ok : Theme.textDim
                Layout.fillWidth: true
                wrapMode: Text.Wrap
            }
            // The bars: one per face, scaled to the highest count (or the expectation if higher).
            Item {
                id: chart
                readonly property int barHeight: 110
                readonly property real barWidth: Math.max(8, Math.min(56, (width - (card.counts.length - 1) * 6) / Math.max(1, card.counts.length)))
                Layout.fillWidth: true
                Layout.preferredHeight: barHeight + 44
                Row {
                    spacing: 6
                    Repeater {
                        model: card.counts
                        Item {
                            required property int index
                            required property var modelData
                            width: chart.barWidth // qmllint disable unqualified
                            height: chart.barHeight + 44 // qmllint disable unqualified
                            Label {
                                anchors.horizontalCenter: parent.horizontalCenter
                                y: bar.y - height - 2
                                text: parent.modelData
                                font.pixelSize: 14
                                color: Theme.textDim
                            }
                            Rectangle {
                                id: bar
                                width: parent.width
                                height: card.maxCount > 0 ? chart.barHeight * parent.modelData / card.maxCount : 0 // qmllint disable unqualified
                                y: 20 + chart.barHeight - height // qmllint disable unqualified
                                color: "#4a7ab7"
                            }
                            Label {
                                anchors.horizontalCenter: parent.horizontalCenter
                                y: 20 + chart.barHeight + 2 // qmllint disable unqualified
                                text: parent.index + 1
                                font.pixelSize: 14
                                color: Theme.text
                            }
                        }
                    }
                }
                // A fair die's count per face.
                Rectangle {
                    objectName: "fairLine"
                    visible: card.maxCount > 0
                    x: 0
                    width: card.counts.length * (chart.barWidth + 6) - 6
                    height: 2
                    y: 20 + chart.barHeight - (card.maxCount > 0 ? chart.barHeight * card.expected / card.maxCount : 0) - 1
                    color: Theme.danger
                }
            }
        }
    }
}
