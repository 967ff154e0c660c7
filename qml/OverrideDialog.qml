import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Muster

// Replaces the faces of the last throw: who and why are recorded in the journal as an override, never a delete.
Dialog {
    id: dialog
    title: qsTr("Correct the last throw")
    modal: true
    anchors.centerIn: Overlay.overlay
    width: Math.min(parent ? parent.width - 40 : 720, 720)
    property var faces: []
    property int count: 0
    standardButtons: Dialog.Cancel

    onOpened: {
        faces = []
        count = Math.max(1, GameController.lastDiceFaces().length)
        reason.text = ""
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 10
        Label {
            text: qsTr("Type every die of that throw again, as it lies on the table.")
            wrapMode: Text.WordWrap
            Layout.fillWidth: true
            font.pixelSize: Theme.fontBody
        }
        Label {
            text: dialog.faces.join("  ") + (dialog.faces.length < dialog.count ? "  _" : "")
            font.pixelSize: 28
            font.bold: true
        }
        RowLayout {
            spacing: 6
            Repeater {
                model: 6
                BigButton {
                    required property int index
                    text: index + 1
                    implicitWidth: 64
                    enabled: dialog.faces.length < dialog.count
                    onClicked: dialog.faces = dialog.faces.concat([index + 1])
                }
            }
            BigButton {
                text: "\u232B"
                implicitWidth: 64
                enabled: dialog.faces.length > 0
                onClicked: dialog.faces = dialog.faces.slice(0, -1)
            }
        }
        TextField {
            id: reason
            Layout.fillWidth: true
            placeholderText: qsTr("Why (required): e.g. the camera read a 5 as a 3")
            font.pixelSize: Theme.fontBody
        }
        BigButton {
            Layout.fillWidth: true
            text: qsTr("Record the correction")
            highlighted: true
            enabled: dialog.faces.length === dialog.count && reason.text.trim().length > 0
            onClicked: {
                if (GameController.overrideLast(dialog.faces, reason.text))
                    dialog.close()
            }
        }
    }
}
