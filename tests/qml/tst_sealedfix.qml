import QtQuick
import QtTest
import Muster
import "ui.js" as Ui

// A fix of a sealed turn is deliberate (issue 46): Marchin' & Fightin' played by tap through turn 1, its seal noted,
// then in turn 2 a throw of turn 1 is fixed. The fix dialog names the seal it changes, and Fix and replay waits for
// a tap that confirms it; once confirmed (with a reason) the fix is journalled like any other, and the seal card at
// the end of turn 2 says what turn 2 changed in turn 1; the turn panel says it at once as a big moment and the Log
// marks the fix with the seal it changes. A fix of the turn in play asks no such confirmation.
TestCase {
    id: testCase
    name: "SealedFix"
    when: windowShown

    Component {
        id: mainComponent
        Main {}
    }

    property var win: null

    function where() {
        return "prompt " + GameController.promptKey + ": " + GameController.headline
    }

    function answer(key, value) {
        compare(GameController.promptKey, key, "expected " + key + " (" + where() + ")")
        Ui.tap(testCase, win, "option_" + value, where)
        compare(GameController.lastError, "")
    }

    function roll(key, faces) {
        compare(GameController.promptKey, key, "expected " + key + " (" + where() + ")")
        Ui.typeDice(testCase, win, faces, where)
        compare(GameController.lastError, "")
    }

    // The seqs of the log's throws, in order.
    function throwSeqs() {
        const log = GameController.log
        const out = []
        for (let r = 0; r < log.count; ++r) {
            const idx = log.index(r, 0)
            if (log.data(idx, LogModel.KindRole) === "dice")
                out.push(log.data(idx, LogModel.SeqRole))
        }
        return out.sort((a, b) => a - b)
    }

    function test_fixOfASealedTurnNamesTheSealAndWaitsForAConfirmation() {
        win = createTemporaryObject(mainComponent, testCase)
        win.width = 1280
        win.height = 800
        win.visible = true
        win.showPage("newgame")
        const box = findChild(win.contentItem, "scenarioBox")
        box.currentIndex = box.find("mf_crossroads")
        Ui.tap(testCase, win, "startGame", where)
        tryCompare(GameController, "active", true)

        // Turn 1: the Union 6, the Confederates 1; everyone stays and holds fire.
        roll("initiative.union.1", [6])
        roll("initiative.confederate.1", [1])
        for (const id of ["C4", "C5", "B6"])
            answer(id + ".march", "0")
        for (const id of ["C4", "C5", "B6"])
            answer(id + ".target", "none")
        for (const id of ["F4", "F5", "G3"])
            answer(id + ".march", "0")
        for (const id of ["F4", "F5", "G3"])
            answer(id + ".target", "none")
        const sealDialog = findChild(win, "sealDialog")
        tryCompare(sealDialog, "visible", true)
        const seal = findChild(sealDialog.contentItem, "sealCode").text
        verify(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/.test(seal), "seal " + seal)
        mouseClick(findChild(sealDialog.contentItem, "sealDone"))
        tryCompare(sealDialog, "visible", false)
        compare(GameController.turn, 2)

        // In turn 2, the Confederates' initiative die of turn 1 is fixed from 1 to 2 (the Union still goes first).
        const confederateDie = throwSeqs()[1]
        const dialog = win.pageItem("game").fixDialogItem
        verify(dialog.openFor(confederateDie))
        tryCompare(dialog, "opened", true)
        compare(dialog.choices.turn, 1)
        compare(dialog.choices.seal, seal)
        const warning = findChild(dialog.contentItem, "fixSealWarning")
        verify(warning.visible, "no word of the seal")
        verify(warning.text.indexOf(seal) >= 0, warning.text)
        verify(warning.text.indexOf("Turn 1") >= 0, warning.text)
        const confirm = findChild(dialog.contentItem, "fixConfirmSealed")
        verify(confirm.visible)
        verify(confirm.text.indexOf(seal) >= 0, confirm.text)
        const apply = findChild(dialog.contentItem, "fixApply")
        mouseClick(findChild(dialog.contentItem, "fixDie_0"))
        findChild(dialog.contentItem, "fixReason").text = "the die was cocked"
        compare(apply.enabled, false) // a change and a reason, not yet confirmed
        compare(dialog.why, "Confirm the change above first.")
        Ui.waitForLayout(testCase, confirm)
        mouseClick(confirm)
        compare(dialog.confirmed, true)
        compare(apply.enabled, true)
        const before = GameController.log.count
        Ui.waitForLayout(testCase, apply)
        mouseClick(apply)
        tryCompare(dialog, "opened", false)
        compare(GameController.lastError, "")
        compare(GameController.log.count, before + 1) // one override appended

        // The turn panel says it as a big moment of turn 2, and the Log marks the fix with the seal it changes.
        const top = GameController.history.get(0)
        compare(top.big, true)
        verify(top.text.indexOf("fixed the throw for") >= 0 && top.text.indexOf("in turn 1, sealed " + seal + ": 1 \u2192 2") >= 0,
               top.text)
        verify(top.text.indexOf("the die was cocked") >= 0, top.text)
        const line = findChild(win.pageItem("game"), "historyLine_0")
        verify(line && line.visible, "the turn panel shows no line for the fix")
        let note = ""
        for (let r = 0; r < GameController.log.count; ++r) {
            const idx = GameController.log.index(r, 0)
            if (GameController.log.data(idx, LogModel.KindRole) === "override")
                note = GameController.log.data(idx, LogModel.SealNoteRole)
        }
        compare(note.indexOf("Changes turn 1 after its seal " + seal), 0, note)

        // A throw of the turn in play needs no confirmation.
        answer("C4.march", "0")
        answer("C5.march", "0")
        answer("B6.march", "0")
        answer("C4.target", "F4")
        answer("C5.joins_C4", "no")
        answer("B6.joins_C4", "no")
        answer("C4.range", "2")
        answer("F4.cover", "no")
        roll("F4.fire", [3])
        const thisTurn = throwSeqs().pop()
        verify(dialog.openFor(thisTurn))
        tryCompare(dialog, "opened", true)
        compare(dialog.choices.turn, 2)
        compare(dialog.choices.seal, "")
        compare(findChild(dialog.contentItem, "fixSealWarning").visible, false)
        compare(findChild(dialog.contentItem, "fixConfirmSealed").visible, false)
        dialog.close()
        tryCompare(dialog, "opened", false)

        // At the end of turn 2 its seal card says what the turn changed in turn 1 after its seal.
        answer("C5.target", "none")
        answer("B6.target", "none")
        for (const id of ["F4", "F5", "G3"])
            answer(id + ".march", "0")
        for (const id of ["F4", "F5", "G3"])
            answer(id + ".target", "none")
        tryCompare(sealDialog, "visible", true)
        compare(TurnSealer.turnSeal.turn, 2)
        const changed = findChild(sealDialog.contentItem, "sealCorrections")
        verify(changed.visible, "no word of the fix of turn 1")
        verify(changed.text.indexOf("fixed event #" + confederateDie + " of turn 1") >= 0, changed.text)
        verify(changed.text.indexOf("the die was cocked") >= 0, changed.text)
        mouseClick(findChild(sealDialog.contentItem, "sealDone"))
        tryCompare(sealDialog, "visible", false)
        GameController.closeGame()
    }
}
