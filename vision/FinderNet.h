#pragma once

// FinderNet: the dice finder's network run by our own loops (ConvKernels.h) instead of OpenCV DNN, for the
// plain net the training script exports: a chain of 3x3 convolutions with ReLU (stride 1 or 2, any dilation),
// a 1x1 head, and a sigmoid on the head's first channel only (Slice, Sigmoid, Slice, Concat in OpenCV). Any
// input size; the buffers grow to the largest input seen and are kept, so inputs that change shape from
// frame to frame cost nothing extra (OpenCV DNN sets its layers up again for each new shape).

#include "vision/ConvKernels.h"

#include <opencv2/core.hpp>
#include <opencv2/dnn.hpp>

#include <optional>
#include <vector>

namespace muster::vision {

class FinderNet {
public:
    // The weights of `net` (read from the finder's ONNX file). Empty when the net is not that chain, the
    // loops disagree with OpenCV on a check image, or the CPU lacks AVX2 and FMA: the caller keeps OpenCV
    // DNN.
    static std::optional<FinderNet> fromNet(cv::dnn::Net& net);

    int outputs() const { return m_layers.empty() ? 0 : m_layers.back().out; }
    // image: CV_8UC3 (BGR). out: 1 x outputs() x rows x cols CV_32F, as net.forward() gives it for
    // blobFromImage(image, 1/255); out's memory is reused when the shape allows. For profiling, `seconds`
    // (when given) gets the CPU time of each stage added: [0] the input, [1 .. layers] the convolutions,
    // [layers + 1] the output planes and sigmoid.
    void forward(const cv::Mat& image, cv::Mat& out, std::vector<double>* seconds = nullptr);
    int layers() const { return static_cast<int>(m_layers.size()); }

private:
    FinderNet() = default;

    std::vector<kernels::Conv> m_layers; // the last is the head; its first output goes through a sigmoid
    // Activations: m_maps[0] is the input, m_maps[k + 1] the output of layer k, each with the zero border
    // layer k + 1 pads with.
    std::vector<std::vector<float>> m_maps;
    std::vector<float> m_tilesIn, m_tilesOut; // Winograd scratch
};

} // namespace muster::vision
