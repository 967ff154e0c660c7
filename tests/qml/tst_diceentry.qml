import QtQuick
import QtTest
import Muster

// The dice keypad on its own, with a request set by hand: counts per face for a pool (a count that cannot take
// another digit moves on, the last face takes the rest, faces are 0 once the throw is covered, no count beyond the
// throw), scoring faces picked out, and a hardware keyboard: digits, Backspace, Enter.
TestCase {
    id: testCase
    name: "DiceEntry"
    when: windowShown
    width: 1000
    height: 700

    Component {
        id: entryComponent
        DiceEntry {
            width: 900
        }
    }

    SignalSpy {
        id: acceptedSpy
        signalName: "accepted"
    }

    function makeEntry(count, sides, pool, scoring) {
        const e = createTemporaryObject(entryComponent, testCase)
        e.pool = pool
        e.scoring = scoring
        e.sides = sides
        e.count = count
        e.clear()
        acceptedSpy.target = e
        acceptedSpy.clear()
        return e
    }

    function test_countsAdvanceFillTheRestAndRefuseTooMany() {
        const e = makeEntry(31, 6, true, [6])
        verify(e.countsAvailable)
        verify(e.countsMode, "a pool of 31 dice opens on counts per face")
        compare(e.selected, 0)
        verify(e.typeDigit(5)) // five 1s, and on to the 2s
        compare(e.counts[0], 5)
        compare(e.selected, 1)
        verify(e.addTen()) // twelve 2s: +10, then 2
        compare(e.counts[1], -1)
        verify(e.typeDigit(2))
        compare(e.counts[1], 12)
        compare(e.selected, 2)
        verify(e.addTen())
        verify(!e.addTen(), "14 dice are left: not twenty")
        e.backspace() // the tens taken back
        compare(e.tens, 0)
        verify(e.typeDigit(1))
        compare(e.selected, 3)
        verify(e.typeDigit(9)) // 13 dice were left for face 4: nine fit
        compare(e.counts[3], 9)
        verify(!e.typeDigit(5), "only 4 dice are left")
        compare(e.counts[4], -1) // the refused digit changed nothing
        verify(e.typeDigit(1))
        // Face 6 takes the rest: 31 - 5 - 12 - 1 - 9 - 1 = 3.
        compare(e.counts[5], 3)
        compare(e.faces.length, 31)
        compare(e.scoringCount(), 3)
        compare(e.faces.filter(f => f === 2).length, 12)
        e.accept()
        compare(acceptedSpy.count, 1)
        compare(acceptedSpy.signalArguments[0][0].length, 31)
        compare(acceptedSpy.signalArguments[0][1], "typed")
    }

    function test_coveredThrowZeroesTheRest() {
        const e = makeEntry(8, 6, true, [4, 5, 6])
        verify(e.typeDigit(8)) // all eight are 1s: the other faces are 0
        compare(JSON.stringify(e.counts), JSON.stringify([8, 0, 0, 0, 0, 0]))
        compare(e.faces.length, 8)
        compare(e.scoringText(), "4-6")
        compare(e.scoringCount(), 0)
        // Tapping a face again takes its count back for retyping, and the counts Muster filled in with it.
        e.selectFace(0)
        compare(JSON.stringify(e.counts), JSON.stringify([-1, -1, -1, -1, -1, -1]))
        compare(e.faces.length, 0)
        verify(e.typeDigit(3))
        compare(e.selected, 1)
        verify(!e.typeDigit(9), "only 5 dice are left")
        // A count given by hand stays when another is retyped.
        verify(e.typeDigit(2))
        e.selectFace(0)
        compare(e.counts[1], 2)
    }

    function test_smallOrOrderedThrowsAreDieByDie() {
        verify(!makeEntry(5, 6, true, [6]).countsAvailable)
        verify(!makeEntry(12, 6, false, []).countsAvailable, "paired dice are never taken as counts")
        verify(!makeEntry(12, 20, true, []).countsAvailable, "a d20 has no count keypad")
    }

    function test_hardwareKeyboardDieByDie() {
        const e = makeEntry(3, 6, false, [])
        verify(!e.countsMode)
        e.forceActiveFocus()
        keyClick(Qt.Key_4)
        keyClick(Qt.Key_7) // no such face on a d6
        keyClick(Qt.Key_6)
        keyClick(Qt.Key_2)
        compare(JSON.stringify(e.faces), JSON.stringify([4, 6, 2]))
        keyClick(Qt.Key_Backspace)
        compare(JSON.stringify(e.faces), JSON.stringify([4, 6]))
        keyClick(Qt.Key_Return)
        compare(acceptedSpy.count, 0, "Enter does nothing until every die is in")
        keyClick(Qt.Key_1)
        keyClick(Qt.Key_Enter)
        compare(acceptedSpy.count, 1)
        compare(JSON.stringify(acceptedSpy.signalArguments[0][0]), JSON.stringify([4, 6, 1]))
    }

    function test_hardwareKeyboardCountsAndD10Zero() {
        const e = makeEntry(16, 6, true, [5, 6])
        e.forceActiveFocus()
        keyClick(Qt.Key_3) // three 1s
        keyClick(Qt.Key_0) // no 2s
        keyClick(Qt.Key_Plus)
        keyClick(Qt.Key_1) // eleven 3s
        keyClick(Qt.Key_0) // no 4s
        keyClick(Qt.Key_1) // one 5: the 6s take the one left
        compare(JSON.stringify(e.counts), JSON.stringify([3, 0, 11, 0, 1, 1]))
        compare(e.scoringCount(), 2)
        keyClick(Qt.Key_Return)
        compare(acceptedSpy.count, 1)

        const d10 = makeEntry(2, 10, false, [])
        d10.forceActiveFocus()
        keyClick(Qt.Key_0)
        keyClick(Qt.Key_9)
        compare(JSON.stringify(d10.faces), JSON.stringify([10, 9]), "the d10's 0 is read as 10")
    }
}
