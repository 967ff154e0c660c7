import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Muster

// Home: start a new game or resume a saved one, and see at a glance how the dice will be read.
PageFrame {
    id: page
    title: qsTr("Muster")
    subtitle: qsTr("The table keeps the figures, the chits and the dice. Muster does the arithmetic and keeps the record.")
    signal gameStarted()

    GridLayout {
        anchors.fill: parent
        columns: page.width > page.height ? 2 : 1
        columnSpacing: Theme.spacing
        rowSpacing: Theme.spacing

        // New game.
        Pane {
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.preferredWidth: 1 // the two panes share the width evenly
            background: Rectangle { color: Theme.surface; radius: Theme.radius }
            ColumnLayout {
                anchors.fill: parent
                spacing: 12
                Label { text: qsTr("New game"); font.pixelSize: Theme.fontTitle - 6; font.bold: true; color: Theme.text }
                Label { text: qsTr("Scenario"); font.pixelSize: Theme.fontSmall; color: Theme.textDim }
                ComboBox {
                    id: scenarioBox
                    objectName: "scenarioBox"
                    Layout.fillWidth: true
                    Layout.preferredHeight: Theme.touchTarget
                    font.pixelSize: Theme.fontBody
                    model: GameController.scenarios
                    onCurrentTextChanged: sides.model = GameController.scenarioSides(currentText)
                    Component.onCompleted: sides.model = GameController.scenarioSides(currentText)
                }
                Column {
                    Layout.fillWidth: true
                    spacing: 8
                Repeater {
                    id: sides
                    RowLayout {
                        required property var modelData
                        required property int index
                        property alias playerName: nameField.text
                        width: parent.width
                        Rectangle {
                            width: 10
                            Layout.fillHeight: true
                            radius: 3
                            color: modelData.nation === "mexican" ? Theme.mexican : Theme.american
                        }
                        Label {
                            text: modelData.name
                            font.pixelSize: Theme.fontBody
                            color: Theme.text
                            Layout.preferredWidth: 190
                            elide: Text.ElideRight
                        }
                        TextField {
                            id: nameField
                            objectName: "player_" + modelData.id
                            Layout.fillWidth: true
                            Layout.preferredHeight: Theme.touchTarget
                            font.pixelSize: Theme.fontBody
                            placeholderText: qsTr("Player's name")
                        }
                    }
                }
                }
                BigButton {
                    objectName: "startGame"
                    Layout.fillWidth: true
                    text: qsTr("Start %1").arg(scenarioBox.currentText)
                    highlighted: true
                    tint: "#2e5d3a"
                    enabled: scenarioBox.currentText.length > 0
                    onClicked: {
                        const players = []
                        for (let i = 0; i < sides.count; ++i) {
                            const row = sides.itemAt(i)
                            const name = row.playerName.trim().length > 0 ? row.playerName.trim() : row.modelData.name
                            players.push({ name: name, side: row.modelData.id })
                        }
                        if (GameController.startGame(scenarioBox.currentText, players))
                            page.gameStarted()
                    }
                }
                Label {
                    Layout.fillWidth: true
                    visible: GameController.lastError.length > 0
                    text: GameController.lastError
                    color: Theme.danger
                    wrapMode: Text.WordWrap
                    font.pixelSize: Theme.fontSmall
                }
                Item { Layout.fillHeight: true }
                Rectangle {
                    Layout.fillWidth: true
                    Layout.preferredHeight: Theme.touchTarget
                    radius: Theme.radius
                    color: CameraService.demoFeed ? "#3a2f10" : "#16321f"
                    border.color: CameraService.demoFeed ? Theme.warning : Theme.mexican
                    Label {
                        anchors.fill: parent
                        anchors.leftMargin: Theme.spacing
                        verticalAlignment: Text.AlignVCenter
                        text: CameraService.demoFeed
                              ? qsTr("%1 \u2014 type dice or roll virtual dice").arg(CameraService.feedDescription)
                              : CameraService.feedDescription
                        font.pixelSize: Theme.fontSmall + 1
                        color: Theme.text
                        elide: Text.ElideRight
                    }
                }
            }
        }

        // Saved games.
        Pane {
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.preferredWidth: 1 // the two panes share the width evenly
            background: Rectangle { color: Theme.surface; radius: Theme.radius }
            ColumnLayout {
                anchors.fill: parent
                spacing: 10
                Label { text: qsTr("Resume"); font.pixelSize: Theme.fontTitle - 6; font.bold: true; color: Theme.text }
                Label {
                    visible: savedList.count === 0
                    text: qsTr("No saved games yet.")
                    font.pixelSize: Theme.fontBody
                    color: Theme.textDim
                }
                ListView {
                    id: savedList
                    Layout.fillWidth: true
                    Layout.fillHeight: true
                    clip: true
                    spacing: 8
                    model: GameController.savedGames
                    delegate: Rectangle {
                        required property var modelData
                        width: ListView.view.width
                        height: 72
                        radius: Theme.radius
                        color: GameController.gamePath === modelData.path ? "#33402a" : Theme.surfaceRaised
                        RowLayout {
                            anchors.fill: parent
                            anchors.margins: 10
                            ColumnLayout {
                                Layout.fillWidth: true
                                spacing: 2
                                Label {
                                    text: modelData.ok ? (modelData.scenario || modelData.name) : modelData.name
                                    font.pixelSize: Theme.fontBody
                                    color: Theme.text
                                    elide: Text.ElideRight
                                    Layout.fillWidth: true
                                }
                                Label {
                                    // The turn and phase come first: a scenario's name can be long enough to be elided.
                                    text: modelData.ok ? qsTr("%1 \u00b7 turn %2%3 \u00b7 %4").arg(modelData.ruleSet.toUpperCase()).arg(modelData.turn)
                                                             .arg(modelData.phase ? ", " + modelData.phase.replace(/_/g, " ") : "").arg(modelData.lastPlayed)
                                                       : modelData.error
                                    font.pixelSize: Theme.fontSmall
                                    color: modelData.ok ? Theme.textDim : Theme.danger
                                    elide: Text.ElideRight
                                    Layout.fillWidth: true
                                }
                            }
                            BigButton {
                                text: GameController.gamePath === modelData.path ? qsTr("Open") : qsTr("Resume")
                                enabled: modelData.ok
                                onClicked: {
                                    if (GameController.gamePath === modelData.path || GameController.openGame(modelData.path))
                                        page.gameStarted()
                                }
                            }
                        }
                    }
                }
                Label {
                    text: qsTr("Muster %1 \u00b7 games in %2").arg(Qt.application.version).arg(GameController.gamesFolder)
                    font.pixelSize: Theme.fontSmall - 2
                    color: Theme.textDim
                    elide: Text.ElideMiddle
                    Layout.fillWidth: true
                }
            }
        }
    }
}
