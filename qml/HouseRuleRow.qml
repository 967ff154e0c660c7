import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

// Lint note: a line ending in "qmllint disable unqualified" reads an id from outside its delegate, which is
// right; Qt 6.4's linter cannot see ids across a component's edge (6.5's pragma ComponentBehavior: Bound can).

// One house-rule option of the register (GEN-08): what it changes in plain words, its rule ids, and its readings as
// big buttons (the register's default marked) or, for a number, a stepper. Buttons are named hr_<key>_<value>;
// steppers hr_<key>_minus / _plus (hr_<key>_<i>_minus for the i-th number of a list).
ColumnLayout {
    id: row
    required property var option // an entry of ScenarioCatalog.houseRuleOptions()
    property string value        // the reading in force
    signal chose(string value)
    spacing: 6

    readonly property bool changed: value !== option.defaultValue

    RowLayout {
        Layout.fillWidth: true
        spacing: 10
        Label {
            Layout.fillWidth: true
            text: row.option.label
            font.pixelSize: Theme.fontBody - 1
            font.bold: row.changed
            color: row.changed ? Theme.accent : Theme.text
            wrapMode: Text.WordWrap
        }
        Label {
            text: row.option.rules
            font.pixelSize: Theme.fontSmall - 2
            color: Theme.textDim
        }
    }

    Flow {
        Layout.fillWidth: true
        visible: row.option.kind === "choice"
        spacing: 8
        Repeater {
            model: row.option.kind === "choice" ? row.option.choices : []
            ChoiceButton {
                required property var modelData
                objectName: "hr_" + row.option.key + "_" + modelData.value // qmllint disable unqualified
                text: modelData.label
                note: modelData.isDefault ? qsTr("default") : ""
                chosen: row.value === modelData.value // qmllint disable unqualified
                onClicked: row.chose(modelData.value) // qmllint disable unqualified
            }
        }
    }

    Flow {
        Layout.fillWidth: true
        visible: row.option.kind !== "choice"
        spacing: Theme.spacing
        Repeater {
            // One stepper per number: a single integer, or "short,medium,long" for a list.
            model: row.option.kind === "integers" ? row.option.parts.length : (row.option.kind === "integer" ? 1 : 0)
            Stepper {
                required property int index
                readonly property var numbers: row.value.split(",") // qmllint disable unqualified
                readonly property var defaults: row.option.defaultValue.split(",") // qmllint disable unqualified
                namePrefix: "hr_" + row.option.key + (row.option.kind === "integers" ? "_" + index : "") // qmllint disable unqualified
                caption: row.option.kind === "integers" ? row.option.parts[index] : "" // qmllint disable unqualified
                value: parseInt(numbers[index])
                isDefault: numbers[index] === defaults[index]
                from: row.option.min // qmllint disable unqualified
                to: row.option.max // qmllint disable unqualified
                stepSize: row.option.step // qmllint disable unqualified
                onMoved: (v) => {
                    const copy = numbers.slice()
                    copy[index] = String(v)
                    row.chose(copy.join(","))
                }
            }
        }
        Label {
            height: Theme.touchTarget
            verticalAlignment: Text.AlignVCenter
            text: qsTr("default %1").arg(row.option.defaultValue)
            font.pixelSize: Theme.fontSmall - 2
            color: Theme.textDim
        }
    }
}
