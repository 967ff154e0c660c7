import QtQuick
import QtTest
import Muster
import "../qml/ui.js" as Ui

// Issue 23 point 10: names, reasons and paths typed on a touch screen. Run with
// QT_IM_MODULE=qtvirtualkeyboard (as `muster` starts unless --hardware-keyboard): a tap on a text field
// raises Qt Virtual Keyboard under the pages, the field stays above it, its keys type into the field, and
// the keyboard goes when the field is done.
TestCase {
    id: testCase
    name: "VirtualKeyboard"
    when: windowShown

    Component {
        id: mainComponent
        Main {}
    }

    // The visible key of the keyboard that types `letter` (the keys are the module's own items, found by
    // what they type).
    function keyFor(item, letter) {
        if (item.visible && item.key !== undefined && item.text !== undefined
                && String(item.text).toLowerCase() === letter && item.width > 0)
            return item
        for (let i = 0; i < item.children.length; ++i) {
            const found = keyFor(item.children[i], letter)
            if (found)
                return found
        }
        return null
    }

    function test_aTapOnAFieldRaisesTheKeyboardAndItsKeysType() {
        verify(OnScreenKeyboard.enabled, "run with QT_IM_MODULE=qtvirtualkeyboard")
        const win = createTemporaryObject(mainComponent, testCase)
        win.width = 1280
        win.height = 800
        win.visible = true
        win.showPage("newgame")
        const box = findChild(win.contentItem, "scenarioBox")
        box.currentIndex = box.find("md_small")
        const loader = win.keyboardLoader
        verify(loader, "no keyboard in the window")
        tryCompare(loader, "status", Loader.Ready)
        const panel = loader.item
        Qt.inputMethod.hide()
        tryCompare(panel, "active", false)
        compare(win.keyboardHeight, 0)

        tryVerify(() => findChild(win.contentItem, "player_us"), 2000, "no name field for the U.S. side")
        const field = findChild(win.contentItem, "player_us")
        waitForRendering(win.contentItem)
        mouseClick(field)
        tryCompare(panel, "active", true)
        tryCompare(Qt.inputMethod, "visible", true)
        verify(win.keyboardHeight > 200, "keyboard " + win.keyboardHeight + " px high")
        tryVerify(() => panel.y === win.contentItem.height - panel.height, 2000, "the keyboard is not docked")
        const fieldBottom = field.mapToItem(win.contentItem, 0, field.height).y
        verify(fieldBottom <= panel.y, "the field (bottom at " + fieldBottom + ") is under the keyboard (" + panel.y + ")")

        for (const letter of ["a", "n", "n"]) {
            const key = keyFor(panel, letter)
            verify(key, "no key for " + letter)
            mouseClick(key)
        }
        // The keyboard may hold the word as it is typed (prediction) until it is committed.
        compare((field.text + field.preeditText).toLowerCase(), "ann")
        Qt.inputMethod.commit()
        compare(field.text.toLowerCase(), "ann")

        Qt.inputMethod.hide()
        tryCompare(panel, "active", false)
        tryCompare(win, "keyboardHeight", 0)
    }

    // A dialog's field (the reason of a fix) is typed into too: the dialog moves to the top and the keyboard is
    // above the dialog's shade.
    function test_aDialogFieldIsTypedIntoAboveTheKeyboard() {
        const win = createTemporaryObject(mainComponent, testCase)
        win.width = 1280
        win.height = 800
        win.visible = true
        win.showPage("newgame")
        const box = findChild(win.contentItem, "scenarioBox")
        box.currentIndex = box.find("md_small")
        GameController.startGame("md_small", [], {})
        tryCompare(GameController, "active", true)
        verify(GameController.answer("hold"), GameController.lastError)
        win.showPage("game")
        const dialog = win.pageItem("game").fixDialogItem
        verify(dialog.openFor(GameController.recentAnswers.get(0).seq))
        tryCompare(dialog, "opened", true)
        const reason = findChild(dialog.contentItem, "fixReason")
        Ui.waitForLayout(testCase, reason)
        mouseClick(reason)
        const panel = win.keyboardLoader.item
        tryCompare(panel, "active", true)
        tryVerify(() => dialog.y <= Theme.spacing, 2000, "the dialog stays at " + dialog.y)
        tryVerify(() => panel.y === win.height - panel.height, 2000, "the keyboard is not docked")
        const bottom = reason.mapToItem(null, 0, reason.height).y
        verify(bottom <= panel.y, "the reason field (bottom at " + bottom + ") is under the keyboard (" + panel.y + ")")
        const key = keyFor(panel, "b")
        verify(key, "no key for b")
        mouseClick(key)
        Qt.inputMethod.commit()
        compare(reason.text.toLowerCase(), "b")
        Qt.inputMethod.hide()
        dialog.close()
        GameController.closeGame()
    }
}
