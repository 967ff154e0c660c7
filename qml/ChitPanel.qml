import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Muster

// The chits the camera read this orders phase: each chit and what became of it, units still without an
// order, conflicts (two chits for one unit) and foreign codes. Conflicts and foreign codes are never applied;
// tap the order above for those units.
Flickable {
    id: panel
    contentHeight: body.implicitHeight
    clip: true
    readonly property var chits: CameraService.chits

    ColumnLayout {
        id: body
        width: panel.width
        spacing: 6

        Label {
            Layout.fillWidth: true
            text: CameraService.live
                  ? (panel.chits.framesSeen > 0 ? qsTr("Camera: %1 chits read, %2 orders given").arg(panel.chits.chits.length).arg(panel.chits.appliedCount)
                                                : qsTr("Camera: lay the chits face up in view (%1).").arg(CameraService.feedDescription))
                  : qsTr("No camera reading (%1): tap the order shown on each revealed chit.").arg(CameraService.feedDescription)
            wrapMode: Text.WordWrap
            font.pixelSize: Theme.fontBody
            font.bold: true
            color: Theme.text
        }
        Repeater {
            model: panel.chits.chits
            Label {
                required property var modelData
                Layout.fillWidth: true
                text: (modelData.applied ? "\u2714 " : "\u2022 ") + modelData.unitName + " \u2014 " + modelData.orderLabel
                      + (modelData.applied ? "" : "  (" + modelData.status + ")")
                wrapMode: Text.WordWrap
                font.pixelSize: Theme.fontSmall + 2
                color: modelData.applied ? "#66bb6a" : Theme.textDim
            }
        }
        Label {
            Layout.fillWidth: true
            visible: panel.chits.conflicts.length > 0
            text: qsTr("Conflicts \u2014 two chits for one unit, not applied:")
            font.pixelSize: Theme.fontSmall + 2
            font.bold: true
            color: Theme.danger
        }
        Repeater {
            model: panel.chits.conflicts
            Label {
                required property var modelData
                Layout.fillWidth: true
                text: "\u26A0 " + modelData.unitName + ": " + modelData.orders
                wrapMode: Text.WordWrap
                font.pixelSize: Theme.fontSmall + 2
                color: Theme.danger
            }
        }
        Label {
            Layout.fillWidth: true
            visible: panel.chits.rejected.length > 0
            text: qsTr("Not Muster chits of this game, ignored:")
            font.pixelSize: Theme.fontSmall + 2
            font.bold: true
            color: Theme.warning
        }
        Repeater {
            model: panel.chits.rejected
            Label {
                required property var modelData
                Layout.fillWidth: true
                text: "\u2715 " + modelData.text + " \u2014 " + modelData.reason
                wrapMode: Text.WrapAnywhere
                font.pixelSize: Theme.fontSmall
                color: Theme.warning
            }
        }
        Repeater {
            model: panel.chits.unitless
            Label {
                required property var modelData
                Layout.fillWidth: true
                text: qsTr("%1 unit-less %2 chit(s): tap the unit they belong to.").arg(modelData.count).arg(modelData.orderLabel)
                wrapMode: Text.WordWrap
                font.pixelSize: Theme.fontSmall + 2
                color: Theme.textDim
            }
        }
        Label {
            Layout.fillWidth: true
            visible: GameController.phase === "orders" && panel.chits.waiting.length > 0
            text: qsTr("Still without an order: %1").arg(panel.chits.waiting.map(u => u.name).join(", "))
            wrapMode: Text.WordWrap
            font.pixelSize: Theme.fontSmall + 2
            color: Theme.text
        }
    }
}
