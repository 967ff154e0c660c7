import QtQuick
import QtTest
import Muster
import "ui.js" as Ui

// What happened, said out loud: a scripted turn 1 of md_small by tap, with Muster drawing MD-CAS-02's casualty draws
// itself (seeded, so the draws are known). The result panel on the Game page lists the turn's sentences newest on
// top, each whole (never cut off); Muster's draws are said in words and journalled with the source "app"; after the
// turn, the end-of-turn summary gives the losses per side, the units lost and the DLs recovered.
TestCase {
    id: testCase
    name: "ResultPanel"
    when: windowShown

    Component {
        id: mainComponent
        Main {}
    }

    readonly property var orders: ({ "US-5INF": "charge", "US-TXVOL": "fire", "US-RINGGOLD": "fire",
                                     "MX-TAMP": "fire", "MX-ACT": "first_fire", "MX-LANC": "charge", "MX-GUN": "fire" })
    readonly property var targets: ({ "MX-TAMP": "US-2DRG", "MX-ACT": "US-2DRG", "MX-GUN": "US-2DRG" })
    readonly property var cycle: [6, 3, 5, 1, 6, 2, 4, 6, 5, 2]

    function tap(win, name) {
        Ui.tap(testCase, win, name, () => "prompt " + GameController.promptKey + ": " + GameController.headline)
    }

    function chooseAnswer() {
        const key = GameController.promptKey
        const options = GameController.options.toList()
        const unit = key.substring(0, key.indexOf("."))
        let wanted = ""
        if (key.endsWith(".order"))
            wanted = orders[unit] || "hold"
        else if (key.endsWith(".target"))
            wanted = targets[unit] || ""
        for (let i = 0; i < options.length; ++i)
            if (options[i].value === wanted)
                return wanted
        return options[0].value
    }

    function texts() {
        // Lint note: a QVariantList is a JS array at run time; Qt 6.4's linter gives it no Array methods.
        return GameController.history.toList().map(h => h.text) // qmllint disable type
    }

    function test_resultPanelAndTurnSummaryAfterAScriptedTurn() {
        const win = createTemporaryObject(mainComponent, testCase)
        win.width = 1280
        win.height = 800
        win.visible = true
        GameController.autoDraw = true
        GameController.seedAppDice(23)
        win.showPage("newgame")
        const box = findChild(win.contentItem, "scenarioBox")
        box.currentIndex = box.find("md_small")
        tap(win, "startGame")
        tryCompare(GameController, "active", true)

        let f = 0
        let guard = 0
        let firstFireSeen = null
        let wasFirstFire = false
        const bigSeen = [] // the lines said louder, as they appear
        while (GameController.turn === 1 && GameController.promptKind !== "gameover" && guard++ < 600) {
            verify(GameController.promptKey.indexOf(".alloc") < 0, "a casualty draw was left to the players: " + GameController.promptKey)
            if (GameController.promptKind === "question") {
                tap(win, "option_" + chooseAnswer())
            } else {
                const throwFaces = []
                for (let i = 0; i < GameController.diceCount; ++i)
                    throwFaces.push(Math.min(GameController.diceSides, cycle[f++ % cycle.length]))
                Ui.typeDice(testCase, win, throwFaces, () => "prompt " + GameController.promptKey)
            }
            compare(GameController.lastError, "")
            // The panel as first fire ends: everything said so far this turn.
            if (firstFireSeen === null && wasFirstFire && GameController.phase !== "first_fire")
                firstFireSeen = texts()
            wasFirstFire = GameController.phase === "first_fire"
            for (const h of GameController.history.toList())
                if (h.big && bigSeen.indexOf(h.text) < 0)
                    bigSeen.push(h.text)
        }
        // A unit lost (and its officer killed) is the turn's one big moment, said louder in the panel.
        compare(bigSeen, ["US-TXVOL fires at MX-TAMP: 12 hits; 10 casualties: an officer killed and 9 rank and file. MX-TAMP is lost."])
        compare(GameController.turn, 2)
        console.log("history after first fire:\n" + (firstFireSeen || []).join("\n"))
        console.log("summary: " + GameController.turnSummary)

        // The panel after first fire: newest on top, exact sentences of the rules and of Muster's draws.
        // MD-CHG-03 charge tests and MD-CHG-05 stand tests come first, then MX-ACT's first fire (MD-FIRE-04/05:
        // four 6s of its dice, no cover): Muster draws the four casualties (MD-CAS-02), then the fire DL (MD-DL-02).
        compare(firstFireSeen, [
            "US-2DRG takes 1 DL (small-arms fire from MX-ACT).",
            "MX-ACT fires at US-2DRG: 4 hits; 4 casualties: 4 rank and file.",
            "Muster draws: 4 rank and file (d17: 12, d16: 15, d15: 6, d14: 6).",
            "US-5INF stands.",
            "MX-TAMP fails to stand.",
            "MX-LANC passes its charge test and charges.",
            "US-5INF passes its charge test and charges."
        ])
        // Every line shows whole: the delegates wrap, none is elided.
        compare(GameController.turnSummary, "Turn 1 ends. Army of Occupation: 6 casualties, no unit lost, 2 DLs recovered. "
                + "Army of the North: 15 casualties, 1 unit lost (MX-TAMP), no DL recovered.")
        const card = findChild(win.contentItem, "turnSummary")
        verify(card && card.visible)
        compare(card.text, GameController.turnSummary)
        verify(card.truncated === false)

        // Muster's draws are journalled as drawn by the app, by "Muster".
        const log = GameController.log
        let appDraws = 0
        for (let r = 0; r < log.count; ++r) {
            const idx = log.index(r, 0)
            if (log.data(idx, LogModel.SourceRole) === "app") {
                appDraws++
                compare(log.data(idx, LogModel.PlayerRole), "Muster")
                compare(log.data(idx, LogModel.RuleIdRole), "MD-CAS-02")
            }
        }
        console.log("app draws: " + appDraws)
        compare(appDraws, 20) // one per casualty allocated by draw this turn (MD-CAS-02)
        GameController.closeGame()
    }
}
