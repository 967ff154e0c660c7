#pragma once

// Set-ups several test executables share around the labelled dice photos: the die edge a calibration would
// give for a photo's labelled boxes, and a tray photo seen by a wider camera. Header-only (OpenCV only);
// include as "tests/common/DiceViews.h".

#include <opencv2/core.hpp>

#include <algorithm>
#include <cstddef>
#include <vector>

namespace muster::test {

// The die edge for labelled axis-aligned boxes: the median box side over 1.2, since a die's box over random
// turns is about 1.2 edges (the factor the reader uses the other way round). 0 for no boxes.
inline float medianDieEdge(const std::vector<cv::Rect2f>& boxes) {
    if (boxes.empty())
        return 0.0f;
    std::vector<float> sides;
    sides.reserve(boxes.size());
    for (const cv::Rect2f& b : boxes)
        sides.push_back(std::max(b.width, b.height));
    const auto mid = sides.begin() + static_cast<std::ptrdiff_t>(sides.size() / 2);
    std::nth_element(sides.begin(), mid, sides.end());
    constexpr float kBoxPerEdge = 1.2f;
    return *mid / kBoxPerEdge;
}

// A camera that sees more than the tray: the photo at its own size in the middle of a frame filled with the
// colour of the photo's top row, and the photo's outline in the frame as the tray polygon.
struct TrayInWideFrame {
    cv::Mat frame;
    cv::Rect tray;
    std::vector<cv::Point2f> outline;
};

inline TrayInWideFrame trayInWideFrame(const cv::Mat& photo, cv::Size frameSize = {1920, 1080}) {
    TrayInWideFrame view;
    view.tray = cv::Rect((frameSize.width - photo.cols) / 2, (frameSize.height - photo.rows) / 2, photo.cols,
                         photo.rows);
    view.frame = cv::Mat(frameSize, photo.type(), cv::mean(photo.row(0)));
    photo.copyTo(view.frame(view.tray));
    const cv::Rect& t = view.tray;
    view.outline = {cv::Point2f(t.tl()), cv::Point2f(static_cast<float>(t.br().x), static_cast<float>(t.y)),
                    cv::Point2f(t.br()), cv::Point2f(static_cast<float>(t.x), static_cast<float>(t.br().y))};
    return view;
}

} // namespace muster::test
