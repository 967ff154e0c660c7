import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Muster

// Log: the journal turn by turn, filtered by turn or player; overrides and undos stand out; tap a throw for its photo.
PageFrame {
    id: page
    title: qsTr("Log")
    subtitle: GameController.active ? "" : qsTr("Turn by turn: every order, throw, override and undo, with the photo of each throw.")

    Label {
        visible: !GameController.active
        anchors.centerIn: parent
        text: qsTr("No game in progress, so nothing has been recorded.")
        font.pixelSize: Theme.fontBody
        color: Theme.textDim
    }

    ColumnLayout {
        visible: GameController.active
        anchors.fill: parent
        spacing: 10
        Flow {
            Layout.fillWidth: true
            spacing: 8
            BigButton {
                text: "\u25C0"
                implicitWidth: 64
                enabled: GameController.log.turnFilter !== 1
                onClicked: GameController.log.turnFilter = GameController.log.turnFilter <= 0 ? GameController.log.maxTurn : GameController.log.turnFilter - 1
            }
            Label {
                objectName: "turnFilterLabel"
                text: GameController.log.turnFilter < 0 ? qsTr("All turns") : qsTr("Turn %1").arg(GameController.log.turnFilter)
                font.pixelSize: Theme.fontBody
                font.bold: true
                color: Theme.text
                horizontalAlignment: Text.AlignHCenter
                verticalAlignment: Text.AlignVCenter
                width: 130
                height: Theme.touchTarget
            }
            BigButton {
                text: "\u25B6"
                implicitWidth: 64
                enabled: GameController.log.turnFilter >= 0
                onClicked: GameController.log.turnFilter = GameController.log.turnFilter >= GameController.log.maxTurn ? -1 : GameController.log.turnFilter + 1
            }
            BigButton {
                text: qsTr("All players")
                highlighted: GameController.log.playerFilter === ""
                onClicked: GameController.log.playerFilter = ""
            }
            Repeater {
                model: GameController.active ? GameController.players : []
                BigButton {
                    required property var modelData
                    text: modelData.name
                    highlighted: GameController.log.playerFilter === modelData.name
                    onClicked: GameController.log.playerFilter = modelData.name
                }
            }
            Label {
                height: Theme.touchTarget
                verticalAlignment: Text.AlignVCenter
                leftPadding: 12
                text: qsTr("%1 entries").arg(GameController.log.count)
                font.pixelSize: Theme.fontSmall
                color: Theme.textDim
            }
        }

        ListView {
            id: list
            objectName: "logList"
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            spacing: 6
            model: GameController.log
            Component.onCompleted: positionViewAtEnd()
            onCountChanged: positionViewAtEnd()
            delegate: Rectangle {
                required property int seq
                required property int turn
                required property string phase
                required property string kind
                required property string text
                required property string detail
                required property string player
                required property string source
                required property string ruleId
                required property bool undone
                required property bool overridden
                required property bool hasPhoto
                width: ListView.view.width
                height: Math.max(64, column.implicitHeight + 16)
                radius: 8
                color: kind === "override" || kind === "undo" ? "#3a2f10" : Theme.surface
                border.color: kind === "override" || kind === "undo" ? Theme.warning : "transparent"
                RowLayout {
                    anchors.fill: parent
                    anchors.margins: 8
                    spacing: 12
                    Label {
                        text: "#" + seq
                        font.pixelSize: Theme.fontSmall
                        color: Theme.textDim
                        Layout.preferredWidth: 52
                    }
                    ColumnLayout {
                        id: column
                        Layout.fillWidth: true
                        spacing: 2
                        Label {
                            Layout.fillWidth: true
                            text: parent.parent.parent.text
                            font.pixelSize: Theme.fontBody
                            font.strikeout: undone
                            color: undone ? Theme.textDim : Theme.text
                            wrapMode: Text.WordWrap
                        }
                        Label {
                            Layout.fillWidth: true
                            text: detail
                            visible: detail.length > 0
                            font.pixelSize: Theme.fontSmall
                            color: Theme.textDim
                            wrapMode: Text.WordWrap
                        }
                        Label {
                            text: [qsTr("turn %1").arg(turn), phase.replace(/_/g, " "), player, source, ruleId,
                                   undone ? qsTr("undone") : "", overridden ? qsTr("overridden") : ""]
                                  .filter(s => s.length > 0).join(" \u00b7 ")
                            font.pixelSize: Theme.fontSmall - 2
                            color: overridden || undone ? Theme.warning : Theme.textDim
                        }
                    }
                    BigButton {
                        visible: hasPhoto
                        text: qsTr("Photo")
                        onClicked: {
                            photo.source = GameController.photoUrl(seq)
                            photoPopup.open()
                        }
                    }
                }
            }
        }
    }

    Popup {
        id: photoPopup
        modal: true
        anchors.centerIn: Overlay.overlay
        width: Math.min(page.width, 900)
        height: Math.min(page.height, 700)
        Image {
            id: photo
            anchors.fill: parent
            fillMode: Image.PreserveAspectFit
        }
        TapHandler { onTapped: photoPopup.close() }
    }
}
