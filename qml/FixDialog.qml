import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Muster

// Lint note: a line ending in "qmllint disable unqualified" reads an id from outside its delegate, which is
// right; Qt 6.4's linter cannot see ids across a component's edge (6.5's pragma ComponentBehavior: Bound can).

// Fixes an earlier answer or throw with a reason. The journal keeps both (an override, never a delete); the game is
// folded again, later inputs that still fit are kept and the rest set aside (docs/journal.md, "Fixing an earlier
// input"). Opened from a log entry or from the prompt card's recent answers with openFor(seq).
Dialog {
    id: dialog
    objectName: "fixDialog"
    title: choices.kind === "dice" ? qsTr("Fix throw #%1").arg(choices.seq) : qsTr("Fix answer #%1").arg(choices.seq)
    modal: true
    // Centred, or at the top while the on-screen keyboard is up, so its text field stays above the keyboard.
    parent: Overlay.overlay
    x: parent ? (parent.width - width) / 2 : 0
    // Lint note: Qt 6.4's linter types Qt.inputMethod as a QObject; it is a QInputMethod.
    y: !parent ? 0 : Qt.inputMethod.visible ? Math.min(Theme.spacing, parent.height - Qt.inputMethod.keyboardRectangle.height // qmllint disable type
                                                                 - Theme.spacing - reasonBottom)
                                            : (parent.height - height) / 2
    // The reason field's bottom from the dialog's top: what must stay above the keyboard.
    readonly property real reasonBottom: (header ? header.height : 0) + topPadding + reason.y + reason.height
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
        text: dialog.title
        color: Theme.text
        font.pixelSize: Theme.fontTitle
        font.bold: true
        wrapMode: Text.WordWrap
        padding: Theme.spacing
        bottomPadding: 0
    }
    property var choices: ({})
    property string chosen: ""
    property var faces: []
    // A fix of a sealed turn, or of one of Muster's own draws, is deliberate: it is confirmed by a tap that
    // names what it changes, and verify --seal and the report list it beside that seal.
    readonly property bool needsConfirm: (choices.seal || "").length > 0 || choices.musterDraw === true
    property bool confirmed: false

    function openFor(seq) {
        choices = GameController.fixChoices(seq)
        if (!choices.kind)
            return false
        chosen = choices.kind === "answer" ? choices.value : ""
        faces = choices.kind === "dice" ? choices.faces.slice() : []
        reason.text = ""
        confirmed = false
        open()
        return true
    }
    readonly property bool changed: choices.kind === "answer" ? chosen !== choices.value
                                                              : JSON.stringify(faces) !== JSON.stringify(choices.faces)
    readonly property string why: !changed ? (choices.kind === "dice" ? qsTr("Change a die first.") : qsTr("Choose a different answer first."))
                                  : reason.text.trim().length === 0 ? qsTr("Say why (required).")
                                  : needsConfirm && !confirmed ? qsTr("Confirm the change above first.") : ""

    ColumnLayout {
        anchors.fill: parent
        spacing: 10
        Label {
            Layout.fillWidth: true
            text: dialog.choices.question || ""
            wrapMode: Text.WordWrap
            font.pixelSize: Theme.fontBody
            font.bold: true
            color: Theme.text
        }
        // What the fix changes beyond this input: a turn whose seal the players may have noted, or a draw no
        // player threw.
        Label {
            objectName: "fixSealWarning"
            Layout.fillWidth: true
            visible: dialog.needsConfirm
            text: {
                const parts = []
                if ((dialog.choices.seal || "").length > 0)
                    parts.push(qsTr("Turn %1 has ended and was sealed as %2. This fix changes what that turn counts for; the seal still holds, and checking it will list this fix, who made it and why.")
                               .arg(dialog.choices.turn).arg(dialog.choices.seal))
                if (dialog.choices.musterDraw)
                    parts.push(qsTr("This is one of Muster's own draws: no player threw it."))
                return parts.join(" ")
            }
            wrapMode: Text.WordWrap
            font.pixelSize: Theme.fontBody
            color: Theme.warning
        }
        BigButton {
            objectName: "fixConfirmSealed"
            Layout.fillWidth: true
            visible: dialog.needsConfirm
            text: (dialog.choices.seal || "").length > 0
                  ? qsTr("I change sealed turn %1 (%2)").arg(dialog.choices.turn).arg(dialog.choices.seal)
                  : qsTr("I change Muster's draw")
            highlighted: dialog.confirmed
            tint: dialog.confirmed ? "#3b3320" : Theme.surfaceRaised
            onClicked: dialog.confirmed = !dialog.confirmed
        }
        Label {
            Layout.fillWidth: true
            text: qsTr("Later answers and throws that still fit are kept; the first that no longer fits and those after it are set aside, and play resumes there.")
            wrapMode: Text.WordWrap
            font.pixelSize: Theme.fontSmall
            color: Theme.textDim
        }
        Flow {
            Layout.fillWidth: true
            visible: dialog.choices.kind === "answer"
            spacing: 8
            Repeater {
                model: dialog.choices.kind === "answer" ? dialog.choices.options : []
                BigButton {
                    required property var modelData
                    objectName: "fixOption_" + modelData.value
                    text: modelData.label
                    highlighted: dialog.chosen === modelData.value // qmllint disable unqualified
                    tint: dialog.chosen === modelData.value ? "#3b3320" : Theme.surfaceRaised // qmllint disable unqualified
                    onClicked: dialog.chosen = modelData.value // qmllint disable unqualified
                }
            }
        }
        Label {
            objectName: "fixDiceCount"
            Layout.fillWidth: true
            visible: dialog.choices.kind === "dice"
            text: {
                let changedDice = 0
                const was = dialog.choices.faces || []
                for (let i = 0; i < dialog.faces.length; ++i)
                    if (dialog.faces[i] !== was[i])
                        ++changedDice
                return qsTr("%1 d%2 as thrown; tap a die to step it up (1 after %2). %3 changed.")
                    .arg(dialog.faces.length).arg(dialog.choices.sides).arg(changedDice)
            }
            wrapMode: Text.WordWrap
            font.pixelSize: Theme.fontBody
            color: Theme.text
        }
        // A throw: the faces as they stand, each tapped to step it up (1 after the highest); a changed die is
        // drawn in the accent colour.
        Flow {
            Layout.fillWidth: true
            visible: dialog.choices.kind === "dice"
            spacing: 8
            Repeater {
                model: dialog.choices.kind === "dice" ? dialog.faces.length : 0
                BigButton {
                    required property int index
                    objectName: "fixDie_" + index
                    text: dialog.faces[index] // qmllint disable unqualified
                    implicitWidth: 64
                    highlighted: dialog.faces[index] !== (dialog.choices.faces || [])[index] // qmllint disable unqualified
                    tint: highlighted ? "#3b3320" : Theme.surfaceRaised
                    onClicked: {
                        const f = dialog.faces.slice()
                        f[index] = f[index] >= dialog.choices.sides ? 1 : f[index] + 1
                        dialog.faces = f
                    }
                }
            }
        }
        TextField {
            id: reason
            objectName: "fixReason"
            Layout.fillWidth: true
            implicitHeight: Theme.touchTarget
            placeholderText: qsTr("Why (required): e.g. the range was measured wrong")
            font.pixelSize: Theme.fontBody
        }
        Label {
            Layout.fillWidth: true
            visible: dialog.why.length > 0
            text: dialog.why
            font.pixelSize: Theme.fontSmall
            color: Theme.warning
        }
        RowLayout {
            Layout.fillWidth: true
            spacing: 10
            BigButton {
                Layout.fillWidth: true
                text: qsTr("Cancel")
                onClicked: dialog.close()
            }
            BigButton {
                objectName: "fixApply"
                Layout.fillWidth: true
                text: qsTr("Fix and replay")
                highlighted: true
                enabled: dialog.why.length === 0
                onClicked: {
                    const ok = dialog.choices.kind === "answer"
                             ? GameController.fixAnswer(dialog.choices.seq, dialog.chosen, reason.text)
                             : GameController.fixThrow(dialog.choices.seq, dialog.faces, reason.text)
                    if (ok)
                        dialog.close()
                }
            }
        }
        Label {
            Layout.fillWidth: true
            visible: GameController.lastError.length > 0 && dialog.visible
            text: GameController.lastError
            wrapMode: Text.WordWrap
            font.pixelSize: Theme.fontSmall
            color: Theme.danger
        }
    }
}
