import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Muster

// Lint note: a line ending in "qmllint disable unqualified" reads an id from outside its delegate, which is
// right; Qt 6.4's linter cannot see ids across a component's edge (6.5's pragma ComponentBehavior: Bound can).

// The order of one unit, set by tapping it on the Orders page (TappedOrders): given at once if the engine
// asks for that unit now, else kept until it does. Opened with openFor(choices), choices from
// TappedOrders.choicesFor(unitId).
Dialog {
    id: picker
    objectName: "orderPicker"
    modal: true
    anchors.centerIn: Overlay.overlay
    width: Math.min(parent ? parent.width - 40 : 760, 760)
    padding: Theme.spacing
    // Dark like the app (the style's dialog is light), the title as large as a prompt's.
    background: Rectangle {
        color: Theme.surfaceRaised
        radius: Theme.radius
        border.color: Theme.accent
        border.width: 2
    }
    header: Label {
        text: picker.title
        color: Theme.text
        font.pixelSize: Theme.fontTitle
        font.bold: true
        wrapMode: Text.WordWrap
        padding: Theme.spacing
        bottomPadding: 0
    }
    title: choices.name ? qsTr("Order for %1").arg(choices.name) : ""
    property var choices: ({})

    function openFor(c) {
        choices = c
        open()
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 10
        Label {
            Layout.fillWidth: true
            text: picker.choices.state === "asked"
                  ? qsTr("The rules ask for this unit's order now.")
                  : qsTr("The rules have not reached this unit yet: the order waits and is given when they do.")
            wrapMode: Text.WordWrap
            font.pixelSize: Theme.fontBody
            color: Theme.textDim
        }
        Flow {
            Layout.fillWidth: true
            spacing: 10
            Repeater {
                model: picker.choices.options || []
                BigButton {
                    required property var modelData
                    objectName: "pickOrder_" + modelData.value
                    text: modelData.label
                    highlighted: picker.choices.waiting === modelData.value // qmllint disable unqualified
                    onClicked: {
                        if (TappedOrders.set(picker.choices.unitId, modelData.value)) // qmllint disable unqualified
                            picker.close()
                    }
                }
            }
        }
        Label {
            Layout.fillWidth: true
            visible: TappedOrders.problem.length > 0 && picker.visible
            text: TappedOrders.problem
            wrapMode: Text.WordWrap
            font.pixelSize: Theme.fontSmall
            color: Theme.danger
        }
        RowLayout {
            Layout.fillWidth: true
            spacing: 10
            BigButton {
                objectName: "pickOrderForget"
                Layout.fillWidth: true
                visible: picker.choices.waiting !== undefined
                text: qsTr("No order set")
                onClicked: {
                    TappedOrders.forget(picker.choices.unitId)
                    picker.close()
                }
            }
            BigButton {
                Layout.fillWidth: true
                text: qsTr("Cancel")
                onClicked: picker.close()
            }
        }
    }
}
