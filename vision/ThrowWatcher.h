#pragma once

// ThrowWatcher: decides from a stream of frames when a throw has settled and should be read, once per throw.
//
// Each frame is shrunk to a small image. Motion is the share of pixels that changed since the previous frame.
// A hand is told by change, not by colour: the watcher keeps a model of the tray at rest (the empty tray
// learned at calibration, else the first frame; every scene that came to rest, and every pixel that stayed
// unchanged for a while, update it) and calls a large region that differs from it and reaches in over the
// tray's edge a hand. After `settleFrames` still frames
// with no hand the watcher reports "settled" once; it reports a new throw when the still scene differs from
// the last settled one. A still scene that matches the learned empty tray is no throw.

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
    double handAbove = 0.02;      // share of the tray one changed region reaching over its edge must cover
    // A pixel that has not changed for this many frames is part of the tray at rest (a hand in the first
    // frame that has gone, a heap against the rim): longer than a hand stays still, shorter than dice lie.
    int sceneAfterFrames = 12;
    // When more than this share of the tray differs from the tray at rest, the scene itself changed (the
    // light, the camera, a new cloth), not a hand: the watcher waits for it to be still and learns it.
    double sceneChangeAbove = 0.6;
    // ...and likewise when more than this share of the tray differs outside the hand-like region.
    double scatteredAbove = 0.05;
    std::vector<cv::Point2f> trayPolygon; // frame pixels; empty means the whole frame
};

enum class TrayState {
    Waiting, // no frame yet, the first frames of a scene, or the empty tray at rest
    Moving,  // something changes from frame to frame
    HandIn,  // a hand (a large changed region over the tray's edge) is in the tray
    Still,   // no motion, counting up to settled
    Settled, // settled and reported; stays here until the tray changes
};

struct WatchEvent {
    TrayState state = TrayState::Waiting;
    bool settled = false;  // true on exactly one frame per throw: read the dice now
    bool newThrow = false; // true on the frame where the tray first differs from the last settled throw
    double motion = 0.0;   // share of pixels changed since the previous frame
    double hand = 0.0;     // share of the tray covered by the largest changed region over its edge
};

class ThrowWatcher {
public:
    explicit ThrowWatcher(const ThrowWatcherOptions& options = {});

    // frame: 8-bit BGR, the same size each time (a size change restarts the watch).
    Result<WatchEvent> feed(const cv::Mat& frame);
    // The empty tray (at calibration, or before the first throw): a still scene like it is not a throw, and
    // hands are looked for as change against it. Same rules for `frame` as feed(); restarts the watch.
    Result<void> learnEmptyTray(const cv::Mat& frame);
    void reset();

    TrayState state() const { return m_state; }
    int throwsSettled() const { return m_throws; }

private:
    struct Work {
        cv::Mat colour, grey; // the frame at work size, blurred
    };
    Result<Work> prepare(const cv::Mat& frame);
    double changedShare(const cv::Mat& a, const cv::Mat& b) const;
    // Share of the tray covered by the largest region of `colour` that differs from m_atRest and touches the
    // tray's edge; `changed` gets the share of the tray that differs at all.
    double handShare(const cv::Mat& colour, double& changed) const;

    ThrowWatcherOptions m_options;
    TrayState m_state = TrayState::Waiting;
    cv::Size m_frameSize;
    cv::Mat m_mask;     // tray region at work size (255 inside)
    cv::Mat m_edge;     // the band along the tray's edge (and the frame's) where a hand comes in
    cv::Mat m_previous; // last frame, small grey
    cv::Mat m_previousColour;
    cv::Mat m_atRest;      // the tray as last seen at rest, small colour
    cv::Mat m_stable;      // per pixel: frames without change, up to 255
    cv::Mat m_empty;       // the learned empty tray, small grey (empty until learnEmptyTray())
    cv::Mat m_settledGrey; // scene of the last settled throw
    int m_stillCount = 0;
    int m_throws = 0;
    bool m_changedSinceSettled = true;
};

const char* trayStateName(TrayState state);

} // namespace muster::vision
