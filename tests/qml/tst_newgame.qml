import QtQuick
import QtTest
import Muster
import "ui.js" as Ui

// New game through the touch UI: from Home to the New game page, choose the scenario and name the players, pick
// virtual dice and two house rules by tap, start. The game's house rules, its play setup and the roster follow the
// choice (MD-ORG-02: cavalry officers by grade), a reopened game still has them, and the charge tests move behind
// First fire (MD-SEQ-03, option md.charge_test_timing). A value the register does not offer is refused.
TestCase {
    id: testCase
    name: "NewGame"
    when: windowShown

    Component {
        id: mainComponent
        Main {}
    }

    function tap(win, name) {
        Ui.tap(testCase, win, name)
    }

    function houseRule(key) {
        for (const r of GameController.houseRules)
            if (r.key === key)
                return r.value
        return undefined
    }

    function openNewGame(width, height) {
        const win = createTemporaryObject(mainComponent, testCase)
        win.width = width
        win.height = height
        win.visible = true
        win.showPage("home")
        tap(win, "newGame")
        compare(win.currentPage, "newgame")
        const box = findChild(win.contentItem, "scenarioBox")
        verify(box)
        box.currentIndex = box.find("md_small")
        verify(box.currentIndex >= 0, "md_small is not bundled")
        wait(1) // the page loads a chosen scenario after the event that chose it
        return win
    }

    function test_houseRulesByTapGoIntoTheGame() {
        const win = openNewGame(1280, 800)
        findChild(win.contentItem, "player_us").text = "Ann"
        findChild(win.contentItem, "player_mx").text = "Beto"
        // No table profile in a fresh games folder: the page says where to make one and goes on without.
        verify(findChild(win.contentItem, "noProfiles").visible)
        tap(win, "roll_virtual")

        tap(win, "group_Armies")
        tap(win, "hr_md.cav_officers_by_grade")
        tap(win, "group_Turn sequence")
        tap(win, "hr_md.charge_test_timing_movement_phase")
        verify(findChild(win.contentItem, "hr_md.cav_officers_by_grade").chosen)
        verify(!findChild(win.contentItem, "hr_md.cav_officers_one").chosen)
        verify(findChild(win.contentItem, "houseRuleSummary").text.indexOf("2 of") === 0,
               findChild(win.contentItem, "houseRuleSummary").text)
        // A number by its stepper: the artillery bonus against cavalry at medium range, 0 -> 1 and back.
        tap(win, "group_Artillery")
        tap(win, "hr_md.vs_cav_bonus_1_plus")
        verify(findChild(win.contentItem, "houseRuleSummary").text.indexOf("3 of") === 0)
        tap(win, "hr_md.vs_cav_bonus_1_minus")
        verify(findChild(win.contentItem, "houseRuleSummary").text.indexOf("2 of") === 0)

        tap(win, "startGame")
        tryCompare(GameController, "active", true)
        compare(win.currentPage, "game")
        compare(houseRule("md.cav_officers"), "by_grade")
        compare(houseRule("md.charge_test_timing"), "movement_phase")
        compare(houseRule("md.vs_cav_bonus"), "3,0,0")
        compare(houseRule("md.melee_rounds"), "until_decided")
        // Lint note: a QVariantMap is a JS object at run time; Qt 6.4's linter sees no keys in it.
        compare(GameController.playSetup.dice, "virtual") // qmllint disable type
        compare(GameController.playSetup.app, true)
        compare(GameController.players.get(0).name, "Ann")
        compare(GameController.players.get(1).name, "Beto")

        // MD-ORG-02 with md.cav_officers = by_grade: cavalry have the infantry's officers, 1/2/3 by grade.
        const roster = GameController.roster
        const perGrade = { green: 1, veteran: 2, elite: 3 }
        let cavalry = 0
        for (let r = 0; r < roster.count; ++r) {
            const idx = roster.index(r, 0)
            if (roster.data(idx, RosterModel.ArmRole) !== "cavalry")
                continue
            ++cavalry
            const id = roster.data(idx, RosterModel.UnitIdRole)
            const grade = roster.value(id, "grade")
            compare(Number(roster.value(id, "officers")), perGrade[grade],
                    roster.data(idx, RosterModel.UnitIdRole) + " (" + grade + ")")
        }
        verify(cavalry > 0, "md_small has no cavalry")

        // MD-SEQ-03 with md.charge_test_timing = movement_phase: after the orders (with two charges) comes First
        // fire, and the charge tests only after it.
        const orders = { "US-5INF": "charge", "MX-LANC": "charge", "MX-ACT": "first_fire" }
        let guard = 0
        while (GameController.phase === "orders" && guard++ < 40) {
            compare(GameController.promptKind, "question")
            const key = GameController.promptKey
            const unit = key.substring(0, key.indexOf("."))
            let wanted = GameController.options.get(0).value
            for (const o of GameController.options.toList())
                if (key.endsWith(".order") && o.value === (orders[unit] || "hold"))
                    wanted = o.value
            tap(win, "option_" + wanted)
            compare(GameController.lastError, "")
        }
        compare(GameController.phase, "first_fire")
        const after = []
        guard = 0
        while (GameController.phase === "first_fire" && guard++ < 60) {
            if (GameController.promptKind === "dice")
                verify(GameController.submitDice(GameController.rollVirtual(), "virtual"), GameController.lastError)
            else
                tap(win, "option_" + GameController.options.get(0).value)
        }
        compare(GameController.phase, "charge_tests")

        // The journal header keeps them: a reopened game has the same house rules and setup.
        const path = GameController.gamePath
        GameController.closeGame()
        verify(GameController.openGame(path), GameController.lastError)
        compare(houseRule("md.cav_officers"), "by_grade")
        compare(houseRule("md.charge_test_timing"), "movement_phase")
        compare(GameController.playSetup.dice, "virtual")

        // Settings names the changed rules in words, not keys.
        win.showPage("settings")
        const summary = findChild(win.contentItem, "houseRulesSummary")
        verify(summary.text.indexOf("Officers in a cavalry unit: By grade, as infantry (1-3)") >= 0, summary.text)
        verify(summary.text.indexOf("md.") < 0, summary.text)
        GameController.closeGame()
    }

    function test_badOptionValueIsRefused() {
        const before = SavedGames.count
        verify(!GameController.startGame("md_small", [{ name: "Ann", side: "us" }], { "md.melee_rounds": "forever" }))
        verify(!GameController.active)
        compare(GameController.lastError,
                "House rules: house-rule option 'md.melee_rounds' cannot be 'forever' (one of: until_decided, one_per_turn)")
        compare(SavedGames.count, before)

        // On the page, a refusal shows beside the Start button and no game begins.
        const win = openNewGame(1280, 800)
        const page = win.pageItem("newgame")
        page.choices = { "md.general_radius_in": "two" }
        tap(win, "startGame")
        verify(!GameController.active)
        compare(win.currentPage, "newgame")
        verify(findChild(win.contentItem, "startError").text.indexOf("md.general_radius_in") >= 0)
        tap(win, "resetHouseRules")
        tap(win, "startGame")
        tryCompare(GameController, "active", true)
        compare(houseRule("md.general_radius_in"), "2")
        GameController.closeGame()
    }

    // With a table profile, each player gets a dice set: the player's diceColour names it, the play setup names the
    // table, and the profile goes with the game with the sets given to their players.
    function test_diceSetsFromATableProfile() {
        // Lint note: testPhotoFolder and fixtureProfiles are context properties of the test main (main.cpp), which the linter cannot see.
        verify(fixtureProfiles.length > 0, "the profile fixture was not written") // qmllint disable unqualified
        const win = openNewGame(1280, 800)
        const page = win.pageItem("newgame")
        page.calibrationController.storePath = fixtureProfiles // qmllint disable unqualified
        verify(!findChild(win.contentItem, "noProfiles").visible)
        findChild(win.contentItem, "player_us").text = "Ann"
        findChild(win.contentItem, "player_mx").text = "Beto"
        tap(win, "profile_Club table")
        compare(page.profile, "Club table")
        compare(page.calibrationController.diceSets.count, 2)
        tap(win, "set_us_1")
        tap(win, "set_mx_0")
        verify(findChild(win.contentItem, "set_us_1").chosen)
        verify(!findChild(win.contentItem, "set_us_none").chosen)
        tap(win, "startGame")
        tryCompare(GameController, "active", true)
        compare(GameController.players.get(0).diceColour, "ivory")
        compare(GameController.players.get(1).diceColour, "red")
        compare(GameController.playSetup.table, "Club table")
        verify(GameController.calibrationPayload.length > 0, "the profile was not attached to the game")
        const payload = JSON.parse(GameController.calibrationPayload)
        compare(payload.name, "Club table")
        const sets = JSON.parse(payload.profile).dice_sets
        compare(sets[0].name, "red")
        compare(sets[0].player, "Beto")
        compare(sets[1].name, "ivory")
        compare(sets[1].player, "Ann")
        // Settings, made when the app started, shows the profile the game was given (not "calibrate first").
        const settings = win.pageItem("settings")
        tryCompare(settings.calibrationController, "profileName", "Club table")
        compare(settings.calibrationController.diceSets.count, 2)
        GameController.closeGame()
    }

    // Portrait (800x1280): every control of the page fits the width (no sideways scrolling) and is a fingertip.
    function test_portraitFitsTheWidth() {
        const win = openNewGame(800, 1280)
        verify(win.portrait)
        for (const g of ["Armies", "Movement", "Cavalry", "Artillery", "Melee"])
            tap(win, "group_" + g)
        const page = win.pageItem("newgame")
        let checked = 0
        const visit = (item) => {
            if (!item.visible)
                return
            const name = item.objectName || ""
            if (/^(hr_|group_|roll_|player_|startGame|scenarioBox|resetHouseRules)/.test(name)) {
                const p = item.mapToItem(page, 0, 0)
                verify(p.x >= 0 && p.x + item.width <= page.width + 0.5,
                       name + " sticks out sideways: x " + p.x + ", width " + item.width + " of " + page.width)
                verify(item.height >= 48, name + " is smaller than a fingertip: " + item.height)
                ++checked
            }
            for (let i = 0; i < item.children.length; ++i)
                visit(item.children[i])
        }
        wait(50)
        visit(page)
        verify(checked > 60, "only " + checked + " controls checked")
        const start = findChild(win.contentItem, "startGame")
        const bottom = start.mapToItem(win.contentItem, 0, start.height).y
        const pageBottom = page.mapToItem(win.contentItem, 0, page.height).y
        verify(bottom <= pageBottom, "the Start button is below the page: " + bottom + " > " + pageBottom)
    }

    // Issue 23: the scenario is shown by its own name, in the closed box and in its list; the file name stays
    // the value the game is started with.
    function test_scenariosAreShownByName() {
        const win = createTemporaryObject(mainComponent, testCase)
        win.showPage("newgame")
        const box = findChild(win.contentItem, "scenarioBox")
        box.currentIndex = box.find("md_small")
        compare(box.currentText, "md_small")
        compare(box.displayText, "Palo Alto skirmish (small MD scenario)")
        for (const name of ScenarioCatalog.scenarios) {
            const title = ScenarioCatalog.scenarioTitle(name)
            verify(title.length > 0 && title !== name && title.indexOf("_") < 0, name + " is shown as " + title)
        }
        compare(ScenarioCatalog.scenarioTitle("/nowhere/at/all.json"), "/nowhere/at/all.json")
    }
}
