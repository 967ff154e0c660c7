import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Muster

// Lint note: a line ending in "qmllint disable unqualified" reads an id from outside its delegate, which is
// right; Qt 6.4's linter cannot see ids across a component's edge (6.5's pragma ComponentBehavior: Bound can).

// Home: go to New game or resume a saved one, and see at a glance how the dice will be read.
PageFrame {
    id: page
    title: qsTr("Muster")
    subtitle: qsTr("The table keeps the figures, the chits and the dice. Muster does the arithmetic and keeps the record.")
    signal gameStarted()
    signal newGameRequested()
    readonly property bool wide: width > height
    // How a report is opened; returns false when nothing could open it (no browser on a kiosk tablet).
    // A property so that a test can stand in for the desktop.
    property var openUrl: (url) => Qt.openUrlExternally(url)
    // The report that no browser opened: its path is shown with a way to copy it.
    property string unopenedReport: ""

    GridLayout {
        anchors.fill: parent
        columns: page.wide ? 2 : 1
        columnSpacing: Theme.spacing
        rowSpacing: Theme.spacing

        // New game: its own page (scenario, players and dice sets, house rules).
        Pane {
            Layout.fillWidth: true
            Layout.fillHeight: page.wide
            Layout.preferredWidth: 1 // the two panes share the width evenly
            background: Rectangle { color: Theme.surface; radius: Theme.radius }
            ColumnLayout {
                anchors.fill: parent
                spacing: 12
                Label { text: qsTr("New game"); font.pixelSize: Theme.fontTitle - 6; font.bold: true; color: Theme.text }
                Label {
                    Layout.fillWidth: true
                    text: qsTr("Pick a scenario, name the players, give each a dice set and agree the house rules.")
                    font.pixelSize: Theme.fontBody
                    color: Theme.textDim
                    wrapMode: Text.WordWrap
                }
                BigButton {
                    objectName: "newGame"
                    Layout.fillWidth: true
                    text: qsTr("New game…")
                    highlighted: true
                    tint: "#2e5d3a"
                    onClicked: page.newGameRequested()
                }
                // Reports: the game in play written out as HTML (every event, the photos, dice statistics per
                // player), and the latest ones to open in the browser.
                Label {
                    Layout.topMargin: 8
                    text: qsTr("Reports")
                    font.pixelSize: Theme.fontTitle - 10
                    font.bold: true
                    color: Theme.text
                }
                BigButton {
                    objectName: "writeReport"
                    Layout.fillWidth: true
                    visible: GameController.active
                    text: qsTr("Write a report of the game in play")
                    onClicked: reportStatus.text = GameReports.writeReport()
                               ? qsTr("Report written.") : GameReports.lastError
                }
                Label {
                    id: reportStatus
                    objectName: "reportStatus"
                    Layout.fillWidth: true
                    visible: text.length > 0
                    wrapMode: Text.WordWrap
                    font.pixelSize: Theme.fontSmall + 1
                    color: Theme.textDim
                }
                Label {
                    Layout.fillWidth: true
                    visible: GameReports.recentReports.count === 0
                    text: qsTr("None written yet.")
                    font.pixelSize: Theme.fontSmall + 1
                    color: Theme.textDim
                }
                Repeater {
                    model: GameReports.recentReports
                    RowLayout {
                        id: report
                        required property string name
                        required property url url
                        required property string path
                        required property string written
                        Layout.fillWidth: true
                        spacing: 8
                        Label {
                            Layout.fillWidth: true
                            text: report.name + "\n" + report.written
                            elide: Text.ElideMiddle
                            font.pixelSize: Theme.fontSmall + 1
                            color: Theme.text
                        }
                        BigButton {
                            objectName: "openReport"
                            text: qsTr("Open")
                            onClicked: page.unopenedReport = page.openUrl(report.url) ? "" : report.path // qmllint disable unqualified
                        }
                    }
                }
                // No browser opened it: say where it is, and copy the path for a file manager or a message.
                ColumnLayout {
                    objectName: "reportNotOpened"
                    Layout.fillWidth: true
                    visible: page.unopenedReport.length > 0
                    spacing: 8
                    Label {
                        Layout.fillWidth: true
                        text: qsTr("No browser opened the report. It is at:")
                        wrapMode: Text.WordWrap
                        font.pixelSize: Theme.fontSmall + 1
                        color: Theme.warning
                    }
                    TextEdit {
                        id: reportPath
                        objectName: "reportPath"
                        Layout.fillWidth: true
                        text: page.unopenedReport
                        readOnly: true
                        selectByMouse: true
                        wrapMode: TextEdit.WrapAnywhere
                        font.pixelSize: Theme.fontSmall + 1
                        color: Theme.text
                    }
                    BigButton {
                        objectName: "copyReportPath"
                        text: qsTr("Copy the path")
                        onClicked: {
                            reportPath.selectAll()
                            reportPath.copy()
                            reportPath.deselect()
                            text = qsTr("Path copied")
                        }
                    }
                }
                Item { Layout.fillHeight: page.wide; Layout.preferredHeight: page.wide ? -1 : 0 }
                Rectangle {
                    Layout.fillWidth: true
                    Layout.preferredHeight: Math.max(Theme.touchTarget, feedLabel.implicitHeight + 20)
                    radius: Theme.radius
                    color: CameraService.demoFeed ? "#3a2f10" : "#16321f"
                    border.color: CameraService.demoFeed ? Theme.warning : Theme.ok
                    Label {
                        id: feedLabel
                        anchors.fill: parent
                        anchors.leftMargin: Theme.spacing
                        anchors.rightMargin: Theme.spacing
                        verticalAlignment: Text.AlignVCenter
                        wrapMode: Text.WordWrap
                        text: CameraService.demoFeed
                              ? qsTr("%1 \u2014 type dice or roll virtual dice").arg(CameraService.feedDescription)
                              : CameraService.feedDescription
                        font.pixelSize: Theme.fontSmall + 1
                        color: Theme.text
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
                    model: SavedGames
                    delegate: Rectangle {
                        id: saved
                        required property string path
                        required property string name
                        required property string scenario
                        required property string ruleSet
                        required property int turn
                        required property string phase
                        required property string lastPlayed
                        required property bool ok
                        required property string error
                        width: ListView.view.width
                        height: 72
                        radius: Theme.radius
                        color: GameController.gamePath === saved.path ? "#33402a" : Theme.surfaceRaised
                        RowLayout {
                            anchors.fill: parent
                            anchors.margins: 10
                            ColumnLayout {
                                Layout.fillWidth: true
                                spacing: 2
                                Label {
                                    text: saved.ok ? (saved.scenario || saved.name) : saved.name
                                    font.pixelSize: Theme.fontBody
                                    color: Theme.text
                                    elide: Text.ElideRight
                                    Layout.fillWidth: true
                                }
                                Label {
                                    // The turn and phase come first: a scenario's name can be long enough to be elided.
                                    text: saved.ok ? qsTr("%1 \u00b7 turn %2%3 \u00b7 %4").arg(saved.ruleSet.toUpperCase()).arg(saved.turn)
                                                             .arg(saved.phase ? ", " + saved.phase.replace(/_/g, " ") : "").arg(saved.lastPlayed)
                                                       : saved.error
                                    font.pixelSize: Theme.fontSmall
                                    color: saved.ok ? Theme.textDim : Theme.danger
                                    elide: Text.ElideRight
                                    Layout.fillWidth: true
                                }
                            }
                            BigButton {
                                text: GameController.gamePath === saved.path ? qsTr("Open") : qsTr("Resume")
                                enabled: saved.ok
                                onClicked: {
                                    if (GameController.gamePath === saved.path || GameController.openGame(saved.path))
                                        page.gameStarted() // qmllint disable unqualified
                                }
                            }
                        }
                    }
                }
                Label {
                    text: qsTr("Muster %1 \u00b7 games in %2").arg(Qt.application.version).arg(SavedGames.gamesFolder)
                    font.pixelSize: Theme.fontSmall - 2
                    color: Theme.textDim
                    elide: Text.ElideMiddle
                    Layout.fillWidth: true
                }
            }
        }
    }
}
