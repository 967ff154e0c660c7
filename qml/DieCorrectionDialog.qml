import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Muster

// Lint note: a line ending in "qmllint disable unqualified" reads an id from outside its delegate, which is
// right; Qt 6.4's linter cannot see ids across a component's edge (6.5's pragma ComponentBehavior: Bound can).

// Confirms or corrects one die the camera read. Keeping the camera's value confirms it; another value is a
// correction and needs a reason, which goes into the journal's override when the throw is accepted. "Not a
// die" strikes the find out (value 0 here), also with a reason, which goes into the photo's detections.
Dialog {
    id: dialog
    property int row: -1
    property int readValue: 0
    property bool unsure: false
    property bool maybeNotADie: false
    property int value: 0 // 1-6, or 0 for "not a die"
    readonly property bool changed: value !== readValue
    title: qsTr("Die %1").arg(row + 1)
    modal: true
    // Centred, or at the top while the on-screen keyboard is up, so its text field stays above the keyboard.
    parent: Overlay.overlay
    x: parent ? (parent.width - width) / 2 : 0
    // Lint note: Qt 6.4's linter types Qt.inputMethod as a QObject; it is a QInputMethod.
    y: !parent ? 0 : Qt.inputMethod.visible ? Theme.spacing : (parent.height - height) / 2 // qmllint disable type
    width: Math.min(parent ? parent.width - 40 : 640, 640)
    standardButtons: Dialog.Cancel

    // current: the die's value now, 0 when it was struck out.
    function openFor(r, read, current, isUnsure, isMaybeNotADie) {
        row = r
        readValue = read
        value = current
        unsure = isUnsure
        maybeNotADie = isMaybeNotADie === true
        reason.text = ""
        open()
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 12
        Label {
            objectName: "correctionPrompt"
            Layout.fillWidth: true
            text: dialog.maybeNotADie
                  ? qsTr("The camera is not sure this is a die (it would read %1). If it is one, tap the value it shows; if not, tap Not a die.").arg(dialog.readValue)
                  : dialog.unsure ? qsTr("The camera read %1 but is not sure. Tap the value the die shows.").arg(dialog.readValue)
                                  : qsTr("The camera read %1. Tap the value the die shows.").arg(dialog.readValue)
            wrapMode: Text.WordWrap
            font.pixelSize: Theme.fontBody
        }
        Grid {
            id: faces
            Layout.fillWidth: true
            columns: 6
            spacing: 8
            readonly property real keyWidth: Math.max(56, (width - 5 * spacing) / 6)
            Repeater {
                model: 6
                BigButton {
                    required property int index
                    objectName: "face" + (index + 1)
                    width: faces.keyWidth // qmllint disable unqualified
                    text: index + 1
                    font.pixelSize: Theme.fontTitle
                    highlighted: dialog.value === index + 1 // qmllint disable unqualified
                    tint: dialog.value === index + 1 ? "#2e5d3a" : Theme.surfaceRaised // qmllint disable unqualified
                    onClicked: dialog.value = index + 1 // qmllint disable unqualified
                }
            }
        }
        BigButton {
            objectName: "notADieKey"
            Layout.fillWidth: true
            text: qsTr("Not a die")
            highlighted: dialog.value === 0
            tint: dialog.value === 0 ? "#5d2e2e" : Theme.surfaceRaised
            onClicked: dialog.value = 0
        }
        TextField {
            id: reason
            objectName: "correctionReason"
            Layout.fillWidth: true
            visible: dialog.changed
            placeholderText: dialog.value === 0 ? qsTr("Why (required): e.g. a shadow, a die left from the last throw")
                                                : qsTr("Why (required): e.g. glare hid a pip")
            font.pixelSize: Theme.fontBody
        }
        BigButton {
            Layout.fillWidth: true
            objectName: "confirmDie"
            highlighted: true
            text: dialog.value === 0 ? qsTr("Strike it out: not a die")
                                     : dialog.changed ? qsTr("Correct to %1").arg(dialog.value) : qsTr("It shows %1").arg(dialog.value)
            enabled: !dialog.changed || reason.text.trim().length > 0
            onClicked: {
                const done = dialog.value === 0 ? CameraService.dice.setNotADie(dialog.row, reason.text)
                                                : CameraService.dice.setFace(dialog.row, dialog.value, reason.text)
                if (done)
                    dialog.close()
            }
        }
    }
}
