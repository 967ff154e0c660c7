#include "vision/FinderNet.h"

#include <opencv2/dnn/all_layers.hpp>

#include <climits>
#include <cmath>
#include <ctime>
#include <string>

namespace muster::vision {

namespace {

// A Slice layer that keeps channels [from, to) of a 4-d blob and nothing else.
bool slicesChannels(const cv::Ptr<cv::dnn::Layer>& layer, int from, int to) {
    const auto slice = layer.dynamicCast<cv::dnn::SliceLayer>();
    if (!slice || slice->sliceRanges.size() != 1 || slice->sliceRanges[0].size() != 2)
        return false;
    for (const std::vector<int>& steps : slice->sliceSteps)
        for (int s : steps)
            if (s != 1)
                return false;
    const cv::Range batch = slice->sliceRanges[0][0], channels = slice->sliceRanges[0][1];
    return (batch == cv::Range::all() || (batch.start == 0 && batch.end == INT_MAX)) &&
           channels == cv::Range(from, to);
}

double cpuSeconds() {
    return static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
}

} // namespace

std::optional<FinderNet> FinderNet::fromNet(cv::dnn::Net& net) {
    if (!kernels::available())
        return std::nullopt;
    FinderNet f;
    // The layers as OpenCV 4.6 loads the training script's export: convolutions (each with its ReLU but the
    // head's), then Slice [0, 1) -> Sigmoid and Slice [1, n) side by side, joined by a Concat on the
    // channels.
    enum class Expect { Chain, Sigmoid, Rest, Concat, End } expect = Expect::Chain;
    int channels = 3, previous = 0, head = -1, sigmoid = -1, rest = -1;
    for (const std::string& name : net.getLayerNames()) {
        const int id = net.getLayerId(name);
        const cv::Ptr<cv::dnn::Layer> layer = net.getLayer(id);
        const std::vector<cv::Ptr<cv::dnn::Layer>> inputs = net.getLayerInputs(id);
        const std::string& type = layer->type;
        const auto reads = [&](int from) {
            return inputs.size() == 1 && inputs[0] == net.getLayer(from);
        };
        switch (expect) {
        case Expect::Chain:
            if (!reads(previous))
                return std::nullopt;
            if (type == "Convolution") {
                std::optional<kernels::Conv> conv = kernels::convFromLayer(layer, channels);
                if (!conv)
                    return std::nullopt;
                channels = conv->out;
                f.m_layers.push_back(std::move(*conv));
            } else if (type == "ReLU") {
                if (f.m_layers.empty() || !kernels::foldRelu(layer, f.m_layers.back()))
                    return std::nullopt;
            } else if (type == "Slice") {
                if (f.m_layers.empty() || f.m_layers.back().relu || channels < 2 ||
                    !slicesChannels(layer, 0, 1))
                    return std::nullopt;
                head = previous;
                expect = Expect::Sigmoid;
            } else {
                return std::nullopt;
            }
            break;
        case Expect::Sigmoid:
            if (!reads(previous) || type != "Sigmoid")
                return std::nullopt;
            sigmoid = id;
            expect = Expect::Rest;
            break;
        case Expect::Rest:
            if (!reads(head) || !slicesChannels(layer, 1, channels))
                return std::nullopt;
            rest = id;
            expect = Expect::Concat;
            break;
        case Expect::Concat: {
            const auto concat = layer.dynamicCast<cv::dnn::ConcatLayer>();
            if (!concat || concat->axis != 1 || concat->padding || inputs.size() != 2 ||
                inputs[0] != net.getLayer(sigmoid) || inputs[1] != net.getLayer(rest))
                return std::nullopt;
            expect = Expect::End;
            break;
        }
        case Expect::End:
            if (!reads(previous) || type != "Identity")
                return std::nullopt;
            break;
        }
        previous = id;
    }
    if (expect != Expect::End)
        return std::nullopt;
    // No Winograd: on the 24-channel stride-1 layer at 54x54 it ran no faster than the direct loops
    // (0.29-0.31 against 0.29 ms), and the other layers have stride 2 or dilation 2 (docs/dice-reader.md,
    // eighth round).
    f.m_maps.resize(f.m_layers.size() + 1);

    // Trust the loops only where they agree with OpenCV on this net: a check image through both, not square
    // and with a side that is an odd number of cells, so every edge case of the strides is met.
    const cv::Mat image = kernels::checkPattern(cv::Size(80, 48));
    net.setInput(cv::dnn::blobFromImage(image, 1.0 / 255.0));
    const cv::Mat expected = net.forward();
    cv::Mat got;
    f.forward(image, got);
    if (expected.dims != 4 || got.dims != 4 || expected.total() != got.total())
        return std::nullopt;
    for (int i = 0; i < 4; ++i)
        if (expected.size[i] != got.size[i])
            return std::nullopt;
    const float* e = expected.ptr<float>();
    const float* g = got.ptr<float>();
    for (size_t i = 0; i < expected.total(); ++i)
        if (!(std::abs(e[i] - g[i]) <= 1e-4f))
            return std::nullopt;
    return f;
}

void FinderNet::forward(const cv::Mat& image, cv::Mat& out, std::vector<double>* seconds) {
    CV_Assert(image.type() == CV_8UC3 && !image.empty());
    double clock = seconds ? cpuSeconds() : 0.0;
    const auto lap = [&](size_t stage) {
        if (!seconds)
            return;
        const double now = cpuSeconds();
        if (seconds->size() <= stage)
            seconds->resize(stage + 1, 0.0);
        (*seconds)[stage] += now - clock;
        clock = now;
    };
    // The maps for this size; vectors only ever grow, so a smaller input reuses them as they are.
    std::vector<kernels::Map> maps(m_layers.size() + 1);
    int width = image.cols, height = image.rows, channels = 3;
    for (size_t k = 0; k < maps.size(); ++k) {
        const int border = k < m_layers.size() ? m_layers[k].pad() : 0;
        const size_t floats = kernels::Map::floats(width, height, channels, border);
        if (m_maps[k].size() < floats)
            m_maps[k].resize(floats);
        maps[k] = {m_maps[k].data(), width, height, channels, border};
        maps[k].clearBorder();
        if (k < m_layers.size()) {
            width = m_layers[k].outSize(width);
            height = m_layers[k].outSize(height);
            channels = m_layers[k].outPad;
        }
    }
    kernels::fill(image, maps[0]);
    lap(0);
    for (size_t k = 0; k < m_layers.size(); ++k) {
        kernels::convolve(m_layers[k], maps[k], maps[k + 1], m_tilesIn, m_tilesOut);
        lap(k + 1);
    }
    // Channels last to OpenCV's planes; the sigmoid on the first, as OpenCV computes it.
    const kernels::Map& last = maps.back();
    const int n = outputs();
    const int shape[] = {1, n, last.height, last.width};
    out.create(4, shape, CV_32F);
    for (int c = 0; c < n; ++c) {
        float* plane = out.ptr<float>(0, c);
        for (int y = 0; y < last.height; ++y) {
            const float* src = last.at(y, 0) + c;
            float* d = plane + y * last.width;
            if (c == 0)
                for (int x = 0; x < last.width; ++x)
                    d[x] = 1.0f / (1.0f + std::exp(-src[x * last.channels]));
            else
                for (int x = 0; x < last.width; ++x)
                    d[x] = src[x * last.channels];
        }
    }
    lap(m_layers.size() + 1);
}

} // namespace muster::vision
