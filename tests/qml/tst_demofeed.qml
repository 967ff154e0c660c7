import QtQuick
import QtTest
import Muster

// The demo feed: bounded dice count and a throw interval that cannot spin the CPU.
TestCase {
    name: "DemoFeed"

    Component {
        id: feedComponent
        DemoFeedItem {
            width: 400
            height: 300
        }
    }

    function test_diceCountIsClamped() {
        const feed = createTemporaryObject(feedComponent, this)
        feed.diceCount = 100
        compare(feed.diceCount, 30)
        feed.diceCount = -3
        compare(feed.diceCount, 0)
    }

    function test_throwIntervalHasAFloor() {
        const feed = createTemporaryObject(feedComponent, this)
        feed.throwIntervalMs = 10
        compare(feed.throwIntervalMs, 500)
    }

    function test_runningTogglesTheTimer() {
        const feed = createTemporaryObject(feedComponent, this)
        verify(!feed.running)
        feed.running = true
        verify(feed.running)
        feed.running = false
        verify(!feed.running)
    }

    function test_cameraServiceSaysWhichFeed() {
        // No camera on a CI machine: the service must say the demo feed is in use, in words.
        verify(CameraService.feedDescription.length > 0)
        compare(CameraService.demoFeed, !CameraService.cameraAvailable || CameraService.feedDescription.indexOf("--demo") >= 0)
    }
}
