import QtQuick
import QtTest
import Muster
import "ui.js" as Ui

// Issue 23 point 10: paths are picked with a finger. In Settings, "Choose…" beside the video file and the photo
// folder opens a file or folder dialog (QtQuick.Dialogs), and the path chosen fills the field, decoded from the
// dialog's URL; nothing is used until the person taps Play video or Use photos.
TestCase {
    id: testCase
    name: "PathDialogs"
    when: windowShown

    Component {
        id: mainComponent
        Main {}
    }

    function test_choosePhotoFolderAndVideoFile() {
        const win = createTemporaryObject(mainComponent, testCase)
        win.width = 1280
        win.height = 800
        win.visible = true
        win.showPage("settings")
        win.pageItem("settings").section = "game" // the camera and house rules part
        const camera = findChild(win.contentItem, "cameraSettings")
        verify(camera, "no camera section in Settings")
        const feedBefore = CameraService.feedDescription

        Ui.tap(testCase, win, "choosePhotoFolder")
        const folders = camera.folderDialogItem
        tryCompare(folders, "visible", true)
        folders.selectedFolder = "file:///tmp/muster%20throws/table%201"
        folders.accept()
        tryCompare(folders, "visible", false)
        compare(findChild(win.contentItem, "photoPath").text, "/tmp/muster throws/table 1")

        Ui.tap(testCase, win, "chooseVideo")
        const videos = camera.videoDialogItem
        tryCompare(videos, "visible", true)
        const here = Qt.resolvedUrl("tst_pathdialogs.qml")
        videos.currentFolder = Qt.resolvedUrl(".")
        videos.selectedFile = here
        // Qt's own dialog takes its selection again from its list when accept() is called, so the test says
        // "accepted" as the dialog does once a person has tapped a file.
        videos.accepted()
        videos.close()
        tryCompare(videos, "visible", false)
        compare(findChild(win.contentItem, "videoPath").text, decodeURIComponent(here.toString().substring(7)))
        compare(CameraService.feedDescription, feedBefore) // chosen, not used yet
    }
}
