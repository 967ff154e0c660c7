pragma Singleton
import QtQuick

// Colours and sizes for a dark, high-contrast table-side theme. Touch targets stay at or above 48 px (about 9 mm on
// a 10" 1280x800 tablet).
QtObject {
    readonly property color background: "#121417"
    readonly property color surface: "#1d2126"
    readonly property color surfaceRaised: "#272c33"
    readonly property color text: "#f2f2f2"
    readonly property color textDim: "#a9b0b8"
    readonly property color accent: "#ffb300"
    readonly property color sideFallback: "#5b8def" // a side whose colour is unknown
    readonly property color ok: "#3fae6a"
    readonly property color danger: "#ef5350"
    readonly property color warning: "#ffca28"

    readonly property int touchTarget: 56
    readonly property int spacing: 16
    readonly property int radius: 10
    readonly property int fontSmall: 16
    readonly property int fontBody: 20
    readonly property int fontTitle: 30
    readonly property int fontHuge: 44
}
