import QtQuick
import QtTest
import Muster
import "ui.js" as Ui

// Issue 23 point 6: dice in the tray view are tapped standing, and where dice touch their tap areas overlap. A tap
// there opens the zoomed view (the frame three times larger, each of those dice a large button at its place), and
// its button asks for that die's correction; a tap on a die alone still asks at once. One real nell-byler photo.
TestCase {
    id: testCase
    name: "TrayZoom"
    when: windowShown

    Component {
        id: mainComponent
        Main {}
    }
    SignalSpy {
        id: tapped
        signalName: "dieTapped"
    }

    function overlapOf(a, b) {
        const x0 = Math.max(a.x, b.x), y0 = Math.max(a.y, b.y)
        const x1 = Math.min(a.x + a.width, b.x + b.width), y1 = Math.min(a.y + a.height, b.y + b.height)
        return x1 > x0 && y1 > y0 ? Qt.point((x0 + x1) / 2, (y0 + y1) / 2) : null
    }

    function test_touchingDiceOpenTheZoom() {
        // Lint note: testPhotoFolder and fixtureProfiles are context properties of the test main (main.cpp), which the linter cannot see.
        if (testPhotoFolder.length === 0) // qmllint disable unqualified
            skip("the real dice photos are not here: put ../shared/data beside the checkout or set MUSTER_DATA_DIR")
        const win = createTemporaryObject(mainComponent, testCase)
        win.width = 1280
        win.height = 800
        win.visible = true
        verify(CameraService.usePhotoFolder(testPhotoFolder)) // qmllint disable unqualified
        win.showPage("newgame")
        const box = findChild(win.contentItem, "scenarioBox")
        box.currentIndex = box.find("md_small")
        Ui.tap(testCase, win, "startGame")
        tryCompare(GameController, "active", true)
        let guard = 0
        while (GameController.promptKind === "question" && guard++ < 100) {
            const key = GameController.promptKey
            let value = GameController.options.get(0).value
            if (key.endsWith(".order"))
                value = key === "US-TXVOL.order" ? "fire" : "hold"
            else if (key.endsWith(".range"))
                value = "long"
            else if (key.endsWith(".cover"))
                value = "none"
            verify(GameController.answer(value), GameController.lastError)
        }
        compare(GameController.promptKind, "dice")
        win.showPage("game")
        const tray = findChild(win.contentItem, "gameTray")
        tryVerify(() => tray.visible && CameraService.dice.hasReading, 30000, "the photo was never read")
        tryVerify(() => tray.dieMarks().length === 12, 5000, "marks: " + tray.dieMarks().length)
        waitForRendering(win.contentItem)
        tapped.target = tray

        // Two dice whose tap areas overlap, and one whose area overlaps no other.
        const marks = tray.dieMarks()
        let pair = null, alone = null
        for (let i = 0; i < marks.length; ++i) {
            let overlaps = false
            for (let j = 0; j < marks.length; ++j) {
                if (i === j)
                    continue
                const at = overlapOf(marks[i], marks[j])
                if (at) {
                    overlaps = true
                    if (!pair)
                        pair = {at: at, a: marks[i], b: marks[j]}
                }
            }
            if (!overlaps && !alone)
                alone = marks[i]
        }
        verify(pair, "no two dice of the photo have overlapping tap areas at 1280x800")
        verify(alone, "every die of the photo touches another")

        // A die alone: its correction at once, no zoom.
        mouseClick(alone, alone.width / 2, alone.height / 2)
        compare(tapped.count, 1)
        compare(tapped.signalArguments[0][0], alone.index)
        compare(tray.zoomPopup.visible, false)
        const correction = win.pageItem("game").correctionItem
        tryCompare(correction, "opened", true)
        correction.close()
        tryCompare(correction, "visible", false)

        // Where two touch: the zoom, with a button for each die under the finger.
        const overlayItem = pair.a.parent
        const inA = overlayItem.mapToItem(pair.a, pair.at.x, pair.at.y)
        mouseClick(pair.a, inA.x, inA.y)
        compare(tapped.count, 1)
        tryCompare(tray.zoomPopup, "opened", true)
        const shown = tray.zoomPopup.marks.map(m => m.index).sort()
        verify(shown.length >= 2, "the zoom shows " + shown.length + " dice")
        verify(shown.indexOf(pair.a.index) >= 0 && shown.indexOf(pair.b.index) >= 0, JSON.stringify(shown))
        const button = findChild(tray.zoomPopup.contentItem, "zoomDie_1")
        verify(button, "no button for the second die")
        verify(button.width >= 56 && button.height >= 56, button.width + "x" + button.height)
        const which = tray.zoomPopup.marks[1].index
        mouseClick(button)
        compare(tapped.count, 2)
        compare(tapped.signalArguments[1][0], which)
        tryCompare(tray.zoomPopup, "visible", false)
        tryCompare(correction, "opened", true) // the correction of the die picked in the zoom
        correction.close()
        GameController.closeGame()
    }
}
