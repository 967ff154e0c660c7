import QtQuick
import QtTest
import Muster
import "ui.js" as Ui

// A whole Manifest Destiny turn of md_small through the touch UI, Recovery included: orders by tap (MD-ORD-01/02),
// first fire and fire (MD-FIRE-*), movement and charges (MD-MOV-*, MD-CHG-*), melee (MD-MEL-*) and recovery
// (MD-REC-01/02, MD-FORM-05), every throw typed on the keypad from a fixed script. The 2nd Dragoons hold and are
// every Mexican shooter's target, so they carry DLs into the Recovery phase and roll there (MD-SEQ-08: only units
// with a HOLD order recover). Then the roster and the log are checked against exact values, and the dispute replay
// on the Log page steps through the turn without writing to the game. Pools of six dice or more are entered as
// counts per face (issue 23's fast entry); only the count of each face matters in a pool, so the roster comes out
// as it does with the same faces typed die by die.
TestCase {
    id: testCase
    name: "FullTurn"
    when: windowShown

    Component {
        id: mainComponent
        Main {}
    }

    // MD-ORD-02: anything not listed holds (the 2nd Dragoons).
    readonly property var orders: ({ "US-5INF": "charge", "US-TXVOL": "fire", "US-RINGGOLD": "fire",
                                     "MX-TAMP": "fire", "MX-ACT": "first_fire", "MX-LANC": "charge", "MX-GUN": "fire" })
    // Fire targets (MD-FIRE-08): the Mexicans shoot at the holding dragoons.
    readonly property var targets: ({ "MX-TAMP": "US-2DRG", "MX-ACT": "US-2DRG", "MX-GUN": "US-2DRG" })
    readonly property var cycle: [6, 3, 5, 1, 6, 2, 4, 6, 5, 2]

    function tap(win, name) {
        Ui.tap(testCase, win, name, () => "prompt " + GameController.promptKey + ": " + GameController.headline)
    }

    function chooseAnswer() {
        const key = GameController.promptKey
        const options = GameController.options.toList()
        verify(options.length > 0, "a question without options: " + key)
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

    function unitRow(unitId) {
        const roster = GameController.roster
        for (let r = 0; r < roster.count; ++r) {
            const idx = roster.index(r, 0)
            if (roster.data(idx, RosterModel.UnitIdRole) === unitId)
                return {
                    strength: roster.data(idx, RosterModel.StrengthRole),
                    casualties: roster.data(idx, RosterModel.CasualtiesRole),
                    dl: Number(roster.value(unitId, "dl")),
                    formation: roster.value(unitId, "formation"),
                    formed: roster.value(unitId, "formed") === "yes",
                    order: roster.data(idx, RosterModel.OrderRole),
                    removed: roster.data(idx, RosterModel.RemovedRole)
                }
        }
        return null
    }

    function test_wholeTurnWithRecovery() {
        const win = createTemporaryObject(mainComponent, testCase)
        win.width = 1280
        win.height = 800
        win.visible = true
        GameController.autoDraw = false // this script types MD-CAS-02's draws itself, as before
        win.showPage("newgame")
        const box = findChild(win.contentItem, "scenarioBox")
        verify(box)
        box.currentIndex = box.find("md_small")
        verify(box.currentIndex >= 0, "md_small is not bundled")
        tap(win, "startGame")
        tryCompare(GameController, "active", true)
        compare(GameController.turn, 1)
        compare(GameController.phase, "orders")

        let f = 0
        let guard = 0
        let inputs = 0
        let countedThrows = 0
        const volleyTaps = {}
        const phasesSeen = {}
        const keys = []
        while (GameController.turn === 1 && GameController.promptKind !== "gameover" && guard++ < 600) {
            phasesSeen[GameController.phase] = true
            keys.push(GameController.promptKey)
            if (GameController.promptKind === "question") {
                tap(win, "option_" + chooseAnswer())
            } else {
                const key = GameController.promptKey
                const throwFaces = []
                for (let i = 0; i < GameController.diceCount; ++i)
                    throwFaces.push(Math.min(GameController.diceSides, cycle[f++ % cycle.length]))
                const where = () => "prompt " + key
                // A pool of many dice is entered as counts per face, the rest die by die.
                const counted = GameController.dicePool && throwFaces.length >= 6
                if (counted)
                    countedThrows++
                const taps = counted ? Ui.countDice(testCase, win, throwFaces, where)
                                     : Ui.typeDice(testCase, win, throwFaces, where)
                if (key.startsWith("US-TXVOL.pool") || key.startsWith("US-TXVOL.reroll"))
                    volleyTaps[key] = taps
            }
            compare(GameController.lastError, "")
            inputs++
        }
        verify(guard < 600, "turn 1 did not end")
        // Issue 23's bar: the Texas volunteers' volley of 30 dice at short range (MD-FIRE-04) with its reroll of
        // the 4s and 5s (MD-FIRE-06), entered as counts per face, in at most 12 taps. These faces take
        // 6 + 6 taps: five counts (the sixth is the rest) and Accept, each time.
        compare(JSON.stringify(volleyTaps), JSON.stringify({ "US-TXVOL.pool": 6, "US-TXVOL.reroll": 6 }))
        verify(countedThrows >= 3, "pools entered as counts: " + countedThrows)
        compare(GameController.turn, 2)
        // The turn's seal is shown until the players say they noted it.
        const sealDialog = findChild(win, "sealDialog")
        tryCompare(sealDialog, "visible", true)
        mouseClick(findChild(sealDialog.contentItem, "sealDone"))
        tryCompare(sealDialog, "visible", false)
        for (const p of ["orders", "first_fire", "movement", "regular_fire", "melee", "recovery"])
            verify(phasesSeen[p] !== undefined, "turn 1 never reached phase " + p + "; keys: " + keys.join(" "))
        verify(keys.indexOf("US-2DRG.recovery") >= 0, "the dragoons made no recovery roll (MD-REC-01)")

        // The roster after the turn. Exact figures for these scripted faces; the rules that produce them:
        // casualties from fire and melee (MD-FIRE-*, MD-CAS-*, MD-MEL-*), DLs from fire, movement and melee
        // (MD-DL-*), routed units removed (MD-OFF-02, MD-MEL-*), formation changes by charge and melee position
        // (MD-MEL-09: an odd position die leaves the winner unformed), and orders cleared for turn 2 (MD-SEQ-01).
        const expected = {
            "US-5INF":     { strength: 30, casualties: 0, dl: 3, formation: "line",   formed: true,  removed: false },
            "US-TXVOL":    { strength: 31, casualties: 0, dl: 0, formation: "line",   formed: true,  removed: false },
            // Target of every Mexican shooter; its DLs all come back in Recovery: elite 1d6+1 = 5+1 = 6, capped at
            // the 3 DLs it had (MD-REC-01), no general near (MD-REC-02 answered "No").
            "US-2DRG":     { strength: 12, casualties: 5, dl: 0, formation: "column", formed: true,  removed: false },
            "US-RINGGOLD": { strength: 4,  casualties: 0, dl: 0, formation: "line",   formed: true,  removed: false },
            "MX-TAMP":     { strength: 22, casualties: 9, dl: 0, formation: "line",   formed: false, removed: true },
            "MX-ACT":      { strength: 28, casualties: 3, dl: 0, formation: "column", formed: true,  removed: true },
            "MX-LANC":     { strength: 13, casualties: 1, dl: 3, formation: "line",   formed: false, removed: false },
            "MX-GUN":      { strength: 4,  casualties: 0, dl: 0, formation: "line",   formed: true,  removed: false }
        }
        for (const id in expected) {
            const row = unitRow(id)
            verify(row !== null, "no roster row for " + id)
            for (const field in expected[id])
                compare(row[field], expected[id][field], id + " " + field)
        }
        compare(GameController.roster.count, 8)
        compare(GameController.lastResult, "US-2DRG recovers 3 DLs.")

        // The log holds exactly what was entered (79 inputs, no undo or override) and ends with Recovery, then
        // the turn's signed seal.
        const log = GameController.log
        compare(inputs, 79)
        compare(log.count, 80)
        const entry = (row, role) => log.data(log.index(row, 0), role)
        compare(entry(77, LogModel.PhaseRole), "recovery")
        compare(entry(77, LogModel.TextRole), "No")
        compare(entry(77, LogModel.RuleIdRole), "MD-REC-02")
        compare(entry(78, LogModel.KindRole), "dice")
        compare(entry(79, LogModel.KindRole), "signature")
        compare(entry(79, LogModel.DetailRole), "signed by device " + TurnSealer.deviceFingerprint)
        compare(entry(78, LogModel.TextRole), "Rolled 5")
        compare(entry(78, LogModel.DetailRole), "US-2DRG recovery (elite)")
        compare(entry(78, LogModel.RuleIdRole), "MD-REC-01")
        compare(entry(78, LogModel.SourceRole), "typed")
        let typed = 0
        for (let r = 0; r < log.count; ++r)
            if (entry(r, LogModel.KindRole) === "dice") {
                compare(entry(r, LogModel.SourceRole), "typed")
                typed++
            }
        log.unitFilter = "US-2DRG"
        const dragoonEntries = log.count
        verify(dragoonEntries >= 6, "the dragoons' order, DL throws, general question and recovery throw")
        log.unitFilter = ""

        // Dispute replay on the Log page: turn 1 step by step, the roster as it stood after each step.
        win.showPage("log")
        tap(win, "replayButton")
        const replay = win.pageItem("log").replayModel
        verify(replay, "no replay model on the Log page")
        compare(replay.steps.turnFilter, 1)
        compare(replay.steps.count, 80) // 79 inputs and the turn's seal
        compare(replay.currentRow, 0)
        tap(win, "replayNext")
        compare(replay.currentRow, 1)
        compare(replay.roster.count, 8)
        const dragoonDl = () => {
            for (let r = 0; r < replay.roster.count; ++r)
                if (replay.roster.data(replay.roster.index(r, 0), RosterModel.UnitIdRole) === "US-2DRG")
                    return Number(replay.roster.value("US-2DRG", "dl"))
            return -1
        }
        replay.currentRow = 77 // the general question: the DLs are still there
        compare(dragoonDl(), 3)
        tap(win, "replayNext") // the recovery throw
        compare(replay.currentRow, 78)
        compare(dragoonDl(), 0)
        compare(replay.outcome, "US-2DRG recovers 3 DLs.")
        // The replay wrote nothing.
        compare(replay.eventCount(), 80)
        tap(win, "replayButton")
        compare(GameController.log.count, 80)
        GameController.closeGame()
        GameController.autoDraw = true
    }
}
