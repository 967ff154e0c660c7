import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Muster

// The camera section of Settings: which feed the Dice and Orders pages read (a camera, a video file, a folder
// of photos, or the demo feed), what it is doing now and at what frame rate.
ColumnLayout {
    id: section
    spacing: Theme.spacing / 2
    Label { text: qsTr("Camera"); font.pixelSize: Theme.fontBody; font.bold: true; color: Theme.text }
    Label {
        objectName: "currentFeed"
        Layout.fillWidth: true
        text: qsTr("Now: %1").arg(CameraService.feedDescription)
              + (CameraService.sourceFps > 0 ? qsTr(" at %1 fps").arg(CameraService.sourceFps.toFixed(1)) : "")
              // Lint note: Qt 6.4's linter knows no qint64 (qlonglong) type; QML reads it as a number.
              + (CameraService.live ? qsTr(" \u00B7 read %1 fps, %2 frames dropped while busy").arg(CameraService.framesPerSecond.toFixed(1)).arg(CameraService.droppedFrames) : "") // qmllint disable type
        font.pixelSize: Theme.fontSmall + 1
        color: Theme.text
        wrapMode: Text.WordWrap
    }
    Label {
        Layout.fillWidth: true
        visible: CameraService.feedError.length > 0
        text: CameraService.feedError
        font.pixelSize: Theme.fontSmall + 1
        color: Theme.danger
        wrapMode: Text.WordWrap
    }
    Label {
        Layout.fillWidth: true
        visible: !CameraService.cameraAvailable
        text: qsTr("No camera found. Use a video file or a photo folder, or type the dice.")
        font.pixelSize: Theme.fontSmall + 1
        color: Theme.textDim
        wrapMode: Text.WordWrap
    }
    Flow {
        Layout.fillWidth: true
        spacing: 8
        Repeater {
            model: CameraService.cameras
            BigButton {
                required property string modelData
                required property int index
                text: modelData
                highlighted: CameraService.cameraIndex === index
                onClicked: CameraService.useCamera(index)
            }
        }
        BigButton {
            objectName: "useDemo"
            text: qsTr("Demo feed")
            highlighted: CameraService.demoFeed
            onClicked: CameraService.useDemo()
        }
    }
    RowLayout {
        Layout.fillWidth: true
        spacing: 8
        TextField {
            id: videoPath
            objectName: "videoPath"
            Layout.fillWidth: true
            Layout.preferredHeight: Theme.touchTarget
            placeholderText: qsTr("Video file, e.g. /home/gm/throws.mp4")
            text: CameraService.feedKind === "video" ? CameraService.feedPath : ""
            font.pixelSize: Theme.fontBody
        }
        BigButton {
            objectName: "chooseVideo"
            text: qsTr("Choose\u2026")
            onClicked: videoDialog.openAt(section.folderOf(videoPath.text.trim()))
        }
        BigButton {
            text: qsTr("Play video")
            enabled: videoPath.text.trim().length > 0
            onClicked: CameraService.useVideoFile(videoPath.text.trim())
        }
    }
    RowLayout {
        Layout.fillWidth: true
        spacing: 8
        TextField {
            id: photoPath
            objectName: "photoPath"
            Layout.fillWidth: true
            Layout.preferredHeight: Theme.touchTarget
            placeholderText: qsTr("Photo folder, e.g. /home/gm/throws")
            text: CameraService.feedKind === "photos" ? CameraService.feedPath : ""
            font.pixelSize: Theme.fontBody
        }
        BigButton {
            objectName: "choosePhotoFolder"
            text: qsTr("Choose\u2026")
            onClicked: folderDialog.openAt(photoPath.text.trim().length > 0 ? photoPath.text.trim() : section.folderOf(SavedGames.gamesFolder))
        }
        BigButton {
            text: qsTr("Use photos")
            enabled: photoPath.text.trim().length > 0
            onClicked: CameraService.usePhotoFolder(photoPath.text.trim())
        }
    }

    // Paths picked with a finger (PathPicker); the fields can still be typed.
    PathPicker {
        id: videoDialog
        objectName: "videoDialog"
        title: qsTr("A video of throws")
        pickFiles: true
        nameFilters: ["*.mp4", "*.mkv", "*.avi", "*.mov", "*.webm", "*.MP4", "*.MOV"]
        onPicked: (path) => videoPath.text = path
    }
    PathPicker {
        id: folderDialog
        objectName: "photoFolderDialog"
        title: qsTr("A folder of photos of throws")
        onPicked: (path) => photoPath.text = path
    }
    readonly property PathPicker videoDialogItem: videoDialog // for tests
    readonly property PathPicker folderDialogItem: folderDialog
    // The folder a path is in ("" for a bare name).
    function folderOf(path) {
        const cut = path.lastIndexOf("/")
        return cut > 0 ? path.substring(0, cut) : ""
    }
}
