import QtQuick
import QtQuick.Controls
import QtQuick.Controls.Material
import QtQuick.Layouts
import Muster

// Lint note: a line ending in "qmllint disable unqualified" reads an id from outside its delegate, which is
// right; Qt 6.4's linter cannot see ids across a component's edge (6.5's pragma ComponentBehavior: Bound can).

// The app window: a navigation rail (landscape) or bar (portrait) and one page at a time.
ApplicationWindow {
    id: window
    width: 1280
    height: 800
    visible: false
    title: qsTr("Muster")
    color: Theme.background

    Material.theme: Material.Dark
    Material.accent: Theme.accent
    Material.background: Theme.background

    // Page names, in navigation order; the stack below holds the pages in the same order. The C++ side (--page,
    // --self-test) selects pages by these names.
    readonly property var pages: [
        { name: "home", label: qsTr("Home"), glyph: "\u2302" },
        { name: "game", label: qsTr("Game"), glyph: "\u2694" },
        { name: "dice", label: qsTr("Dice"), glyph: "\u2684" },
        { name: "orders", label: qsTr("Orders"), glyph: "\u2691" },
        { name: "roster", label: qsTr("Roster"), glyph: "\u265F" },
        { name: "log", label: qsTr("Log"), glyph: "\u2630" },
        { name: "settings", label: qsTr("Settings"), glyph: "\u2699" },
        { name: "newgame", label: qsTr("New game"), glyph: "+", under: "home" } // reached from Home, not the rail
    ]
    readonly property var navPages: pages.filter(p => p.under === undefined)
    property string currentPage: "home"
    readonly property bool portrait: height > width

    function pageIndex(name) {
        for (let i = 0; i < pages.length; ++i)
            if (pages[i].name === name)
                return i
        return -1
    }
    function pageItem(name) {
        const i = pageIndex(name)
        return i >= 0 ? stack.children[i] : null
    }
    function showPage(name) {
        if (pageIndex(name) >= 0)
            currentPage = name
    }

    // The on-screen keyboard's height while it is up. The pages keep their layout and are lifted just enough
    // for the field being typed in to stay above the keyboard.
    // Lint note: the keyboard is loaded by URL so that a machine without Qt Virtual Keyboard still runs; its type
    // cannot be named here.
    readonly property real keyboardHeight: keyboard.item && keyboard.item.active ? keyboard.item.height : 0 // qmllint disable type
    property real liftedBy: 0
    readonly property Loader keyboardLoader: keyboard // for tests
    function liftFocusAboveKeyboard() {
        const item = window.activeFocusItem
        let inPages = false // a dialog's field is the dialog's to keep in sight
        for (let p = item; p && !inPages; p = p.parent)
            inPages = p === pagesGrid
        if (keyboardHeight === 0 || !inPages) {
            liftedBy = 0
            return
        }
        const bottom = item.mapToItem(window.contentItem, 0, item.height).y + liftedBy // where it sits unlifted
        liftedBy = Math.max(0, bottom + Theme.spacing - (window.height - keyboardHeight))
    }
    onKeyboardHeightChanged: liftFocusAboveKeyboard()
    onActiveFocusItemChanged: liftFocusAboveKeyboard()

    GridLayout {
        id: pagesGrid
        anchors.fill: parent
        transform: Translate { y: -window.liftedBy }
        flow: window.portrait ? GridLayout.TopToBottom : GridLayout.LeftToRight
        columnSpacing: 0
        rowSpacing: 0

        // Landscape: rail on the left. Portrait: the pages first, bar at the bottom.
        Rectangle {
            id: nav
            Layout.fillHeight: !window.portrait
            Layout.fillWidth: window.portrait
            Layout.preferredWidth: window.portrait ? -1 : 112
            Layout.preferredHeight: window.portrait ? 88 : -1
            Layout.row: window.portrait ? 1 : 0
            Layout.column: 0
            color: Theme.surface

            GridLayout {
                anchors.fill: parent
                anchors.margins: 8
                flow: window.portrait ? GridLayout.LeftToRight : GridLayout.TopToBottom
                rows: window.portrait ? 1 : window.navPages.length + 1
                columns: window.portrait ? window.navPages.length : 1
                rowSpacing: 6
                columnSpacing: 4

                Repeater {
                    model: window.navPages
                    NavButton {
                        required property var modelData
                        text: modelData.label
                        glyph: modelData.glyph
                        current: window.currentPage === modelData.name // qmllint disable unqualified
                                 || (window.pages[window.pageIndex(window.currentPage)] || {}).under === modelData.name
                        onClicked: window.showPage(modelData.name) // qmllint disable unqualified
                        Layout.fillWidth: true
                        Layout.preferredHeight: window.portrait ? 72 : 76 // qmllint disable unqualified
                    }
                }
                Item {
                    visible: !window.portrait
                    Layout.fillHeight: true
                }
            }
        }

        StackLayout {
            id: stack
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.row: 0
            Layout.column: window.portrait ? 0 : 1
            currentIndex: window.pageIndex(window.currentPage)

            HomePage {
                onGameStarted: window.showPage("game")
                onNewGameRequested: window.showPage("newgame")
            }
            GamePage {}
            DicePage {}
            OrdersPage {}
            RosterPage {}
            LogPage {}
            SettingsPage {}
            NewGamePage {
                onGameStarted: window.showPage("game")
            }
        }
    }

    // Above the pages and above any dialog (popups live in the overlay), so it types into a dialog's field too.
    Loader {
        id: keyboard
        objectName: "keyboardLoader"
        parent: Overlay.overlay
        z: 1000
        active: OnScreenKeyboard.enabled
        source: "KeyboardPanel.qml"
    }
}
