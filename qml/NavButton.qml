import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

// One entry of the navigation rail (landscape) or bar (portrait): a glyph over a label, one large touch target.
AbstractButton {
    id: root
    property string glyph
    property bool current: false

    implicitWidth: 96
    implicitHeight: 72
    Accessible.name: text

    background: Rectangle {
        radius: Theme.radius
        color: root.current ? Theme.surfaceRaised : (root.pressed ? Theme.surface : "transparent")
        border.width: root.current ? 2 : 0
        border.color: Theme.accent
    }
    contentItem: ColumnLayout {
        spacing: 2
        Label {
            Layout.alignment: Qt.AlignHCenter
            text: root.glyph
            font.pixelSize: 28
            color: root.current ? Theme.accent : Theme.text
        }
        Label {
            Layout.alignment: Qt.AlignHCenter
            text: root.text
            font.pixelSize: Theme.fontSmall
            font.bold: root.current
            color: root.current ? Theme.accent : Theme.textDim
        }
    }
}
