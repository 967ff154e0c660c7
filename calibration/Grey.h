#pragma once

// Internal: the 8-bit grey view of a grey, BGR or BGRA frame (no copy when it is grey already).

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

namespace muster::calibration::detail {

inline cv::Mat toGrey(const cv::Mat& image) {
    if (image.channels() == 1)
        return image;
    cv::Mat grey;
    cv::cvtColor(image, grey, image.channels() == 4 ? cv::COLOR_BGRA2GRAY : cv::COLOR_BGR2GRAY);
    return grey;
}

} // namespace muster::calibration::detail
