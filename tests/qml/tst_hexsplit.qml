import QtQuick
import QtTest
import Muster
import "ui.js" as Ui

// Marchin' & Fightin' at the crossroads through the touch UI, with a split march (MF-MOVE-03): the Union's C4
// (12 infantry) splits 4 off as C4-2 and both parts march. Then the roster lists both parts, the Confederates fire
// at each part apart and each loses its own figures, and in turn 2 each part fires on its own. Every answer is
// tapped and every die typed on the keypad, so the figures are exact.
TestCase {
    id: testCase
    name: "HexSplit"
    when: windowShown

    Component {
        id: mainComponent
        Main {}
    }

    property var win: null

    function where() {
        return "prompt " + GameController.promptKey + ": " + GameController.headline
    }

    // Answers the question `key` (it must be the one asked) by tapping the button of `value`.
    function answer(key, value) {
        compare(GameController.promptKey, key, "expected the question " + key + " (" + where() + ")")
        Ui.tap(testCase, win, "option_" + value, where)
        compare(GameController.lastError, "")
    }

    // Types the throw `key` on the keypad.
    function roll(key, faces) {
        compare(GameController.promptKey, key, "expected the throw " + key + " (" + where() + ")")
        Ui.typeDice(testCase, win, faces, where)
        compare(GameController.lastError, "")
    }

    function closeSeal() {
        const seal = findChild(win, "sealDialog")
        tryCompare(seal, "visible", true)
        mouseClick(findChild(seal.contentItem, "sealDone"))
        tryCompare(seal, "visible", false)
    }

    function test_splitMarchFiresAndIsHitApart() {
        win = createTemporaryObject(mainComponent, testCase)
        win.width = 1280
        win.height = 800
        win.visible = true
        win.showPage("newgame")
        const box = findChild(win.contentItem, "scenarioBox")
        box.currentIndex = box.find("mf_crossroads")
        verify(box.currentIndex >= 0, "mf_crossroads is not bundled")
        Ui.tap(testCase, win, "startGame", where)
        tryCompare(GameController, "active", true)

        // Who moves first (MF-SEQ-01): the Union 6, the Confederates 1.
        roll("initiative.union.1", [6])
        roll("initiative.confederate.1", [1])

        // The Union marches: C4 splits, 4 infantry go as C4-2, then each part marches one hex.
        answer("C4.march", "split")
        answer("C4.split_infantry", "4")
        answer("C4.march", "1")
        answer("C4.way", "clear")
        answer("C4.join", "none")
        answer("C5.march", "0")
        answer("B6.march", "0")
        // The new part marches in its turn, and may not stay: it split from a marching hex.
        compare(GameController.promptKey, "C4-2.march")
        verify(!GameController.options.toList().some(o => o.value === "0"), "C4-2 was offered to stay")
        answer("C4-2.march", "1")
        answer("C4-2.way", "clear")
        answer("C4-2.join", "none")
        // Only hexes that did not march fire (MF-FIRE-01): C5 and B6 hold fire.
        answer("C5.target", "none")
        answer("B6.target", "none")

        const roster = GameController.roster
        compare(roster.value("C4", "figures"), "8 inf")
        compare(roster.value("C4-2", "figures"), "4 inf")

        // The Confederates stay and fire: F4 at C4-2, F5 at C4, each part hit apart.
        answer("F4.march", "0")
        answer("F5.march", "0")
        answer("G3.march", "0")
        answer("F4.target", "C4-2")
        answer("F5.joins_F4", "no")
        answer("G3.joins_F4", "no")
        answer("F4.range", "1")
        answer("C4-2.cover", "no")
        roll("C4-2.fire", [4]) // firepower 24 (band 21-60), a 4: 3 casualties
        answer("F5.target", "C4")
        answer("G3.joins_F5", "no")
        answer("F5.range", "1")
        answer("C4.cover", "no")
        roll("C4.fire", [3]) // 8 infantry and a 3-man cannon: firepower 36 (band 21-60), a 3: 2 casualties
        answer("G3.target", "none")
        closeSeal()

        compare(roster.value("C4-2", "figures"), "1 inf")
        compare(roster.value("C4-2", "casualties"), "3")
        compare(roster.value("C4", "figures"), "6 inf")
        compare(roster.value("C4", "casualties"), "2")

        // Turn 2: each part fires on its own target.
        compare(GameController.turn, 2)
        answer("C4.march", "0")
        answer("C5.march", "0")
        answer("B6.march", "0")
        answer("C4-2.march", "0")
        answer("C4.target", "F4")
        answer("C5.joins_C4", "no")
        answer("B6.joins_C4", "no")
        answer("C4-2.joins_C4", "no")
        answer("C4.range", "2")
        answer("F4.cover", "no")
        roll("F4.fire", [5]) // 6 infantry at 2 hexes: firepower 12 (band 1-20), a 5: 2 casualties
        answer("C5.target", "none")
        answer("B6.target", "none")
        answer("C4-2.target", "F5")
        answer("C4-2.range", "1")
        answer("F5.cover", "no")
        roll("F5.fire", [6]) // 1 infantry: firepower 2 (band 1-20), a 6: 3 casualties, the firer places them
        answer("F5.loss_infantry", "3")
        compare(roster.value("F4", "casualties"), "2")
        compare(roster.value("F5", "casualties"), "3")
        compare(roster.value("F5", "figures"), "5 inf, 1 gun (crew 3)")
        GameController.closeGame()
    }
}
