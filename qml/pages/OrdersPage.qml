import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Muster

// Lint note: a line ending in "qmllint disable unqualified" reads an id from outside its delegate, which is
// right; Qt 6.4's linter cannot see ids across a component's edge (6.5's pragma ComponentBehavior: Bound can).

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
        const ids = []
        const units = GameController.awaitingOrders
        if (page.askingOrders)
            for (let i = 0; i < units.count; ++i)
                ids.push(units.get(i).unitId)
        return ids
    }

    // A unit's order: set it (now, or for when the rules reach it), or fix the one it has this turn.
    function tapUnit(unitId) {
        const c = TappedOrders.choicesFor(unitId)
        // Lint note: a QVariantMap is a JS object at run time; Qt 6.4's linter sees no keys in it.
        if (c.state === "given") // qmllint disable type
            fixDialog.openFor(c.seq)
        else if (c.state === "asked" || c.state === "later")
            picker.openFor(c)
        else
            page.note = c.why
    }
    property string note: ""
    Connections {
        target: GameController
        function onStateChanged() { page.note = "" }
    }

    OrderPicker { id: picker }
    FixDialog { id: fixDialog; objectName: "ordersFixDialog" }
    readonly property OrderPicker pickerItem: picker // for tests
    readonly property FixDialog fixDialogItem: fixDialog

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
                        // An empty model outside the orders phase hides the buttons; the options model itself
                        // is empty unless the prompt is a question.
                        model: GameController.phase === "orders" ? GameController.options : null
                        BigButton {
                            required property string value
                            required property string label
                            text: label
                            onClicked: GameController.answer(value)
                        }
                    }
                }
                Label {
                    objectName: "ordersNote"
                    Layout.fillWidth: true
                    visible: text.length > 0
                    text: page.note.length > 0 ? page.note : TappedOrders.problem
                    wrapMode: Text.WordWrap
                    font.pixelSize: Theme.fontBody
                    color: Theme.warning
                }
                Label {
                    Layout.fillWidth: true
                    visible: page.askingOrders
                    text: qsTr("Or tap any unit in the list to set its order, in any sequence.")
                    wrapMode: Text.WordWrap
                    font.pixelSize: Theme.fontSmall
                    color: Theme.textDim
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
                id: unitRow
                required property string unitId
                required property string name
                required property string sideColour
                required property string order
                required property bool removed
                readonly property bool asked: page.askingOrders && GameController.promptKey.startsWith(unitId + ".") // qmllint disable unqualified
                readonly property bool awaiting: !asked && page.awaitingIds.indexOf(unitId) >= 0 // qmllint disable unqualified
                readonly property string waitingOrder: TappedOrders.waiting[unitId] || ""
                width: ListView.view.width
                height: 56
                radius: 8
                color: asked ? "#3a2f10" : Theme.surface
                border.color: asked ? Theme.accent : "transparent"
                opacity: removed ? 0.5 : 1
                // A tap sets the unit's order, whenever the rules reach it, or fixes the one it was given.
                TapHandler {
                    enabled: !unitRow.removed
                    onTapped: page.tapUnit(unitRow.unitId) // qmllint disable unqualified
                }
                RowLayout {
                    anchors.fill: parent
                    anchors.margins: 10
                    Rectangle { width: 8; Layout.fillHeight: true; radius: 3; color: unitRow.sideColour.length > 0 ? unitRow.sideColour : Theme.sideFallback }
                    Label { text: unitRow.name; font.pixelSize: Theme.fontBody; color: Theme.text; Layout.fillWidth: true; elide: Text.ElideRight }
                    Label {
                        objectName: "orderOf_" + unitRow.unitId
                        text: unitRow.asked ? qsTr("asking\u2026")
                                    : unitRow.awaiting ? (unitRow.waitingOrder.length > 0 ? qsTr("%1 when asked").arg(unitRow.waitingOrder)
                                                                          : qsTr("no order yet"))
                                               : unitRow.order.replace(/_/g, " ").toUpperCase()
                        font.pixelSize: Theme.fontSmall
                        font.bold: !unitRow.awaiting || unitRow.waitingOrder.length > 0
                        font.italic: unitRow.awaiting
                        color: unitRow.asked ? Theme.accent : Theme.textDim
                    }
                }
            }
        }
    }
}
