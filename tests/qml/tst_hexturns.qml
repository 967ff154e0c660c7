import QtQuick
import QtTest
import Muster
import "ui.js" as Ui

// Each hex game (Marchin' & Fightin', Ancient STAND!, Stand and Die!) through the touch UI: start its bundled
// scenario on New game, answer every question by tapping (a varied choice, so marches, fire and falling back all
// happen) and roll every throw with the virtual dice until the first side's whole side-turn is over and the
// other side acts. Then the roster shows the hex columns and the log holds every input. Nothing on the way names
// a game: the app knows them only through the rule-set seam.
TestCase {
    id: testCase
    name: "HexTurns"
    when: windowShown

    Component {
        id: mainComponent
        Main {}
    }

    function tap(win, name) {
        Ui.tap(testCase, win, name, () => "prompt " + GameController.promptKey + " " + GameController.diceCount + "d" + GameController.diceSides + ": " + GameController.headline)
    }

    function test_oneSideTurn_data() {
        return [{ tag: "mf", scenario: "mf_crossroads" },
                { tag: "as", scenario: "as_river_gap" },
                { tag: "sd", scenario: "sd_mill_ford" }]
    }

    function test_oneSideTurn(data) {
        const win = createTemporaryObject(mainComponent, testCase)
        win.width = 1280
        win.height = 800
        win.visible = true
        win.showPage("newgame")
        const box = findChild(win.contentItem, "scenarioBox")
        verify(box)
        box.currentIndex = box.find(data.scenario)
        verify(box.currentIndex >= 0, data.scenario + " is not bundled")
        tap(win, "startGame")
        tryCompare(GameController, "active", true)
        compare(win.currentPage, "game")
        compare(GameController.hasChits, false)

        let inputs = 0
        let guard = 0
        let first = ""
        let seals = 0
        const dice = {}
        // Who goes first (1d6 each, MF-SEQ-01) and deployment come before the first side-turn.
        while (GameController.promptKind !== "gameover" && guard++ < 2000) {
            const setup = GameController.phase === "initiative" || GameController.phase === "deploy"
            const side = setup ? "" : GameController.activeSide
            if (first === "" && side !== "")
                first = side
            else if (first !== "" && side !== "" && side !== first)
                break
            const turn = GameController.turn
            if (GameController.promptKind === "question") {
                const options = GameController.options.toList()
                verify(options.length > 0, "a question without options: " + GameController.promptKey)
                tap(win, "option_" + options[inputs % options.length].value)
            } else {
                compare(GameController.promptKind, "dice")
                dice[GameController.diceSides] = true
                tap(win, "rollVirtual")
                tap(win, "acceptDice")
            }
            compare(GameController.lastError, "")
            inputs++
            if (GameController.turn > turn) {
                // A turn ended inside the loop: its seal is shown; the players note it.
                const seal = findChild(win, "sealDialog")
                tryCompare(seal, "visible", true)
                mouseClick(findChild(seal.contentItem, "sealDone"))
                tryCompare(seal, "visible", false)
                seals++
            }
        }
        verify(guard < 2000, "the first side-turn did not end")
        verify(first !== "", "no side ever acted")
        verify(GameController.activeSide !== first || GameController.promptKind === "gameover",
               "still " + first + "'s side-turn")
        console.log(data.tag + ": first side-turn of " + first + " in " + inputs + " inputs; dice d"
                    + Object.keys(dice).join(", d"))
        verify(inputs > 3, "a side-turn of " + inputs + " inputs")

        // The roster: every stack with its hex, arm and figures.
        win.showPage("roster")
        const roster = GameController.roster
        verify(roster.count >= 4, data.scenario + " has " + roster.count + " stacks")
        const firstId = roster.data(roster.index(0, 0), RosterModel.UnitIdRole)
        verify(roster.value(firstId, "hex") !== "", "no hex column for " + firstId)
        verify(roster.value(firstId, "arm") !== "", "no arm column for " + firstId)
        verify(roster.value(firstId, "figures") !== "", "no figures column for " + firstId)
        // Every tap and throw is in the log (and any turn's seal).
        compare(GameController.log.count, inputs + seals)
        GameController.closeGame()
    }
}
