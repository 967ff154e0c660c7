#pragma once

// A minimal PDF writer: one page of a given size in millimetres showing one image, embedded as JPEG
// (DCTDecode), which every PDF reader decodes natively. Enough for the calibration sheet; no fonts, no Qt.

#include "calibration/CalibrationError.h"

#include <opencv2/core.hpp>

#include <string>

namespace muster::calibration {

// The PDF bytes of a single page of pageMm filled by `image` (8-bit grey or BGR).
Result<std::string> singleImagePdf(const cv::Mat& image, cv::Size2f pageMm, int jpegQuality = 95);

} // namespace muster::calibration
