import QtQuick
import QtTest
import Muster

// The Dice page without a game and without a camera, and the die correction dialog: a correction needs a
// reason, keeping the camera's value does not, and nothing is set on a die that is not there.
TestCase {
    id: testCase
    name: "DicePage"
    when: windowShown
    width: 1280
    height: 800

    Component {
        id: pageComponent
        DicePage { width: 1200; height: 760 }
    }
    Component {
        id: dialogComponent
        Item {
            width: 1280
            height: 800
            property alias dialog: d
            DieCorrectionDialog { id: d }
        }
    }

    function findChild(item, name) {
        if (item.objectName === name)
            return item
        const kids = item.children !== undefined ? item.children : []
        for (let i = 0; i < kids.length; ++i) {
            const found = findChild(kids[i], name)
            if (found)
                return found
        }
        if (item.contentItem && item.contentItem !== item) {
            const found = findChild(item.contentItem, name)
            if (found)
                return found
        }
        return null
    }

    function test_noGameNoAccept() {
        const page = createTemporaryObject(pageComponent, testCase)
        verify(page)
        const asked = findChild(page, "askedText")
        verify(asked)
        compare(asked.text, "No game in progress")
        const accept = findChild(page, "acceptCamera")
        verify(accept)
        verify(!accept.visible)
        verify(!CameraService.canAccept)
        verify(CameraService.acceptBlockedReason.length > 0)
    }

    function test_correctionNeedsAReason() {
        const holder = createTemporaryObject(dialogComponent, testCase)
        const dialog = holder.dialog
        dialog.openFor(0, 3, 3, true)
        tryVerify(() => dialog.opened)
        const confirm = findChild(dialog.contentItem, "confirmDie")
        verify(confirm)
        compare(confirm.text, "It shows 3")
        verify(confirm.enabled)
        verify(confirm.height >= 48)
        const five = findChild(dialog.contentItem, "face5")
        verify(five)
        verify(five.height >= 48 && five.width >= 48)
        mouseClick(five)
        compare(dialog.value, 5)
        compare(confirm.text, "Correct to 5")
        verify(!confirm.enabled)
        const reason = findChild(dialog.contentItem, "correctionReason")
        verify(reason && reason.visible)
        reason.text = "glare hid a pip"
        verify(confirm.enabled)
        // No read on screen: the model refuses, the dialog stays open.
        mouseClick(confirm)
        verify(dialog.opened)
        dialog.close()
    }

    // "Not a die" strikes a find out, and like a correction it needs a reason.
    function test_notADieNeedsAReason() {
        const holder = createTemporaryObject(dialogComponent, testCase)
        const dialog = holder.dialog
        dialog.openFor(2, 4, 4, true, true)
        tryVerify(() => dialog.opened)
        const key = findChild(dialog.contentItem, "notADieKey")
        verify(key)
        verify(key.height >= 48)
        mouseClick(key)
        compare(dialog.value, 0)
        const confirm = findChild(dialog.contentItem, "confirmDie")
        compare(confirm.text, "Strike it out: not a die")
        verify(!confirm.enabled)
        const reason = findChild(dialog.contentItem, "correctionReason")
        verify(reason.visible)
        reason.text = "a shadow"
        verify(confirm.enabled)
        mouseClick(confirm) // no read on screen: the model refuses, the dialog stays open
        verify(dialog.opened)
        mouseClick(findChild(dialog.contentItem, "face4"))
        compare(confirm.text, "It shows 4") // back to the camera's value
        dialog.close()
    }

    // A find the reader was not sure is a die says so, and is confirmed like any unsure die.
    function test_maybeNotADieSaysSo() {
        const holder = createTemporaryObject(dialogComponent, testCase)
        const dialog = holder.dialog
        dialog.openFor(1, 6, 6, true, true)
        tryVerify(() => dialog.opened)
        const prompt = findChild(dialog.contentItem, "correctionPrompt")
        verify(prompt)
        verify(prompt.text.startsWith("The camera is not sure this is a die (it would read 6)"), prompt.text)
        compare(findChild(dialog.contentItem, "confirmDie").text, "It shows 6")
        dialog.close()
        dialog.openFor(0, 3, 3, true)
        tryVerify(() => dialog.opened)
        compare(prompt.text, "The camera read 3 but is not sure. Tap the value the die shows.")
        dialog.close()
    }
}
