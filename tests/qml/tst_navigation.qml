import QtQuick
import QtTest
import Muster

// The app window's navigation: every page can be reached by tapping its button, unknown names are ignored.
TestCase {
    id: testCase
    name: "Navigation"
    when: windowShown

    Component {
        id: mainComponent
        Main {}
    }

    function findButton(item, label) {
        if (item.text === label && item.glyph !== undefined)
            return item
        for (let i = 0; i < item.children.length; ++i) {
            const found = findButton(item.children[i], label)
            if (found)
                return found
        }
        return null
    }

    function test_everyPageIsReachableByTap() {
        const win = createTemporaryObject(mainComponent, testCase)
        verify(win)
        win.visible = true
        tryVerify(() => win.active || win.visible)
        const labels = ["Home", "Game", "Dice", "Orders", "Roster", "Log", "Settings"]
        const names = ["home", "game", "dice", "orders", "roster", "log", "settings"]
        for (let i = labels.length - 1; i >= 0; --i) {
            const button = findButton(win.contentItem, labels[i])
            verify(button, "no navigation button for " + labels[i])
            verify(button.height >= 48, labels[i] + " button is smaller than a fingertip: " + button.height)
            mouseClick(button)
            compare(win.currentPage, names[i])
            const page = win.pageItem(names[i])
            verify(page)
            tryVerify(() => page.visible)
        }
    }

    function test_unknownPageIsIgnored() {
        const win = createTemporaryObject(mainComponent, testCase)
        win.showPage("roster")
        compare(win.currentPage, "roster")
        win.showPage("nowhere")
        compare(win.currentPage, "roster")
        compare(win.pageItem("nowhere"), null)
    }

    function test_portraitMovesTheBarToTheBottom() {
        const win = createTemporaryObject(mainComponent, testCase)
        win.width = 800
        win.height = 1280
        verify(win.portrait)
        win.width = 1280
        win.height = 800
        verify(!win.portrait)
    }
}
