import QtQuick
import QtTest
import Muster
import "ui.js" as Ui

// Issue 23: every control a finger taps is at least 56 px (9 mm at 150 dpi) in both directions, on every page at
// 1280x800, with a game in progress (so the Game, Orders, Roster and Log pages show what they show in play) and
// with none. Controls are found by what they are: buttons, combo boxes, switches, text fields, spin boxes,
// sliders, mouse areas and items carrying a tap handler, and measured by the face they draw (a control's
// background), not only by their tap area. Text links (a Label with a link) are not checked.
TestCase {
    id: testCase
    name: "TouchTargets"
    when: windowShown

    Component {
        id: mainComponent
        Main {}
    }

    readonly property int minimum: 56

    function kindOf(obj) {
        const s = String(obj)
        if (s.startsWith("QQuickTapHandler"))
            return "tap handler"
        if (s.startsWith("QQuickMouseArea"))
            return "mouse area"
        if (obj.popup !== undefined && obj.currentIndex !== undefined && obj.model !== undefined)
            return "combo box"
        if (obj.placeholderText !== undefined && obj.echoMode !== undefined)
            return "text field"
        if (obj.stepSize !== undefined && obj.from !== undefined && obj.to !== undefined)
            return "slider or spin box"
        if (obj.checkable !== undefined && obj.autoRepeat !== undefined && obj.pressed !== undefined)
            return "button"
        return ""
    }

    function describe(item) {
        const names = []
        for (let p = item; p && names.length < 4; p = p.parent)
            names.push(p.objectName ? p.objectName : String(p).replace(/\(0x[0-9a-f]+\)/, ""))
        const text = item.text !== undefined && item.text !== "" ? " '" + item.text + "'" : ""
        return names.join(" < ") + text
    }

    // Whether the item is shown on screen: visible, not clipped away by a collapsed parent, inside the window.
    function shown(item, win) {
        if (!item.visible || item.opacity === 0 || item.width <= 0 || item.height <= 0)
            return false
        const topLeft = item.mapToItem(win.contentItem, 0, 0)
        return topLeft.x < win.contentItem.width && topLeft.y < win.contentItem.height
               && topLeft.x + item.width > 0 && topLeft.y + item.height > 0
    }

    function collect(item, win, out) {
        if (!item.visible)
            return
        const kind = kindOf(item)
        if (kind !== "" && kind !== "tap handler" && item.enabled !== false && shown(item, win))
            out.push({ item: item, kind: kind })
        // Pointer handlers live in an item's data, not among its children.
        const data = item.data || []
        for (let i = 0; i < data.length; ++i) {
            if (kindOf(data[i]) === "tap handler" && data[i].enabled && shown(item, win))
                out.push({ item: item, kind: "tap handler" })
        }
        for (let i = 0; i < item.children.length; ++i)
            collect(item.children[i], win, out)
    }

    function smallTargets(win, page) {
        win.showPage(page)
        wait(50)
        const found = []
        collect(win.contentItem, win, found)
        const small = []
        for (const f of found) {
            // What a finger aims at is what is drawn: a control's face (its background) when it has one.
            const face = f.item.background && f.item.background.visible ? f.item.background : f.item
            const w = Math.min(f.item.width, face.width), h = Math.min(f.item.height, face.height)
            if (w < minimum || h < minimum)
                small.push(page + ": " + f.kind + " " + describe(f.item) + " is " + Math.round(w) + "x" + Math.round(h))
        }
        return { count: found.length, small: small }
    }

    function checkEveryPage(win, label) {
        let total = 0
        const small = []
        for (const p of win.pages) {
            const r = smallTargets(win, p.name)
            total += r.count
            small.push(...r.small)
        }
        verify(total > 40, label + ": only " + total + " controls found: the walk is not seeing the pages")
        console.log("touch targets, " + label + ": " + total + " controls on " + win.pages.length + " pages")
        compare(small.length, 0, label + ": controls under " + minimum + " px:\n" + small.join("\n"))
    }

    function test_noGame() {
        const win = createTemporaryObject(mainComponent, testCase)
        win.width = 1280
        win.height = 800
        win.visible = true
        checkEveryPage(win, "no game")
    }

    function test_gameInProgress() {
        const win = createTemporaryObject(mainComponent, testCase)
        win.width = 1280
        win.height = 800
        win.visible = true
        win.showPage("newgame")
        const box = findChild(win.contentItem, "scenarioBox")
        box.currentIndex = box.find("md_small")
        Ui.tap(testCase, win, "startGame")
        tryCompare(GameController, "active", true)
        checkEveryPage(win, "orders prompt")
        // A throw: the dice keypad, and its counts per face for a pool.
        let guard = 0
        while (!(GameController.promptKind === "dice" && GameController.dicePool && GameController.diceCount >= 6)
               && guard++ < 200) {
            if (GameController.promptKind === "question") {
                const options = GameController.options.toList()
                const fire = options.find(o => o.value === "fire")
                verify(GameController.answer(GameController.promptKey.endsWith(".order") && fire ? "fire" : options[0].value),
                       GameController.lastError)
            }
            else
                GameController.submitDice(GameController.rollVirtual(), "virtual")
        }
        verify(GameController.dicePool, "no pool of six dice or more in turn 1")
        checkEveryPage(win, "a pool to throw")
        GameController.closeGame()
    }
}
