#include "vision/ThrowWatcher.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>

namespace muster::vision {

const char* trayStateName(TrayState state) {
    switch (state) {
    case TrayState::Waiting:
        return "waiting";
    case TrayState::Moving:
        return "moving";
    case TrayState::HandIn:
        return "hand";
    case TrayState::Still:
        return "still";
    case TrayState::Settled:
        return "settled";
    }
    return "?";
}

ThrowWatcher::ThrowWatcher(const ThrowWatcherOptions& options)
    : m_options(options) {}

void ThrowWatcher::reset() {
    m_state = TrayState::Waiting;
    m_frameSize = {};
    m_mask.release();
    m_edge.release();
    m_previous.release();
    m_previousColour.release();
    m_atRest.release();
    m_empty.release();
    m_settledGrey.release();
    m_stable.release();
    m_stillCount = 0;
    m_throws = 0;
    m_changedSinceSettled = true;
}

double ThrowWatcher::changedShare(const cv::Mat& a, const cv::Mat& b) const {
    cv::Mat diff;
    cv::absdiff(a, b, diff);
    cv::Mat changed = diff > m_options.pixelChange;
    changed &= m_mask;
    return static_cast<double>(cv::countNonZero(changed)) / std::max(1, cv::countNonZero(m_mask));
}

double ThrowWatcher::handShare(const cv::Mat& colour, double& changedTray) const {
    // Change in any channel against the tray at rest: a hand on felt of its own colour still differs in
    // texture and shading, and no skin colour is assumed.
    cv::Mat diff;
    cv::absdiff(colour, m_atRest, diff);
    std::vector<cv::Mat> planes;
    cv::split(diff, planes);
    cv::Mat most = cv::max(cv::max(planes[0], planes[1]), planes[2]);
    cv::Mat changed = most > m_options.pixelChange;
    changed &= m_mask;
    cv::morphologyEx(changed, changed, cv::MORPH_OPEN,
                     cv::getStructuringElement(cv::MORPH_ELLIPSE, cv::Size(3, 3)));
    const double tray = std::max(1, cv::countNonZero(m_mask));
    changedTray = cv::countNonZero(changed) / tray;
    cv::Mat labels, stats, centroids;
    const int n = cv::connectedComponentsWithStats(changed, labels, stats, centroids, 8, CV_32S);
    if (n <= 1)
        return 0.0;
    // A hand reaches in over the edge; dice, however many, lie inside it.
    std::vector<bool> atEdge(static_cast<size_t>(n), false);
    for (int y = 0; y < labels.rows; ++y) {
        const int* l = labels.ptr<int>(y);
        const uchar* e = m_edge.ptr<uchar>(y);
        for (int x = 0; x < labels.cols; ++x)
            if (e[x] && l[x] > 0)
                atEdge[static_cast<size_t>(l[x])] = true;
    }
    int largest = 0;
    for (int i = 1; i < n; ++i)
        if (atEdge[static_cast<size_t>(i)])
            largest = std::max(largest, stats.at<int>(i, cv::CC_STAT_AREA));
    return largest / tray;
}

Result<ThrowWatcher::Work> ThrowWatcher::prepare(const cv::Mat& frame) {
    if (frame.empty())
        return Error{"empty frame"};
    if (frame.type() != CV_8UC3)
        return Error{"unsupported frame type " + cv::typeToString(frame.type()) +
                     ": expected 8-bit BGR (CV_8UC3)"};
    if (frame.size() != m_frameSize) {
        reset();
        m_frameSize = frame.size();
    }
    const double shrink = std::min(1.0, static_cast<double>(m_options.workWidth) / frame.cols);
    Work w;
    cv::resize(frame, w.colour, cv::Size(), shrink, shrink, cv::INTER_AREA);
    if (m_mask.empty()) {
        m_mask = cv::Mat(w.colour.size(), CV_8U, cv::Scalar(m_options.trayPolygon.empty() ? 255 : 0));
        if (!m_options.trayPolygon.empty()) {
            std::vector<cv::Point> poly;
            for (const cv::Point2f& p : m_options.trayPolygon)
                poly.emplace_back(cvRound(p.x * shrink), cvRound(p.y * shrink));
            cv::fillPoly(m_mask, std::vector<std::vector<cv::Point>>{poly}, cv::Scalar(255));
        }
        // The edge band: the tray's pixels within 3 work pixels of its outline or of the frame's border.
        cv::Mat inner;
        cv::Mat framed;
        cv::copyMakeBorder(m_mask, framed, 1, 1, 1, 1, cv::BORDER_CONSTANT, cv::Scalar(0));
        cv::erode(framed, inner, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(7, 7)));
        m_edge = m_mask & ~inner(cv::Rect(1, 1, m_mask.cols, m_mask.rows));
    }
    cv::GaussianBlur(w.colour, w.colour, cv::Size(3, 3), 0);
    cv::cvtColor(w.colour, w.grey, cv::COLOR_BGR2GRAY);
    return w;
}

Result<void> ThrowWatcher::learnEmptyTray(const cv::Mat& frame) {
    m_frameSize = {}; // restart, keeping the options
    auto work = prepare(frame);
    if (!work)
        return work.error();
    m_empty = work->grey.clone();
    m_atRest = work->colour.clone();
    m_previousColour = work->colour.clone();
    m_stable = cv::Mat::zeros(m_empty.size(), CV_8U);
    m_previous = work->grey.clone();
    return {};
}

Result<WatchEvent> ThrowWatcher::feed(const cv::Mat& frame) {
    auto prepared = prepare(frame);
    if (!prepared)
        return prepared.error();
    const cv::Mat& grey = prepared->grey;
    const cv::Mat& colour = prepared->colour;
    if (m_atRest.empty()) {
        m_atRest = colour.clone(); // nothing learned: the first frame is the tray before the throw
        m_stable = cv::Mat::zeros(grey.size(), CV_8U);
    }

    WatchEvent ev;
    double changedTray = 0.0;
    ev.hand = handShare(colour, changedTray);
    ev.motion = m_previous.empty() ? 0.0 : changedShare(grey, m_previous);
    // The background model: a pixel that has not changed for sceneAfterFrames frames is part of the tray at
    // rest. So the model heals where the first frame (or a learned tray) no longer holds: a hand in the
    // first frame, a heap against the rim, a cloth moved.
    // Change in any channel counts: a hand can have the grey level of the felt it covers.
    if (!m_previousColour.empty()) {
        cv::Mat diff;
        cv::absdiff(colour, m_previousColour, diff);
        cv::Mat planes[3];
        cv::split(diff, planes);
        const cv::Mat changed = cv::max(cv::max(planes[0], planes[1]), planes[2]) > m_options.pixelChange;
        m_stable.setTo(0, changed);
        cv::add(m_stable, 1, m_stable, ~changed);
        colour.copyTo(m_atRest, m_stable >= m_options.sceneAfterFrames);
    }
    m_previous = grey;
    m_previousColour = colour.clone();
    const bool moving = ev.motion > m_options.motionAbove;
    // Most of the tray changed at once is the scene (light, camera, cloth), not a hand.
    // So is change spread over the tray beside the region: a hand changes the tray where it is (and where the
    // dice it moves were), a new scene everywhere.
    const bool handIn = ev.hand > m_options.handAbove && changedTray <= m_options.sceneChangeAbove &&
                        changedTray - ev.hand <= m_options.scatteredAbove;

    if (m_throws > 0 && !m_changedSinceSettled &&
        changedShare(grey, m_settledGrey) > m_options.newThrowAbove) {
        m_changedSinceSettled = true;
        ev.newThrow = true;
    }
    if (handIn) {
        m_state = TrayState::HandIn;
        m_stillCount = 0;
    } else if (moving) {
        m_state = TrayState::Moving;
        m_stillCount = 0;
    } else if (m_state == TrayState::Waiting && !m_empty.empty() &&
               changedShare(grey, m_empty) <= m_options.newThrowAbove) {
        m_stillCount = 0; // the empty tray at rest: nothing to read
    } else if (m_state != TrayState::Settled || m_changedSinceSettled) {
        ++m_stillCount;
        if (m_stillCount < m_options.settleFrames) {
            m_state = TrayState::Still;
        } else {
            m_atRest = colour.clone();
            // A scene that came back to the throw already reported, or to the empty tray, is not reported.
            const bool same = m_throws > 0 && changedShare(grey, m_settledGrey) <= m_options.newThrowAbove;
            const bool empty = !m_empty.empty() && changedShare(grey, m_empty) <= m_options.newThrowAbove;
            if (empty) {
                m_state = TrayState::Waiting;
                m_stillCount = 0;
            } else {
                if (!same) {
                    ev.settled = true;
                    ++m_throws;
                    m_settledGrey = grey.clone();
                }
                m_changedSinceSettled = false;
                m_state = TrayState::Settled;
            }
        }
    }
    ev.state = m_state;
    return ev;
}

} // namespace muster::vision
