import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

// The common frame of a page: a title bar and a content area. Pages put their content inside.
Item {
    id: root
    property string title
    property string subtitle
    default property alias content: body.data

    ColumnLayout {
        anchors.fill: parent
        anchors.margins: Theme.spacing
        spacing: Theme.spacing

        ColumnLayout {
            spacing: 2
            Label {
                text: root.title
                font.pixelSize: Theme.fontTitle
                font.bold: true
                color: Theme.text
            }
            Label {
                visible: root.subtitle.length > 0
                text: root.subtitle
                font.pixelSize: Theme.fontBody
                color: Theme.textDim
                wrapMode: Text.WordWrap
                Layout.fillWidth: true
            }
        }
        Item {
            id: body
            Layout.fillWidth: true
            Layout.fillHeight: true
        }
    }
}
