import QtQuick
import QtTest
import Muster
import "ui.js" as Ui

// Settings → Table view (issue 45): turned on by a tap, it shows the link with this game's secret and its QR code,
// fetches as the game's snapshot over HTTP, and turns off again. The server and its refusals are tested in C++
// (tests/app/ui/TableViewTest.cpp, Chromium included).
TestCase {
    id: testCase
    name: "TableViewSettings"
    when: windowShown

    Component {
        id: mainComponent
        Main {}
    }

    function test_turnedOnFromSettingsItShowsTheLinkAndItsCode() {
        const win = createTemporaryObject(mainComponent, testCase)
        win.width = 1280
        win.height = 800
        win.visible = true
        win.showPage("newgame")
        const box = findChild(win.contentItem, "scenarioBox")
        box.currentIndex = box.find("md_small")
        Ui.tap(testCase, win, "startGame")
        tryCompare(GameController, "active", true)

        win.showPage("settings")
        Ui.tap(testCase, win, "section_tableview")
        compare(PhonesView.running, false)
        const port = findChild(win.contentItem, "tableViewPort")
        port.text = "18123"
        Ui.tap(testCase, win, "tableViewToggle")
        tryCompare(PhonesView, "running", true)
        verify(/^http:\/\/[0-9.]+:18123\/\?key=[0-9a-f]{32}$/.test(PhonesView.url), PhonesView.url)
        compare(findChild(win.contentItem, "tableViewUrl").text, PhonesView.url)
        verify(findChild(win.contentItem, "tableViewQr").modules > 0, "no QR code for the link")
        compare(findChild(win.contentItem, "tableViewError").visible, false)

        // The snapshot the phones fetch names the game's question.
        const url = PhonesView.url.replace("/?key=", "/state?key=")
        let body = ""
        const xhr = new XMLHttpRequest()
        xhr.onreadystatechange = () => { if (xhr.readyState === XMLHttpRequest.DONE) body = xhr.responseText }
        xhr.open("GET", url)
        xhr.send()
        tryVerify(() => body.length > 0, 5000)
        compare(JSON.parse(body).question, GameController.headline)

        Ui.tap(testCase, win, "tableViewToggle")
        tryCompare(PhonesView, "running", false)
        compare(PhonesView.url, "")

        // Results read aloud: turned on here, the Game page offers Quiet; turned off, it goes.
        const wasOn = Speaker.enabled
        if (wasOn)
            Ui.tap(testCase, win, "speechToggle")
        compare(Speaker.enabled, false)
        if (Speaker.available) {
            Ui.tap(testCase, win, "speechToggle")
            compare(Speaker.enabled, true)
            win.showPage("game")
            verify(findChild(win.contentItem, "speechQuiet").visible)
            win.showPage("settings")
            Ui.tap(testCase, win, "speechToggle")
        }
        compare(Speaker.enabled, false)
        win.showPage("game")
        compare(findChild(win.contentItem, "speechQuiet").visible, false)
        GameController.closeGame()
    }
}
