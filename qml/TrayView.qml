import QtQuick
import QtQuick.Controls
import Muster

// Lint note: a line ending in "qmllint disable unqualified" reads an id from outside its delegate, which is
// right; Qt 6.4's linter cannot see ids across a component's edge (6.5's pragma ComponentBehavior: Bound can).

// The tray as the camera sees it: the live frame (or the labelled demo feed), the calibrated tray outlined,
// every die read drawn over it with its value (unsure ones in amber with a "?", corrected ones in blue) and
// its owner by colour, and the feed's state. Tapping a die asks the page to correct it. Shown on the Dice
// page and, in a camera game, on the Game page while a throw is asked.
Rectangle {
    id: feedBox
    // A die was tapped: the page opens its correction for it.
    signal dieTapped(int index, int readValue, int value, bool unsure, bool maybeNotADie)
    // Whether the feed is drawn (a page not on screen stops the demo's animation).
    property bool running: true
    radius: Theme.radius
    color: "#000000"
    clip: true

    LiveFeedItem {
        id: live
        objectName: "liveFeed"
        anchors.fill: parent
        visible: CameraService.live || CameraService.hasFrame
        service: CameraService
    }
    DemoFeedItem {
        id: demo
        anchors.centerIn: parent
        width: Math.min(parent.width, parent.height * 4 / 3)
        height: width * 3 / 4
        visible: CameraService.demoFeed
        running: visible && feedBox.running
        diceCount: GameController.diceCount > 0 ? Math.min(GameController.diceCount, 12) : 7
    }
    // The tray the calibration watches, drawn where the frame is painted (green; red once the camera moved).
    Canvas {
        id: trayOutline
        objectName: "trayOutline"
        x: live.paintedRect.x
        y: live.paintedRect.y
        width: live.paintedRect.width
        height: live.paintedRect.height
        visible: live.visible && CameraService.trayRegion.length > 2
        readonly property var points: CameraService.trayRegion
        readonly property bool moved: CameraService.cameraMoved
        onPointsChanged: requestPaint()
        onMovedChanged: requestPaint()
        onWidthChanged: requestPaint()
        onHeightChanged: requestPaint()
        // (Not "region": Canvas's paint signal passes its own region.)
        onPaint: {
            const ctx = getContext("2d")
            ctx.reset()
            if (points.length < 3)
                return
            ctx.lineWidth = 3
            ctx.setLineDash([8, 6])
            ctx.strokeStyle = moved ? Theme.danger : "#66bb6a"
            ctx.beginPath()
            ctx.moveTo(points[0].x * width, points[0].y * height)
            for (let i = 1; i < points.length; ++i)
                ctx.lineTo(points[i].x * width, points[i].y * height)
            ctx.closePath()
            ctx.stroke()
        }
    }
    // The dice read, in frame-relative units mapped onto where the frame is painted.
    Item {
        id: overlay
        x: live.paintedRect.x
        y: live.paintedRect.y
        width: live.paintedRect.width
        height: live.paintedRect.height
        visible: live.visible && CameraService.dice.hasReading
        Repeater {
            model: CameraService.dice
            Item {
                id: mark
                required property int index
                required property int value
                required property int readValue
                required property bool unsure
                required property bool maybeNotADie
                required property bool resolved
                required property bool corrected
                required property bool removed
                required property real side
                required property real centreX
                required property real centreY
                required property real angle
                required property string ownerText
                required property bool ownerUnknown
                readonly property real edge: Math.max(18, side * overlay.width) // qmllint disable unqualified
                readonly property color tone: removed ? "#9e9e9e" : corrected ? "#42a5f5" : (!resolved ? Theme.warning : "#66bb6a")
                x: centreX * overlay.width - width / 2 // qmllint disable unqualified
                y: centreY * overlay.height - height / 2 // qmllint disable unqualified
                z: resolved ? 0 : 1 // a die waiting for a person stays readable among crowded labels
                width: Math.max(Theme.touchTarget, edge * 1.3)
                height: width
                Rectangle {
                    anchors.centerIn: parent
                    width: mark.edge
                    height: mark.edge
                    rotation: mark.angle
                    color: "transparent"
                    radius: 4
                    border.width: mark.resolved ? 3 : 5
                    border.color: mark.tone
                }
                Rectangle {
                    anchors.horizontalCenter: parent.horizontalCenter
                    anchors.bottom: parent.top
                    anchors.bottomMargin: -8
                    width: valueRow.implicitWidth + 14
                    height: valueLabel.implicitHeight + 2
                    radius: 6
                    color: "#dd000000"
                    border.color: mark.tone
                    Row {
                        id: valueRow
                        anchors.centerIn: parent
                        spacing: 6
                        Label {
                            id: valueLabel
                            text: mark.removed ? qsTr("not a die")
                                               : (mark.maybeNotADie && !mark.resolved ? qsTr("die? ") : "") + mark.value
                                                 + (!mark.resolved ? "?" : "") + (mark.corrected ? "\u270E" : "")
                            font.strikeout: mark.removed
                            font.pixelSize: Theme.fontBody + 2
                            font.bold: true
                            color: mark.tone
                        }
                        // Whose die by colour: the player (or the set), "whose?" for a colour nobody owns.
                        Label {
                            objectName: "dieOwner"
                            visible: mark.ownerText.length > 0
                            anchors.verticalCenter: parent.verticalCenter
                            text: mark.ownerText
                            font.pixelSize: Theme.fontSmall
                            font.bold: mark.ownerUnknown
                            color: mark.ownerUnknown ? Theme.warning : Theme.text
                        }
                    }
                }
                readonly property bool isDieMark: true
                function tapped() {
                    feedBox.dieTapped(mark.index, mark.readValue, mark.removed ? 0 : mark.value, mark.unsure, mark.maybeNotADie) // qmllint disable unqualified
                }
                // Where dice touch, their tap areas overlap: a tap there opens the zoomed view to pick the die.
                TapHandler {
                    onTapped: (eventPoint) => {
                        const p = mark.mapToItem(overlay, eventPoint.position.x, eventPoint.position.y)
                        const under = feedBox.marksAt(p)
                        if (under.length > 1)
                            zoom.openAt(p, under)
                        else
                            mark.tapped()
                    }
                }
            }
        }
    }
    // Labels on the feed: DEMO, or the feed and its state.
    Rectangle {
        anchors.top: parent.top
        anchors.left: parent.left
        anchors.margins: 12
        width: feedLabel.implicitWidth + 24
        height: 44
        radius: 6
        color: "#cc000000"
        border.color: CameraService.demoFeed ? Theme.warning : Theme.textDim
        Label {
            id: feedLabel
            anchors.centerIn: parent
            text: CameraService.demoFeed ? qsTr("DEMO FEED \u2014 not read")
                  : CameraService.live ? CameraService.feedDescription + "  \u00B7  " + feedBox.trayWords(CameraService.trayState)
                                         + (CameraService.calibrated ? "  \u00B7  " + qsTr("tray calibrated") : "")
                  : CameraService.feedDescription
            font.pixelSize: Theme.fontBody
            font.bold: CameraService.demoFeed
            color: CameraService.demoFeed ? Theme.warning : Theme.text
        }
    }
    Label {
        visible: !CameraService.demoFeed && !CameraService.hasFrame
        anchors.centerIn: parent
        width: parent.width - 48
        horizontalAlignment: Text.AlignHCenter
        wrapMode: Text.WordWrap
        text: CameraService.live ? qsTr("Waiting for the first frame\u2026") : qsTr("No feed. Choose a camera, a video or a photo folder in Settings.")
        font.pixelSize: Theme.fontBody
        color: Theme.textDim
    }

    // The die marks drawn now (for tests), and those whose tap areas hold the point p (overlay coordinates).
    function dieMarks() {
        const out = []
        for (let i = 0; i < overlay.children.length; ++i)
            if (overlay.children[i].isDieMark)
                out.push(overlay.children[i])
        return out
    }
    readonly property Popup zoomPopup: zoom
    function marksAt(p) {
        const out = []
        for (let i = 0; i < overlay.children.length; ++i) {
            const m = overlay.children[i]
            if (m.isDieMark && p.x >= m.x && p.x <= m.x + m.width && p.y >= m.y && p.y <= m.y + m.height)
                out.push(m)
        }
        return out
    }

    // Dice that touch, magnified: the frame around the tap three times larger, each die there a large button
    // at its place, so a finger picks the one it means.
    Popup {
        id: zoom
        objectName: "trayZoom"
        property point at: Qt.point(0, 0)
        property var marks: []
        // At least three times, and enough for a die to be about 96 px across (a small tray on a portrait screen).
        property real magnification: 3
        // The part of the frame shown, in the feed's coordinates.
        readonly property rect shown: Qt.rect(overlay.x + at.x - width / (2 * magnification),
                                              overlay.y + at.y - height / (2 * magnification),
                                              width / magnification, height / magnification)
        function openAt(p, under) {
            at = p
            marks = under
            const edges = under.map(m => m.edge).sort((a, b) => a - b)
            magnification = Math.max(3, 96 / Math.max(8, edges[Math.floor(edges.length / 2)]))
            open()
        }
        modal: true
        parent: Overlay.overlay
        width: parent ? Math.min(parent.width, parent.height) - 80 : 480
        height: width
        x: parent ? (parent.width - width) / 2 : 0
        y: parent ? (parent.height - height) / 2 : 0
        padding: 0
        background: Rectangle { color: "#000000"; border.color: Theme.accent; border.width: 2; radius: Theme.radius }
        contentItem: Item {
            clip: true
            ShaderEffectSource {
                anchors.fill: parent
                sourceItem: live
                sourceRect: zoom.shown
                // Drawn again at this size, from the frame, not enlarged. Lint note: textureSize is a QSize and QML
                // has only a QSizeF value (Qt.size); it is converted at run time.
                textureSize: Qt.size(width, height) // qmllint disable type
                live: zoom.visible
            }
            Repeater {
                model: zoom.marks
                BigButton {
                    required property var modelData
                    required property int index
                    objectName: "zoomDie_" + index
                    readonly property real centreX: (modelData.x + modelData.width / 2 + overlay.x - zoom.shown.x) * zoom.magnification
                    readonly property real centreY: (modelData.y + modelData.height / 2 + overlay.y - zoom.shown.y) * zoom.magnification
                    x: centreX - width / 2
                    y: centreY - height / 2
                    implicitWidth: Theme.touchTarget * 1.4
                    text: modelData.removed ? qsTr("not a die") : modelData.value + (!modelData.resolved ? "?" : "")
                    tint: "#55000000" // the die shows through
                    onClicked: {
                        zoom.close() // qmllint disable unqualified
                        modelData.tapped()
                    }
                }
            }
            Label {
                anchors.top: parent.top
                anchors.horizontalCenter: parent.horizontalCenter
                anchors.topMargin: 8
                width: Math.min(implicitWidth, parent.width - 16)
                padding: 6
                wrapMode: Text.WordWrap
                text: qsTr("These dice touch: tap the one you mean")
                font.pixelSize: Theme.fontBody
                color: Theme.text
                background: Rectangle { color: "#cc000000"; radius: 6 }
            }
        }
    }

    function trayWords(state) {
        switch (state) {
        case "moving": return qsTr("dice moving")
        case "hand": return qsTr("hand in the tray")
        case "still": return qsTr("settling\u2026")
        case "settled": return qsTr("settled")
        default: return qsTr("watching")
        }
    }
}
