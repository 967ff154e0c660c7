import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Muster

// Lint note: a line ending in "qmllint disable unqualified" reads an id from outside its delegate, which is
// right; Qt 6.4's linter cannot see ids across a component's edge (6.5's pragma ComponentBehavior: Bound can).

// New game: the scenario, who plays which side with which dice set, how the dice are read, and the house rules of the
// register (GEN-08), each reading a big button. Landscape: set-up on the left, house rules on the right; portrait:
// one above the other. The Start button stays in sight at the bottom.
PageFrame {
    id: page
    title: qsTr("New game")
    subtitle: qsTr("Scenario, players and their dice, then the house rules. Anything left alone plays as the scenario says.")
    signal gameStarted()

    readonly property bool wide: width > height
    property var details: ({})      // ScenarioCatalog.scenarioDetails() of the chosen scenario
    // ScenarioCatalog.scenarioSides() of the chosen scenario: held in a var, which keeps the engine from collecting
    // the model it owns while the Repeater shows it.
    property var sidesModel: null
    property var options: []        // ScenarioCatalog.houseRuleOptions() of its rule set
    property var groups: []
    property var openGroups: ({})   // group name -> shown
    property var choices: ({})      // option key -> value chosen here
    property string rollMode: CameraService.demoFeed ? "typed" : "camera"
    property string profile: ""     // the table profile chosen, "" for none
    property var setForSide: ({})   // side id -> index of its dice set in calibration.diceSets
    property string startError: ""

    CalibrationController { id: calibration }
    readonly property CalibrationController calibrationController: calibration // for tests

    // The reading in force for an option: chosen here, else the scenario's, else the register's default.
    function valueOf(option) {
        if (choices[option.key] !== undefined)
            return choices[option.key]
        const own = details.houseRules || {}
        return own[option.key] !== undefined ? own[option.key] : option.defaultValue
    }
    function choose(key, value) {
        const copy = Object.assign({}, choices)
        copy[key] = value
        choices = copy
    }
    function changedCount() {
        let n = 0
        for (const o of options)
            if (valueOf(o) !== o.defaultValue)
                ++n
        return n
    }
    function toggleGroup(group) {
        const copy = Object.assign({}, openGroups)
        copy[group] = !copy[group]
        openGroups = copy
    }
    function loadScenario() {
        details = ScenarioCatalog.scenarioDetails(scenarioBox.currentText)
        sidesModel = ScenarioCatalog.scenarioSides(scenarioBox.currentText)
        options = ScenarioCatalog.houseRuleOptions(details.ruleSet || "")
        groups = ScenarioCatalog.houseRuleGroups(details.ruleSet || "")
        choices = {}
        setForSide = {}
        startError = ""
    }
    function chooseProfile(name) {
        setForSide = {}
        if (name === "" || calibration.loadProfile(name))
            profile = name
    }
    function chooseSet(side, index) {
        const copy = Object.assign({}, setForSide)
        copy[side] = index
        setForSide = copy
    }
    // Profiles saved in Settings since this page last looked.
    function refreshProfiles() {
        const path = calibration.storePath
        calibration.storePath = ""
        calibration.storePath = path
    }
    // Not inside a layout pass: resetting a Repeater's model there deletes items Qt 6.4's layouts are still
    // placing (a crash when the app opens on this page). These run once the event that asked for them is done.
    Timer { id: refreshLater; interval: 0; onTriggered: page.refreshProfiles() }
    Timer { id: loadLater; interval: 0; onTriggered: page.loadScenario() }
    onVisibleChanged: if (visible) refreshLater.restart()

    function start() {
        const players = []
        for (let i = 0; i < sides.count; ++i) {
            const row = sides.itemAt(i)
            const name = row.playerName.trim().length > 0 ? row.playerName.trim() : row.name
            const set = page.profile !== "" && setForSide[row.side] !== undefined ? setForSide[row.side] : -1
            players.push({ name: name, side: row.side, diceColour: set >= 0 ? calibration.diceSets.get(set).name : "" })
        }
        const setup = { dice: rollMode }
        if (profile !== "")
            setup.table = profile
        if (!GameController.startGame(scenarioBox.currentText, players, choices, setup)) {
            startError = GameController.lastError
            return
        }
        startError = ""
        if (profile !== "") {
            // Each set to the player who throws it (or to nobody), then the profile goes with the game.
            for (let s = 0; s < calibration.diceSets.count; ++s) {
                const owner = players.find(p => setForSide[p.side] === s)
                calibration.assignSet(s, owner ? owner.name : "")
            }
            calibration.attachTo(GameController)
        }
        page.gameStarted()
    }

    component SectionTitle: Label {
        font.pixelSize: Theme.fontBody
        font.bold: true
        color: Theme.text
        Layout.topMargin: 4
    }
    component Note: Label {
        Layout.fillWidth: true
        wrapMode: Text.WordWrap
        font.pixelSize: Theme.fontSmall
        color: Theme.textDim
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: Theme.spacing

        GridLayout {
            Layout.fillWidth: true
            Layout.fillHeight: true
            columns: page.wide ? 2 : 1
            columnSpacing: Theme.spacing
            rowSpacing: Theme.spacing

            // Scenario, players, dice.
            Rectangle {
                Layout.fillWidth: true
                Layout.fillHeight: page.wide
                Layout.preferredWidth: 5
                Layout.preferredHeight: page.wide ? -1 : Math.min(setupColumn.implicitHeight + 2 * Theme.spacing, page.height * 0.5)
                radius: Theme.radius
                color: Theme.surface
                Flickable {
                    id: setupFlick
                    anchors.fill: parent
                    anchors.margins: Theme.spacing
                    contentHeight: setupColumn.implicitHeight
                    clip: true
                    boundsBehavior: Flickable.StopAtBounds
                    ScrollBar.vertical: ScrollBar {}
                    ColumnLayout {
                        id: setupColumn
                        width: setupFlick.width
                        spacing: 10

                        SectionTitle { text: qsTr("Scenario") }
                        ComboBox {
                            id: scenarioBox
                            objectName: "scenarioBox"
                            Layout.fillWidth: true
                            Layout.preferredHeight: Theme.touchTarget
                            font.pixelSize: Theme.fontBody
                            model: ScenarioCatalog.scenarios
                            // Lint note: a QVariantList or QStringList is a JS array at run time; Qt 6.4's linter
                            // gives it no Array methods.
                            currentIndex: Math.max(0, ScenarioCatalog.scenarios.indexOf(ScenarioCatalog.preferredScenario)) // qmllint disable type
                            // The scenario's own name on screen; its file name stays the value (currentText).
                            displayText: ScenarioCatalog.scenarioTitle(currentText)
                            delegate: ItemDelegate {
                                required property string modelData
                                required property int index
                                width: scenarioBox.width // qmllint disable unqualified
                                height: Theme.touchTarget
                                font.pixelSize: Theme.fontBody
                                text: ScenarioCatalog.scenarioTitle(modelData)
                                highlighted: scenarioBox.highlightedIndex === index // qmllint disable unqualified
                            }
                            // The box can change its text inside a layout pass: the sides and house rules are replaced after it.
                            onCurrentTextChanged: loadLater.restart() // qmllint disable unqualified
                            Component.onCompleted: page.loadScenario()
                        }
                        Note {
                            visible: (page.details.name || "").length > 0
                            text: qsTr("Rules: %1").arg((page.details.ruleSet || "").toUpperCase())
                        }
                        // A scenario file whose side colours some players cannot tell apart: said, not refused.
                        Note {
                            objectName: "colourWarning"
                            visible: text.length > 0
                            text: page.details.colourWarning
                                  ? qsTr("Side colours: %1. The side's name is shown beside its colour.").arg(page.details.colourWarning)
                                  : ""
                            color: Theme.warning
                        }

                        SectionTitle { text: qsTr("Players and sides") }
                        Repeater {
                            id: sides
                            model: page.sidesModel
                            ColumnLayout {
                                id: sideRow
                                required property string side
                                required property string name
                                required property string colour
                                required property int index
                                property alias playerName: nameField.text
                                Layout.fillWidth: true
                                spacing: 6
                                RowLayout {
                                    Layout.fillWidth: true
                                    Rectangle {
                                        Layout.preferredWidth: 10
                                        Layout.fillHeight: true
                                        radius: 3
                                        color: sideRow.colour
                                    }
                                    Label {
                                        text: sideRow.name
                                        font.pixelSize: Theme.fontBody
                                        color: Theme.text
                                        Layout.preferredWidth: Math.min(190, setupColumn.width * 0.3) // qmllint disable unqualified
                                        elide: Text.ElideRight
                                    }
                                    TextField {
                                        id: nameField
                                        objectName: "player_" + sideRow.side
                                        Layout.fillWidth: true
                                        Layout.preferredHeight: Theme.touchTarget
                                        font.pixelSize: Theme.fontBody
                                        placeholderText: qsTr("Player's name")
                                    }
                                }
                                // The player's dice set, from the table profile.
                                Flow {
                                    Layout.fillWidth: true
                                    Layout.leftMargin: 18
                                    visible: page.profile !== "" && calibration.diceSets.count > 0 // qmllint disable unqualified
                                    spacing: 6
                                    ChoiceButton {
                                        objectName: "set_" + sideRow.side + "_none"
                                        text: qsTr("Any dice")
                                        chosen: page.setForSide[sideRow.side] === undefined || page.setForSide[sideRow.side] < 0 // qmllint disable unqualified
                                        onClicked: page.chooseSet(sideRow.side, -1) // qmllint disable unqualified
                                    }
                                    Repeater {
                                        model: page.profile !== "" ? calibration.diceSets : null // qmllint disable unqualified
                                        ChoiceButton {
                                            id: diceSet
                                            required property string name
                                            required property int samples
                                            required property color body
                                            required property int index
                                            objectName: "set_" + sideRow.side + "_" + index // qmllint disable unqualified
                                            text: name
                                            note: qsTr("%1 dice").arg(samples)
                                            chosen: page.setForSide[sideRow.side] === index // qmllint disable unqualified
                                            onClicked: page.chooseSet(sideRow.side, index) // qmllint disable unqualified
                                            Rectangle {
                                                x: 6
                                                y: 6
                                                width: 12
                                                height: 12
                                                radius: 3
                                                color: diceSet.body
                                                border.color: "#888"
                                            }
                                        }
                                    }
                                }
                            }
                        }

                        SectionTitle { text: qsTr("Dice") }
                        Flow {
                            Layout.fillWidth: true
                            spacing: 8
                            Repeater {
                                model: [
                                    { value: "camera", label: qsTr("Camera"),
                                      note: CameraService.demoFeed ? qsTr("none now: demo feed") : qsTr("reads the tray") },
                                    { value: "typed", label: qsTr("Keypad"), note: qsTr("players type them") },
                                    { value: "virtual", label: qsTr("Virtual"), note: qsTr("Muster rolls") }
                                ]
                                ChoiceButton {
                                    required property var modelData
                                    objectName: "roll_" + modelData.value
                                    text: modelData.label
                                    note: modelData.note
                                    chosen: page.rollMode === modelData.value // qmllint disable unqualified
                                    onClicked: page.rollMode = modelData.value // qmllint disable unqualified
                                }
                            }
                        }
                        Note { text: qsTr("How the game means to roll; any throw can still be typed or corrected.") }

                        SectionTitle { text: qsTr("Table profile") }
                        Flow {
                            Layout.fillWidth: true
                            visible: calibration.profiles.length > 0
                            spacing: 8
                            ChoiceButton {
                                objectName: "profile_none"
                                text: qsTr("None")
                                chosen: page.profile === ""
                                onClicked: page.chooseProfile("")
                            }
                            Repeater {
                                model: calibration.profiles
                                ChoiceButton {
                                    required property var modelData
                                    objectName: "profile_" + modelData
                                    text: modelData
                                    chosen: page.profile === modelData // qmllint disable unqualified
                                    onClicked: page.chooseProfile(modelData) // qmllint disable unqualified
                                }
                            }
                        }
                        Note {
                            visible: calibration.profiles.length > 0 && page.profile !== ""
                            text: calibration.diceSets.count > 0
                                  ? qsTr("Give each player the set they throw; the profile goes with the game.")
                                  : qsTr("This profile has no dice sets yet: learn them in Settings > Calibration.")
                        }
                        Note {
                            visible: calibration.failed
                            text: calibration.message
                            color: Theme.danger
                        }
                        RowLayout {
                            Layout.fillWidth: true
                            visible: calibration.profiles.length === 0
                            spacing: Theme.spacing
                            Note {
                                objectName: "noProfiles"
                                text: qsTr("No table profile yet. Make one in Settings > Calibration to have the camera read each player's dice; the game can start without one.")
                            }
                            BigButton {
                                text: qsTr("Settings")
                                // Lint note: the window is Main.qml, which holds the pages: naming its type here would
                                // make the types cyclic.
                                onClicked: ApplicationWindow.window.showPage("settings") // qmllint disable type
                            }
                        }
                    }
                }
            }

            // House rules.
            Rectangle {
                Layout.fillWidth: true
                Layout.fillHeight: true
                Layout.preferredWidth: 6
                radius: Theme.radius
                color: Theme.surface
                ColumnLayout {
                    anchors.fill: parent
                    anchors.margins: Theme.spacing
                    spacing: 8
                    RowLayout {
                        Layout.fillWidth: true
                        spacing: Theme.spacing
                        ColumnLayout {
                            Layout.fillWidth: true
                            spacing: 0
                            SectionTitle { text: qsTr("House rules") }
                            Note {
                                objectName: "houseRuleSummary"
                                text: page.options.length === 0
                                      ? qsTr("This rule set has no house-rule options.")
                                      : page.changedCount() === 0
                                        ? qsTr("All %1 as the rules are read by default. Open a group to change one.").arg(page.options.length)
                                        : qsTr("%1 of %2 changed from the defaults.").arg(page.changedCount()).arg(page.options.length)
                            }
                        }
                        BigButton {
                            objectName: "resetHouseRules"
                            text: qsTr("Defaults")
                            enabled: Object.keys(page.choices).length > 0
                            onClicked: page.choices = {}
                        }
                    }
                    Flickable {
                        id: rulesFlick
                        Layout.fillWidth: true
                        Layout.fillHeight: true
                        contentHeight: rulesColumn.implicitHeight
                        clip: true
                        boundsBehavior: Flickable.StopAtBounds
                        ScrollBar.vertical: ScrollBar {}
                        ColumnLayout {
                            id: rulesColumn
                            width: rulesFlick.width - 12 // room for the scroll bar
                            spacing: 8
                            Repeater {
                                model: page.groups
                                ColumnLayout {
                                    id: groupBox
                                    required property string modelData
                                    readonly property var members: page.options.filter(o => o.group === modelData) // qmllint disable unqualified
                                    readonly property bool open: page.openGroups[modelData] === true // qmllint disable unqualified
                                    Layout.fillWidth: true
                                    spacing: 10
                                    Button {
                                        id: groupHeader
                                        objectName: "group_" + groupBox.modelData
                                        Layout.fillWidth: true
                                        implicitHeight: Theme.touchTarget
                                        onClicked: page.toggleGroup(groupBox.modelData) // qmllint disable unqualified
                                        readonly property string countText: groupBox.members.length === 1
                                                                            ? qsTr("1 option")
                                                                            : qsTr("%1 options").arg(groupBox.members.length)
                                        readonly property int changed: {
                                            let n = 0
                                            for (const o of groupBox.members)
                                                if (page.valueOf(o) !== o.defaultValue)
                                                    ++n
                                            return n
                                        }
                                        background: Rectangle {
                                            radius: Theme.radius
                                            color: groupHeader.down ? Qt.darker(Theme.surfaceRaised, 1.4) : Theme.surfaceRaised
                                        }
                                        contentItem: RowLayout {
                                            spacing: 10
                                            Label {
                                                text: groupBox.open ? "\u25be" : "\u25b8"
                                                font.pixelSize: Theme.fontBody
                                                color: Theme.accent
                                            }
                                            Label {
                                                Layout.fillWidth: true
                                                text: groupBox.modelData
                                                font.pixelSize: Theme.fontBody
                                                font.bold: true
                                                color: Theme.text
                                                elide: Text.ElideRight
                                            }
                                            Label {
                                                text: groupHeader.changed > 0
                                                      ? qsTr("%1 \u00b7 %2 changed").arg(groupHeader.countText).arg(groupHeader.changed)
                                                      : groupHeader.countText
                                                font.pixelSize: Theme.fontSmall
                                                color: groupHeader.changed > 0 ? Theme.accent : Theme.textDim
                                            }
                                        }
                                    }
                                    Repeater {
                                        model: groupBox.open ? groupBox.members : []
                                        HouseRuleRow {
                                            required property var modelData
                                            Layout.fillWidth: true
                                            Layout.leftMargin: 8
                                            Layout.bottomMargin: 6
                                            option: modelData
                                            value: page.valueOf(modelData) // qmllint disable unqualified
                                            onChose: (v) => page.choose(modelData.key, v)
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }

        // Start, always in sight.
        RowLayout {
            Layout.fillWidth: true
            spacing: Theme.spacing
            Label {
                objectName: "startError"
                Layout.fillWidth: true
                text: page.startError
                color: Theme.danger
                wrapMode: Text.WordWrap
                font.pixelSize: Theme.fontSmall
            }
            BigButton {
                objectName: "startGame"
                Layout.preferredWidth: Math.min(page.width * 0.5, 420)
                text: qsTr("Start the game")
                highlighted: true
                tint: "#2e5d3a"
                enabled: scenarioBox.currentText.length > 0
                onClicked: page.start()
            }
        }
    }
}
