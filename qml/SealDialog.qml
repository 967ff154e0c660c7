import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Muster

// At the end of a turn: the seal of the journal's head, large and as a QR code, for the players to note or
// photograph and keep apart from the game file (muster-cli game verify --seal CODE proves it later).
Dialog {
    id: dialog
    objectName: "sealDialog"
    property var seal: TurnSealer.turnSeal
    title: qsTr("Turn %1 is sealed").arg(seal.turn || "")
    modal: true
    anchors.centerIn: Overlay.overlay
    width: Math.min(parent ? parent.width - 40 : 760, 760)
    closePolicy: Popup.NoAutoClose
    padding: Theme.spacing
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
        padding: Theme.spacing
        bottomPadding: 0
    }

    RowLayout {
        anchors.fill: parent
        spacing: Theme.spacing
        SealQr {
            objectName: "sealQr"
            text: dialog.seal.qrText || ""
            Layout.preferredWidth: 220
            Layout.preferredHeight: 220
        }
        ColumnLayout {
            Layout.fillWidth: true
            spacing: 8
            Label {
                text: qsTr("Note this seal or photograph the code:")
                wrapMode: Text.WordWrap
                Layout.fillWidth: true
                color: Theme.text
                font.pixelSize: Theme.fontBody
            }
            Label {
                objectName: "sealCode"
                text: dialog.seal.seal || ""
                color: Theme.text
                font.pixelSize: Theme.fontHuge
                font.bold: true
                font.family: "DejaVu Sans Mono"
            }
            Label {
                text: dialog.seal.device ? qsTr("Signed by this device, %1").arg(dialog.seal.device)
                                         : qsTr("Not signed: %1").arg(dialog.seal.unsignedReason || "")
                wrapMode: Text.WordWrap
                Layout.fillWidth: true
                color: dialog.seal.device ? Theme.textDim : Theme.warning
                font.pixelSize: Theme.fontSmall
            }
            // Fixes made during this turn to turns sealed before it: the players who noted those seals should know.
            Label {
                objectName: "sealCorrections"
                visible: (dialog.seal.corrections || []).length > 0
                text: qsTr("Changed during this turn, after their seals:") + "\n" + (dialog.seal.corrections || []).join("\n")
                wrapMode: Text.WordWrap
                Layout.fillWidth: true
                color: Theme.warning
                font.pixelSize: Theme.fontSmall
            }
            Label {
                text: qsTr("Later, 'muster-cli game verify GAME --seal %1' proves this game still holds the turn unchanged.").arg(dialog.seal.seal || "")
                wrapMode: Text.WordWrap
                Layout.fillWidth: true
                color: Theme.textDim
                font.pixelSize: Theme.fontSmall
            }
            BigButton {
                objectName: "sealDone"
                Layout.fillWidth: true
                highlighted: true
                text: qsTr("Noted")
                onClicked: {
                    TurnSealer.dismissSeal()
                    dialog.close()
                }
            }
        }
    }
}
