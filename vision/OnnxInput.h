#pragma once

// The declared shape of an ONNX model's input, read from the file's bytes. OpenCV 4.6 loads the graph but
// keeps no input shape once a dimension is named (our exports name the batch dimension), and the reader's
// crop side is that shape's last two dimensions.

#include "vision/VisionError.h"

#include <cstdint>
#include <vector>

namespace muster::vision {

// Dimensions of the graph's first input that is not an initializer; -1 for a dimension without a fixed size
// (named, or not given). An Error when the bytes are not an ONNX model with such an input.
Result<std::vector<int64_t>> onnxInputShape(const std::vector<unsigned char>& model);

} // namespace muster::vision
