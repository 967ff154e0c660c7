import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Muster

// Settings: camera choice, calibration, house rules and printing.
PageFrame {
    title: qsTr("Settings")
    subtitle: qsTr("Camera, calibration, house rules and printing.")

    Label {
        anchors.centerIn: parent
        width: Math.min(parent.width, 640)
        horizontalAlignment: Text.AlignHCenter
        wrapMode: Text.WordWrap
        text: qsTr("Nothing to set in this build yet.")
        font.pixelSize: Theme.fontBody
        color: Theme.textDim
    }
}
