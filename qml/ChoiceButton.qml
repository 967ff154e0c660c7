import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

// One choice among several (a house-rule reading, a dice set, a way to roll): a big touch target that shows whether
// it is chosen, with an optional second line (e.g. "default") under its label.
Button {
    id: control
    property string note
    property bool chosen: false
    property real maxWidth: parent ? parent.width : Infinity // the room there is; a longer label wraps
    implicitHeight: Math.max(Theme.touchTarget, implicitContentHeight + 16)
    implicitWidth: Math.min(maxWidth, Math.max(120, implicitContentWidth + 32))
    font.pixelSize: Theme.fontBody - 2
    font.capitalization: Font.MixedCase
    Accessible.checked: chosen
    contentItem: ColumnLayout {
        spacing: 0
        Text {
            Layout.fillWidth: true
            text: control.text
            font: control.font
            color: control.chosen ? "#111" : (control.enabled ? Theme.text : Theme.textDim)
            horizontalAlignment: Text.AlignHCenter
            wrapMode: Text.WordWrap
        }
        Text {
            Layout.fillWidth: true
            visible: control.note.length > 0
            text: control.note
            font.pixelSize: Theme.fontSmall - 3
            color: control.chosen ? "#332200" : Theme.textDim
            horizontalAlignment: Text.AlignHCenter
        }
    }
    background: Rectangle {
        radius: Theme.radius
        color: control.chosen ? Theme.accent : (control.down ? Qt.darker(Theme.surfaceRaised, 1.4) : Theme.surfaceRaised)
        opacity: control.enabled ? 1 : 0.4
        border.width: 1
        border.color: control.chosen ? Theme.accent : "#3a424c"
    }
}
