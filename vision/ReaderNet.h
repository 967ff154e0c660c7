#pragma once

// ReaderNet: the dice reader's face network run by our own loops instead of OpenCV DNN, for the plain net the
// training script exports (3x3 convolutions with ReLU, 2x2 max pools, a global average, one linear layer and
// a softmax). The loops of ConvKernels.h, Winograd F(2x2, 3x3) for layers of 32 or more input channels:
// about 0.08-0.11 ms per 32x32 crop against OpenCV 4.6's 0.26 (docs/dice-reader.md, seventh round), with
// OpenCV's probabilities to float rounding.

#include "vision/ConvKernels.h"

#include <opencv2/core.hpp>
#include <opencv2/dnn.hpp>

#include <optional>
#include <vector>

namespace muster::vision {

class ReaderNet {
public:
    // The weights of `net` (read from the reader's ONNX file) for crops of side x side BGR pixels. Empty when
    // the net has a layer these loops do not run, or the CPU lacks AVX2 and FMA: the caller keeps OpenCV DNN.
    static std::optional<ReaderNet> fromNet(cv::dnn::Net& net, int side);

    int outputs() const { return m_outputs; }
    // crop: side x side CV_8UC3; probabilities: outputs() floats, as net.forward() on
    // blobFromImage(crop, 1/255) gives them.
    void forward(const cv::Mat& crop, float* probabilities);
    // The global average of the last convolution (the linear layer's input) of the last forward().
    const std::vector<float>& pooled() const { return m_pooled; }

private:
    struct Step {
        bool pool = false; // a 2x2 max pool, else the convolution `conv`
        kernels::Conv conv;
        int side = 0;     // output side
        int channels = 0; // output channels
    };

    ReaderNet() = default;

    int m_side = 0;
    std::vector<Step> m_steps;
    // Activations, channels last, one zero-bordered (side+2)^2 buffer per step's output; m_buffers[0] is the
    // input.
    std::vector<std::vector<float>> m_buffers;
    std::vector<float> m_fcWeights; // [output][channel]
    std::vector<float> m_fcBias;
    std::vector<float> m_pooled;
    std::vector<float> m_tilesIn, m_tilesOut; // Winograd scratch
    int m_outputs = 0;
};

} // namespace muster::vision
