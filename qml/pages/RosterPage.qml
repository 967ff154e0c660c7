import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Muster

// Lint note: a line ending in "qmllint disable unqualified" reads an id from outside its delegate, which is
// right; Qt 6.4's linter cannot see ids across a component's edge (6.5's pragma ComponentBehavior: Bound can).

// Roster: a card per unit, filtered by side, losses visible at a glance.
PageFrame {
    id: page
    title: qsTr("Roster")
    subtitle: GameController.active ? "" : qsTr("Every unit: figures, casualties, Disorder Losses, officers, grade, formation, order.")

    Label {
        visible: !GameController.active
        anchors.centerIn: parent
        text: qsTr("No game in progress, so no units to list.")
        font.pixelSize: Theme.fontBody
        color: Theme.textDim
    }

    ColumnLayout {
        visible: GameController.active
        anchors.fill: parent
        spacing: 10
        Flow {
            Layout.fillWidth: true
            spacing: 8
            BigButton {
                text: qsTr("All")
                highlighted: GameController.roster.sideFilter === ""
                onClicked: GameController.roster.sideFilter = ""
            }
            Repeater {
                // Empty without a game.
                model: GameController.players
                BigButton {
                    required property string name
                    required property string side
                    text: name
                    highlighted: GameController.roster.sideFilter === side
                    onClicked: GameController.roster.sideFilter = side
                }
            }
            Label {
                height: Theme.touchTarget
                verticalAlignment: Text.AlignVCenter
                leftPadding: 12
                text: qsTr("%1 units").arg(GameController.roster.count)
                font.pixelSize: Theme.fontSmall
                color: Theme.textDim
            }
        }
        GridView {
            id: grid
            objectName: "rosterGrid"
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            cellWidth: width / Math.max(1, Math.floor(width / 380))
            cellHeight: 160
            model: GameController.roster
            delegate: Item {
                width: grid.cellWidth // qmllint disable unqualified
                height: grid.cellHeight // qmllint disable unqualified
                required property string unitId
                required property string name
                required property string sideName
                required property string sideColour
                required property int casualties
                required property int startStrength
                required property int strength
                required property string order
                required property bool removed
                required property string status
                required property var details
                UnitCard {
                    anchors.fill: parent
                    anchors.margins: 5
                    unitId: parent.unitId
                    name: parent.name
                    sideName: parent.sideName
                    sideColour: parent.sideColour
                    casualties: parent.casualties
                    startStrength: parent.startStrength
                    strength: parent.strength
                    order: parent.order
                    removed: parent.removed
                    status: parent.status
                    details: parent.details
                    highlighted: GameController.promptKey.startsWith(parent.unitId + ".")
                }
            }
        }
    }
}
