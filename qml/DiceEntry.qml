import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Muster

// Dice entry for the current request: roll the virtual dice or type each face on a keypad, see them, accept.
// Used when there is no camera, for d10/d20, and to correct a die the reader got wrong.
ColumnLayout {
    id: entry
    property int count: GameController.diceCount
    property int sides: GameController.diceSides
    property var faces: []
    property string source: "typed"
    signal accepted(var faces, string source)
    spacing: 10

    function clear() {
        faces = []
        source = "typed"
    }
    function push(value) {
        if (faces.length >= count)
            return
        faces = faces.concat([value])
        source = "typed"
    }
    onCountChanged: clear()
    onSidesChanged: clear()

    // The faces so far, as dice-like chips; tap a chip to remove it.
    Flow {
        Layout.fillWidth: true
        spacing: 6
        Repeater {
            model: entry.count
            Rectangle {
                required property int index
                readonly property bool filled: index < entry.faces.length
                width: 52
                height: 52
                radius: 8
                color: filled ? "#f4f1e8" : "transparent"
                border.color: filled ? "#f4f1e8" : Theme.textDim
                border.width: 2
                Label {
                    anchors.centerIn: parent
                    text: parent.filled ? entry.faces[parent.index] : ""
                    font.pixelSize: 26
                    font.bold: true
                    color: "#111"
                }
                TapHandler {
                    enabled: parent.filled
                    onTapped: {
                        const copy = entry.faces.slice()
                        copy.splice(parent.index, 1)
                        entry.faces = copy
                        entry.source = "typed"
                    }
                }
            }
        }
    }
    // Keypad: one key per face value. A Grid positioner, not a layout: its keys come and go with the die size.
    // A d10 is keyed as its faces are printed, 1-9 then 0, and the 0 is read as 10.
    Label {
        visible: entry.sides === 10
        text: qsTr("d10: the face 0 counts as 10")
        font.pixelSize: Theme.fontSmall
        color: Theme.textDim
    }
    Grid {
        id: keypad
        Layout.fillWidth: true
        columns: entry.sides <= 6 ? 6 : 10
        spacing: 6
        readonly property real keyWidth: Math.max(56, (width - (columns - 1) * spacing) / columns)
        Repeater {
            model: entry.sides
            BigButton {
                required property int index
                text: entry.sides === 10 && index === 9 ? "0" : index + 1
                width: keypad.keyWidth
                enabled: entry.faces.length < entry.count
                onClicked: entry.push(index + 1)
                objectName: "key" + (index + 1)
            }
        }
    }
    RowLayout {
        Layout.fillWidth: true
        spacing: 8
        BigButton {
            objectName: "rollVirtual"
            text: qsTr("Roll virtual dice")
            onClicked: {
                entry.faces = GameController.rollVirtual()
                entry.source = "virtual"
            }
        }
        BigButton {
            text: qsTr("Clear")
            enabled: entry.faces.length > 0
            onClicked: entry.clear()
        }
        Item { Layout.fillWidth: true }
        BigButton {
            objectName: "acceptDice"
            text: qsTr("Accept %1 of %2").arg(entry.faces.length).arg(entry.count)
            highlighted: true
            tint: "#2e5d3a"
            enabled: entry.faces.length === entry.count
            onClicked: {
                entry.accepted(entry.faces, entry.source)
            }
        }
    }
}
