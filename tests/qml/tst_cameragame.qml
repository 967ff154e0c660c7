import QtQuick
import QtTest
import Muster
import "ui.js" as Ui

// Issue 23: in a camera game the Game page is where a throw is read. With a photo folder as the feed (one real
// nell-byler photo of 12 dice), a new md_small game in Camera mode shows the tray and what was read on the Game
// page when a throw is asked, not the keypad; "Type instead" gives the keypad and "Read the tray instead" takes it
// back; dice the players set aside as not part of the throw are struck out, and Accept journals the camera's read
// and brings the next prompt, still on the Game page.
TestCase {
    id: testCase
    name: "CameraGame"
    when: windowShown

    Component {
        id: mainComponent
        Main {}
    }

    function tap(win, name) {
        Ui.tap(testCase, win, name, () => "prompt " + GameController.promptKey + ": " + GameController.headline)
    }

    function test_theTrayIsOnTheGamePage() {
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
        tap(win, "startGame")
        tryCompare(GameController, "active", true)
        compare(GameController.playSetup.dice, "camera")

        // Orders: the Texas volunteers fire at long range and everyone else holds (MD-ORD-01), so the first throw
        // is their volley: 30 dice-throwing figures at three a die, 10 dice (MD-FIRE-04).
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
            tap(win, "option_" + value)
        }
        compare(GameController.promptKind, "dice")
        compare(GameController.diceSides, 6)
        const asked = GameController.diceCount
        const key = GameController.promptKey
        compare(key, "US-TXVOL.pool")
        compare(asked, 10)
        win.showPage("game")

        // The tray, not the keypad.
        const panel = findChild(win.contentItem, "gameCamera")
        tryVerify(() => panel.visible, 5000, "the Game page shows no tray for a camera game's throw")
        verify(findChild(win.contentItem, "gameTray").visible)
        verify(!findChild(win.contentItem, "diceEntry").visible, "the keypad is shown beside the tray")
        tryVerify(() => CameraService.dice.hasReading, 30000, "the photo was never read")
        compare(CameraService.dice.count, 12)

        // Typing instead, and back.
        tap(win, "typeInstead")
        verify(!panel.visible)
        verify(findChild(win.contentItem, "diceEntry").visible)
        tap(win, "useCamera")
        verify(panel.visible)

        // The photo holds 12 dice; a throw of fewer cannot be accepted until the extra dice are set aside.
        verify(asked <= 12, "the first throw asks for " + asked + " dice, more than the photo holds")
        if (asked < 12) {
            verify(!findChild(win.contentItem, "acceptCameraGame").enabled)
            compare(findChild(win.contentItem, "gameCameraVerdict").text, CameraService.acceptBlockedReason)
            for (let row = asked; row < 12; ++row)
                verify(CameraService.dice.setNotADie(row, "from the previous throw"))
        }
        tryVerify(() => CameraService.canAccept, 5000, CameraService.acceptBlockedReason)
        const before = GameController.log.count
        tap(win, "acceptCameraGame")
        tryVerify(() => GameController.promptKey !== key, 5000, "the throw was not taken")
        compare(win.currentPage, "game")
        compare(GameController.lastError, "")
        // The next step (the reroll of the 4s and 5s, MD-FIRE-06, or the next question) is on this page.
        compare(findChild(win.contentItem, "headline").text,
                GameController.promptKind === "dice" ? "Roll " + GameController.diceCount + "d" + GameController.diceSides
                                                     : GameController.headline)
        verify(GameController.promptKind !== "dice" || findChild(win.contentItem, "gameCamera").visible
               || findChild(win.contentItem, "diceEntry").visible)
        // The camera's read is in the log with its source.
        const log = GameController.log
        verify(log.count > before)
        let found = false
        for (let r = 0; r < log.count; ++r)
            if (log.data(log.index(r, 0), LogModel.KindRole) === "dice"
                    && log.data(log.index(r, 0), LogModel.SourceRole) === "camera")
                found = true
        verify(found, "no throw journalled from the camera")
        // The finds struck out as not a die are said under the throw, with the reason (the volley asks for 10
        // of the photo's 12 dice, so two were struck out above).
        compare(asked, 10)
        let said = ""
        for (let r = 0; r < log.count; ++r)
            if (log.data(log.index(r, 0), LogModel.SourceRole) === "camera")
                said = log.data(log.index(r, 0), LogModel.DetailRole)
        verify(said.indexOf("struck out 2 finds as not a die: from the previous throw; from the previous throw") >= 0,
               said)
        GameController.closeGame()
        CameraService.useDemo()
    }
}
