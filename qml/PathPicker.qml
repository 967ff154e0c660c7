import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Qt.labs.folderlistmodel
import Muster

// Lint note: a line ending in "qmllint disable unqualified" reads an id from outside its delegate, which is
// right; Qt 6.4's linter cannot see ids across a component's edge (6.5's pragma ComponentBehavior: Bound can).

// A touch-sized chooser of a folder (or, with pickFiles, a file) for the paths Settings asks for: rows a finger
// can hit, the folder named above them, Up, and the choice as buttons. Qt's own file dialogs draw small rows and
// text buttons in this app's style, so paths are chosen here. picked(path) gives a local path.
Popup {
    id: picker
    objectName: "pathPicker"
    property bool pickFiles: false
    property var nameFilters: ["*"]
    property string title
    property url folder: "file:///"
    signal picked(string path)

    // Opens on `path` (a local folder; "/" when empty).
    function openAt(path) {
        folder = "file://" + (path && path.length > 0 ? path : "/")
        open()
    }
    function localPath(url) {
        const text = url.toString()
        return text.startsWith("file://") ? decodeURIComponent(text.substring(7)) : text
    }
    function walkInto(url) { folder = url }
    function up() {
        const p = localPath(folder).replace(/\/+$/, "")
        const cut = p.lastIndexOf("/")
        folder = "file://" + (cut > 0 ? p.substring(0, cut) : "/")
    }

    modal: true
    parent: Overlay.overlay
    width: parent ? Math.min(parent.width - 40, 900) : 900
    height: parent ? parent.height - 40 : 700
    x: parent ? (parent.width - width) / 2 : 0
    y: parent ? (parent.height - height) / 2 : 0
    padding: Theme.spacing
    background: Rectangle { color: Theme.surfaceRaised; radius: Theme.radius; border.color: Theme.accent; border.width: 2 }

    FolderListModel {
        id: entries
        folder: picker.folder
        showDirs: true
        showFiles: picker.pickFiles
        showDirsFirst: true
        showDotAndDotDot: false
        nameFilters: picker.nameFilters
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: Theme.spacing / 2
        Label {
            Layout.fillWidth: true
            text: picker.title
            font.pixelSize: Theme.fontTitle
            font.bold: true
            color: Theme.text
            wrapMode: Text.WordWrap
        }
        RowLayout {
            Layout.fillWidth: true
            spacing: 8
            BigButton { objectName: "pathUp"; text: qsTr("\u2191 Up"); onClicked: picker.up() }
            Label {
                objectName: "pathFolder"
                Layout.fillWidth: true
                text: picker.localPath(picker.folder)
                font.pixelSize: Theme.fontBody
                color: Theme.text
                elide: Text.ElideLeft
            }
        }
        ListView {
            id: list
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            spacing: 4
            model: entries
            delegate: Rectangle {
                required property string fileName
                required property url fileUrl
                required property bool fileIsDir
                objectName: "pathEntry_" + fileName
                width: ListView.view.width
                height: Theme.touchTarget
                radius: 6
                color: Theme.surface
                Label {
                    anchors.verticalCenter: parent.verticalCenter
                    anchors.left: parent.left
                    anchors.leftMargin: 12
                    width: parent.width - 64
                    text: parent.fileName + (parent.fileIsDir ? "/" : "")
                    font.pixelSize: Theme.fontBody
                    color: Theme.text
                    elide: Text.ElideMiddle
                }
                Label {
                    visible: parent.fileIsDir
                    anchors.verticalCenter: parent.verticalCenter
                    anchors.right: parent.right
                    anchors.rightMargin: 16
                    text: "\u203A" // opens the folder
                    font.pixelSize: Theme.fontTitle
                    color: Theme.textDim
                }
                TapHandler {
                    onTapped: {
                        if (parent.fileIsDir)
                            picker.walkInto(parent.fileUrl) // qmllint disable unqualified
                        else {
                            picker.picked(picker.localPath(parent.fileUrl))
                            picker.close()
                        }
                    }
                }
            }
            Label {
                anchors.centerIn: parent
                visible: entries.status === FolderListModel.Ready && entries.count === 0
                text: picker.pickFiles ? qsTr("Nothing here to choose.") : qsTr("No folders inside this one.")
                font.pixelSize: Theme.fontBody
                color: Theme.textDim
            }
        }
        RowLayout {
            Layout.fillWidth: true
            spacing: 10
            BigButton {
                Layout.fillWidth: true
                text: qsTr("Cancel")
                onClicked: picker.close()
            }
            BigButton {
                objectName: "pathUseFolder"
                visible: !picker.pickFiles
                Layout.fillWidth: true
                highlighted: true
                text: qsTr("Use this folder")
                onClicked: {
                    picker.picked(picker.localPath(picker.folder))
                    picker.close()
                }
            }
        }
    }
}
