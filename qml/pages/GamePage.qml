import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Muster

// Game: the phase banner and the one thing to resolve next, as a large card with big answers.
PageFrame {
    id: page
    title: GameController.active ? GameController.scenarioName : qsTr("Game")
    subtitle: GameController.active ? "" : qsTr("Phase prompts and the dice each situation needs.")

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
            columns: page.width > page.height ? 2 : 1
            columnSpacing: Theme.spacing
            rowSpacing: Theme.spacing

            // The prompt card.
            Rectangle {
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
                    Layout.fillHeight: true
                    contentHeight: card.implicitHeight
                    clip: true
                    ColumnLayout {
                        id: card
                        width: parent.width
                        spacing: 12

                        RowLayout {
                            Layout.fillWidth: true
                            Label {
                                text: GameController.currentPlayer.length > 0
                                      ? qsTr("%1 answers").arg(GameController.currentPlayer) : ""
                                font.pixelSize: Theme.fontSmall
                                color: Theme.accent
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

                        // Answers: one big button per option.
                        Flow {
                            Layout.fillWidth: true
                            visible: GameController.promptKind === "question"
                            spacing: 10
                            Repeater {
                                model: GameController.promptKind === "question" ? GameController.options : []
                                BigButton {
                                    required property var modelData
                                    text: modelData.label
                                    objectName: "option_" + modelData.value
                                    onClicked: GameController.answer(modelData.value)
                                }
                            }
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
                DiceEntry {
                    id: diceEntry
                    objectName: "diceEntry"
                    Layout.fillWidth: true
                    visible: GameController.promptKind === "dice"
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
                Layout.fillWidth: true
                Layout.fillHeight: true
                Layout.preferredWidth: 2
                radius: Theme.radius
                color: Theme.surface
                ColumnLayout {
                    anchors.fill: parent
                    anchors.margins: Theme.spacing
                    spacing: 10
                    Label {
                        text: qsTr("Last result")
                        font.pixelSize: Theme.fontBody
                        font.bold: true
                        color: Theme.text
                    }
                    ScrollView {
                        Layout.fillWidth: true
                        Layout.fillHeight: true
                        clip: true
                        Label {
                            width: parent.width
                            text: GameController.lastResult.length > 0 ? GameController.lastResult : qsTr("Nothing resolved yet.")
                            wrapMode: Text.WordWrap
                            font.pixelSize: Theme.fontSmall + 1
                            color: Theme.textDim
                        }
                    }
                    BigButton {
                        Layout.fillWidth: true
                        objectName: "undo"
                        text: qsTr("Undo last answer")
                        enabled: GameController.canUndo
                        onClicked: GameController.undoLast(qsTr("taken back at the table"))
                    }
                    BigButton {
                        Layout.fillWidth: true
                        text: qsTr("Correct last throw\u2026")
                        enabled: GameController.canOverride
                        onClicked: overrideDialog.open()
                    }
                }
            }
        }
    }

    OverrideDialog {
        id: overrideDialog
    }

    SealDialog {
        id: sealDialog
    }
    Connections {
        target: GameController
        function onSealChanged() {
            if (GameController.turnSeal.seal)
                sealDialog.open()
            else
                sealDialog.close()
        }
    }
}
