import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Muster

// Orders: each unit's order this turn, the unit being asked now, and its choices as big buttons. In the
// orders phase the camera reads the revealed chits and gives the engine each unit's order as it asks.
PageFrame {
    id: page
    title: qsTr("Orders")
    subtitle: GameController.active ? (GameController.phase === "orders"
                                       ? qsTr("Turn %1: reveal the chits and set each unit's order.").arg(GameController.turn)
                                       : qsTr("Orders are set for turn %1.").arg(GameController.turn))
                                    : qsTr("The order chits read from the table, and the units still without one.")

    // Orders are being asked now (the engine's prompt is an order), and the units still without one this turn.
    readonly property bool askingOrders: GameController.active && GameController.promptTag === "order"
    readonly property var awaitingIds: {
        void GameController.promptKey // asked again at every new prompt
        return page.askingOrders ? GameController.unitsAwaitingOrders().map(u => u.unitId) : []
    }

    Label {
        visible: !GameController.active
        anchors.centerIn: parent
        text: qsTr("No game in progress, so no orders to collect.")
        font.pixelSize: Theme.fontBody
        color: Theme.textDim
    }

    GridLayout {
        visible: GameController.active
        anchors.fill: parent
        columns: page.width > page.height ? 2 : 1
        columnSpacing: Theme.spacing
        rowSpacing: Theme.spacing

        Rectangle {
            Layout.fillWidth: true
            Layout.fillHeight: true
            radius: Theme.radius
            color: Theme.surface
            ColumnLayout {
                anchors.fill: parent
                anchors.margins: Theme.spacing
                spacing: 10
                Label {
                    Layout.fillWidth: true
                    text: GameController.phase === "orders" && GameController.promptKind === "question"
                          ? GameController.questionText : qsTr("No order is being asked now.")
                    font.pixelSize: Theme.fontBody + 4
                    font.bold: true
                    wrapMode: Text.WordWrap
                    color: Theme.text
                }
                Flow {
                    Layout.fillWidth: true
                    spacing: 10
                    Repeater {
                        model: GameController.phase === "orders" && GameController.promptKind === "question" ? GameController.options : []
                        BigButton {
                            required property var modelData
                            text: modelData.label
                            onClicked: GameController.answer(modelData.value)
                        }
                    }
                }
                // What the camera read: chits that became orders, units still without one, conflicts and
                // codes that are not this game's chits (never applied).
                ChitPanel {
                    Layout.fillWidth: true
                    Layout.fillHeight: true
                }
            }
        }

        ListView {
            id: list
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            spacing: 6
            model: GameController.roster
            delegate: Rectangle {
                required property string unitId
                required property string name
                required property string sideColour
                required property string order
                required property bool removed
                readonly property bool asked: page.askingOrders && GameController.promptKey.startsWith(unitId + ".")
                readonly property bool awaiting: !asked && page.awaitingIds.indexOf(unitId) >= 0
                width: ListView.view.width
                height: 56
                radius: 8
                color: asked ? "#3a2f10" : Theme.surface
                border.color: asked ? Theme.accent : "transparent"
                opacity: removed ? 0.5 : 1
                RowLayout {
                    anchors.fill: parent
                    anchors.margins: 10
                    Rectangle { width: 8; Layout.fillHeight: true; radius: 3; color: sideColour.length > 0 ? sideColour : Theme.sideFallback }
                    Label { text: name; font.pixelSize: Theme.fontBody; color: Theme.text; Layout.fillWidth: true; elide: Text.ElideRight }
                    Label {
                        objectName: "orderOf_" + unitId
                        text: asked ? qsTr("asking\u2026")
                                    : awaiting ? qsTr("no order yet") : order.replace(/_/g, " ").toUpperCase()
                        font.pixelSize: Theme.fontSmall
                        font.bold: !awaiting
                        font.italic: awaiting
                        color: asked ? Theme.accent : Theme.textDim
                    }
                }
            }
        }
    }
}
