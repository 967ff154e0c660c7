import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Muster

// Dice: the view of the dice tray. With no camera it shows the demo feed and says so.
PageFrame {
    id: page
    title: qsTr("Dice")
    subtitle: qsTr("Reading throws is not connected in this build: this page only shows the feed.")

    ColumnLayout {
        anchors.fill: parent
        spacing: Theme.spacing

        Item {
            Layout.fillWidth: true
            Layout.fillHeight: true

            DemoFeedItem {
                id: feed
                anchors.centerIn: parent
                width: Math.min(parent.width, parent.height * 4 / 3)
                height: width * 3 / 4
                visible: CameraService.demoFeed
                running: visible && page.visible
                diceCount: 7
            }
            Rectangle {
                visible: CameraService.demoFeed
                anchors.top: feed.top
                anchors.left: feed.left
                anchors.margins: 12
                width: demoLabel.implicitWidth + 24
                height: 44
                radius: 6
                color: "#cc000000"
                border.color: Theme.warning
                Label {
                    id: demoLabel
                    anchors.centerIn: parent
                    text: qsTr("DEMO FEED \u2014 no camera")
                    font.pixelSize: Theme.fontBody
                    font.bold: true
                    color: Theme.warning
                }
            }
            Label {
                visible: !CameraService.demoFeed
                anchors.centerIn: parent
                text: CameraService.feedDescription
                font.pixelSize: Theme.fontBody
                color: Theme.textDim
            }
        }
        Label {
            text: CameraService.feedDescription
            font.pixelSize: Theme.fontSmall
            color: Theme.textDim
        }
    }
}
