import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Muster

// Lint note: a line ending in "qmllint disable unqualified" reads an id from outside its delegate, which is
// right; Qt 6.4's linter cannot see ids across a component's edge (6.5's pragma ComponentBehavior: Bound can).

// Game: the phase banner and the one thing to resolve next, as a large card with big answers.
PageFrame {
    id: page
    title: GameController.active ? GameController.scenarioName : qsTr("Game")
    subtitle: GameController.active ? "" : qsTr("Phase prompts and the dice each situation needs.")

    // A camera game shows the tray here while a throw is asked (a d6 throw the camera can read), so the
    // players never leave this page: read, correct, Accept, and the outcome and next prompt follow below.
    // Lint note: a QVariantMap is a JS object at run time; Qt 6.4's linter sees no keys in it.
    readonly property bool cameraGame: GameController.playSetup.dice === "camera" // qmllint disable type
    readonly property bool cameraCanRead: GameController.diceSides === 6
                                          && (CameraService.live || CameraService.dice.hasReading)
    property bool typeInstead: false
    readonly property bool cameraThrow: GameController.promptKind === "dice" && cameraGame && cameraCanRead
                                        && !typeInstead
    Connections {
        target: GameController
        function onStateChanged() { page.typeInstead = false }
    }

    Label {
        visible: !GameController.active
        anchors.centerIn: parent
        width: Math.min(parent.width, 640)
        horizontalAlignment: Text.AlignHCenter
        wrapMode: Text.WordWrap
        text: qsTr("No game in progress. Start or resume one on the Home page.")
        font.pixelSize: Theme.fontBody
        color: Theme.textDim
    }

    ColumnLayout {
        visible: GameController.active
        anchors.fill: parent
        spacing: Theme.spacing

        PhaseBanner {
            Layout.fillWidth: true
        }

        GridLayout {
            Layout.fillWidth: true
            Layout.fillHeight: true
            id: grid
            objectName: "gameGrid"
            // Side by side in landscape, one above the other in portrait, decided by the window: the page's own
            // size changes while the layouts are being polished, and Qt 6.4's GridLayout then kept the previous
            // placement after a rotation.
            readonly property bool landscape: Window.window ? Window.width > Window.height : page.width > page.height
            // A changed place alone does not re-place the cells: a spacing change after it does.
            // Lint note: Qt 6.4's linter declares Qt.callLater as a QJSValue property; it is a function.
            onLandscapeChanged: Qt.callLater(() => { // qmllint disable type
                grid.rowSpacing = Theme.spacing + 1
                grid.rowSpacing = Theme.spacing
            })
            columns: 2
            columnSpacing: Theme.spacing
            rowSpacing: Theme.spacing

            // The prompt card.
            Rectangle {
                objectName: "promptCard"
                Layout.row: 0
                Layout.column: 0
                Layout.columnSpan: grid.landscape ? 1 : 2
                Layout.fillWidth: true
                Layout.fillHeight: true
                Layout.preferredWidth: 3
                radius: Theme.radius
                color: Theme.surface

                ColumnLayout {
                    anchors.fill: parent
                    anchors.margins: Theme.spacing
                    spacing: 10
                Flickable {
                    Layout.fillWidth: true
                    // Beside the tray the prompt keeps its whole text (up to a third of the page) and the tray
                    // takes the rest.
                    Layout.fillHeight: !page.cameraThrow
                    Layout.preferredHeight: card.implicitHeight
                    Layout.minimumHeight: Math.min(card.implicitHeight, page.height / 3)
                    contentHeight: card.implicitHeight
                    clip: true
                    ColumnLayout {
                        id: card
                        width: parent.width
                        spacing: 12

                        RowLayout {
                            Layout.fillWidth: true
                            // Who must act, as large as the title and in the side's colour, named beside it.
                            Rectangle {
                                visible: GameController.currentPlayer.length > 0
                                implicitWidth: 20
                                implicitHeight: 44
                                radius: 4
                                color: GameController.currentSideColour.length > 0 ? GameController.currentSideColour : Theme.accent
                            }
                            Label {
                                objectName: "currentPlayer"
                                text: GameController.currentPlayer.length > 0
                                      ? (GameController.currentSideName.length > 0 && GameController.currentSideName !== GameController.currentPlayer
                                         ? qsTr("%1 (%2)").arg(GameController.currentPlayer).arg(GameController.currentSideName)
                                         : GameController.currentPlayer) : ""
                                font.pixelSize: Theme.fontHuge - 8
                                font.bold: true
                                color: GameController.currentSideColour.length > 0 ? Qt.lighter(GameController.currentSideColour, 1.3) : Theme.accent
                                wrapMode: Text.WordWrap
                                Layout.fillWidth: true
                            }
                            Label {
                                visible: GameController.ruleId.length > 0
                                text: GameController.ruleId
                                font.pixelSize: Theme.fontSmall
                                color: Theme.textDim
                            }
                        }
                        Label {
                            objectName: "headline"
                            Layout.fillWidth: true
                            text: GameController.promptKind === "gameover"
                                  ? qsTr("Game over") + (GameController.winner.length > 0 ? qsTr(": %1").arg(GameController.winner) : "")
                                  : GameController.promptKind === "dice"
                                    ? qsTr("Roll %1d%2").arg(GameController.diceCount).arg(GameController.diceSides)
                                    : GameController.headline
                            font.pixelSize: Theme.fontHuge - 8
                            font.bold: true
                            wrapMode: Text.WordWrap
                            color: Theme.text
                        }
                        Label {
                            Layout.fillWidth: true
                            text: GameController.promptKind === "dice" ? GameController.dicePurpose : GameController.questionText
                            visible: text.length > 0 && GameController.headline.indexOf(text) < 0
                            font.pixelSize: Theme.fontBody + 2
                            wrapMode: Text.WordWrap
                            color: Theme.text
                        }
                        Label {
                            Layout.fillWidth: true
                            visible: GameController.promptKind === "dice" && GameController.headline.length > 0
                            text: GameController.headline
                            font.pixelSize: Theme.fontSmall
                            wrapMode: Text.WordWrap
                            color: Theme.textDim
                        }

                        Label {
                            Layout.fillWidth: true
                            visible: GameController.lastError.length > 0
                            text: GameController.lastError
                            color: Theme.danger
                            font.pixelSize: Theme.fontBody
                            wrapMode: Text.WordWrap
                        }
                    }
                }
                // Answers: one big button per option, at the foot of the card, so they stay where the finger
                // expects them whatever the length of the question.
                Flickable {
                    Layout.fillWidth: true
                    Layout.preferredHeight: Math.min(answersFlow.implicitHeight, 5 * (Theme.touchTarget + 10))
                    visible: GameController.promptKind === "question"
                    contentHeight: answersFlow.implicitHeight
                    clip: true
                    Flow {
                        id: answersFlow
                        objectName: "answers"
                        width: parent.width
                        spacing: 10
                        Repeater {
                            // The options are empty unless the prompt is a question.
                            model: GameController.options
                            BigButton {
                                required property string value
                                required property string label
                                text: label
                                objectName: "option_" + value
                                onClicked: GameController.answer(value)
                            }
                        }
                    }
                }
                ColumnLayout {
                    id: cameraPanel
                    objectName: "gameCamera"
                    Layout.fillWidth: true
                    Layout.fillHeight: true
                    visible: page.cameraThrow
                    spacing: 10
                    TrayView {
                        objectName: "gameTray"
                        Layout.fillWidth: true
                        Layout.fillHeight: true
                        Layout.minimumHeight: 200
                        running: cameraPanel.visible && page.visible
                        onDieTapped: (index, readValue, value, unsure, maybeNotADie) => gameCorrection.openFor(index, readValue, value, unsure, maybeNotADie)
                    }
                    Label {
                        objectName: "gameCameraVerdict"
                        Layout.fillWidth: true
                        text: !CameraService.dice.hasReading ? qsTr("Throw the dice into the tray.")
                              : CameraService.canAccept
                                // Lint note: a QVariantList or QStringList is a JS array at run time; Qt 6.4's linter
                                // gives it no Array methods.
                                ? qsTr("Read: %1. Tap a die to correct it, then accept.").arg(CameraService.dice.faceList.join("  ")) // qmllint disable type
                                : CameraService.acceptBlockedReason
                        wrapMode: Text.WordWrap
                        font.pixelSize: Theme.fontBody
                        color: CameraService.canAccept || !CameraService.dice.hasReading ? Theme.text : Theme.warning
                    }
                    RowLayout {
                        Layout.fillWidth: true
                        spacing: 8
                        BigButton {
                            objectName: "typeInstead"
                            text: qsTr("Type instead")
                            onClicked: page.typeInstead = true
                        }
                        BigButton {
                            objectName: "rerollGame"
                            text: qsTr("Reroll")
                            enabled: CameraService.dice.hasReading
                            onClicked: CameraService.reroll()
                        }
                        Item { Layout.fillWidth: true }
                        BigButton {
                            objectName: "acceptCameraGame"
                            text: qsTr("Accept")
                            highlighted: true
                            tint: "#2e5d3a"
                            font.bold: true
                            enabled: CameraService.canAccept
                            onClicked: CameraService.acceptDice()
                        }
                    }
                }
                BigButton {
                    objectName: "useCamera"
                    visible: GameController.promptKind === "dice" && page.cameraGame && page.cameraCanRead && page.typeInstead
                    text: qsTr("Read the tray instead")
                    onClicked: page.typeInstead = false
                }
                DiceEntry {
                    id: diceEntry
                    objectName: "diceEntry"
                    Layout.fillWidth: true
                    visible: GameController.promptKind === "dice" && !page.cameraThrow
                    onAccepted: (faces, source) => {
                        if (GameController.submitDice(faces, source))
                            diceEntry.clear()
                    }
                    Connections {
                        target: GameController
                        function onStateChanged() { diceEntry.clear() }
                    }
                }

                }
            }

            // What just happened, and the way back.
            Rectangle {
                objectName: "historyPanel"
                Layout.row: grid.landscape ? 0 : 1
                Layout.column: grid.landscape ? 1 : 0
                Layout.columnSpan: grid.landscape ? 1 : 2
                Layout.fillWidth: true
                Layout.fillHeight: true
                // In portrait the prompt card (and the tray) get most of the height.
                Layout.maximumHeight: grid.landscape ? Infinity : page.height * 0.4
                Layout.preferredWidth: 2
                radius: Theme.radius
                color: Theme.surface
                ColumnLayout {
                    anchors.fill: parent
                    anchors.margins: Theme.spacing
                    spacing: 10
                    // What happened this turn, newest on top, every sentence whole; the last turn summed up.
                    RowLayout {
                        Layout.fillWidth: true
                        Label {
                            Layout.fillWidth: true
                            text: qsTr("Turn %1 so far").arg(GameController.turn)
                            font.pixelSize: Theme.fontBody
                            font.bold: true
                            color: Theme.text
                        }
                        // Results are read aloud (Settings): one tap silences what is being said and what waits.
                        // Always in the layout while speech is on, so nothing moves when it starts or stops talking.
                        BigButton {
                            objectName: "speechQuiet"
                            visible: Speaker.enabled
                            enabled: Speaker.speaking
                            text: qsTr("Quiet")
                            implicitHeight: 40
                            onClicked: Speaker.silence()
                        }
                    }
                    ListView {
                        id: resultList
                        objectName: "resultPanel"
                        Layout.fillWidth: true
                        Layout.fillHeight: true
                        clip: true
                        spacing: 6
                        model: GameController.history
                        header: Item {
                            width: ListView.view.width
                            height: GameController.history.count === 0 ? nothingYet.implicitHeight + 6 : 0
                            Label {
                                id: nothingYet
                                width: parent.width
                                visible: GameController.history.count === 0
                                text: qsTr("Nothing resolved yet this turn.")
                                wrapMode: Text.WordWrap
                                font.pixelSize: Theme.fontSmall + 1
                                color: Theme.textDim
                            }
                        }
                        // A big moment (a unit lost or routed, an officer down) is said louder: larger, in the
                        // accent colour, behind a flag.
                        // The role "text" is read through `model`: a required property of that name would hide the
                        // Label's own text.
                        delegate: Label {
                            required property var model
                            required property int index
                            required property bool big
                            objectName: "historyLine_" + index
                            width: ListView.view.width
                            text: (big ? "\u2691 " : "") + model.text
                            wrapMode: Text.WordWrap
                            font.pixelSize: big ? Theme.fontBody + 2 : Theme.fontSmall + 2
                            font.bold: index === 0 || big
                            color: big ? Theme.accent : index === 0 ? Theme.text : Theme.textDim
                        }
                    }
                    Rectangle {
                        objectName: "turnSummaryCard"
                        Layout.fillWidth: true
                        visible: GameController.turnSummary.length > 0
                        implicitHeight: summaryText.implicitHeight + 16
                        radius: 8
                        color: "#26303a"
                        Label {
                            id: summaryText
                            objectName: "turnSummary"
                            anchors.fill: parent
                            anchors.margins: 8
                            text: GameController.turnSummary
                            wrapMode: Text.WordWrap
                            font.pixelSize: Theme.fontSmall + 1
                            color: Theme.text
                        }
                    }
                    Label {
                        objectName: "lastFix"
                        Layout.fillWidth: true
                        visible: GameController.lastFix.length > 0
                        text: GameController.lastFix
                        wrapMode: Text.WordWrap
                        font.pixelSize: Theme.fontSmall
                        color: Theme.warning
                    }
                    // The latest answers, each one tap from being fixed (an earlier one: from the log).
                    Flow {
                        Layout.fillWidth: true
                        spacing: 6
                        visible: GameController.recentAnswers.count > 0
                        Repeater {
                            model: GameController.recentAnswers
                            BigButton {
                                required property int seq
                                required property string label
                                required property string tag
                                objectName: "fixRecent_" + seq
                                // "Fix MX-TAMP hard cover: No": the unit and what was asked, from the prompt key.
                                text: qsTr("Fix %1: %2").arg(tag.replace(".", " ").replace(/_/g, " ")).arg(label)
                                font.pixelSize: Theme.fontSmall
                                width: Math.min(implicitWidth, parent ? parent.width : implicitWidth)
                                onClicked: fixDialog.openFor(seq) // qmllint disable unqualified
                            }
                        }
                    }
                    RowLayout {
                        Layout.fillWidth: true
                        spacing: 8
                        BigButton {
                            Layout.fillWidth: true
                            objectName: "undo"
                            text: qsTr("Undo last step")
                            enabled: GameController.canUndo
                            onClicked: GameController.undoLast(qsTr("taken back at the table"))
                        }
                        BigButton {
                            Layout.fillWidth: true
                            objectName: "redo"
                            text: qsTr("Redo")
                            enabled: GameController.canRedo
                            onClicked: GameController.redo()
                        }
                    }
                    BigButton {
                        Layout.fillWidth: true
                        objectName: "correctLastThrow"
                        text: qsTr("Correct last throw\u2026")
                        enabled: GameController.canOverride
                        onClicked: fixDialog.openFor(GameController.lastThrowSeq())
                    }
                }
            }
        }
    }

    FixDialog {
        id: fixDialog
        objectName: "gameFixDialog"
    }
    readonly property FixDialog fixDialogItem: fixDialog // for tests

    SealDialog {
        id: sealDialog
    }
    Connections {
        target: TurnSealer
        function onSealChanged() {
            // Lint note: a QVariantMap is a JS object at run time; Qt 6.4's linter sees no keys in it.
            if (TurnSealer.turnSeal.seal) // qmllint disable type
                sealDialog.open()
            else
                sealDialog.close()
        }
    }

    DieCorrectionDialog {
        id: gameCorrection
    }
    readonly property DieCorrectionDialog correctionItem: gameCorrection // for tests
}
