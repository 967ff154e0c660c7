import QtQuick
import QtTest
import Muster
import "ui.js" as Ui

// Issue 23 point 10: paths are picked with a finger. In Settings, "Choose…" beside the photo folder and the video
// file opens a touch-sized picker (rows and buttons of 56 px): tapping folders walks into them, Up walks out, and
// "Use this folder" (or tapping a file) fills the field; nothing is used until Use photos or Play video.
TestCase {
    id: testCase
    name: "PathDialogs"
    when: windowShown

    Component {
        id: mainComponent
        Main {}
    }

    function tapIn(item, name) {
        tryVerify(() => findChild(item, name) !== null, 3000, "no " + name) // folders are listed as they are read
        const target = findChild(item, name)
        tryVerify(() => target.visible && target.height > 0, 3000, name + " is not shown")
        Ui.waitForLayout(testCase, target)
        verify(target.height >= 56, name + " is " + target.height + " px high")
        mouseClick(target)
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
        // This test's own folder, tests/qml, and tests/app beside it.
        const here = decodeURIComponent(String(Qt.resolvedUrl(".")).substring(7)).replace(/\/$/, "")
        const tests = here.substring(0, here.lastIndexOf("/"))

        const photoPath = findChild(win.contentItem, "photoPath")
        photoPath.text = here
        Ui.tap(testCase, win, "choosePhotoFolder")
        const folders = camera.folderDialogItem
        tryCompare(folders, "opened", true)
        compare(findChild(folders.contentItem, "pathFolder").text, here)
        tapIn(folders.contentItem, "pathUp")
        tryCompare(findChild(folders.contentItem, "pathFolder"), "text", tests)
        tapIn(folders.contentItem, "pathEntry_app")
        tryCompare(findChild(folders.contentItem, "pathFolder"), "text", tests + "/app")
        tapIn(folders.contentItem, "pathUseFolder")
        tryCompare(folders, "visible", false)
        compare(photoPath.text, tests + "/app")

        // A file: the videos' filter would show none here, so this one is asked for.
        const videos = camera.videoDialogItem
        videos.nameFilters = ["tst_path*.qml"]
        findChild(win.contentItem, "videoPath").text = here + "/tst_pathdialogs.qml"
        Ui.tap(testCase, win, "chooseVideo")
        tryCompare(videos, "opened", true)
        compare(findChild(videos.contentItem, "pathFolder").text, here)
        compare(findChild(videos.contentItem, "pathUseFolder").visible, false)
        findChild(win.contentItem, "videoPath").text = ""
        tapIn(videos.contentItem, "pathEntry_tst_pathdialogs.qml")
        tryCompare(videos, "visible", false)
        compare(findChild(win.contentItem, "videoPath").text, here + "/tst_pathdialogs.qml")
        compare(CameraService.feedDescription, feedBefore) // chosen, not used yet
    }
}
