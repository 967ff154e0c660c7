import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Muster

// Orders: chits read by the camera and the units still waiting for an order.
PageFrame {
    title: qsTr("Orders")
    subtitle: qsTr("The order chits read from the table, and the units still without one.")

    Label {
        anchors.centerIn: parent
        width: Math.min(parent.width, 640)
        horizontalAlignment: Text.AlignHCenter
        wrapMode: Text.WordWrap
        text: qsTr("No game in progress, so no orders to collect.")
        font.pixelSize: Theme.fontBody
        color: Theme.textDim
    }
}
