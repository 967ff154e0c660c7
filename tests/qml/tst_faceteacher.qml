import QtQuick
import QtTest
import Muster
import "ui.js" as Ui

// Settings -> Dice sets -> Dice with symbols, by tap (issue 26, custom faces taught at the table): with a table
// profile, a throw is read into tappable die boxes; tapping a die and a face relabels it, "Leave it out" leaves
// it out, keeping the throw counts its dice per face, "Start again" forgets them. Teach stays off until every
// face has two.
TestCase {
    id: testCase
    name: "FaceTeacher"
    when: windowShown

    Component {
        id: mainComponent
        Main {}
    }

    function tap(win, name) {
        Ui.tap(testCase, win, name)
    }

    function test_tapsAFaceOnADieAndKeepsTheThrow() {
        // Lint note: testPhotoFolder and fixtureProfiles are context properties of the test main (main.cpp), which the linter cannot see.
        if (testPhotoFolder.length === 0) // qmllint disable unqualified
            skip("the nell-byler photos are not beside the checkout")
        const win = createTemporaryObject(mainComponent, testCase)
        win.width = 1280
        win.height = 800
        win.visible = true
        win.showPage("settings")
        tap(win, "section_dice")
        const page = win.pageItem("settings")
        const calibration = page.calibrationController
        calibration.storePath = fixtureProfiles // qmllint disable unqualified
        verify(calibration.loadProfile("Club table"), calibration.message)
        const teacher = findChild(win.contentItem, "faceTeacher")
        verify(teacher)
        verify(!findChild(win.contentItem, "teachFaces").enabled, "nothing to teach yet")
        verify(!findChild(win.contentItem, "teachKeep").enabled, "no throw in hand")
        tap(win, "teachTarget_1")
        compare(teacher.target, 1)

        // The page's photo picker would hand this path over; the throw is then in hand, one box per die.
        const photo = testPhotoFolder + "/IMG_20191208_111328.jpg" // qmllint disable unqualified
        verify(calibration.teachThrow(photo), calibration.message)
        const dice = calibration.teachDice.count
        verify(dice >= 10, "the photo holds 12 dice, read " + dice)
        tryVerify(() => findChild(win.contentItem, "teachDie_0") !== null)
        const read = calibration.teachDice.get(0).read
        const other = read === 6 ? 5 : 6
        tap(win, "teachDie_0")
        compare(teacher.selected, 0)
        tap(win, "teachFace_" + other)
        compare(calibration.teachDice.get(0).face, other)
        compare(calibration.teachDice.get(0).label, other)
        compare(teacher.selected, -1)
        tap(win, "teachDie_1")
        tap(win, "teachLeaveOut")
        compare(calibration.teachDice.get(1).label, 0)

        // Kept: every labelled die counts once under its face; the tapped die under the face tapped.
        let labelled = 0
        let asOther = 0
        for (let d = 0; d < dice; ++d) {
            const label = calibration.teachDice.get(d).label
            labelled += label > 0 ? 1 : 0
            asOther += label === other ? 1 : 0
        }
        tap(win, "teachKeep")
        compare(calibration.teachDice.count, 0)
        compare(calibration.teachThrows, 1)
        let counted = 0
        for (const n of calibration.teachCounts)
            counted += n
        compare(counted, labelled)
        compare(calibration.teachCounts[other - 1], asOther)
        verify(!calibration.failed, calibration.message)
        verify(calibration.message.indexOf("Throw again") >= 0 || calibration.message.indexOf("Every face") >= 0,
               calibration.message)
        tap(win, "teachForget")
        compare(calibration.teachThrows, 0)
        verify(!findChild(win.contentItem, "teachForget").enabled)
    }
}
