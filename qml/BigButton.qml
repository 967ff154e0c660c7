import QtQuick
import QtQuick.Controls

// A large touch button (at least 56 px high) with readable type, for answers at arm's length.
Button {
    id: control
    property color tint: Theme.surfaceRaised
    // No insets: the style's default draws the face 12 px smaller than the tap area, so a 56 px button looked
    // 44 px tall.
    topInset: 0
    bottomInset: 0
    leftInset: 0
    rightInset: 0
    implicitHeight: Math.max(Theme.touchTarget, contentItem.implicitHeight + 20)
    implicitWidth: Math.max(140, contentItem.implicitWidth + 36)
    font.pixelSize: Theme.fontBody
    font.capitalization: Font.MixedCase
    contentItem: Text {
        text: control.text
        font: control.font
        color: control.enabled ? Theme.text : Theme.textDim
        horizontalAlignment: Text.AlignHCenter
        verticalAlignment: Text.AlignVCenter
        wrapMode: Text.WordWrap
    }
    background: Rectangle {
        radius: Theme.radius
        color: control.down ? Qt.darker(control.tint, 1.4) : control.tint
        opacity: control.enabled ? 1 : 0.4
        border.width: control.highlighted ? 2 : 1
        border.color: control.highlighted ? Theme.accent : "#3a424c"
    }
}
