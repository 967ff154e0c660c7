import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Muster

// Lint note: a line ending in "qmllint disable unqualified" reads an id from outside its delegate, which is
// right; Qt 6.4's linter cannot see ids across a component's edge (6.5's pragma ComponentBehavior: Bound can).

// Log and disputes: the journal turn by turn, filtered by turn, player or unit; overrides and undos stand out; tap a
// throw for its photo. "Replay" steps through the filtered events one at a time with the roster as it stood right
// after each (read-only: the game file is never written).
PageFrame {
    id: page
    title: replaying ? qsTr("Log \u2014 replay") : qsTr("Log")
    subtitle: GameController.active ? "" : qsTr("Turn by turn: every order, throw, override and undo, with the photo of each throw.")

    property bool replaying: false
    // The dice fairness in place of the log (per player, dice set and source).
    property bool showingFairness: false
    // The list the filter bar acts on: the live log, or the replay's steps.
    readonly property var filtered: replaying ? replay.steps : GameController.log
    property var unitIds: []

    ReplayModel { id: replay }
    readonly property ReplayModel replayModel: replay // for tests

    function refreshUnits() {
        const ids = []
        const roster = GameController.roster
        for (let r = 0; r < roster.count; ++r)
            ids.push(roster.data(roster.index(r, 0), RosterModel.UnitIdRole))
        unitIds = ids
    }
    function startReplay() {
        replay.gamePath = GameController.gamePath
        replay.reload()
        replay.steps.turnFilter = GameController.log.turnFilter >= 0 ? GameController.log.turnFilter : Math.max(1, GameController.log.maxTurn)
        replay.steps.playerFilter = GameController.log.playerFilter
        replay.steps.unitFilter = GameController.log.unitFilter
        replaying = true
        if (replay.steps.count > 0)
            replay.currentRow = 0
    }
    Connections {
        target: GameController
        function onGameChanged() { page.replaying = false; page.showingFairness = false; page.refreshUnits() }
    }
    Component.onCompleted: refreshUnits()

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

        // Filters: turn, player, unit. In replay, the turn chosen here is the turn replayed.
        Flow {
            Layout.fillWidth: true
            spacing: 8
            BigButton {
                objectName: "turnBack"
                text: "\u25C0"
                implicitWidth: 64
                enabled: page.filtered.turnFilter !== 1
                onClicked: page.filtered.turnFilter = page.filtered.turnFilter <= 0 ? page.filtered.maxTurn : page.filtered.turnFilter - 1
            }
            Label {
                objectName: "turnFilterLabel"
                text: page.filtered.turnFilter < 0 ? qsTr("All turns") : qsTr("Turn %1").arg(page.filtered.turnFilter)
                font.pixelSize: Theme.fontBody
                font.bold: true
                color: Theme.text
                horizontalAlignment: Text.AlignHCenter
                verticalAlignment: Text.AlignVCenter
                width: 120
                height: Theme.touchTarget
            }
            BigButton {
                objectName: "turnForward"
                text: "\u25B6"
                implicitWidth: 64
                enabled: page.filtered.turnFilter >= 0
                onClicked: page.filtered.turnFilter = page.filtered.turnFilter >= page.filtered.maxTurn ? -1 : page.filtered.turnFilter + 1
            }
            BigButton {
                text: qsTr("All players")
                highlighted: page.filtered.playerFilter === ""
                onClicked: page.filtered.playerFilter = ""
            }
            Repeater {
                // Empty without a game.
                model: GameController.players
                BigButton {
                    required property string name
                    text: name
                    highlighted: page.filtered.playerFilter === name // qmllint disable unqualified
                    onClicked: page.filtered.playerFilter = name // qmllint disable unqualified
                }
            }
            ComboBox {
                id: unitBox
                objectName: "unitFilter"
                implicitHeight: Theme.touchTarget
                implicitWidth: 200
                font.pixelSize: Theme.fontBody
                // Lint note: a QVariantList or QStringList is a JS array at run time; Qt 6.4's linter gives it no
                // Array methods.
                model: [qsTr("All units")].concat(page.unitIds) // qmllint disable type
                currentIndex: page.filtered.unitFilter === "" ? 0 : Math.max(0, page.unitIds.indexOf(page.filtered.unitFilter) + 1)
                onActivated: index => page.filtered.unitFilter = index <= 0 ? "" : page.unitIds[index - 1]
            }
            Label {
                height: Theme.touchTarget
                verticalAlignment: Text.AlignVCenter
                leftPadding: 8
                text: qsTr("%1 entries").arg(page.filtered.count)
                font.pixelSize: Theme.fontSmall
                color: Theme.textDim
            }
            BigButton {
                objectName: "replayButton"
                text: page.replaying ? qsTr("Back to the log") : qsTr("Replay this turn")
                tint: page.replaying ? Theme.surfaceRaised : "#3b3320"
                onClicked: page.replaying ? page.replaying = false : page.startReplay()
            }
            BigButton {
                objectName: "fairnessButton"
                visible: !page.replaying
                text: page.showingFairness ? qsTr("Back to the log") : qsTr("Dice fairness")
                highlighted: page.showingFairness
                onClicked: page.showingFairness = !page.showingFairness
            }
        }

        // ---- Dice fairness --------------------------------------------------------------------------------------------
        FairnessView {
            visible: !page.replaying && page.showingFairness
            Layout.fillWidth: true
            Layout.fillHeight: true
        }

        // ---- The log -----------------------------------------------------------------------------------------------
        ListView {
            id: list
            objectName: "logList"
            visible: !page.replaying && !page.showingFairness
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            spacing: 6
            model: GameController.log
            Component.onCompleted: positionViewAtEnd()
            onCountChanged: positionViewAtEnd()
            delegate: LogEntry {
                width: ListView.view.width
                onPhotoRequested: seq => page.showPhoto(GameController.photoUrl(seq))
                onFixRequested: seq => fixDialog.openFor(seq)
            }
        }

        // ---- Replay: steps on one side, the chosen step and the roster after it on the other ------------------------
        GridLayout {
            visible: page.replaying
            Layout.fillWidth: true
            Layout.fillHeight: true
            columns: page.width < 1000 ? 1 : 2
            columnSpacing: Theme.spacing
            rowSpacing: 8

            ColumnLayout {
                Layout.fillHeight: true
                Layout.fillWidth: page.width < 1000
                Layout.preferredWidth: page.width < 1000 ? -1 : page.width * 0.42
                Layout.preferredHeight: page.width < 1000 ? page.height * 0.35 : -1
                spacing: 8
                RowLayout {
                    Layout.fillWidth: true
                    spacing: 8
                    BigButton {
                        objectName: "replayPrevious"
                        text: "\u25C0 " + qsTr("Step")
                        implicitWidth: 120
                        enabled: replay.currentRow > 0
                        onClicked: replay.previous()
                    }
                    Label {
                        Layout.fillWidth: true
                        horizontalAlignment: Text.AlignHCenter
                        text: replay.steps.count === 0 ? qsTr("Nothing to replay") : qsTr("%1 of %2").arg(replay.currentRow + 1).arg(replay.steps.count)
                        font.pixelSize: Theme.fontBody
                        font.bold: true
                        color: Theme.text
                    }
                    BigButton {
                        objectName: "replayNext"
                        text: qsTr("Step") + " \u25B6"
                        implicitWidth: 120
                        enabled: replay.currentRow < replay.steps.count - 1
                        onClicked: replay.next()
                    }
                }
                ListView {
                    id: stepList
                    objectName: "replaySteps"
                    Layout.fillWidth: true
                    Layout.fillHeight: true
                    clip: true
                    spacing: 4
                    model: replay.steps
                    currentIndex: replay.currentRow
                    onCurrentIndexChanged: if (currentIndex >= 0) positionViewAtIndex(currentIndex, ListView.Contain)
                    delegate: LogEntry {
                        width: ListView.view.width
                        compact: true
                        current: ListView.isCurrentItem
                        onTapped: replay.currentRow = index // qmllint disable unqualified
                        onPhotoRequested: seq => page.showPhoto(replay.photoUrl(seq))
                    }
                }
            }

            ColumnLayout {
                Layout.fillWidth: true
                Layout.fillHeight: true
                spacing: 8
                // The step: who, what for, the dice and their source, the photo, and what it did.
                Rectangle {
                    objectName: "replayStepCard"
                    Layout.fillWidth: true
                    implicitHeight: stepCard.implicitHeight + 20
                    radius: Theme.radius
                    color: Theme.surface
                    border.color: Theme.accent
                    RowLayout {
                        id: stepCard
                        anchors.fill: parent
                        anchors.margins: 10
                        spacing: 12
                        ColumnLayout {
                            Layout.fillWidth: true
                            spacing: 4
                            Label {
                                Layout.fillWidth: true
                                // Lint note: Qt 6.4's linter knows no qint64 (qlonglong) type; QML reads it as a
                                // number.
                                text: replay.currentRow < 0 ? qsTr("Tap a step to see the game as it stood after it.") : "#" + replay.currentSeq + "  " + replay.stepText // qmllint disable type
                                font.pixelSize: Theme.fontBody + 2
                                font.bold: true
                                color: Theme.text
                                wrapMode: Text.WordWrap
                            }
                            Label {
                                objectName: "replayOutcome"
                                Layout.fillWidth: true
                                visible: text.length > 0
                                text: replay.outcome
                                font.pixelSize: Theme.fontSmall + 1
                                color: Theme.text
                                wrapMode: Text.WordWrap
                                maximumLineCount: 6
                                elide: Text.ElideRight
                            }
                            Label {
                                Layout.fillWidth: true
                                visible: text.length > 0
                                text: replay.error.length > 0 ? replay.error : replay.stateAfter
                                font.pixelSize: Theme.fontSmall
                                color: replay.error.length > 0 ? Theme.danger : Theme.textDim
                                wrapMode: Text.WordWrap
                            }
                        }
                        Image {
                            id: thumb
                            objectName: "replayThumb"
                            Layout.preferredWidth: 140
                            Layout.preferredHeight: 105
                            visible: status === Image.Ready
                            fillMode: Image.PreserveAspectFit
                            // Lint note: Qt 6.4's linter knows no qint64 (qlonglong) type; QML reads it as a number.
                            source: replay.currentRow >= 0 && replay.steps.count > 0 && replay.steps.data(replay.steps.index(replay.currentRow, 0), LogModel.HasPhotoRole) ? replay.photoUrl(replay.currentSeq) : "" // qmllint disable type
                            TapHandler { onTapped: page.showPhoto(thumb.source) }
                        }
                    }
                }
                Label {
                    text: qsTr("Roster after this step")
                    font.pixelSize: Theme.fontBody
                    font.bold: true
                    color: Theme.text
                }
                ListView {
                    id: rosterList
                    objectName: "replayRoster"
                    Layout.fillWidth: true
                    Layout.fillHeight: true
                    clip: true
                    spacing: 3
                    model: replay.roster
                    delegate: Rectangle {
                        id: unitRow
                        required property string unitId
                        required property string name
                        required property string sideName
                        required property string detailsText
                        required property int strength
                        required property int startStrength
                        required property int casualties
                        required property string order
                        required property string status
                        required property bool removed
                        readonly property bool involved: replay.currentRow >= 0 && replay.steps.data(replay.steps.index(replay.currentRow, 0), LogModel.UnitsRole).indexOf(unitId) >= 0 // qmllint disable unqualified
                        width: ListView.view.width
                        height: 44
                        radius: 6
                        color: involved ? "#3b3320" : (removed ? "#2a1d1d" : Theme.surface)
                        RowLayout {
                            anchors.fill: parent
                            anchors.leftMargin: 10
                            anchors.rightMargin: 10
                            spacing: 10
                            // The unit id, as the log names units; the full name where there is room.
                            Label { text: unitRow.unitId; font.pixelSize: Theme.fontSmall; font.bold: true; color: Theme.text; Layout.preferredWidth: 136 }
                            Label { text: unitRow.name; visible: unitRow.width > 760; font.pixelSize: Theme.fontSmall - 2; color: Theme.textDim; elide: Text.ElideRight; Layout.fillWidth: true }
                            Item { visible: unitRow.width <= 760; Layout.fillWidth: true }
                            Label { text: unitRow.strength + "/" + unitRow.startStrength; font.pixelSize: Theme.fontSmall; color: Theme.text; Layout.preferredWidth: 58 }
                            Label { text: qsTr("cas %1").arg(unitRow.casualties); font.pixelSize: Theme.fontSmall; color: unitRow.casualties > 0 ? Theme.danger : Theme.textDim; Layout.preferredWidth: 64 }
                            Label { text: unitRow.detailsText; font.pixelSize: Theme.fontSmall - 2; color: Theme.textDim; Layout.preferredWidth: 180; elide: Text.ElideRight }
                            Label { text: unitRow.order.replace(/_/g, " "); visible: unitRow.order.length > 0; font.pixelSize: Theme.fontSmall; color: Theme.textDim; Layout.preferredWidth: 90; elide: Text.ElideRight }
                            Label { text: unitRow.removed ? qsTr("removed") : unitRow.status; visible: text.length > 0; font.pixelSize: Theme.fontSmall - 2; color: unitRow.removed ? Theme.danger : (unitRow.status === "formed" ? Theme.textDim : Theme.warning); Layout.preferredWidth: 80; elide: Text.ElideRight }
                        }
                    }
                    Label {
                        anchors.centerIn: parent
                        visible: parent.count === 0
                        text: qsTr("No step chosen.")
                        font.pixelSize: Theme.fontSmall
                        color: Theme.textDim
                    }
                }
            }
        }
    }

    FixDialog {
        id: fixDialog
    }

    function showPhoto(url) {
        photo.source = url
        photoPopup.open()
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
