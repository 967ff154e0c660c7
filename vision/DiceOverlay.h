#pragma once

// Draws what the DiceReader read onto a copy of the frame: outline, value, and flags by colour.

#include "vision/DiceReader.h"

#include <opencv2/core.hpp>

#include <string>

namespace muster::vision {

// Green: accepted read; orange: unsure. After the value: ? unsure, T touching, O occluded, C cocked.
// A red banner says the count itself is uncertain.
cv::Mat drawDiceOverlay(const cv::Mat& frame, const DiceFrame& read);

// "5", or "5?NTOC" with the flags: ? unsure, N maybe not a die, T touching, O occluded, C cocked.
std::string dieLabel(const DieRead& die);

} // namespace muster::vision
