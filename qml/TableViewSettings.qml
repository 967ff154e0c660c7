import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Muster

// Settings → Table view: the players' phones follow the game in their browsers, read-only. Turn it on, pick the
// address the phones can reach, and show them the QR code (or the short link to type). The link carries this game's
// secret; without it the phones see nothing. Below it, results read aloud for everyone at the table.
ColumnLayout {
    id: panel
    spacing: Theme.spacing

    Label {
        Layout.fillWidth: true
        text: qsTr("Players follow the game on their phones: the turn, who acts and what is asked, each side's roster, " +
                   "this turn's results and the seals. Read-only: nothing on a phone changes the game.")
        wrapMode: Text.WordWrap
        font.pixelSize: Theme.fontBody
        color: Theme.textDim
    }
    RowLayout {
        spacing: Theme.spacing
        Label { text: qsTr("Address"); font.pixelSize: Theme.fontBody; color: Theme.textDim }
        ComboBox {
            id: addressBox
            objectName: "tableViewAddress"
            // qmllint disable type
            model: PhonesView.addresses.length > 0 ? PhonesView.addresses : ["127.0.0.1"]
            // qmllint enable type
            enabled: !PhonesView.running
            Layout.preferredWidth: 220
            Layout.preferredHeight: Theme.touchTarget
        }
        Label { text: qsTr("Port"); font.pixelSize: Theme.fontBody; color: Theme.textDim }
        TextField {
            id: portField
            objectName: "tableViewPort"
            text: "8080"
            enabled: !PhonesView.running
            inputMethodHints: Qt.ImhDigitsOnly
            validator: IntValidator { bottom: 1024; top: 65535 }
            Layout.preferredWidth: 110
            Layout.preferredHeight: Theme.touchTarget
        }
        BigButton {
            objectName: "tableViewToggle"
            text: PhonesView.running ? qsTr("Turn off") : qsTr("Turn on")
            highlighted: PhonesView.running
            onClicked: PhonesView.running ? PhonesView.stop() : PhonesView.start(addressBox.currentText, parseInt(portField.text))
        }
    }
    Label {
        objectName: "tableViewError"
        visible: PhonesView.error.length > 0
        Layout.fillWidth: true
        text: PhonesView.error
        wrapMode: Text.WordWrap
        font.pixelSize: Theme.fontSmall
        color: Theme.warning
    }
    RowLayout {
        visible: PhonesView.running
        spacing: Theme.spacing * 2
        Rectangle {
            // Dark modules on white, with a quiet zone: what phone cameras read best.
            color: "white"
            Layout.preferredWidth: 220
            Layout.preferredHeight: 220
            SealQr {
                objectName: "tableViewQr"
                anchors.fill: parent
                anchors.margins: 12
                text: PhonesView.url
            }
        }
        ColumnLayout {
            spacing: 6
            Layout.fillWidth: true
            Label { text: qsTr("Scan the code, or type this link:"); font.pixelSize: Theme.fontBody; color: Theme.textDim }
            Label {
                objectName: "tableViewUrl"
                Layout.fillWidth: true
                text: PhonesView.url
                wrapMode: Text.WrapAnywhere
                font.pixelSize: Theme.fontBody
                font.bold: true
                color: Theme.text
            }
            Label {
                text: PhonesView.viewers === 1 ? qsTr("1 phone watching") : qsTr("%1 phones watching").arg(PhonesView.viewers)
                font.pixelSize: Theme.fontSmall
                color: Theme.textDim
            }
            Label {
                Layout.fillWidth: true
                text: qsTr("Share the link only with the players: it shows this game to anyone on this network who has it.")
                wrapMode: Text.WordWrap
                font.pixelSize: Theme.fontSmall
                color: Theme.textDim
            }
        }
    }
    RowLayout {
        spacing: Theme.spacing
        BigButton {
            objectName: "speechToggle"
            text: Speaker.enabled ? qsTr("Stop reading results aloud") : qsTr("Read results aloud")
            highlighted: Speaker.enabled
            enabled: Speaker.available || Speaker.enabled
            onClicked: Speaker.enabled = !Speaker.enabled
        }
        Label {
            Layout.fillWidth: true
            text: Speaker.problem.length > 0
                  ? qsTr("Speech is not available here: %1").arg(Speaker.problem)
                  : qsTr("The throw asked for, each result and the turn's summary, one at a time; big moments first. " +
                         "Quiet on the Game page stops it.")
            wrapMode: Text.WordWrap
            font.pixelSize: Theme.fontSmall
            color: Speaker.problem.length > 0 ? Theme.warning : Theme.textDim
        }
    }
    Item { Layout.fillHeight: true }
}
