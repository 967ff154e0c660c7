import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Muster

// Lint note: a line ending in "qmllint disable unqualified" reads an id from outside its delegate, which is
// right; Qt 6.4's linter cannot see ids across a component's edge (6.5's pragma ComponentBehavior: Bound can).

// Dice entry for the current request: roll the virtual dice, type each face on a keypad, or (for a pool, where
// only how many dice show each face matters) type how many show each face; see them, accept.
// Used when there is no camera, for d10/d20, and to correct a die the reader got wrong. A hardware keyboard
// works too: a digit enters a die (or a count; + for ten more), Backspace takes back, Enter accepts.
// The root is a plain FocusScope around the column, not the column itself: a ColumnLayout destroyed while its
// children's visibility changed under it crashed Qt 6.4 (QQuickGridLayoutBase::invalidate on the dying layout),
// about one test run in six; unparented first, the column's children no longer change as it goes.
FocusScope {
    id: entry
    implicitWidth: column.implicitWidth
    implicitHeight: column.implicitHeight
    property int count: GameController.diceCount
    property int sides: GameController.diceSides
    property bool pool: GameController.dicePool
    property var scoring: GameController.diceScoringFaces
    property var faces: []
    property string source: "typed"
    // Counts per face: offered for a pool of many dice with a face keypad (d6, d10), on by default.
    readonly property bool countsAvailable: pool && count >= 6 && sides >= 2 && sides <= 10
    property bool countsMode: false
    // counts[i]: how many dice show face i+1, or -1 while not given; `selected` is the face being typed.
    property var counts: []
    property var autoFilled: [] // counts Muster filled in (the rest, or 0): taken back when a count changes
    property int selected: 0
    property int tens: 0 // tens given with "+10" for the selected face, before its last digit
    signal accepted(var faces, string source)
    focus: visible

    function clear() {
        faces = []
        source = "typed"
        countsMode = countsAvailable
        resetCounts()
        if (visible)
            forceActiveFocus()
    }
    function push(value) {
        if (faces.length >= count)
            return
        faces = faces.concat([value])
        source = "typed"
    }
    function isScoring(face) {
        return scoring.indexOf(face) >= 0
    }
    function scoringCount() {
        let n = 0
        for (const f of faces)
            if (isScoring(f))
                ++n
        return n
    }
    // "6", "5-6", "4, 6": the scoring faces in words for the running total.
    function scoringText() {
        if (scoring.length === 0)
            return ""
        let contiguous = true
        for (let i = 1; i < scoring.length; ++i)
            contiguous = contiguous && scoring[i] === scoring[i - 1] + 1
        if (scoring.length > 1 && contiguous)
            return scoring[0] + "-" + scoring[scoring.length - 1]
        return scoring.join(", ")
    }
    function accept() {
        if (faces.length === count && count > 0)
            accepted(faces, source)
    }

    // --- counts per face ---
    function resetCounts() {
        const c = []
        for (let i = 0; i < sides; ++i)
            c.push(-1)
        counts = c
        autoFilled = c.map(() => false)
        selected = 0
        tens = 0
    }
    function othersSum(i) {
        let s = 0
        for (let j = 0; j < counts.length; ++j)
            if (j !== i && counts[j] >= 0)
                s += counts[j]
        return s
    }
    function countsToFaces() {
        const out = []
        for (let i = 0; i < counts.length; ++i)
            for (let k = 0; k < Math.max(0, counts[i]); ++k)
                out.push(i + 1)
        faces = out
        source = "typed"
    }
    // Faces left without a count: once the counts given cover the throw they are 0, and the last one left
    // takes the rest. Then the next face without a count is the one to type.
    function settleCounts() {
        const c = counts.slice()
        const filled = autoFilled.slice()
        let given = 0
        const open = []
        for (let i = 0; i < c.length; ++i) {
            if (c[i] >= 0)
                given += c[i]
            else
                open.push(i)
        }
        if (given === count || open.length === 1)
            for (const i of open) {
                c[i] = given === count ? 0 : count - given
                filled[i] = true
            }
        counts = c
        autoFilled = filled
        let next = -1
        for (let k = 1; k <= c.length; ++k) {
            const i = (selected + k) % c.length
            if (c[i] < 0) {
                next = i
                break
            }
        }
        selected = next >= 0 ? next : selected
        tens = 0
        countsToFaces()
    }
    function selectFace(i) {
        const c = counts.slice()
        const filled = autoFilled.slice()
        for (let j = 0; j < c.length; ++j)
            if (filled[j] || j === i) {
                c[j] = -1
                filled[j] = false
            }
        counts = c
        autoFilled = filled
        selected = i
        tens = 0
        countsToFaces()
    }
    // A digit is the selected face's count (plus any tens given with "+10"), and the entry moves on to the next
    // face: counts of ten or more are rare in a throw of a few dozen dice, so they cost the extra tap, not every
    // count. Returns false when the count would make more dice than the throw has.
    function typeDigit(d) {
        if (counts[selected] >= 0 && tens === 0)
            selectFace(selected)
        const value = tens + d
        if (value > count - othersSum(selected))
            return false
        const c = counts.slice()
        c[selected] = value
        counts = c
        settleCounts()
        return true
    }
    function addTen() {
        if (counts[selected] >= 0 && tens === 0)
            selectFace(selected)
        if (tens + 10 > count - othersSum(selected))
            return false
        tens += 10
        return true
    }
    function backspace() {
        if (countsMode) {
            if (tens > 0)
                tens = 0
            else
                selectFace(selected)
        } else if (faces.length > 0) {
            faces = faces.slice(0, -1)
        }
    }

    onCountChanged: clear()
    onSidesChanged: clear()
    onPoolChanged: clear()
    onVisibleChanged: if (visible) forceActiveFocus()

    Keys.onPressed: event => {
        if (event.key >= Qt.Key_0 && event.key <= Qt.Key_9) {
            const d = event.key - Qt.Key_0
            if (countsMode)
                typeDigit(d)
            else if (d >= 1 && d <= sides)
                push(d)
            else if (d === 0 && sides === 10)
                push(10)
            event.accepted = true
        } else if (event.key === Qt.Key_Return || event.key === Qt.Key_Enter) {
            accept()
            event.accepted = true
        } else if (event.key === Qt.Key_Backspace) {
            backspace()
            event.accepted = true
        } else if ((event.key === Qt.Key_Plus || event.key === Qt.Key_Tab) && countsMode) {
            addTen()
            event.accepted = true
        }
    }

    ColumnLayout {
        id: column
        anchors.left: parent.left
        anchors.right: parent.right
        anchors.top: parent.top
        spacing: 10

        RowLayout {
            Layout.fillWidth: true
            visible: entry.countsAvailable || entry.scoring.length > 0
            spacing: 10
            Label {
                Layout.fillWidth: true
                objectName: "scoringTotal"
                visible: entry.scoring.length > 0
                text: qsTr("%1 of %2 scoring (%3)").arg(entry.scoringCount()).arg(entry.faces.length).arg(entry.scoringText())
                font.pixelSize: Theme.fontBody
                font.bold: true
                color: Theme.accent
            }
            Item { Layout.fillWidth: true; visible: entry.scoring.length === 0 }
            BigButton {
                objectName: "entryMode"
                visible: entry.countsAvailable
                text: entry.countsMode ? qsTr("Die by die") : qsTr("Count per face")
                onClicked: {
                    entry.countsMode = !entry.countsMode
                    entry.faces = []
                    entry.resetCounts()
                    entry.forceActiveFocus()
                }
            }
        }

        // --- die by die: the faces so far, as dice-like chips; tap a chip to remove it ---
        Flow {
            Layout.fillWidth: true
            visible: !entry.countsMode
            spacing: 6
            Repeater {
                model: entry.countsMode ? 0 : entry.count
                Rectangle {
                    required property int index
                    readonly property bool filled: index < entry.faces.length // qmllint disable unqualified
                    readonly property bool scores: filled && entry.isScoring(entry.faces[index]) // qmllint disable unqualified
                    width: 56
                    height: 56
                    radius: 8
                    color: !filled ? "transparent" : scores ? Theme.accent : "#f4f1e8"
                    border.color: filled ? color : Theme.textDim
                    border.width: 2
                    Label {
                        anchors.centerIn: parent
                        text: parent.filled ? entry.faces[parent.index] : "" // qmllint disable unqualified
                        font.pixelSize: 26
                        font.bold: true
                        color: "#111"
                    }
                    TapHandler {
                        enabled: parent.filled
                        onTapped: {
                            const copy = entry.faces.slice()
                            copy.splice(parent.index, 1)
                            entry.faces = copy
                            entry.source = "typed"
                        }
                    }
                }
            }
        }
        // Keypad: one key per face value. A Grid positioner, not a layout: its keys come and go with the die size.
        // A d10 is keyed as its faces are printed, 1-9 then 0, and the 0 is read as 10.
        Label {
            visible: entry.sides === 10
            text: qsTr("d10: the face 0 counts as 10")
            font.pixelSize: Theme.fontSmall
            color: Theme.textDim
        }
        Grid {
            id: keypad
            visible: !entry.countsMode
            Layout.fillWidth: true
            columns: entry.sides <= 6 ? 6 : 10
            spacing: 6
            readonly property real keyWidth: Math.max(56, (width - (columns - 1) * spacing) / columns)
            Repeater {
                model: entry.countsMode ? 0 : entry.sides
                BigButton {
                    required property int index
                    text: entry.sides === 10 && index === 9 ? "0" : index + 1 // qmllint disable unqualified
                    width: keypad.keyWidth // qmllint disable unqualified
                    tint: entry.isScoring(index + 1) ? Qt.darker(Theme.accent, 2.2) : Theme.surfaceRaised // qmllint disable unqualified
                    enabled: entry.faces.length < entry.count // qmllint disable unqualified
                    onClicked: entry.push(index + 1) // qmllint disable unqualified
                    objectName: "key" + (index + 1)
                }
            }
        }

        // --- counts per face: a tile per face with its count, and a digit pad that types the selected face's
        // count and moves on ("+10" first for ten or more); once the counts cover the throw the other faces are 0,
        // and the last face left takes the rest. Tap a tile to type its count again. ---
        Grid {
            id: faceTiles
            objectName: "countsPanel"
            visible: entry.countsMode
            Layout.fillWidth: true
            columns: entry.sides <= 6 ? entry.sides : 5
            spacing: 6
            readonly property real tileWidth: Math.max(56, (width - (columns - 1) * spacing) / columns)
            Repeater {
                model: entry.countsMode ? entry.sides : 0
                Rectangle {
                    id: faceTile
                    required property int index
                    readonly property int face: index + 1
                    readonly property int given: index < entry.counts.length ? entry.counts[index] : -1 // qmllint disable unqualified
                    readonly property bool isSelected: entry.selected === index // qmllint disable unqualified
                    objectName: "faceCount" + face
                    width: faceTiles.tileWidth // qmllint disable unqualified
                    height: 76
                    radius: Theme.radius
                    color: entry.isScoring(face) ? Qt.darker(Theme.accent, 2.2) : Theme.surfaceRaised // qmllint disable unqualified
                    border.width: isSelected ? 3 : 1
                    border.color: isSelected ? Theme.accent : "#3a424c"
                    Column {
                        anchors.centerIn: parent
                        Label {
                            anchors.horizontalCenter: parent.horizontalCenter
                            text: entry.sides === 10 && faceTile.face === 10 ? "0" : faceTile.face // qmllint disable unqualified
                            font.pixelSize: Theme.fontSmall
                            color: Theme.textDim
                        }
                        Label {
                            anchors.horizontalCenter: parent.horizontalCenter
                            text: faceTile.given >= 0 ? "×" + faceTile.given
                                  : faceTile.isSelected && entry.tens > 0 ? "×" + entry.tens + "+" : "–" // qmllint disable unqualified
                            font.pixelSize: Theme.fontTitle
                            font.bold: true
                            color: Theme.text
                        }
                    }
                    TapHandler {
                        onTapped: {
                            entry.selectFace(parent.index) // qmllint disable unqualified
                            entry.forceActiveFocus()
                        }
                    }
                }
            }
        }
        Grid {
            id: digitPad
            visible: entry.countsMode
            Layout.fillWidth: true
            columns: 6
            spacing: 6
            readonly property real keyWidth: Math.max(56, (width - (columns - 1) * spacing) / columns)
            Repeater {
                model: entry.countsMode ? 10 : 0
                BigButton {
                    required property int index
                    readonly property int digit: (index + 1) % 10
                    text: digit
                    width: digitPad.keyWidth // qmllint disable unqualified
                    objectName: "digit" + digit
                    enabled: entry.counts.length > 0 && (entry.faces.length < entry.count || entry.tens > 0) // qmllint disable unqualified
                    onClicked: {
                        entry.typeDigit(digit) // qmllint disable unqualified
                        entry.forceActiveFocus()
                    }
                }
            }
            BigButton {
                objectName: "countTen"
                text: "+10"
                width: digitPad.keyWidth
                enabled: entry.faces.length < entry.count
                onClicked: {
                    entry.addTen()
                    entry.forceActiveFocus()
                }
            }
            BigButton {
                objectName: "countBack"
                text: "⌫"
                width: digitPad.keyWidth
                onClicked: {
                    entry.backspace()
                    entry.forceActiveFocus()
                }
            }
        }
        Label {
            visible: entry.countsMode
            Layout.fillWidth: true
            // Empty while hidden: a hidden wrapped label whose text changed as the entry was destroyed crashed
            // Qt 6.4's layout (QQuickGridLayoutBase::invalidate on the dying ColumnLayout).
            text: !entry.countsMode ? "" : entry.faces.length === entry.count
                  ? qsTr("All %1 dice counted.").arg(entry.count)
                  : qsTr("How many show %1? %2 of %3 dice counted.")
                        .arg(entry.sides === 10 && entry.selected === 9 ? 0 : entry.selected + 1)
                        .arg(entry.faces.length).arg(entry.count)
            font.pixelSize: Theme.fontBody
            color: Theme.textDim
            wrapMode: Text.WordWrap
        }

        RowLayout {
            Layout.fillWidth: true
            spacing: 8
            BigButton {
                objectName: "rollVirtual"
                text: qsTr("Roll virtual dice")
                onClicked: {
                    entry.faces = GameController.rollVirtual()
                    entry.source = "virtual"
                    if (entry.countsMode) {
                        const c = []
                        for (let i = 0; i < entry.sides; ++i)
                            c.push(0)
                        for (const f of entry.faces)
                            c[f - 1] += 1
                        entry.counts = c
                    }
                }
            }
            BigButton {
                text: qsTr("Clear")
                objectName: "clearDice"
                enabled: entry.faces.length > 0 || entry.tens > 0
                onClicked: {
                    entry.faces = []
                    entry.resetCounts()
                    entry.source = "typed"
                }
            }
            Item { Layout.fillWidth: true }
            BigButton {
                objectName: "acceptDice"
                text: qsTr("Accept %1 of %2").arg(entry.faces.length).arg(entry.count)
                highlighted: true
                tint: "#2e5d3a"
                enabled: entry.faces.length === entry.count
                onClicked: entry.accept()
            }
        }
    }
}
