import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Muster

// Dice: the tray as the camera sees it, every read die outlined with its value (unsure ones in amber with a
// "?"), the engine's request against what the camera sees, and Accept, Reroll or Type dice. With no camera
// (or for d10/d20) the keypad is the way in; the demo feed is labelled as a demo. With the game's calibration:
// each die's owner by colour, a red banner when the camera moved (Accept blocked), amber light warnings, and
// a calibration that does not fit the feed said, not silently applied.
PageFrame {
    id: page
    title: qsTr("Dice")
    subtitle: GameController.promptKind === "dice" ? GameController.dicePurpose
                                                     : qsTr("The dice tray as the camera sees it.")

    readonly property bool asked: GameController.promptKind === "dice"
    // The camera's read is usable: a live feed, or a read still on screen after the camera was lost.
    readonly property bool cameraCanRead: GameController.diceSides === 6 && (CameraService.live || CameraService.dice.hasReading)
    // The camera cannot read this throw: it is typed (or rolled virtually) on the Game page's keypad.
    readonly property bool keypadShown: asked && !cameraCanRead

    GridLayout {
        anchors.fill: parent
        columns: page.width > page.height ? 2 : 1
        columnSpacing: Theme.spacing
        rowSpacing: Theme.spacing

        // The feed, with the dice read drawn over it.
        TrayView {
            objectName: "diceTray"
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.preferredWidth: 3
            Layout.minimumHeight: 200
            running: page.visible
            onDieTapped: (index, readValue, value, unsure, maybeNotADie) => correction.openFor(index, readValue, value, unsure, maybeNotADie)
        }

        // The request, the verdict and the buttons.
        // In portrait it sits under the feed at its content's height (at most half the page), so Accept stays
        // on screen; the feed takes the rest.
        Rectangle {
            Layout.fillWidth: true
            Layout.fillHeight: page.width > page.height
            Layout.preferredWidth: 2
            Layout.preferredHeight: page.width > page.height ? -1 : Math.min(side.implicitHeight + 2 * Theme.spacing, page.height * 0.5)
            Layout.maximumWidth: page.width > page.height ? 600 : 100000
            radius: Theme.radius
            color: Theme.surface
            Flickable {
                id: sideFlick
                anchors.fill: parent
                anchors.margins: Theme.spacing
                contentWidth: width
                contentHeight: side.implicitHeight
                clip: true
                ColumnLayout {
                    id: side
                    width: sideFlick.width
                    spacing: 12

                    Label {
                        objectName: "askedText"
                        Layout.fillWidth: true
                        text: page.asked ? (CameraService.askedText.length > 0 ? CameraService.askedText
                                                                                : qsTr("Asked for %1 d%2").arg(GameController.diceCount).arg(GameController.diceSides))
                                         : (GameController.active ? qsTr("No dice asked for now") : qsTr("No game in progress"))
                        font.pixelSize: Theme.fontTitle
                        font.bold: true
                        wrapMode: Text.WordWrap
                        color: page.asked && CameraService.dice.hasReading && CameraService.dice.count !== GameController.diceCount
                               ? Theme.warning : Theme.text
                    }
                    Label {
                        Layout.fillWidth: true
                        visible: page.asked && GameController.currentPlayer.length > 0
                        text: qsTr("%1 rolls").arg(GameController.currentPlayer)
                        font.pixelSize: Theme.fontSmall + 2
                        color: Theme.accent
                    }
                    // The camera was bumped since calibration: dice would be read in the wrong place.
                    Rectangle {
                        objectName: "cameraMovedBanner"
                        Layout.fillWidth: true
                        visible: CameraService.cameraMoved
                        implicitHeight: movedLabel.implicitHeight + 20
                        radius: Theme.radius
                        color: "#4a1c1c"
                        border.color: Theme.danger
                        border.width: 2
                        Label {
                            id: movedLabel
                            anchors.fill: parent
                            anchors.margins: 10
                            text: CameraService.cameraMovedText
                            wrapMode: Text.WordWrap
                            font.pixelSize: Theme.fontBody
                            font.bold: true
                            color: Theme.text
                        }
                    }
                    // The calibration does not fit this feed (another aspect ratio): read without it, and say so.
                    Label {
                        objectName: "calibrationNotice"
                        Layout.fillWidth: true
                        visible: CameraService.calibrationNotice.length > 0
                        text: CameraService.calibrationNotice
                        wrapMode: Text.WordWrap
                        font.pixelSize: Theme.fontBody
                        color: Theme.warning
                    }
                    Repeater {
                        model: CameraService.lightWarnings
                        Label {
                            required property string modelData
                            Layout.fillWidth: true
                            text: "\u26A0 " + modelData
                            wrapMode: Text.WordWrap
                            font.pixelSize: Theme.fontBody
                            color: Theme.warning
                        }
                    }
                    // Whose dice by colour against who was asked to roll: the people decide.
                    Label {
                        objectName: "ownerNotice"
                        Layout.fillWidth: true
                        visible: CameraService.ownerNotice.length > 0
                        text: CameraService.ownerNotice
                        wrapMode: Text.WordWrap
                        font.pixelSize: Theme.fontBody
                        color: Theme.warning
                    }
                    // A camera that vanished, a file that cannot be read, models that are missing.
                    Label {
                        objectName: "feedError"
                        Layout.fillWidth: true
                        visible: CameraService.feedError.length > 0
                        text: CameraService.feedError
                        wrapMode: Text.WordWrap
                        font.pixelSize: Theme.fontBody
                        color: Theme.danger
                    }
                    Label {
                        Layout.fillWidth: true
                        visible: page.asked && !page.keypadShown
                        text: CameraService.canAccept ? qsTr("Tap a die to correct it, then accept.") : CameraService.acceptBlockedReason
                        wrapMode: Text.WordWrap
                        font.pixelSize: Theme.fontBody
                        color: CameraService.canAccept ? Theme.textDim : Theme.warning
                    }
                    Label {
                        Layout.fillWidth: true
                        visible: page.asked && CameraService.dice.hasReading && !page.keypadShown
                        // Lint note: a QVariantList or QStringList is a JS array at run time; Qt 6.4's linter gives it
                        // no Array methods.
                        text: qsTr("Faces: %1").arg(CameraService.dice.faceList.join("  ")) // qmllint disable type
                              + (CameraService.dice.correctedCount > 0 ? qsTr("  (%1 corrected)").arg(CameraService.dice.correctedCount) : "")
                        wrapMode: Text.WordWrap
                        font.pixelSize: Theme.fontBody
                        color: Theme.text
                    }
                    BigButton {
                        objectName: "acceptCamera"
                        Layout.fillWidth: true
                        visible: page.asked && !page.keypadShown
                        text: qsTr("Accept")
                        implicitHeight: 72
                        font.pixelSize: Theme.fontTitle
                        font.bold: true
                        highlighted: true
                        tint: "#2e5d3a"
                        enabled: CameraService.canAccept
                        onClicked: CameraService.acceptDice()
                    }
                    RowLayout {
                        Layout.fillWidth: true
                        spacing: 8
                        visible: page.asked && (!page.keypadShown || page.cameraCanRead)
                        BigButton {
                            objectName: "reroll"
                            Layout.fillWidth: true
                            visible: !page.keypadShown
                            text: qsTr("Reroll")
                            enabled: CameraService.dice.hasReading
                            onClicked: CameraService.reroll()
                        }
                        BigButton {
                            objectName: "typeDice"
                            Layout.fillWidth: true
                            visible: page.cameraCanRead
                            text: qsTr("Type dice")
                            // Lint note: the window is Main.qml, which holds the pages: naming its type here would make
                            // the types cyclic.
                            onClicked: ApplicationWindow.window.showPage("game") // qmllint disable type
                        }
                    }
                    Label {
                        Layout.fillWidth: true
                        visible: page.keypadShown
                        text: GameController.diceSides !== 6 && GameController.diceSides > 0
                              ? qsTr("The camera reads d6 only: type the d%1.").arg(GameController.diceSides)
                              : !CameraService.live ? qsTr("No camera reading: type the dice or roll them virtually.")
                                                    : qsTr("Type the dice as they lie.")
                        wrapMode: Text.WordWrap
                        font.pixelSize: Theme.fontBody
                        color: Theme.textDim
                    }
                    // Typing happens on the Game page's keypad: one keypad in the window. A second one here, fed by
                    // every state change, made the self-test report binding loops on its Accept label about one run
                    // in four.
                    BigButton {
                        objectName: "typeOnGamePage"
                        Layout.fillWidth: true
                        visible: page.keypadShown
                        highlighted: true
                        text: qsTr("Type or roll on the Game page")
                        // Lint note: the window is Main.qml, which holds the pages: naming its type here would make the
                        // types cyclic.
                        onClicked: ApplicationWindow.window.showPage("game") // qmllint disable type
                    }
                    Label {
                        Layout.fillWidth: true
                        visible: GameController.lastError.length > 0 && page.asked
                        text: GameController.lastError
                        color: Theme.danger
                        font.pixelSize: Theme.fontBody
                        wrapMode: Text.WordWrap
                    }
                    Label {
                        Layout.fillWidth: true
                        // Lint note: Qt 6.4's linter knows no qint64 (qlonglong) type; QML reads it as a number.
                        visible: CameraService.live && CameraService.processedFrames > 0 // qmllint disable type
                        // "1 frame", and no rate until there are two frames to measure it from.
                        // Lint note: Qt 6.4's linter knows no qint64 (qlonglong) type; QML reads it as a number.
                        text: (CameraService.processedFrames === 1 ? qsTr("1 frame read") // qmllint disable type
                                                                   : qsTr("%1 frames read").arg(CameraService.processedFrames))
                              + qsTr(", %1 dropped while busy").arg(CameraService.droppedFrames)
                              + (CameraService.framesPerSecond > 0
                                 ? qsTr(", %1 fps").arg(CameraService.framesPerSecond.toFixed(1)) : "")
                        font.pixelSize: Theme.fontSmall
                        color: Theme.textDim
                    }
                }
            }
        }
    }

    DieCorrectionDialog {
        id: correction
    }
}
