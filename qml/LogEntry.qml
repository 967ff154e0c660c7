import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Muster

// One journal event as the Log page shows it: what was entered, the question or purpose, who and how (source, rule),
// undone, overridden and set-aside inputs marked, a Photo button for throws that have one, and a Fix button for
// inputs still in force.
Rectangle {
    id: entry
    required property int index
    required property int seq
    required property int turn
    required property string phase
    required property string kind
    required property string text
    required property string detail
    required property string player
    required property string source
    required property string ruleId
    required property var faces
    required property bool undone
    required property bool overridden
    required property bool hasPhoto
    required property bool setAside
    required property int setAsideBy
    required property bool fixable
    required property string sealNote
    property bool compact: false
    property bool current: false
    readonly property bool correction: kind === "override" || kind === "undo"
    signal tapped()
    signal photoRequested(int seq)
    signal fixRequested(int seq)

    height: Math.max(compact ? 56 : 64, column.implicitHeight + 16)
    radius: 8
    color: current ? "#3b3320" : (correction ? "#3a2f10" : Theme.surface)
    border.width: current ? 2 : 1
    border.color: current ? Theme.accent : (correction || overridden ? Theme.warning : "transparent")

    TapHandler { onTapped: entry.tapped() }

    RowLayout {
        anchors.fill: parent
        anchors.margins: 8
        spacing: 12
        Label {
            text: "#" + entry.seq
            font.pixelSize: Theme.fontSmall
            color: Theme.textDim
            Layout.preferredWidth: 48
        }
        ColumnLayout {
            id: column
            Layout.fillWidth: true
            spacing: 2
            Label {
                Layout.fillWidth: true
                text: entry.text
                font.pixelSize: entry.compact ? Theme.fontSmall + 2 : Theme.fontBody
                font.strikeout: entry.undone || entry.setAside
                color: entry.undone || entry.setAside ? Theme.textDim : Theme.text
                wrapMode: Text.WordWrap
            }
            Label {
                objectName: "sealNote_" + entry.seq
                Layout.fillWidth: true
                text: "\u26a0 " + entry.sealNote
                visible: entry.sealNote.length > 0
                font.pixelSize: Theme.fontSmall
                font.bold: true
                color: Theme.warning
                wrapMode: Text.WordWrap
            }
            Label {
                Layout.fillWidth: true
                text: entry.detail
                visible: entry.detail.length > 0
                font.pixelSize: Theme.fontSmall
                color: Theme.textDim
                wrapMode: Text.WordWrap
                maximumLineCount: entry.compact ? 2 : 4
                elide: Text.ElideRight
            }
            Label {
                Layout.fillWidth: true
                text: [qsTr("turn %1").arg(entry.turn), entry.phase.replace(/_/g, " "), entry.player, entry.source, entry.ruleId,
                       entry.undone ? qsTr("undone") : "", entry.overridden ? qsTr("overridden") : "",
                       entry.setAside ? qsTr("superseded by #%1").arg(entry.setAsideBy) : ""]
                      .filter(s => s.length > 0).join(" \u00b7 ")
                font.pixelSize: Theme.fontSmall - 2
                color: entry.overridden || entry.undone || entry.setAside ? Theme.warning : Theme.textDim
                wrapMode: Text.WordWrap
            }
        }
        BigButton {
            objectName: "fix_" + entry.seq
            visible: entry.fixable && !entry.compact
            text: qsTr("Fix\u2026")
            implicitWidth: 100
            onClicked: entry.fixRequested(entry.seq)
        }
        BigButton {
            visible: entry.hasPhoto
            text: qsTr("Photo")
            implicitWidth: 100
            onClicked: entry.photoRequested(entry.seq)
        }
    }
}
