import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Muster

// One unit on the roster: strength bar against its set-up figures, status, and the rule set's own columns.
Rectangle {
    id: card
    required property string unitId
    required property string name
    required property string sideName
    required property string sideColour
    required property int casualties
    required property int startStrength
    required property int strength
    required property string order
    required property bool removed
    required property string status
    required property var details
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
        color: card.sideColour.length > 0 ? card.sideColour : Theme.sideFallback
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
                visible: text.length > 0
                font.pixelSize: Theme.fontSmall
                font.bold: true
                color: Theme.accent
            }
        }
        Label {
            text: qsTr("%1 \u00b7 %2 \u00b7 %3").arg(card.unitId).arg(card.sideName).arg(card.status)
            font.pixelSize: Theme.fontSmall
            color: card.status.indexOf("formed") === 0 || card.status === "" ? Theme.textDim : Theme.warning
            elide: Text.ElideRight
            Layout.fillWidth: true
        }
        // Strength: figures that can act against set-up.
        Rectangle {
            Layout.fillWidth: true
            Layout.preferredHeight: 14
            radius: 4
            color: "#0e1012"
            Rectangle {
                height: parent.height
                width: card.startStrength > 0 ? parent.width * Math.min(card.strength, card.startStrength) / card.startStrength : 0
                color: "#4caf50"
                radius: 4
            }
        }
        // The rule set's columns (grade, formation, DL, loaded, operations left, …) as short chips.
        Flow {
            Layout.fillWidth: true
            Layout.fillHeight: true
            spacing: 12
            clip: true
            Label {
                text: qsTr("Figures %1/%2").arg(card.strength).arg(card.startStrength)
                font.pixelSize: Theme.fontSmall
                color: Theme.text
            }
            Repeater {
                model: card.details
                Label {
                    required property var modelData
                    visible: modelData.key !== "order"
                    text: modelData.label + " " + String(modelData.value).replace(/_/g, " ")
                    font.pixelSize: Theme.fontSmall
                    color: modelData.key === "casualties" && modelData.value !== "0" ? Theme.danger
                         : (modelData.key === "dl" && modelData.value !== "0" ? Theme.warning : Theme.textDim)
                }
            }
        }
    }
}
