import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Muster

// The camera section of Settings: which feed the Dice and Orders pages read.
ColumnLayout {
    spacing: Theme.spacing / 2
    Label { text: qsTr("Camera"); font.pixelSize: Theme.fontBody; font.bold: true; color: Theme.text }
    Label {
        text: CameraService.cameraAvailable ? CameraService.cameras.join(", ") : qsTr("No camera found. The Dice page shows the demo feed; dice are typed or rolled virtually.")
        font.pixelSize: Theme.fontSmall + 1
        color: Theme.textDim
        wrapMode: Text.WordWrap
        Layout.fillWidth: true
    }
}
