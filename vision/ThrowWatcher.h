#pragma once

// ThrowWatcher: decides from a stream of frames when a throw has settled and should be read, once per throw.
//
// Each frame is shrunk to a small grey image. Motion is the share of pixels that changed since the previous
// frame; a hand is a large skin-coloured blob. After `settleFrames` still frames with no hand the watcher
// reports "settled" once; it reports a new throw when the still scene differs from the last settled one.

#include "vision/VisionError.h"

#include <opencv2/core.hpp>

#include <vector>

namespace muster::vision {

struct ThrowWatcherOptions {
    int settleFrames = 6;         // still frames in a row before a throw counts as settled
    int workWidth = 240;          // frames are compared at this width
    int pixelChange = 18;         // grey-level step that counts a pixel as changed
    double motionAbove = 0.004;   // share of changed pixels that means "moving"
    double newThrowAbove = 0.003; // share of pixels that differ from the last settled scene for a new throw
    double handAbove = 0.02;      // share of the frame a single skin-coloured blob must cover to be a hand
    std::vector<cv::Point2f> trayPolygon; // frame pixels; empty means the whole frame
};

enum class TrayState {
    Waiting, // no frame yet, or the first frames of a scene
    Moving,  // something changes from frame to frame
    HandIn,  // a hand (large skin-coloured blob) is in the tray
    Still,   // no motion, counting up to settled
    Settled, // settled and reported; stays here until the tray changes
};

struct WatchEvent {
    TrayState state = TrayState::Waiting;
    bool settled = false;  // true on exactly one frame per throw: read the dice now
    bool newThrow = false; // true on the frame where the tray first differs from the last settled throw
    double motion = 0.0;   // share of pixels changed since the previous frame
    double hand = 0.0;     // share of the frame covered by the largest skin-coloured blob
};

class ThrowWatcher {
public:
    explicit ThrowWatcher(const ThrowWatcherOptions& options = {});

    // frame: 8-bit BGR, the same size each time (a size change restarts the watch).
    Result<WatchEvent> feed(const cv::Mat& frame);
    void reset();

    TrayState state() const { return m_state; }
    int throwsSettled() const { return m_throws; }

private:
    double changedShare(const cv::Mat& a, const cv::Mat& b) const;
    double handShare(const cv::Mat& smallBgr) const;

    ThrowWatcherOptions m_options;
    TrayState m_state = TrayState::Waiting;
    cv::Size m_frameSize;
    cv::Mat m_mask;        // tray region at work size (255 inside)
    cv::Mat m_previous;    // last frame, small grey
    cv::Mat m_settledGrey; // scene of the last settled throw
    int m_stillCount = 0;
    int m_throws = 0;
    bool m_changedSinceSettled = true;
};

const char* trayStateName(TrayState state);

} // namespace muster::vision
