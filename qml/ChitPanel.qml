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
    readonly property ChitOrdersModel chits: CameraService.chits

    ColumnLayout {
        id: body
        width: panel.width
        spacing: 6

        Label {
            Layout.fillWidth: true
            text: CameraService.live
                  ? (panel.chits.framesSeen > 0 ? qsTr("Camera: %1 chits read, %2 orders given").arg(panel.chits.chits.count).arg(panel.chits.appliedCount)
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
                required property bool applied
                required property string unitName
                required property string orderLabel
                required property string status
                Layout.fillWidth: true
                text: (applied ? "\u2714 " : "\u2022 ") + unitName + " \u2014 " + orderLabel
                      + (applied ? "" : "  (" + status + ")")
                wrapMode: Text.WordWrap
                font.pixelSize: Theme.fontSmall + 2
                color: applied ? "#66bb6a" : Theme.textDim
            }
        }
        Label {
            Layout.fillWidth: true
            visible: panel.chits.conflicts.count > 0
            text: qsTr("Conflicts \u2014 two chits for one unit, not applied:")
            font.pixelSize: Theme.fontSmall + 2
            font.bold: true
            color: Theme.danger
        }
        Repeater {
            model: panel.chits.conflicts
            Label {
                required property string unitName
                required property string orders
                Layout.fillWidth: true
                text: "\u26A0 " + unitName + ": " + orders
                wrapMode: Text.WordWrap
                font.pixelSize: Theme.fontSmall + 2
                color: Theme.danger
            }
        }
        Label {
            Layout.fillWidth: true
            visible: panel.chits.rejected.count > 0
            text: qsTr("Not Muster chits of this game, ignored:")
            font.pixelSize: Theme.fontSmall + 2
            font.bold: true
            color: Theme.warning
        }
        Repeater {
            model: panel.chits.rejected
            // The role "text" is read through `model`: a required property of that name would hide the Label's
            // own text.
            Label {
                required property var model
                required property string reason
                Layout.fillWidth: true
                text: "\u2715 " + model.text + " \u2014 " + reason
                wrapMode: Text.WrapAnywhere
                font.pixelSize: Theme.fontSmall
                color: Theme.warning
            }
        }
        Repeater {
            model: panel.chits.unitless
            Label {
                required property int count
                required property string orderLabel
                Layout.fillWidth: true
                text: qsTr("%1 unit-less %2 chit(s): tap the unit they belong to.").arg(count).arg(orderLabel)
                wrapMode: Text.WordWrap
                font.pixelSize: Theme.fontSmall + 2
                color: Theme.textDim
            }
        }
        Label {
            Layout.fillWidth: true
            visible: GameController.phase === "orders" && panel.chits.waiting.count > 0
            // Lint note: a QStringList is a JS array at run time; Qt 6.4's linter gives it no Array methods.
            text: qsTr("Still without an order: %1").arg(panel.chits.waitingNames.join(", ")) // qmllint disable type
            wrapMode: Text.WordWrap
            font.pixelSize: Theme.fontSmall + 2
            color: Theme.text
        }
    }
}
