import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Muster

// Lint note: a line ending in "qmllint disable unqualified" reads an id from outside its delegate, which is
// right; Qt 6.4's linter cannot see ids across a component's edge (6.5's pragma ComponentBehavior: Bound can).

// Settings: the calibration wizard (sheet, tray, result, table profile), each player's dice set, printing the chit
// and calibration sheets, and the camera with the house rules of the game in play.
PageFrame {
    id: page
    title: qsTr("Settings")
    subtitle: qsTr("Calibrate the table, give each player a dice set, print chits and the sheet, check the camera.")

    property string section: "calibrate"
    property int step: 0 // calibration wizard step, 0-3
    readonly property bool narrow: width < 1000
    readonly property var stepTitles: [qsTr("Print the sheet"), qsTr("Lay it in the tray"), qsTr("Capture"), qsTr("Result and profile")]

    CalibrationController {
        id: calibration
        camera: CameraService
    }
    PrintController { id: printer }
    readonly property CalibrationController calibrationController: calibration // for tests
    readonly property PrintController printController: printer // for tests
    // A resumed game brings back the calibration attached to it, and a new game the table profile New game
    // attached just after it started (the page exists from the app's start, so it listens for both).
    property string loadedPayload: ""
    function loadGameCalibration() {
        if (GameController.active && GameController.calibrationPayload !== page.loadedPayload) {
            page.loadedPayload = GameController.calibrationPayload
            calibration.loadFromPayload(GameController.calibrationPayload, 0, 0, true)
        }
    }
    Connections {
        target: GameController
        function onGameChanged() {
            page.loadedPayload = ""
            page.loadGameCalibration()
        }
        function onCalibrationChanged() { page.loadGameCalibration() }
    }
    Component.onCompleted: loadGameCalibration()

    // Which purpose the photo picker was opened for.
    property string pickFor: "tray"
    // The game's house rules in words: [{label, value, changed}] from the register's labels (key and raw value
    // when the register does not know a key).
    readonly property var ruleRows: {
        const rules = GameController.houseRules
        if (rules.length === 0)
            return []
        const known = {}
        for (const o of ScenarioCatalog.houseRuleOptions(rules[0].key.split(".")[0]))
            known[o.key] = o
        return rules.map(r => {
            const o = known[r.key]
            if (!o)
                return { label: r.key, value: r.value, changed: false }
            const choice = (o.choices || []).find(c => c.value === r.value)
            return { label: o.label, value: choice ? choice.label : r.value, changed: r.value !== o.defaultValue }
        })
    }
    readonly property var changedRules: ruleRows.filter(r => r.changed)
    PhotoPicker {
        id: picker
        lister: calibration
        folder: calibration.photoFolder
        onPicked: path => {
            calibration.photoFolder = folder
            if (page.pickFor === "tray") {
                if (calibration.usePhoto(path))
                    page.step = 3
            } else if (page.pickFor === "teach") {
                calibration.teachThrow(path)
            } else {
                calibration.learnDiceSets(path)
            }
        }
    }

    component SectionTitle: Label {
        font.pixelSize: Theme.fontTitle - 4
        font.bold: true
        color: Theme.text
        wrapMode: Text.WordWrap
        Layout.fillWidth: true
    }
    component Body: Label {
        font.pixelSize: Theme.fontBody + 2
        color: Theme.text
        wrapMode: Text.WordWrap
        Layout.fillWidth: true
    }
    component Note: Label {
        font.pixelSize: Theme.fontSmall + 1
        color: Theme.textDim
        wrapMode: Text.WordWrap
        Layout.fillWidth: true
    }
    // The outcome of the last action: where a PDF went, what was found, or what went wrong.
    component Message: Rectangle {
        property string text
        property bool failed
        visible: text.length > 0
        Layout.fillWidth: true
        implicitHeight: messageLabel.implicitHeight + 20
        radius: Theme.radius
        color: failed ? "#3a1c1c" : "#1c2f22"
        border.color: failed ? Theme.danger : "#3fae6a"
        Label {
            id: messageLabel
            anchors.fill: parent
            anchors.margins: 10
            text: parent.text
            font.pixelSize: Theme.fontBody
            color: Theme.text
            wrapMode: Text.Wrap // words first; a long path may still break anywhere
        }
    }
    component Choice: BigButton {
        property string value
        property string current
        highlighted: value === current
        implicitWidth: Math.max(110, contentItem.implicitWidth + 36)
    }
    // A length in mm set with two big buttons (10 mm a tap), for the tray's size.
    component MmStepper: RowLayout {
        id: stepper
        property real value
        property real minimum: 0
        signal stepped(real value)
        spacing: 4
        BigButton { implicitWidth: Theme.touchTarget; text: "\u2212"; onClicked: stepper.stepped(Math.max(stepper.minimum, stepper.value - 10)) }
        Label {
            Layout.preferredWidth: 96
            horizontalAlignment: Text.AlignHCenter
            text: Math.round(stepper.value) + " mm"
            font.pixelSize: Theme.fontBody + 2
            font.bold: true
            color: Theme.text
        }
        BigButton { implicitWidth: Theme.touchTarget; text: "+"; onClicked: stepper.stepped(stepper.value + 10) }
    }
    component Figure: ColumnLayout {
        property string label
        property string value
        property bool bad: false
        spacing: 0
        Label { text: parent.label; font.pixelSize: Theme.fontSmall; color: Theme.textDim }
        Label { text: parent.value; font.pixelSize: Theme.fontTitle; font.bold: true; color: parent.bad ? Theme.warning : Theme.text }
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: Theme.spacing

        Flow {
            Layout.fillWidth: true
            spacing: 8
            Repeater {
                model: [{ key: "calibrate", label: qsTr("Calibrate the tray") }, { key: "dice", label: qsTr("Dice sets") },
                        { key: "print", label: qsTr("Print") }, { key: "game", label: qsTr("Camera and house rules") },
                        { key: "tableview", label: qsTr("Table view") }]
                BigButton {
                    required property var modelData
                    objectName: "section_" + modelData.key
                    text: modelData.label
                    highlighted: page.section === modelData.key // qmllint disable unqualified
                    tint: page.section === modelData.key ? "#3b3320" : Theme.surfaceRaised // qmllint disable unqualified
                    onClicked: page.section = modelData.key // qmllint disable unqualified
                }
            }
        }

        // The house rules of the game in play stay in sight whatever the section.
        Label {
            objectName: "houseRulesSummary"
            visible: GameController.active
            Layout.fillWidth: true
            text: page.changedRules.length === 0
                  ? qsTr("House rules of this game: all as the rules are read by default.")
                  : qsTr("House rules changed for this game: %1").arg(page.changedRules.map(r => r.label + ": " + r.value).join("; "))
            font.pixelSize: Theme.fontSmall
            color: Theme.textDim
            elide: Text.ElideRight // one line; the whole list is under "Camera and house rules"
            Layout.minimumHeight: Theme.touchTarget // a tap target: it opens that section
            verticalAlignment: Text.AlignVCenter
            TapHandler { onTapped: page.section = "game" }
        }

        StackLayout {
            Layout.fillWidth: true
            Layout.fillHeight: true
            // Lint note: a QVariantList or QStringList is a JS array at run time; Qt 6.4's linter gives it no Array
            // methods.
            currentIndex: ["calibrate", "dice", "print", "game", "tableview"].indexOf(page.section) // qmllint disable type

            // ---- Calibration wizard -------------------------------------------------------------------------------
            ColumnLayout {
                spacing: Theme.spacing
                Flow {
                    Layout.fillWidth: true
                    spacing: 6
                    Repeater {
                        model: page.stepTitles
                        BigButton {
                            required property int index
                            required property string modelData
                            objectName: "step_" + index
                            text: (index + 1) + ". " + modelData
                            highlighted: page.step === index // qmllint disable unqualified
                            enabled: index < 3 || calibration.hasResult // qmllint disable unqualified
                            implicitWidth: page.narrow ? 150 : 220 // qmllint disable unqualified
                            onClicked: page.step = index // qmllint disable unqualified
                        }
                    }
                }
                Flickable {
                    Layout.fillWidth: true
                    Layout.fillHeight: true
                    clip: true
                    contentHeight: stepBody.implicitHeight
                    boundsBehavior: Flickable.StopAtBounds
                    ScrollBar.vertical: ScrollBar {}

                    StackLayout {
                        id: stepBody
                        width: parent.width
                        currentIndex: page.step
                        implicitHeight: children[currentIndex] ? children[currentIndex].implicitHeight : 0

                        // 1. Print the sheet
                        ColumnLayout {
                            spacing: Theme.spacing
                            SectionTitle { text: qsTr("Step 1: print the calibration sheet") }
                            Body { text: qsTr("Four square markers and a ruler. Print it at 100% (no \"fit to page\"): the ruler must measure 10 cm.") }
                            Flow {
                                Layout.fillWidth: true
                                spacing: 8
                                Choice { text: "A4"; value: "a4"; current: calibration.paper; onClicked: calibration.paper = "a4" }
                                Choice { text: qsTr("Letter"); value: "letter"; current: calibration.paper; onClicked: calibration.paper = "letter" }
                                BigButton {
                                    objectName: "writeSheet"
                                    text: qsTr("Write the sheet PDF")
                                    tint: "#2d3b2a"
                                    onClicked: calibration.writeSheet()
                                }
                            }
                            Message { text: calibration.message; failed: calibration.failed }
                            BigButton { text: qsTr("Next: lay it in the tray") + "  \u25B6"; onClicked: page.step = 1 }
                        }

                        // 2. Lay it in the tray
                        ColumnLayout {
                            spacing: Theme.spacing
                            SectionTitle { text: qsTr("Step 2: lay the sheet in the tray") }
                            Body {
                                text: qsTr("\u2022 Flat, where the dice land, all four corner markers in the camera's view.") + "\n"
                                      + qsTr("\u2022 The camera where it stays for the game; the light you play in.") + "\n"
                                      + qsTr("\u2022 Nothing on the markers: no dice, no hands.")
                            }
                            Flow {
                                Layout.fillWidth: true
                                spacing: 8
                                Label { height: Theme.touchTarget; verticalAlignment: Text.AlignVCenter; text: qsTr("Die edge on this table"); font.pixelSize: Theme.fontBody; color: Theme.textDim }
                                Repeater {
                                    model: [12, 16, 19]
                                    Choice {
                                        required property int modelData
                                        text: modelData + " mm"
                                        value: String(modelData)
                                        current: String(Math.round(calibration.dieSizeMm)) // qmllint disable unqualified
                                        onClicked: calibration.dieSizeMm = modelData // qmllint disable unqualified
                                    }
                                }
                            }
                            Flow {
                                Layout.fillWidth: true
                                spacing: 8
                                Label { height: Theme.touchTarget; verticalAlignment: Text.AlignVCenter; text: qsTr("Where to look for dice"); font.pixelSize: Theme.fontBody; color: Theme.textDim }
                                Choice {
                                    objectName: "watchTray"
                                    text: qsTr("The whole tray")
                                    value: "tray"
                                    current: calibration.trayWidthMm > 0 ? "tray" : "sheet"
                                    onClicked: if (calibration.trayWidthMm <= 0) { calibration.trayWidthMm = 400; calibration.trayHeightMm = 300 }
                                }
                                Choice {
                                    objectName: "watchSheet"
                                    text: qsTr("The sheet only")
                                    value: "sheet"
                                    current: calibration.trayWidthMm > 0 ? "tray" : "sheet"
                                    onClicked: { calibration.trayWidthMm = 0; calibration.trayHeightMm = 0 }
                                }
                            }
                            Flow {
                                Layout.fillWidth: true
                                visible: calibration.trayWidthMm > 0
                                spacing: Theme.spacing
                                Label { height: Theme.touchTarget; verticalAlignment: Text.AlignVCenter; text: qsTr("Tray inside: across the sheet"); font.pixelSize: Theme.fontBody; color: Theme.text }
                                MmStepper { value: calibration.trayWidthMm; minimum: calibration.paper === "a4" ? 210 : 220; onStepped: v => calibration.trayWidthMm = v }
                                Label { height: Theme.touchTarget; verticalAlignment: Text.AlignVCenter; text: qsTr("along it"); font.pixelSize: Theme.fontBody; color: Theme.text }
                                MmStepper { value: calibration.trayHeightMm; minimum: calibration.paper === "a4" ? 300 : 280; onStepped: v => calibration.trayHeightMm = v }
                            }
                            Label { visible: calibration.trayWidthMm > 0; text: qsTr("The sheet lies in the tray's \u2026 (as the sheet reads, marker 0 at its top left)"); font.pixelSize: Theme.fontBody; color: Theme.textDim }
                            Flow {
                                Layout.fillWidth: true
                                visible: calibration.trayWidthMm > 0
                                spacing: 8
                                Repeater {
                                    model: [{ key: "middle", label: qsTr("middle") }, { key: "top-left", label: qsTr("top left") },
                                            { key: "top-right", label: qsTr("top right") }, { key: "bottom-left", label: qsTr("bottom left") },
                                            { key: "bottom-right", label: qsTr("bottom right") }]
                                    Choice {
                                        required property var modelData
                                        text: modelData.label
                                        value: modelData.key
                                        current: calibration.sheetAt // qmllint disable unqualified
                                        onClicked: calibration.sheetAt = modelData.key // qmllint disable unqualified
                                    }
                                }
                            }
                            Note {
                                text: calibration.trayWidthMm > 0
                                      ? qsTr("Dice outside the tray are not read, and a hand outside it does not hold a throw.")
                                      : qsTr("Only dice on the sheet's area are read: choose the whole tray to read them wherever they land.")
                            }
                            BigButton { text: qsTr("Next: capture") + "  \u25B6"; onClicked: page.step = 2 }
                        }

                        // 3. Capture
                        ColumnLayout {
                            spacing: Theme.spacing
                            SectionTitle { text: qsTr("Step 3: capture the tray") }
                            Body { text: qsTr("Take the camera's current frame, or use a photo of the sheet in the tray taken from the camera's place.") }
                            Flow {
                                Layout.fillWidth: true
                                spacing: 8
                                BigButton {
                                    objectName: "captureFrame"
                                    text: qsTr("Capture from the camera")
                                    tint: "#2d3b2a"
                                    onClicked: if (calibration.capture()) page.step = 3
                                }
                                BigButton {
                                    objectName: "usePhoto"
                                    text: qsTr("Use a photo\u2026")
                                    onClicked: { page.pickFor = "tray"; picker.open() }
                                }
                            }
                            Message { text: calibration.message; failed: calibration.failed }
                        }

                        // 4. Result and profile
                        GridLayout {
                            columns: page.narrow ? 1 : 2
                            columnSpacing: Theme.spacing
                            rowSpacing: Theme.spacing
                            Image {
                                objectName: "calibrationOverlay"
                                Layout.preferredWidth: page.narrow ? page.width - 2 * Theme.spacing : page.width * 0.48
                                Layout.preferredHeight: Layout.preferredWidth * 0.75
                                Layout.alignment: Qt.AlignTop
                                source: calibration.overlayUrl
                                fillMode: Image.PreserveAspectFit
                                cache: false
                                asynchronous: true
                                Rectangle {
                                    anchors.fill: parent
                                    visible: parent.status !== Image.Ready
                                    color: Theme.surface
                                    radius: Theme.radius
                                    Label {
                                        anchors.centerIn: parent
                                        width: parent.width - 40
                                        horizontalAlignment: Text.AlignHCenter
                                        wrapMode: Text.WordWrap
                                        text: calibration.hasResult ? qsTr("Loaded from a profile: no frame to show.") : qsTr("No calibration yet.")
                                        font.pixelSize: Theme.fontBody
                                        color: Theme.textDim
                                    }
                                }
                            }
                            ColumnLayout {
                                Layout.fillWidth: true
                                Layout.alignment: Qt.AlignTop
                                spacing: Theme.spacing
                                Message { text: calibration.message; failed: calibration.failed }
                                BigButton {
                                    objectName: "attachProfile"
                                    Layout.fillWidth: true
                                    text: GameController.active ? qsTr("Use for this game") : qsTr("Use for this game (no game in play)")
                                    enabled: calibration.hasResult && GameController.active
                                    tint: "#2d3b2a"
                                    onClicked: calibration.attachTo(GameController)
                                }
                                RowLayout {
                                    Layout.fillWidth: true
                                    spacing: 8
                                    TextField {
                                        id: profileName
                                        objectName: "profileName"
                                        Layout.fillWidth: true
                                        Layout.preferredHeight: Theme.touchTarget
                                        placeholderText: qsTr("Table name, e.g. kitchen table")
                                        text: calibration.profileName
                                        font.pixelSize: Theme.fontBody
                                        color: Theme.text
                                    }
                                    BigButton {
                                        objectName: "saveProfile"
                                        text: qsTr("Save profile")
                                        enabled: calibration.hasResult
                                        onClicked: calibration.saveProfile(profileName.text)
                                    }
                                }
                                GridLayout {
                                    columns: 3
                                    columnSpacing: Theme.spacing * 2
                                    rowSpacing: 8
                                    Figure { label: qsTr("markers found"); value: calibration.markersFound + " / 4"; bad: calibration.markersFound < 4 }
                                    Figure { label: qsTr("worst corner error"); value: calibration.cornerErrorMm.toFixed(2) + " mm"; bad: calibration.cornerErrorMm > 1 }
                                    Figure { label: qsTr("die size"); value: calibration.dieSizePx.toFixed(1) + " px"; bad: calibration.dieSizePx > 0 && calibration.dieSizePx < 15 }
                                    Figure { label: qsTr("scale"); value: calibration.pxPerMm.toFixed(2) + " px/mm" }
                                    Figure { label: qsTr("camera"); value: calibration.resolution }
                                    Figure { label: qsTr("dice sets"); value: String(calibration.diceSets.count) }
                                }
                                Note { text: qsTr("Green: the area watched for dice (%1). Red: the markers. Orange: one die's size.").arg(calibration.regionText) }
                                Repeater {
                                    model: calibration.lightWarnings
                                    Label {
                                        required property string modelData
                                        text: "\u26A0 " + modelData
                                        font.pixelSize: Theme.fontBody
                                        color: Theme.warning
                                        wrapMode: Text.WordWrap
                                        Layout.fillWidth: true
                                    }
                                }
                                Label {
                                    visible: calibration.hasResult && calibration.lightWarnings.length === 0 && String(calibration.overlayUrl).length > 0
                                    text: qsTr("Light: fine.")
                                    font.pixelSize: Theme.fontBody
                                    color: Theme.textDim
                                }
                            }
                        }
                    }
                }
                // Stored table profiles, reusable at the next game on this table.
                Flow {
                    Layout.fillWidth: true
                    spacing: 8
                    visible: calibration.profiles.length > 0 || GameController.active
                    Label {
                        height: Theme.touchTarget
                        verticalAlignment: Text.AlignVCenter
                        text: qsTr("Table profiles:")
                        font.pixelSize: Theme.fontBody
                        color: Theme.textDim
                    }
                    Repeater {
                        model: calibration.profiles
                        BigButton {
                            required property string modelData
                            text: modelData
                            highlighted: calibration.profileName === modelData // qmllint disable unqualified
                            onClicked: if (calibration.loadProfile(modelData)) page.step = 3 // qmllint disable unqualified
                        }
                    }
                    BigButton {
                        visible: GameController.active
                        text: qsTr("This game's calibration")
                        onClicked: if (calibration.loadFromPayload(GameController.calibrationPayload)) page.step = 3
                    }
                }
            }

            // ---- Dice sets ----------------------------------------------------------------------------------------
            Flickable {
                clip: true
                contentHeight: diceColumn.implicitHeight
                boundsBehavior: Flickable.StopAtBounds
                ColumnLayout {
                    id: diceColumn
                    width: parent.width
                    spacing: Theme.spacing
                    SectionTitle { text: qsTr("Whose dice are whose") }
                    Body { text: qsTr("Every player throws their own dice into the tray together, dice apart. Muster groups them by colour; tap a player under each colour. A colour nobody owns is asked about during play, never guessed.") }
                    Note {
                        visible: !calibration.hasResult
                        text: qsTr("Calibrate the tray first (or load a table profile): the dice sets are kept in it.")
                        color: Theme.warning
                    }
                    Flow {
                        Layout.fillWidth: true
                        spacing: 8
                        BigButton {
                            text: qsTr("Capture the throw")
                            enabled: calibration.hasResult
                            tint: "#2d3b2a"
                            onClicked: calibration.learnDiceSets("")
                        }
                        BigButton {
                            text: qsTr("Use a photo\u2026")
                            enabled: calibration.hasResult
                            onClicked: { page.pickFor = "dice"; picker.open() }
                        }
                    }
                    Message { text: calibration.message; failed: calibration.failed }
                    Repeater {
                        model: calibration.diceSets
                        Rectangle {
                            id: setCard
                            required property string name
                            required property string player
                            required property color body
                            required property color pip
                            required property int samples
                            required property string faces
                            required property int index
                            Layout.fillWidth: true
                            implicitHeight: setRow.implicitHeight + 20
                            radius: Theme.radius
                            color: Theme.surface
                            border.color: player === "" ? Theme.warning : "transparent"
                            RowLayout {
                                id: setRow
                                anchors.fill: parent
                                anchors.margins: 10
                                spacing: Theme.spacing
                                // The learnt body colour with a pip in the pip colour.
                                Rectangle {
                                    Layout.preferredWidth: 64
                                    Layout.preferredHeight: 64
                                    radius: 10
                                    color: setCard.body
                                    border.color: "#888"
                                    Rectangle { anchors.centerIn: parent; width: 16; height: 16; radius: 8; color: setCard.pip }
                                }
                                ColumnLayout {
                                    Layout.preferredWidth: 200
                                    Label { text: setCard.name; font.pixelSize: Theme.fontBody; font.bold: true; color: Theme.text }
                                    Label {
                                        text: setCard.player === "" ? qsTr("%1 dice \u2014 whose?").arg(setCard.samples) : qsTr("%1 dice \u2014 %2").arg(setCard.samples).arg(setCard.player)
                                        font.pixelSize: Theme.fontSmall
                                        color: setCard.player === "" ? Theme.warning : Theme.textDim
                                    }
                                    Label {
                                        visible: setCard.faces !== ""
                                        text: qsTr("faces %1").arg(setCard.faces)
                                        font.pixelSize: Theme.fontSmall
                                        color: Theme.textDim
                                        wrapMode: Text.WordWrap
                                        Layout.preferredWidth: 200
                                    }
                                }
                                Flow {
                                    Layout.fillWidth: true
                                    spacing: 6
                                    Repeater {
                                        // Empty without a game.
                                        model: GameController.players
                                        BigButton {
                                            required property string name
                                            text: name
                                            highlighted: setCard.player === name // qmllint disable unqualified
                                            onClicked: calibration.assignSet(setCard.index, name) // qmllint disable unqualified
                                        }
                                    }
                                    Label {
                                        visible: !GameController.active
                                        text: qsTr("Start a game to give sets to its players.")
                                        font.pixelSize: Theme.fontSmall
                                        color: Theme.textDim
                                    }
                                }
                            }
                        }
                    }
                    Note {
                        visible: calibration.diceSets.count > 0
                        text: qsTr("Then save the profile (step 4 of the calibration) so the sets are kept with the table and the game.")
                    }
                    FaceTeacher {
                        objectName: "faceTeacher"
                        Layout.fillWidth: true
                        Layout.topMargin: Theme.spacing
                        calibration: page.calibrationController
                        onPhotoWanted: { page.pickFor = "teach"; picker.open() }
                    }
                }
            }

            // ---- Printing -----------------------------------------------------------------------------------------
            Flickable {
                clip: true
                contentHeight: printColumn.implicitHeight
                boundsBehavior: Flickable.StopAtBounds
                ColumnLayout {
                    id: printColumn
                    width: parent.width
                    spacing: Theme.spacing
                    SectionTitle { text: qsTr("Order chits and the calibration sheet") }
                    Note { text: qsTr("PDFs go to %1. Print them at 100%.").arg(printer.folder) }
                    Label { text: qsTr("Paper"); font.pixelSize: Theme.fontBody; color: Theme.textDim }
                    Flow {
                        Layout.fillWidth: true
                        spacing: 8
                        Choice { text: "A4"; value: "a4"; current: printer.paper; onClicked: { printer.paper = "a4"; calibration.paper = "a4" } }
                        Choice { text: qsTr("Letter"); value: "letter"; current: printer.paper; onClicked: { printer.paper = "letter"; calibration.paper = "letter" } }
                    }
                    Label { text: qsTr("Chit label (the coin it goes on)"); font.pixelSize: Theme.fontBody; color: Theme.textDim }
                    Flow {
                        Layout.fillWidth: true
                        spacing: 8
                        Repeater {
                            model: [{ mm: 19.05, label: qsTr("19 mm (US penny)") }, { mm: 22.25, label: qsTr("22 mm (2p / 20 cent)") },
                                    { mm: 24.26, label: qsTr("24 mm (quarter)") }, { mm: 30, label: qsTr("30 mm") }]
                            Choice {
                                required property var modelData
                                text: modelData.label
                                value: String(modelData.mm)
                                current: String(printer.labelMm) // qmllint disable unqualified
                                onClicked: printer.labelMm = modelData.mm // qmllint disable unqualified
                            }
                        }
                    }
                    Label { text: qsTr("Code"); font.pixelSize: Theme.fontBody; color: Theme.textDim }
                    Flow {
                        Layout.fillWidth: true
                        spacing: 8
                        Choice { text: qsTr("Micro QR (small chits)"); value: "microqr"; current: printer.code; onClicked: printer.code = "microqr" }
                        Choice { text: qsTr("QR"); value: "qr"; current: printer.code; onClicked: printer.code = "qr" }
                    }
                    Label { text: qsTr("Scenario"); font.pixelSize: Theme.fontBody; color: Theme.textDim }
                    Flow {
                        Layout.fillWidth: true
                        spacing: 8
                        BigButton {
                            objectName: "printGameChits"
                            visible: GameController.active
                            text: qsTr("Chits for this game (%1)").arg(GameController.scenarioName)
                            tint: "#2d3b2a"
                            onClicked: printer.printGameChits(GameController.gamePath)
                        }
                        Repeater {
                            model: ScenarioCatalog.scenarios
                            BigButton {
                                required property string modelData
                                objectName: "printChits_" + modelData
                                text: qsTr("Chits: %1").arg(modelData)
                                onClicked: printer.printScenarioChits(modelData) // qmllint disable unqualified
                            }
                        }
                    }
                    Message { text: printer.message; failed: printer.failed }
                    BigButton {
                        objectName: "printSheet"
                        text: qsTr("Calibration sheet (%1)").arg(calibration.paper === "a4" ? "A4" : qsTr("Letter"))
                        onClicked: calibration.writeSheet(printer.folder)
                    }
                    Message { visible: calibration.sheetPath.length > 0; text: calibration.sheetPath.length > 0 ? qsTr("PDF written to %1").arg(calibration.sheetPath) : ""; failed: false }
                }
            }

            // ---- Camera and house rules --------------------------------------------------------------------------
            ColumnLayout {
                spacing: Theme.spacing
                CameraSettings { objectName: "cameraSettings"; Layout.fillWidth: true }
                Label { text: qsTr("Games folder"); font.pixelSize: Theme.fontBody; font.bold: true; color: Theme.text }
                Label { text: SavedGames.gamesFolder; font.pixelSize: Theme.fontSmall + 1; color: Theme.textDim; wrapMode: Text.WrapAnywhere; Layout.fillWidth: true }
                Label { text: qsTr("House rules of this game"); font.pixelSize: Theme.fontBody; font.bold: true; color: Theme.text }
                ListView {
                    Layout.fillWidth: true
                    Layout.fillHeight: true
                    clip: true
                    model: page.ruleRows
                    delegate: Label {
                        required property var modelData
                        width: ListView.view.width
                        text: modelData.label + ": " + modelData.value + (modelData.changed ? qsTr("  (changed)") : "")
                        elide: Text.ElideRight
                        font.pixelSize: Theme.fontSmall + 1
                        font.bold: modelData.changed
                        color: modelData.changed ? Theme.warning : Theme.textDim
                    }
                    Label {
                        anchors.centerIn: parent
                        visible: parent.count === 0
                        text: qsTr("No game in progress.")
                        font.pixelSize: Theme.fontSmall
                        color: Theme.textDim
                    }
                }
            }

            // ---- Table view: the players' phones ----------------------------------------------------------------
            TableViewSettings { objectName: "tableViewSettings" }
        }
    }
}
