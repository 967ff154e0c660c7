import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Muster

// Lint note: a line ending in "qmllint disable unqualified" reads an id from outside its delegate, which is
// right; Qt 6.4's linter cannot see ids across a component's edge (6.5's pragma ComponentBehavior: Bound can).

// A touch-sized picker for "use a photo": the images of a folder as large thumbnails, newest first. Tap one to
// pick it; the folder can be typed.
Popup {
    id: picker
    property string folder
    property var photos: []
    property var lister: null // an object with photosIn(folder), e.g. a CalibrationController
    signal picked(string path)

    modal: true
    // Centred, or at the top while the on-screen keyboard is up, so its text field stays above the keyboard.
    parent: Overlay.overlay
    x: parent ? (parent.width - width) / 2 : 0
    // Lint note: Qt 6.4's linter types Qt.inputMethod as a QObject; it is a QInputMethod.
    y: !parent ? 0 : Qt.inputMethod.visible ? Theme.spacing : (parent.height - height) / 2 // qmllint disable type
    width: Math.min(Overlay.overlay ? Overlay.overlay.width - 40 : 900, 1000)
    height: Math.min(Overlay.overlay ? Overlay.overlay.height - 40 : 700, 760)
    padding: Theme.spacing
    background: Rectangle { color: Theme.surface; radius: Theme.radius; border.color: Theme.accent }
    onOpened: refresh()

    function refresh() { photos = lister ? lister.photosIn(folder) : [] }

    ColumnLayout {
        anchors.fill: parent
        spacing: Theme.spacing / 2
        Label { text: qsTr("Pick a photo of the tray"); font.pixelSize: Theme.fontTitle; font.bold: true; color: Theme.text }
        RowLayout {
            Layout.fillWidth: true
            spacing: 8
            TextField {
                id: folderField
                objectName: "photoFolderField"
                Layout.fillWidth: true
                Layout.preferredHeight: Theme.touchTarget
                text: picker.folder
                font.pixelSize: Theme.fontBody
                color: Theme.text
                onAccepted: { picker.folder = text; picker.refresh() }
            }
            BigButton { text: qsTr("Look"); onClicked: { picker.folder = folderField.text; picker.refresh() } }
            BigButton { objectName: "pickerChooseFolder"; text: qsTr("Folder\u2026"); onClicked: folderDialog.openAt(picker.folder) }
            BigButton { text: qsTr("Cancel"); onClicked: picker.close() }
        }
        Label {
            visible: picker.photos.length === 0
            text: qsTr("No JPEG or PNG files in this folder.")
            font.pixelSize: Theme.fontBody
            color: Theme.textDim
        }
        GridView {
            id: grid
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            cellWidth: Math.max(180, width / Math.max(1, Math.floor(width / 220)))
            cellHeight: 170
            model: picker.photos
            delegate: Item {
                id: photo
                required property string modelData
                width: grid.cellWidth // qmllint disable unqualified
                height: grid.cellHeight // qmllint disable unqualified
                Rectangle {
                    anchors.fill: parent
                    anchors.margins: 6
                    radius: 8
                    color: Theme.surfaceRaised
                    Image {
                        anchors.fill: parent
                        anchors.margins: 6
                        anchors.bottomMargin: 30
                        source: "file://" + photo.modelData
                        sourceSize.width: 240
                        asynchronous: true
                        fillMode: Image.PreserveAspectFit
                    }
                    Label {
                        anchors.bottom: parent.bottom
                        anchors.horizontalCenter: parent.horizontalCenter
                        anchors.bottomMargin: 4
                        width: parent.width - 12
                        elide: Text.ElideMiddle
                        horizontalAlignment: Text.AlignHCenter
                        text: photo.modelData.substring(photo.modelData.lastIndexOf("/") + 1)
                        font.pixelSize: Theme.fontSmall - 2
                        color: Theme.textDim
                    }
                    TapHandler { onTapped: { picker.close(); picker.picked(photo.modelData) } } // qmllint disable unqualified
                }
            }
        }
    }

    PathPicker {
        id: folderDialog
        title: qsTr("A folder of photos of the tray")
        onPicked: (path) => { picker.folder = path; picker.refresh() }
    }
}
