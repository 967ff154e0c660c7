import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

// An integer with big - and + buttons, for house rules the GM sets as a number.
RowLayout {
    id: stepper
    property int value: 0
    property int from: 0
    property int to: 100
    property int stepSize: 1
    property string caption
    property string namePrefix // objectName prefix of the buttons: <prefix>_minus, <prefix>_plus
    property bool isDefault: false
    signal moved(int value)
    spacing: 6

    Label {
        visible: stepper.caption.length > 0
        text: stepper.caption
        font.pixelSize: Theme.fontSmall
        color: Theme.textDim
    }
    BigButton {
        objectName: stepper.namePrefix + "_minus"
        implicitWidth: Theme.touchTarget
        text: "\u2212"
        enabled: stepper.value - stepper.stepSize >= stepper.from
        onClicked: stepper.moved(stepper.value - stepper.stepSize)
    }
    Label {
        Layout.minimumWidth: 56
        horizontalAlignment: Text.AlignHCenter
        text: stepper.value + (stepper.isDefault ? "" : " \u2022")
        font.pixelSize: Theme.fontBody + 2
        font.bold: true
        color: stepper.isDefault ? Theme.text : Theme.accent
    }
    BigButton {
        objectName: stepper.namePrefix + "_plus"
        implicitWidth: Theme.touchTarget
        text: "+"
        enabled: stepper.value + stepper.stepSize <= stepper.to
        onClicked: stepper.moved(stepper.value + stepper.stepSize)
    }
}
