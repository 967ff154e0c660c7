import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Muster

// Teaching a dice set's symbol faces (a star for the 6, a skull for the 1) in the dice-sets step: throw the
// set's dice, tap every die read wrong or marked "?" and choose its face, keep the throw, and throw again
// until every face has two examples; then teach. The reader then reads those faces for dice of that set, and
// says "unsure" of a face it was not taught.
ColumnLayout {
    id: teacher
    required property CalibrationController calibration
    // Asks the page to open its photo picker for a throw; the page calls calibration.teachThrow(path).
    signal photoWanted()
    property int target: -1 // the dice set taught: an index into calibration.diceSets, -1 the dice of no set
    property int selected: -1 // the die of the throw in hand being tapped
    readonly property bool hasThrow: calibration.teachDice.count > 0
    readonly property bool readyToTeach: {
        const counts = calibration.teachCounts
        let ready = counts.length === 6
        for (let f = 0; f < 6; ++f) {
            let n = counts.length === 6 ? counts[f] : 0
            for (let d = 0; d < calibration.teachDice.count; ++d)
                n += calibration.teachDice.get(d).label === f + 1 ? 1 : 0
            ready = ready && n >= 2
        }
        return ready
    }
    spacing: Theme.spacing

    Label {
        text: qsTr("Dice with symbols")
        font.pixelSize: Theme.fontTitle - 4
        font.bold: true
        color: Theme.text
        Layout.fillWidth: true
    }
    Label {
        text: qsTr("A face with a symbol instead of pips (a star for the 6, a skull for the 1) is taught once: throw the set's dice, tap each die read wrong or marked ? and choose its face, keep the throw, and throw again until every face below has two. Then teach.")
        font.pixelSize: Theme.fontBody
        color: Theme.text
        wrapMode: Text.WordWrap
        Layout.fillWidth: true
    }
    Flow {
        Layout.fillWidth: true
        spacing: 8
        Label {
            height: Theme.touchTarget
            verticalAlignment: Text.AlignVCenter
            text: qsTr("Teach to:")
            font.pixelSize: Theme.fontBody
            color: Theme.textDim
        }
        Repeater {
            model: teacher.calibration.diceSets
            BigButton {
                required property string name
                required property int index
                objectName: "teachTarget_" + index
                text: name
                highlighted: teacher.target === index // qmllint disable unqualified
                onClicked: teacher.target = index // qmllint disable unqualified
            }
        }
        BigButton {
            objectName: "teachTargetNoSet"
            text: teacher.calibration.diceSets.count > 0 ? qsTr("Dice of no set") : qsTr("Every die")
            highlighted: teacher.target === -1
            onClicked: teacher.target = -1
        }
    }
    Flow {
        Layout.fillWidth: true
        spacing: 8
        BigButton {
            objectName: "teachCapture"
            text: qsTr("Read the throw")
            enabled: teacher.calibration.hasResult
            tint: "#2d3b2a"
            onClicked: { teacher.selected = -1; teacher.calibration.teachThrow("") }
        }
        BigButton {
            objectName: "teachPhoto"
            text: qsTr("Use a photo\u2026")
            enabled: teacher.calibration.hasResult
            onClicked: { teacher.selected = -1; teacher.photoWanted() }
        }
        BigButton {
            objectName: "teachKeep"
            text: qsTr("Keep this throw")
            enabled: teacher.hasThrow
            onClicked: { teacher.selected = -1; teacher.calibration.keepThrow() }
        }
        BigButton {
            objectName: "teachFaces"
            text: qsTr("Teach")
            enabled: teacher.readyToTeach
            tint: "#2d3b2a"
            onClicked: { teacher.selected = -1; teacher.calibration.teachFaces(teacher.target) }
        }
        BigButton {
            objectName: "teachForget"
            text: qsTr("Start again")
            enabled: teacher.hasThrow || teacher.calibration.teachThrows > 0
            onClicked: { teacher.selected = -1; teacher.calibration.forgetTeaching() }
        }
    }
    // What the last teaching step did (the page's message, repeated by the buttons that caused it).
    Label {
        visible: teacher.hasThrow || teacher.calibration.teachThrows > 0
        text: teacher.calibration.message
        font.pixelSize: Theme.fontBody
        color: teacher.calibration.failed ? Theme.danger : Theme.text
        wrapMode: Text.WordWrap
        Layout.fillWidth: true
    }
    // Examples per face: kept throws, and the throw in hand once kept.
    Row {
        spacing: 8
        Repeater {
            model: 6
            Rectangle {
                required property int index
                readonly property int kept: teacher.calibration.teachCounts.length === 6 ? teacher.calibration.teachCounts[index] : 0 // qmllint disable unqualified
                width: 74
                height: Theme.touchTarget
                radius: Theme.radius
                color: Theme.surface
                border.color: kept >= 2 ? "#3fae6a" : Theme.warning
                Label {
                    anchors.centerIn: parent
                    text: qsTr("%1: %2").arg(parent.index + 1).arg(parent.kept)
                    font.pixelSize: Theme.fontBody
                    color: Theme.text
                }
            }
        }
        Label {
            height: Theme.touchTarget
            verticalAlignment: Text.AlignVCenter
            text: qsTr("examples in %1 throws kept").arg(teacher.calibration.teachThrows)
            font.pixelSize: Theme.fontSmall
            color: Theme.textDim
        }
    }
    Flow {
        Layout.fillWidth: true
        spacing: 6
        visible: teacher.hasThrow
        enabled: teacher.selected >= 0 && teacher.selected < teacher.calibration.teachDice.count
        Label {
            height: Theme.touchTarget
            verticalAlignment: Text.AlignVCenter
            text: enabled ? qsTr("Die %1 shows:").arg(teacher.selected + 1) : qsTr("Tap a die, then its face:")
            font.pixelSize: Theme.fontBody
            color: Theme.text
        }
        Repeater {
            model: 6
            BigButton {
                required property int index
                objectName: "teachFace_" + (index + 1)
                implicitWidth: Theme.touchTarget + 8
                text: String(index + 1)
                onClicked: { teacher.calibration.tapFace(teacher.selected, index + 1); teacher.selected = -1 } // qmllint disable unqualified
            }
        }
        BigButton {
            objectName: "teachLeaveOut"
            text: qsTr("Leave it out")
            onClicked: { teacher.calibration.tapFace(teacher.selected, -1); teacher.selected = -1 }
        }
    }
    // The throw in hand: tap a die, then its face. A tap selects the die whose centre is nearest (within a
    // fingertip), so dice lying close together are each reachable.
    Item {
        id: throwView
        Layout.fillWidth: true
        Layout.preferredHeight: teacher.hasThrow ? 440 : 0
        visible: teacher.hasThrow
        Image {
            id: throwPhoto
            anchors.fill: parent
            source: teacher.calibration.teachPhotoUrl
            fillMode: Image.PreserveAspectFit
            asynchronous: true
            readonly property real offsetX: (width - paintedWidth) / 2
            readonly property real offsetY: (height - paintedHeight) / 2
        }
        MouseArea {
            anchors.fill: parent
            onClicked: mouse => {
                let best = -1
                let bestDistance = Theme.touchTarget
                for (let d = 0; d < teacher.calibration.teachDice.count; ++d) {
                    const die = teacher.calibration.teachDice.get(d)
                    const cx = throwPhoto.offsetX + (die.boxX + die.boxW / 2) * throwPhoto.paintedWidth
                    const cy = throwPhoto.offsetY + (die.boxY + die.boxH / 2) * throwPhoto.paintedHeight
                    const distance = Math.hypot(mouse.x - cx, mouse.y - cy)
                    if (distance < bestDistance) {
                        best = d
                        bestDistance = distance
                    }
                }
                teacher.selected = best
            }
        }
        Repeater {
            model: teacher.calibration.teachDice
            Rectangle {
                id: dieBox
                required property int index
                required property real boxX
                required property real boxY
                required property real boxW
                required property real boxH
                required property int label
                required property int face
                readonly property bool chosen: teacher.selected === index // qmllint disable unqualified
                objectName: "teachDie_" + index
                x: throwPhoto.offsetX + boxX * throwPhoto.paintedWidth // qmllint disable unqualified
                y: throwPhoto.offsetY + boxY * throwPhoto.paintedHeight // qmllint disable unqualified
                width: boxW * throwPhoto.paintedWidth // qmllint disable unqualified
                height: boxH * throwPhoto.paintedHeight // qmllint disable unqualified
                color: "transparent"
                radius: 4
                border.width: chosen ? 4 : 2
                // Orange: left out until tapped; blue: tapped; green: read and sure.
                border.color: chosen ? Theme.accent : (label === 0 ? Theme.warning : (face > 0 ? "#4aa3ff" : "#3fae6a"))
                Label {
                    anchors.horizontalCenter: parent.horizontalCenter
                    anchors.bottom: parent.top
                    text: dieBox.label === 0 ? "?" : String(dieBox.label)
                    font.pixelSize: Theme.fontBody
                    font.bold: true
                    color: dieBox.label === 0 ? Theme.warning : Theme.text
                    style: Text.Outline
                    styleColor: "black"
                }
            }
        }
    }
    Label {
        visible: teacher.calibration.tableFaces.length > 0
        text: qsTr("Dice of no set: %1").arg(teacher.calibration.tableFaces)
        font.pixelSize: Theme.fontSmall + 1
        color: Theme.textDim
        wrapMode: Text.WordWrap
        Layout.fillWidth: true
    }
}
