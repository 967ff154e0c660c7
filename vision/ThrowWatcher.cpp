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
    m_previous.release();
    m_settledGrey.release();
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

double ThrowWatcher::handShare(const cv::Mat& smallBgr) const {
    // Skin in YCrCb covers most skin tones under white light; a hand is one large blob, dice are small ones.
    cv::Mat ycrcb, skin;
    cv::cvtColor(smallBgr, ycrcb, cv::COLOR_BGR2YCrCb);
    cv::inRange(ycrcb, cv::Scalar(50, 138, 77), cv::Scalar(245, 178, 127), skin);
    skin &= m_mask;
    cv::morphologyEx(skin, skin, cv::MORPH_OPEN,
                     cv::getStructuringElement(cv::MORPH_ELLIPSE, cv::Size(3, 3)));
    cv::Mat labels, stats, centroids;
    const int n = cv::connectedComponentsWithStats(skin, labels, stats, centroids, 8, CV_32S);
    int largest = 0;
    for (int i = 1; i < n; ++i)
        largest = std::max(largest, stats.at<int>(i, cv::CC_STAT_AREA));
    return static_cast<double>(largest) / std::max(1, cv::countNonZero(m_mask));
}

Result<WatchEvent> ThrowWatcher::feed(const cv::Mat& frame) {
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
    cv::Mat small, grey;
    cv::resize(frame, small, cv::Size(), shrink, shrink, cv::INTER_AREA);
    if (m_mask.empty()) {
        m_mask = cv::Mat(small.size(), CV_8U, cv::Scalar(m_options.trayPolygon.empty() ? 255 : 0));
        if (!m_options.trayPolygon.empty()) {
            std::vector<cv::Point> poly;
            for (const cv::Point2f& p : m_options.trayPolygon)
                poly.emplace_back(cvRound(p.x * shrink), cvRound(p.y * shrink));
            cv::fillPoly(m_mask, std::vector<std::vector<cv::Point>>{poly}, cv::Scalar(255));
        }
    }
    cv::cvtColor(small, grey, cv::COLOR_BGR2GRAY);
    cv::GaussianBlur(grey, grey, cv::Size(3, 3), 0);

    WatchEvent ev;
    ev.hand = handShare(small);
    ev.motion = m_previous.empty() ? 0.0 : changedShare(grey, m_previous);
    m_previous = grey;

    if (m_throws > 0 && !m_changedSinceSettled &&
        changedShare(grey, m_settledGrey) > m_options.newThrowAbove) {
        m_changedSinceSettled = true;
        ev.newThrow = true;
    }
    if (ev.hand > m_options.handAbove) {
        m_state = TrayState::HandIn;
        m_stillCount = 0;
    } else if (ev.motion > m_options.motionAbove) {
        m_state = TrayState::Moving;
        m_stillCount = 0;
    } else if (m_state != TrayState::Settled || m_changedSinceSettled) {
        ++m_stillCount;
        if (m_stillCount < m_options.settleFrames) {
            m_state = TrayState::Still;
        } else {
            // A scene that came back to the throw already reported is not reported again.
            const bool same = m_throws > 0 && changedShare(grey, m_settledGrey) <= m_options.newThrowAbove;
            if (!same) {
                ev.settled = true;
                ++m_throws;
                m_settledGrey = grey.clone();
            }
            m_changedSinceSettled = false;
            m_state = TrayState::Settled;
        }
    }
    ev.state = m_state;
    return ev;
}

} // namespace muster::vision
