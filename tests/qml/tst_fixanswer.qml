import QtQuick
import QtTest
import Muster
import "ui.js" as Ui

// Fixing an earlier answer at the table (docs/journal.md, "Fixing an earlier input"): a small-scenario game played by
// tap until three throws have followed a cover answer (MD-COVER-01), then that answer is fixed from the prompt card's
// recent answers with a reason. The game folds again: the throws that still answer the refolded prompts are kept,
// the first that no longer fits and everything after it are set aside (struck out as superseded in the log), and
// play resumes at the prompt that throw no longer answered.
TestCase {
    id: testCase
    name: "FixAnswer"
    when: windowShown

    Component {
        id: mainComponent
        Main {}
    }

    readonly property var orders: ({ "US-5INF": "charge", "US-TXVOL": "fire", "US-RINGGOLD": "fire",
                                     "MX-TAMP": "fire", "MX-ACT": "first_fire", "MX-LANC": "charge", "MX-GUN": "fire" })

    function tap(win, name) {
        Ui.tap(testCase, win, name, () => "prompt " + GameController.promptKey + ": " + GameController.headline)
    }

    function chooseAnswer() {
        const key = GameController.promptKey
        const options = GameController.options.toList()
        if (key.endsWith(".order")) {
            const wanted = orders[key.substring(0, key.indexOf("."))] || "hold"
            for (let i = 0; i < options.length; ++i)
                if (options[i].value === wanted)
                    return wanted
        }
        return options[0].value
    }

    // The log row of event `seq` as a map of the roles the test reads.
    function row(seq) {
        const log = GameController.log
        for (let r = 0; r < log.count; ++r) {
            const idx = log.index(r, 0)
            if (log.data(idx, LogModel.SeqRole) === seq)
                return { kind: log.data(idx, LogModel.KindRole), setAside: log.data(idx, LogModel.SetAsideRole),
                         setAsideBy: log.data(idx, LogModel.SetAsideByRole), fixable: log.data(idx, LogModel.FixableRole),
                         text: log.data(idx, LogModel.TextRole) }
        }
        return null
    }

    function test_answerFixedThreeThrowsBackKeepsTheThrowsThatStillFit() {
        const win = createTemporaryObject(mainComponent, testCase)
        win.width = 1280
        win.height = 800
        win.visible = true
        GameController.seedAppDice(11) // Muster's own casualty draws (MD-CAS-02), known for the test
        win.showPage("newgame")
        const box = findChild(win.contentItem, "scenarioBox")
        box.currentIndex = box.find("md_small")
        tap(win, "startGame")
        tryCompare(GameController, "active", true)

        const cycle = [6, 3, 5, 1, 6, 2, 4, 6, 5, 2]
        let f = 0
        let coverSeq = -1
        let coverValue = ""
        const throwsAfter = []
        let guard = 0
        while (throwsAfter.length < 3 && guard++ < 400) {
            const seq = GameController.log.count + 1
            if (GameController.promptKind === "question") {
                const value = chooseAnswer()
                if (GameController.promptTag === "cover" && coverSeq < 0) {
                    coverSeq = seq
                    coverValue = value
                }
                tap(win, "option_" + value)
            } else {
                const throwFaces = []
                for (let i = 0; i < GameController.diceCount; ++i)
                    throwFaces.push(Math.min(GameController.diceSides, cycle[f++ % cycle.length]))
                Ui.typeDice(testCase, win, throwFaces, () => "prompt " + GameController.promptKey)
                if (coverSeq > 0)
                    throwsAfter.push(seq)
            }
            compare(GameController.lastError, "")
        }
        verify(coverSeq > 0, "no cover question was asked")
        compare(throwsAfter.length, 3)
        const eventsBefore = GameController.log.count
        console.log("cover #" + coverSeq + " = " + coverValue + ", throws after it: " + throwsAfter.join(", ")
                    + "; events " + eventsBefore)

        // Fix the cover from the prompt card: another option, a reason, Fix and replay.
        tap(win, "fixRecent_" + coverSeq)
        compare(GameController.lastError, "")
        const dialog = win.pageItem("game").fixDialogItem
        verify(dialog, "no fix dialog on the Game page")
        tryCompare(dialog, "opened", true)
        const other = dialog.choices.options.map(o => o.value).filter(v => v !== coverValue)[0]
        verify(other !== undefined)
        const apply = findChild(dialog.contentItem, "fixApply")
        compare(apply.enabled, false) // nothing chosen yet, no reason
        const button = findChild(dialog.contentItem, "fixOption_" + other)
        Ui.waitForLayout(testCase, button) // the options get their places at the next polish
        mouseClick(button)
        compare(dialog.chosen, other)
        compare(apply.enabled, false) // still no reason
        const reason = findChild(dialog.contentItem, "fixReason")
        reason.text = "cover misread: the hedge reaches the line"
        compare(apply.enabled, true)
        Ui.waitForLayout(testCase, apply)
        mouseClick(apply)
        tryCompare(dialog, "opened", false)
        compare(GameController.lastError, "")

        // One override event appended, nothing deleted.
        compare(GameController.log.count, eventsBefore + 1)
        const fixSeq = eventsBefore + 1
        compare(row(fixSeq).kind, "override")
        compare(row(coverSeq).fixable, true)
        // Which throws survived: each kept throw is still in force; the set-aside ones name the fix.
        const kept = throwsAfter.filter(s => !row(s).setAside)
        const aside = throwsAfter.filter(s => row(s).setAside)
        console.log("kept " + kept.join(", ") + "; set aside " + aside.join(", ") + "; " + GameController.lastFix)
        for (const s of kept)
            compare(row(s).fixable, true, "throw #" + s + " kept in force")
        for (const s of aside)
            compare(row(s).setAsideBy, fixSeq)
        // Kept throws come first: once one is set aside, every later input is too.
        for (let i = 1; i < throwsAfter.length; ++i)
            verify(!(row(throwsAfter[i - 1]).setAside && !row(throwsAfter[i]).setAside), "set-aside inputs are a tail")
        // MD-COVER-01: the volley (#20, same key, same count of d6) still fits and is kept; with cover the refolded
        // game now asks MX-ACT's saving throw, which Muster's casualty draw (#21) does not answer, so it and the
        // five inputs after it (the typed throws #25 and #26 among them) are set aside and play resumes at the save.
        compare(kept, [20])
        compare(aside, [25, 26])
        compare(row(21).setAsideBy, fixSeq)
        compare(GameController.promptKey, "MX-ACT.save")
        compare(GameController.lastFix, "Fixed #19: 6 later inputs no longer fit and are set aside (from #21); play resumes there.")
        compare(row(fixSeq).text, "Fix of #19: none \u2192 " + other)

        // Undo and redo of the latest step, a throw, give the game back; the journal still opens.
        const beforeUndo = GameController.log.count
        verify(GameController.canUndo)
        tap(win, "undo")
        verify(GameController.canRedo)
        tap(win, "redo")
        compare(GameController.log.count, beforeUndo + 2)
        const path = GameController.gamePath
        GameController.closeGame()
        verify(GameController.openGame(path), GameController.lastError)
        compare(GameController.log.count, beforeUndo + 2)
        GameController.closeGame()
    }
}
