import QtQuick
import QtTest
import Muster
import "ui.js" as Ui

// Issue 23: a report that no browser opens (a kiosk tablet has none) is not a silent failure: Home says so,
// shows the report's path and copies it.
TestCase {
    id: testCase
    name: "ReportOpen"
    when: windowShown

    Component {
        id: mainComponent
        Main {}
    }
    TextEdit { id: pasteTarget }

    function test_noBrowserShowsThePathAndCopiesIt() {
        const win = createTemporaryObject(mainComponent, testCase)
        win.width = 1280
        win.height = 800
        win.visible = true
        win.showPage("newgame")
        const box = findChild(win.contentItem, "scenarioBox")
        box.currentIndex = box.find("md_small")
        Ui.tap(testCase, win, "startGame")
        tryCompare(GameController, "active", true)
        win.showPage("home")
        const home = win.pageItem("home")
        let asked = []
        home.openUrl = (url) => { asked.push(url.toString()); return false }
        Ui.tap(testCase, win, "writeReport")
        compare(findChild(win.contentItem, "reportStatus").text, "Report written.")
        verify(!findChild(win.contentItem, "reportNotOpened").visible, "the fallback shows before Open")
        Ui.tap(testCase, win, "openReport")
        compare(asked.length, 1)
        verify(asked[0].startsWith("file://") && asked[0].endsWith("/report.html"), asked[0])
        const fallback = findChild(win.contentItem, "reportNotOpened")
        verify(fallback.visible, "no word when the report did not open")
        const path = findChild(win.contentItem, "reportPath").text
        compare("file://" + path, asked[0])
        Ui.tap(testCase, win, "copyReportPath")
        pasteTarget.text = ""
        pasteTarget.paste()
        compare(pasteTarget.text, path)
        // A browser that opens it takes the note away.
        home.openUrl = (url) => true
        Ui.tap(testCase, win, "openReport")
        verify(!fallback.visible)
        GameController.closeGame()
    }
}
