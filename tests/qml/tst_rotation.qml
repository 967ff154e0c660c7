import QtQuick
import QtTest
import Muster
import "ui.js" as Ui

// A tablet turned on its stand: the Game page puts the prompt card and the turn's history side by side in
// landscape and one above the other in portrait, after every turn of the window, not one turn late (Qt 6.4's
// GridLayout kept the previous placement when only the cells' places changed).
TestCase {
    id: testCase
    name: "Rotation"
    when: windowShown

    Component {
        id: mainComponent
        Main {}
    }

    function test_cardAndHistoryFollowTheWindow() {
        const win = createTemporaryObject(mainComponent, testCase)
        win.width = 1280
        win.height = 800
        win.visible = true
        win.showPage("newgame")
        const box = findChild(win.contentItem, "scenarioBox")
        box.currentIndex = box.find("md_small")
        Ui.tap(testCase, win, "startGame")
        tryCompare(GameController, "active", true)
        win.showPage("game")
        const card = findChild(win.contentItem, "promptCard")
        const history = findChild(win.contentItem, "historyPanel")
        verify(card && history)
        for (const s of [[1920, 1080], [800, 1280], [1280, 800], [800, 1280], [1920, 1080]]) {
            win.width = s[0]
            win.height = s[1]
            const landscape = s[0] > s[1]
            const where = s[0] + "x" + s[1] + ": card at " + card.x + "," + card.y + " " + card.width + " wide, history at "
                          + history.x + "," + history.y
            if (landscape)
                tryVerify(() => history.x >= card.x + card.width && history.y === card.y, 2000, where)
            else
                tryVerify(() => history.y >= card.y + card.height && history.x === card.x && card.width > 700, 2000, where)
        }
        GameController.closeGame()
    }
}
