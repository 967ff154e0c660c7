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

    // Issue 23 point 9: a tap on any unit sets its order, in any sequence. A unit the rules have not reached
    // keeps its order until they ask (MD-ORD-01 asks one unit at a time); a unit with its order is fixed through
    // the journal; an order the unit cannot take when asked is said, and the question stays.
    function tapUnit(win, unit) {
        const label = findChild(win.contentItem, "orderOf_" + unit)
        verify(label, "no row for " + unit)
        mouseClick(label)
    }

    function pick(win, value) {
        const picker = win.pageItem("orders").pickerItem
        tryCompare(picker, "opened", true)
        const button = findChild(picker.contentItem, "pickOrder_" + value)
        verify(button, "no button for " + value)
        Ui.waitForLayout(testCase, button)
        mouseClick(button)
        tryCompare(picker, "visible", false)
        return picker
    }

    function test_tapAnyUnitToSetItsOrder() {
        const win = createTemporaryObject(mainComponent, testCase)
        win.width = 1280
        win.height = 800
        win.visible = true
        win.showPage("newgame")
        const box = findChild(win.contentItem, "scenarioBox")
        box.currentIndex = box.find("md_small")
        Ui.tap(testCase, win, "startGame")
        tryCompare(GameController, "active", true)
        compare(GameController.promptKey, "US-5INF.order")
        win.showPage("orders")
        waitForRendering(win.contentItem)

        // The Mexican gun, not reached yet, is offered the six orders of its chits (MD-ARTMV-02).
        const gun = TappedOrders.choicesFor("MX-GUN")
        // Lint note: a QVariantMap is a JS object at run time; Qt 6.4's linter sees no keys in it.
        compare(gun.state, "later", gun.why) // qmllint disable type
        compare(gun.options.map(o => o.value), ["move", "first_fire", "fire", "hold", "limber", "unlimber"])
        tapUnit(win, "MX-GUN")
        pick(win, "unlimber")
        compare(orderText(win, "MX-GUN"), "UNLIMBER when asked")

        tapUnit(win, "US-TXVOL")
        pick(win, "move")
        compare(orderText(win, "US-TXVOL"), "MOVE when asked")
        compare(GameController.promptKey, "US-5INF.order") // nothing given yet

        // The unit asked now: its order is given at once, and the volunteers' waiting MOVE follows.
        compare(TappedOrders.choicesFor("US-5INF").state, "asked")
        tapUnit(win, "US-5INF")
        pick(win, "hold")
        compare(GameController.promptKey, "US-2DRG.order")
        tryCompare(findChild(win.contentItem, "orderOf_US-5INF"), "text", "HOLD")
        tryCompare(findChild(win.contentItem, "orderOf_US-TXVOL"), "text", "MOVE")

        // A unit that has its order: the tap opens the fix of that answer.
        tapUnit(win, "US-TXVOL")
        const fix = win.pageItem("orders").fixDialogItem
        verify(fix, "no fix dialog on the Orders page")
        tryCompare(fix, "opened", true)
        compare(fix.choices.kind, "answer")
        compare(fix.choices.value, "move")
        fix.close()
        tryCompare(fix, "visible", false)

        // The gun starts unlimbered: when asked, UNLIMBER is not one of its orders, so it is said and the
        // question stays for a person.
        let guard = 0
        while (GameController.promptKey !== "MX-GUN.order" && guard++ < 20)
            verify(GameController.answer("hold"), GameController.lastError)
        compare(GameController.promptKey, "MX-GUN.order")
        compare(TappedOrders.problem, "Mexican 8-pdr cannot take UNLIMBER now: choose its order.")
        tryCompare(findChild(win.contentItem, "ordersNote"), "text", TappedOrders.problem)
        compare(Object.keys(TappedOrders.waiting).length, 0)
        GameController.closeGame()
    }
}
