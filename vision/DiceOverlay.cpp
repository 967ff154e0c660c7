#include "vision/DiceOverlay.h"

#include <opencv2/imgproc.hpp>

#include <string>

namespace muster::vision {

std::string dieLabel(const DieRead& die) {
    std::string s = std::to_string(die.value);
    if (die.unsure)
        s += "?";
    if (die.maybeNotADie)
        s += "N";
    if (die.touching)
        s += "T";
    if (die.occluded)
        s += "O";
    if (die.cocked)
        s += "C";
    return s;
}

cv::Mat drawDiceOverlay(const cv::Mat& frame, const DiceFrame& read) {
    cv::Mat out;
    if (frame.type() == CV_8UC1)
        cv::cvtColor(frame, out, cv::COLOR_GRAY2BGR);
    else
        out = frame.clone();
    const double fontScale = std::max(0.4, out.rows / 1600.0);
    const int thickness = std::max(1, out.rows / 640);
    for (const DieRead& d : read.dice) {
        const cv::Scalar colour = d.unsure ? cv::Scalar(0, 140, 255) : cv::Scalar(40, 200, 40);
        cv::Point2f corners[4];
        d.outline.points(corners);
        for (int i = 0; i < 4; ++i)
            cv::line(out, corners[i], corners[(i + 1) % 4], colour, thickness, cv::LINE_AA);
        const std::string label = dieLabel(d);
        const cv::Point at(cvRound(d.outline.center.x - d.outline.size.width / 2),
                           cvRound(d.outline.center.y - d.outline.size.height / 2 - 3));
        cv::putText(out, label, at, cv::FONT_HERSHEY_SIMPLEX, fontScale, cv::Scalar(0, 0, 0), thickness + 2,
                    cv::LINE_AA);
        cv::putText(out, label, at, cv::FONT_HERSHEY_SIMPLEX, fontScale, colour, thickness, cv::LINE_AA);
    }
    if (read.countUncertain)
        cv::putText(out, "count uncertain", cv::Point(8, cvRound(24 * fontScale / 0.4)),
                    cv::FONT_HERSHEY_SIMPLEX, fontScale * 1.5, cv::Scalar(0, 0, 255), thickness + 1,
                    cv::LINE_AA);
    return out;
}

} // namespace muster::vision
