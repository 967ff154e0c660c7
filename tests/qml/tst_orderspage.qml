import QtQuick
import QtTest
import Muster
import "ui.js" as Ui

// Issue 23, orders: the unit being asked says "asking…", units still without an order this turn say "no
// order yet" (not the HOLD of last turn), a unit that got one shows it, and once the orders are in no unit
// stays "asking…" whatever the next prompt is about.
TestCase {
    id: testCase
    name: "OrdersPage"
    when: windowShown

    Component {
        id: mainComponent
        Main {}
    }

    function orderText(win, unit) {
        const label = findChild(win.contentItem, "orderOf_" + unit)
        verify(label, "no order shown for " + unit)
        return label.text
    }

    function test_askingNoOrderYetAndGiven() {
        const win = createTemporaryObject(mainComponent, testCase)
        win.width = 1280
        win.height = 800
        win.visible = true
        win.showPage("newgame")
        const box = findChild(win.contentItem, "scenarioBox")
        box.currentIndex = box.find("md_small")
        Ui.tap(testCase, win, "startGame")
        tryCompare(GameController, "active", true)
        compare(GameController.promptTag, "order")
        win.showPage("orders")
        const roster = GameController.roster
        const units = []
        for (let r = 0; r < roster.count; ++r)
            units.push(roster.data(roster.index(r, 0), RosterModel.UnitIdRole))
        verify(units.length >= 4, "md_small has " + units.length + " units")
        const first = GameController.promptKey.split(".")[0]
        waitForRendering(win.contentItem)
        compare(orderText(win, first), "asking\u2026")
        for (const u of units)
            if (u !== first)
                compare(orderText(win, u), "no order yet", u)

        // The first unit holds; the next one is asked.
        verify(GameController.answer("hold"))
        const second = GameController.promptKey.split(".")[0]
        verify(second !== first)
        tryCompare(findChild(win.contentItem, "orderOf_" + first), "text", "HOLD")
        compare(orderText(win, second), "asking\u2026")

        // Every order in: nobody is asked, nobody is waiting, though the next question is about US-TXVOL.
        let guard = 0
        while (GameController.promptTag === "order" && guard++ < 40) {
            const options = GameController.options.map(o => o.value)
            // The Texas volunteers fire, so what follows the orders is a question about that unit (its
            // target), whose key starts with the unit's id as an order's does.
            const fire = GameController.promptKey === "US-TXVOL.order"
            verify(GameController.answer(fire ? "fire" : "hold"), GameController.lastError)
        }
        verify(GameController.promptTag !== "order", GameController.promptKey + " after " + guard)
        verify(GameController.promptKey.startsWith("US-TXVOL."), GameController.promptKey)
        waitForRendering(win.contentItem)
        for (const u of units) {
            verify(orderText(win, u) !== "asking\u2026", u + " is still asked at " + GameController.promptKey)
            verify(orderText(win, u) !== "no order yet", u)
        }
        GameController.closeGame()
    }
}
