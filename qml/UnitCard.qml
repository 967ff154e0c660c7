import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Muster

// One unit on the roster: strength bar against its set-up figures, casualties, DLs, officers, grade, formation, order.
Rectangle {
    id: card
    required property string unitId
    required property string name
    required property string sideName
    required property string nation
    required property string arm
    required property string grade
    required property string formation
    required property bool formed
    required property int officers
    required property int rankAndFile
    required property int dl
    required property int casualties
    required property int startStrength
    required property int strength
    required property string order
    required property bool removed
    required property string status
    property bool highlighted: false

    radius: Theme.radius
    color: removed ? "#2a1d1d" : Theme.surface
    border.width: highlighted ? 3 : 1
    border.color: highlighted ? Theme.accent : "#333a42"
    opacity: removed ? 0.6 : 1
    implicitHeight: 150

    Rectangle {
        width: 8
        height: parent.height - 16
        x: 6
        y: 8
        radius: 3
        color: card.nation === "mexican" ? Theme.mexican : Theme.american
    }

    ColumnLayout {
        anchors.fill: parent
        anchors.leftMargin: 22
        anchors.margins: 10
        spacing: 4
        RowLayout {
            Layout.fillWidth: true
            Label {
                text: card.name
                font.pixelSize: Theme.fontBody
                font.bold: true
                font.strikeout: card.removed
                color: Theme.text
                elide: Text.ElideRight
                Layout.fillWidth: true
            }
            Label {
                text: card.order.replace(/_/g, " ").toUpperCase()
                font.pixelSize: Theme.fontSmall
                font.bold: true
                color: Theme.accent
            }
        }
        Label {
            text: qsTr("%1 \u00b7 %2 \u00b7 %3 %4 \u00b7 %5").arg(card.unitId).arg(card.grade).arg(card.formation.replace(/_/g, " "))
                  .arg(card.formed ? "" : qsTr("(unformed)")).arg(card.status)
            font.pixelSize: Theme.fontSmall
            color: card.formed ? Theme.textDim : Theme.warning
            elide: Text.ElideRight
            Layout.fillWidth: true
        }
        // Strength: effective figures against set-up; DLs and casualties in their own colours.
        Rectangle {
            Layout.fillWidth: true
            Layout.preferredHeight: 14
            radius: 4
            color: "#0e1012"
            Row {
                anchors.fill: parent
                Rectangle {
                    height: parent.height
                    width: card.startStrength > 0 ? parent.width * card.strength / card.startStrength : 0
                    color: "#4caf50"
                    radius: 4
                }
                Rectangle {
                    height: parent.height
                    width: card.startStrength > 0 ? parent.width * Math.min(card.dl, card.startStrength) / card.startStrength : 0
                    color: Theme.warning
                }
            }
        }
        RowLayout {
            Layout.fillWidth: true
            spacing: 14
            Label { text: qsTr("Figures %1/%2").arg(card.strength).arg(card.startStrength); font.pixelSize: Theme.fontSmall; color: Theme.text }
            Label { text: qsTr("Officers %1").arg(card.officers); font.pixelSize: Theme.fontSmall; color: card.officers > 0 ? Theme.text : Theme.danger }
            Label { text: qsTr("DL %1").arg(card.dl); font.pixelSize: Theme.fontSmall; color: card.dl > 0 ? Theme.warning : Theme.textDim }
            Label { text: qsTr("Cas %1").arg(card.casualties); font.pixelSize: Theme.fontSmall; color: card.casualties > 0 ? Theme.danger : Theme.textDim }
        }
    }
}
