// Drives the touch UI as a finger would, for the Qt Quick tests. `tc` is the calling TestCase.
.pragma library

// Taps the item named `name` in the window `win`. `where` (optional) returns a description of the screen for the
// failure message, e.g. the prompt in play.
function tap(tc, win, name, where) {
    tc.wait(1) // lets the Repeaters delete the delegates of the previous prompt before we look for keys
    const item = tc.findChild(win.contentItem, name)
    const context = where ? " (" + where() + ")" : ""
    tc.verify(item, "no item named " + name + context)
    tc.verify(item.visible && item.enabled,
              name + " is not tappable: visible " + item.visible + ", enabled " + item.enabled + context)
    // A new prompt's buttons (or a group just opened) get their place at the next polish; scrolling before it
    // uses the old content height, and a click before it lands where the old layout was.
    waitForLayout(tc, item)
    ensureVisible(item)
    waitForLayout(tc, item)
    const centre = item.mapToItem(win.contentItem, item.width / 2, item.height / 2)
    tc.verify(centre.y >= 0 && centre.y <= win.contentItem.height,
              name + " is off screen after scrolling (y " + centre.y + ")" + context)
    tc.mouseClick(item)
}

// Waits until the item and every item around it has been polished (laid out).
function waitForLayout(tc, item) {
    for (let p = item; p; p = p.parent)
        tc.waitForItemPolished(p)
}

// Scrolls the enclosing Flickable, if any, so the item is on screen.
function ensureVisible(item) {
    for (let p = item.parent; p; p = p.parent) {
        if (p.contentY !== undefined && p.contentHeight !== undefined && p.flick !== undefined) {
            const pos = item.mapToItem(p.contentItem, 0, 0)
            if (pos.y < p.contentY || pos.y + item.height > p.contentY + p.height)
                p.contentY = Math.max(0, Math.min(pos.y - 10, p.contentHeight - p.height))
            return
        }
    }
}

// Types a throw die by die on the face keypad (switching a counts-per-face entry to it first) and accepts it.
// Returns the taps it took.
function typeDice(tc, win, faces, where) {
    let taps = 0
    const panel = tc.findChild(win.contentItem, "countsPanel")
    if (panel && panel.visible) {
        tap(tc, win, "entryMode", where)
        taps++
    }
    for (const f of faces) {
        tap(tc, win, "key" + f, where)
        taps++
    }
    tap(tc, win, "acceptDice", where)
    return taps + 1
}

// Enters a throw as counts per face, as a player who has sorted the dice would: for each face in turn that
// still has no count, "+10" for each ten and then the last digit. Accepts it and returns the taps it took.
function countDice(tc, win, faces, where) {
    const entry = tc.findChild(win.contentItem, "diceEntry")
    tc.verify(entry, "no dice entry")
    let taps = 0
    if (!entry.countsMode) {
        tap(tc, win, "entryMode", where)
        taps++
    }
    const counts = []
    for (let i = 0; i < entry.sides; ++i)
        counts.push(0)
    for (const f of faces)
        counts[f - 1]++
    for (let i = 0; i < counts.length; ++i) {
        if (entry.counts[i] >= 0)
            continue // given already: the rest after the others, or 0 once the throw is covered
        tc.compare(entry.selected, i, "the entry should be on face " + (i + 1))
        for (let t = 0; t + 10 <= counts[i]; t += 10) {
            tap(tc, win, "countTen", where)
            taps++
        }
        tap(tc, win, "digit" + (counts[i] % 10), where)
        taps++
    }
    tc.compare(entry.faces.length, faces.length, "counted dice")
    tap(tc, win, "acceptDice", where)
    return taps + 1
}
