#pragma once

// ConvKernels: the convolution loops ReaderNet and FinderNet share (AVX2 and FMA, x86 only; elsewhere
// available() is false and the nets stay with OpenCV DNN). Activations are channels last with a zero border
// as wide as the next layer's padding, so the loops never test an edge.

#include <opencv2/core.hpp>
#include <opencv2/dnn.hpp>

#include <cstddef>
#include <optional>
#include <vector>

namespace muster::vision::kernels {

// True on an x86 CPU with AVX2 and FMA (and a build for x86): the loops below may run.
bool available();

// A channels-last activation map of width x height pixels inside a zero border of `border` pixels.
struct Map {
    float* data = nullptr;
    int width = 0, height = 0, channels = 0, border = 0;

    static size_t floats(int width, int height, int channels, int border) {
        return static_cast<size_t>(width + 2 * border) * static_cast<size_t>(height + 2 * border) *
               static_cast<size_t>(channels);
    }
    // Pixel (y, x) of the inside; negative or past-the-end coordinates down to -border reach the border.
    float* at(int y, int x) const {
        return data +
               (static_cast<std::ptrdiff_t>(y + border) * (width + 2 * border) + x + border) * channels;
    }
    // Zeroes the border (the inside is left as it is): maps reused for another size need it again.
    void clearBorder() const;
};

// One convolution with its bias and an optional ReLU: a square kernel of 1 or 3, "same" padding of
// dilation * (kernel / 2), stride 1 or 2.
struct Conv {
    int in = 0;
    int out = 0;    // the net's output channels
    int outPad = 0; // out rounded up to 8: the loops write outPad channels, the extra ones zero
    int kernel = 3;
    int stride = 1;
    int dilation = 1;
    bool relu = false;
    std::vector<float> weights;  // [ky][kx][in][outPad]
    std::vector<float> bias;     // [outPad]
    std::vector<float> winograd; // [16][in][outPad] (makeWinograd); empty: direct loops

    int pad() const { return dilation * (kernel / 2); }
    int outSize(int inSize) const { return (inSize + 2 * pad() - dilation * (kernel - 1) - 1) / stride + 1; }
    // Winograd F(2x2, 3x3) for this layer from now on: 3x3, stride 1, dilation 1, `in` a multiple of 8.
    void makeWinograd();
};

// The convolution layer of an OpenCV DNN net as a Conv, when the loops run it: a 1x1 or 3x3 kernel as above,
// float weights for `inChannels` inputs. Empty otherwise.
std::optional<Conv> convFromLayer(const cv::Ptr<cv::dnn::Layer>& layer, int inChannels);
// The bias of a layer whose weights are blobs[0] (a convolution, a linear layer): blobs[1] of `count` floats
// into `bias`, zero-filled to `size` (>= count); all zeros when the layer has none. False when blobs[1] is
// not `count` floats.
bool biasFromLayer(const cv::Ptr<cv::dnn::Layer>& layer, int count, int size, std::vector<float>& bias);
// A plain ReLU folded into `conv` (the layer before it); false if `layer` is anything else.
bool foldRelu(const cv::Ptr<cv::dnn::Layer>& layer, Conv& conv);

// dst = conv(src): dst.channels == conv.outPad, dst's inside of conv.outSize() of src's pixels, src.border >=
// conv.pad(). Winograd layers need an even output size and use the scratch vectors (grown as needed).
void convolve(const Conv& conv, const Map& src, const Map& dst, std::vector<float>& tilesIn,
              std::vector<float>& tilesOut);

// An 8-bit BGR image into dst's inside (3 channels, the image's size), scaled as blobFromImage(image, 1/255)
// scales it.
void fill(const cv::Mat& image, const Map& dst);

// The self-check image both nets run through OpenCV and through the loops when they load: gradients and
// stripes in each channel, no flat areas.
cv::Mat checkPattern(cv::Size size);

} // namespace muster::vision::kernels
