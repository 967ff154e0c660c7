import QtQuick
import QtTest
import Muster
import "ui.js" as Ui

// Issue 23: the Log page's dice fairness keeps typed and virtual dice apart (and Muster's own draws apart from
// the players'), says "too few to test" below 5 x sides dice and gives a p-value from there on. The game is
// md_small with every unit on first fire, so the fire phases ask for dice; the first throws are typed, the rest
// virtual, with scripted faces.
TestCase {
    id: testCase
    name: "Fairness"
    when: windowShown

    Component {
        id: mainComponent
        Main {}
    }

    // Plays until `enough()` or the game ends; throws typed while typedLeft > 0, then virtual. Returns the dice
    // thrown by source, {typed, virtual}.
    function play(typedDice, enough) {
        const thrown = { typed: 0, virtual: 0 }
        let face = 0
        for (let guard = 0; guard < 2000 && !enough(thrown); ++guard) {
            if (GameController.promptKind === "dice") {
                const faces = []
                for (let i = 0; i < GameController.diceCount; ++i)
                    faces.push(1 + (face++ % GameController.diceSides))
                const source = thrown.typed < typedDice ? "typed" : "virtual"
                verify(GameController.submitDice(faces, source), GameController.lastError)
                thrown[source] += faces.length
            } else if (GameController.promptKind === "question") {
                let wanted = GameController.options.get(0).value
                for (const o of GameController.options.toList())
                    if (o.value === "first_fire")
                        wanted = o.value
                verify(GameController.answer(wanted), GameController.lastError)
            } else {
                break
            }
        }
        return thrown
    }

    function rows() {
        const model = GameController.fairness
        const out = []
        for (let r = 0; r < model.count; ++r) {
            const at = model.index(r, 0)
            out.push({ source: model.data(at, FairnessModel.SourceRole), total: model.data(at, FairnessModel.TotalRole),
                       sides: model.data(at, FairnessModel.SidesRole), title: model.data(at, FairnessModel.TitleRole),
                       verdict: model.data(at, FairnessModel.VerdictRole), testable: model.data(at, FairnessModel.TestableRole),
                       pValue: model.data(at, FairnessModel.PValueRole), player: model.data(at, FairnessModel.PlayerRole) })
        }
        return out
    }

    function totalOf(list, source) {
        let n = 0
        for (const r of list)
            if (r.source === source)
                n += r.total
        return n
    }

    function start(win) {
        GameController.seedAppDice(5)
        verify(GameController.startGame("md_small", [{ name: "Ann", side: "us" }, { name: "Bob", side: "mx" }], {},
                                        { dice: "typed" }), GameController.lastError)
        tryCompare(GameController, "active", true)
    }

    function test_sourcesApartAndTooFew() {
        const win = createTemporaryObject(mainComponent, testCase, { width: 1280, height: 800, visible: true })
        start(win)
        compare(GameController.fairness.count, 0)
        // The first fire throw (typed) is 30 dice, the next (virtual) 10; the faces run 1, 2, ..., 6, 1, ...
        const thrown = play(1, t => t.typed > 0 && t.virtual > 0)
        compare(thrown.typed, 30)
        compare(thrown.virtual, 10)
        const list = rows()
        compare(totalOf(list, "typed"), 30)
        compare(totalOf(list, "virtual"), 10)
        const typed = list.filter(r => r.source === "typed")
        compare(typed.length, 1)
        compare(typed[0].title, "Ann, d6, typed: 30 dice")
        compare(typed[0].testable, true)
        compare(typed[0].pValue, 1)
        compare(typed[0].verdict, "p = 1: no sign of bias")
        const virtual = list.filter(r => r.source === "virtual")
        compare(virtual.length, 1)
        compare(virtual[0].title, "Ann, d6, virtual: 10 dice")
        compare(virtual[0].testable, false)
        verify(isNaN(virtual[0].pValue))
        compare(virtual[0].verdict, "10 dice: too few to test (needs 30)")
        // Muster's own draws are neither: their own rows, after the players'.
        for (let i = 0; i < list.length; ++i) {
            verify(["typed", "virtual", "app"].indexOf(list[i].source) >= 0, list[i].source)
            if (list[i].source === "app") {
                compare(list[i].player, "Muster")
                verify(list[i].title.startsWith("Muster's own draws, d"), list[i].title)
            } else {
                verify(i < 2, list[i].title + " after Muster's draws")
            }
        }

        // On the Log page, behind "Dice fairness": one card per row, with the verdict.
        win.showPage("log")
        Ui.tap(testCase, win, "fairnessButton")
        const view = findChild(win.contentItem, "fairnessList")
        verify(view && view.visible)
        tryCompare(view, "count", list.length)
        const logList = findChild(win.contentItem, "logList")
        verify(!logList.visible)
        Ui.tap(testCase, win, "fairnessButton")
        verify(logList.visible)
        GameController.closeGame()
        compare(GameController.fairness.count, 0)
    }

    function test_testableOnceThereAreEnough() {
        const win = createTemporaryObject(mainComponent, testCase, { width: 1280, height: 800, visible: true })
        start(win)
        const testableRow = () => rows().filter(r => r.testable && r.source === "virtual")
        play(0, t => testableRow().length > 0)
        const found = testableRow()
        verify(found.length > 0, "no virtual row reached 30 dice: " + JSON.stringify(rows()))
        const r = found[0]
        verify(r.total >= 5 * r.sides, r.title)
        verify(r.pValue >= 0 && r.pValue <= 1, r.pValue)
        verify(/^p (= [0-9.]+|< 0\.0001): (no sign of bias|these dice favour [0-9]+)$/.test(r.verdict), r.verdict)
        GameController.closeGame()
    }
}
