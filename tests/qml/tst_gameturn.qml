import QtQuick
import QtTest
import Muster
import "ui.js" as Ui

// Drives a whole Manifest Destiny turn through the touch UI of the small scenario, as a player would: start the game
// on New game, give orders by tapping, answer every table question by tapping, type every throw on the keypad with
// scripted faces, until turn 2 begins. Then checks the roster and the log against what was entered.
TestCase {
    id: testCase
    name: "GameTurn"
    when: windowShown

    Component {
        id: mainComponent
        Main {}
    }

    // Orders for the small scenario's units (MD-ORD-02), by tap; anything not listed holds.
    readonly property var orders: ({ "US-5INF": "charge", "US-TXVOL": "fire", "US-RINGGOLD": "fire",
                                     "MX-TAMP": "fire", "MX-ACT": "first_fire", "MX-LANC": "charge", "MX-GUN": "fire" })
    property int inputCount: 0
    property int throwCount: 0

    function tap(win, name) {
        Ui.tap(testCase, win, name, () => "prompt " + GameController.promptKey + " " + GameController.diceCount + "d" + GameController.diceSides + ": " + GameController.headline)
    }

    function chooseAnswer() {
        const key = GameController.promptKey
        const options = GameController.options.toList()
        verify(options.length > 0, "a question without options: " + key)
        if (key.endsWith(".order")) {
            const unit = key.substring(0, key.indexOf("."))
            const wanted = orders[unit] || "hold"
            for (let i = 0; i < options.length; ++i)
                if (options[i].value === wanted)
                    return wanted
        }
        return options[0].value
    }

    function test_wholeTurnThroughTheUi() {
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
        compare(win.currentPage, "game")
        compare(GameController.turn, 1)
        compare(GameController.phase, "orders")

        // Scripted faces: a repeating cycle, so fire hits (6s), saves and DL dice all vary.
        const cycle = [6, 3, 5, 1, 6, 2, 4, 6, 5, 2]
        let f = 0
        let guard = 0
        const phasesSeen = {}
        while (GameController.turn === 1 && GameController.promptKind !== "gameover" && guard++ < 600) {
            phasesSeen[GameController.phase] = true
            if (GameController.promptKind === "question") {
                tap(win, "option_" + chooseAnswer())
            } else {
                compare(GameController.promptKind, "dice")
                const n = GameController.diceCount
                const throwFaces = []
                for (let i = 0; i < GameController.diceCount; ++i)
                    throwFaces.push(Math.min(GameController.diceSides, cycle[f++ % cycle.length]))
                Ui.typeDice(testCase, win, throwFaces, () => "prompt " + GameController.promptKey)
                throwCount++
            }
            compare(GameController.lastError, "")
            inputCount++
        }
        console.log("phases seen in turn 1: " + Object.keys(phasesSeen).join(", "))
        verify(guard < 600, "turn 1 did not end")
        compare(GameController.turn, 2)
        // Recovery asks only for units that may recover this turn, so it is not required here.
        for (const p of ["orders", "first_fire", "movement", "regular_fire", "melee"])
            verify(phasesSeen[p] !== undefined, "turn 1 never reached phase " + p)
        verify(throwCount > 0)

        // The log holds exactly what was entered and the turn's signed seal, and every throw was typed.
        const log = GameController.log
        compare(log.count, inputCount + 1)
        compare(log.data(log.index(inputCount, 0), LogModel.KindRole), "signature")
        compare(log.data(log.index(inputCount, 0), LogModel.TextRole), "Turn 1 sealed: " + TurnSealer.turnSeal.seal)
        log.turnFilter = 1
        compare(log.count, inputCount + 1)
        log.turnFilter = -1

        // The roster: every unit listed, orders as tapped, and the fire left marks.
        const roster = GameController.roster
        compare(roster.count, 8)
        let casualties = 0
        for (let r = 0; r < roster.count; ++r) {
            const idx = roster.index(r, 0)
            casualties += roster.data(idx, RosterModel.CasualtiesRole)
                    + Number(roster.value(roster.data(idx, RosterModel.UnitIdRole), "dl"))
        }
        verify(casualties > 0, "a turn of fire with many 6s left no casualties or DLs")

        // Undo is refused for dice (only an override replaces them) and the journal still verifies on reopen.
        const path = GameController.gamePath
        GameController.closeGame()
        verify(GameController.openGame(path), GameController.lastError)
        compare(GameController.turn, 2)
        compare(GameController.log.count, inputCount + 1)
        GameController.closeGame()
        GameController.autoDraw = true
    }
}
