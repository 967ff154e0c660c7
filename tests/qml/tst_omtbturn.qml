import QtQuick
import QtTest
import Muster
import "ui.js" as Ui

// Drives one whole turn of Our Moccasins Trickled Blood at Fallen Timbers through the touch UI: start the bundled
// scenario on New game, answer every question by tapping (a varied choice, so moves, fire and melee all happen),
// roll every throw with the virtual dice (d6 operations, d20 fire, d10 morale and melee), until turn 2 begins.
// Then checks that the banner followed both phasing sides, that the roster is the order of battle and the log
// holds every input. Nothing on the way names a Manifest Destiny phase or order.
TestCase {
    id: testCase
    name: "OmtbTurn"
    when: windowShown

    Component {
        id: mainComponent
        Main {}
    }

    function tap(win, name) {
        Ui.tap(testCase, win, name, () => "prompt " + GameController.promptKey + " " + GameController.diceCount + "d" + GameController.diceSides + ": " + GameController.headline)
    }

    function test_wholeTurnOfFallenTimbers() {
        const win = createTemporaryObject(mainComponent, testCase)
        win.width = 1280
        win.height = 800
        win.visible = true
        win.showPage("newgame")
        const box = findChild(win.contentItem, "scenarioBox")
        verify(box)
        box.currentIndex = box.find("omtb_fallen_timbers")
        verify(box.currentIndex >= 0, "the Fallen Timbers scenario is not bundled")
        tap(win, "startGame")
        tryCompare(GameController, "active", true)
        compare(win.currentPage, "game")
        compare(GameController.turn, 1)
        compare(GameController.hasChits, false)
        verify(GameController.phases.count > 0, "the rule set gives no sequence of play")

        let inputs = 0
        let guard = 0
        const groups = {}
        const sides = {}
        const dice = {}
        while (GameController.turn === 1 && GameController.promptKind !== "gameover" && guard++ < 3000) {
            groups[GameController.phaseGroup] = true
            sides[GameController.activeSide] = true
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
        }
        verify(guard < 3000, "turn 1 did not end")
        console.log("Fallen Timbers turn 1: " + inputs + " inputs; dice d" + Object.keys(dice).join(", d")
                    + "; parts of the turn: " + Object.keys(groups).join(" | "))
        compare(GameController.turn, 2)
        // The turn's end is sealed and signed by this device, the seal shown large and as a QR code (issue 22).
        const seal = findChild(win, "sealDialog")
        verify(seal, "no seal dialog")
        tryCompare(seal, "visible", true)
        compare(TurnSealer.turnSeal.turn, 1)
        verify(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/.test(TurnSealer.turnSeal.seal), "seal " + TurnSealer.turnSeal.seal)
        verify(/^[0-9a-f]{4}(-[0-9a-f]{4}){3}$/.test(TurnSealer.turnSeal.device), "device " + TurnSealer.turnSeal.device)
        compare(TurnSealer.turnSeal.device, TurnSealer.deviceFingerprint)
        compare(findChild(seal.contentItem, "sealCode").text, TurnSealer.turnSeal.seal)
        verify(findChild(seal.contentItem, "sealQr").modules >= 21, "no QR code drawn")
        mouseClick(findChild(seal.contentItem, "sealDone"))
        tryCompare(seal, "visible", false)
        compare(TurnSealer.turnSeal.seal, undefined)
        // Both halves of the turn were played, each by its phasing side (OMTB-SEQ-01).
        verify(Object.keys(groups).length >= 2, "one phasing side only: " + Object.keys(groups))
        verify(sides["indians"] && sides["americans"], "sides that acted: " + Object.keys(sides))
        verify(dice[6], "no operations roll (d6)")
        // The roster is the order of battle, with its rule set's own columns.
        win.showPage("roster")
        const roster = GameController.roster
        verify(roster.count >= 30, "Fallen Timbers has " + roster.count + " units")
        const firstId = roster.data(roster.index(0, 0), RosterModel.UnitIdRole)
        verify(roster.value(firstId, "ops") !== "", "no operations column for " + firstId)
        verify(roster.value(firstId, "cohesion") !== "", "no cohesion column for " + firstId)
        // Every tap and throw is in the log, and the turn's seal.
        compare(GameController.log.count, inputs + 1)
        GameController.closeGame()
    }
}
