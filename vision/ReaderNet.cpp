#include "vision/ReaderNet.h"

#include <opencv2/dnn/all_layers.hpp>

#include <algorithm>
#include <cmath>
#include <string>

namespace muster::vision {

namespace {

// PoolingLayer::type as OpenCV numbers it (its enum is private): MAX 0, AVE 1.
constexpr int kMaxPool = 0, kAveragePool = 1;

} // namespace

std::optional<ReaderNet> ReaderNet::fromNet(cv::dnn::Net& net, int side) {
    if (!kernels::available() || side < 1)
        return std::nullopt;
    ReaderNet r;
    r.m_side = side;
    int size = side, channels = 3;
    bool pooled = false, dense = false, softmax = false;
    int previous = 0; // the net's input layer
    for (const std::string& name : net.getLayerNames()) {
        const int id = net.getLayerId(name);
        const cv::Ptr<cv::dnn::Layer> layer = net.getLayer(id);
        // A chain: each layer reads the one before it and nothing else.
        const std::vector<cv::Ptr<cv::dnn::Layer>> inputs = net.getLayerInputs(id);
        if (inputs.size() != 1 || inputs[0] != net.getLayer(previous))
            return std::nullopt;
        previous = id;
        const std::string& type = layer->type;
        if (type == "Identity" || type == "Flatten")
            continue;
        if (softmax)
            return std::nullopt; // nothing may follow the softmax
        if (type == "Convolution") {
            std::optional<kernels::Conv> conv = kernels::convFromLayer(layer, channels);
            if (pooled || !conv || conv->kernel != 3 || conv->stride != 1 || conv->dilation != 1 ||
                conv->out % 8 != 0)
                return std::nullopt;
            // Winograd where it pays: with 16 input channels (16x16 maps) the transforms cost more than the
            // products save (26 against 23 us per crop), from 32 on it halves a layer's time.
            if (conv->in >= 32 && size % 2 == 0)
                conv->makeWinograd();
            Step step;
            step.conv = std::move(*conv);
            channels = step.conv.out;
            step.side = size;
            step.channels = channels;
            r.m_steps.push_back(std::move(step));
        } else if (type == "ReLU") {
            if (r.m_steps.empty() || r.m_steps.back().pool ||
                !kernels::foldRelu(layer, r.m_steps.back().conv))
                return std::nullopt;
        } else if (type == "Pooling") {
            const auto pool = layer.dynamicCast<cv::dnn::PoolingLayer>();
            if (!pool || pooled)
                return std::nullopt;
            if (pool->globalPooling) {
                if (pool->type != kAveragePool)
                    return std::nullopt;
                pooled = true;
                continue;
            }
            const std::vector<size_t> two{2, 2}, zero{0, 0};
            if (pool->type != kMaxPool || pool->kernel_size != two || pool->strides != two ||
                (!pool->pads_begin.empty() && pool->pads_begin != zero) ||
                (!pool->pads_end.empty() && pool->pads_end != zero) || size % 2 != 0)
                return std::nullopt;
            size /= 2;
            Step step;
            step.pool = true;
            step.side = size;
            step.channels = channels;
            r.m_steps.push_back(std::move(step));
        } else if (type == "InnerProduct") {
            if (!pooled || dense || layer->blobs.empty())
                return std::nullopt;
            const cv::Mat& w = layer->blobs[0];
            if (w.dims != 2 || w.cols != channels || w.type() != CV_32F)
                return std::nullopt;
            r.m_outputs = w.rows;
            r.m_fcWeights.assign(w.ptr<float>(), w.ptr<float>() + w.total());
            if (!kernels::biasFromLayer(layer, w.rows, w.rows, r.m_fcBias))
                return std::nullopt;
            dense = true;
        } else if (type == "Softmax") {
            const auto soft = layer.dynamicCast<cv::dnn::SoftmaxLayer>();
            if (!soft || soft->logSoftMax || !dense)
                return std::nullopt;
            softmax = true;
        } else {
            return std::nullopt;
        }
    }
    if (!softmax || r.m_steps.empty() || r.m_steps.back().pool)
        return std::nullopt;
    r.m_buffers.emplace_back(static_cast<size_t>((side + 2) * (side + 2) * 3), 0.0f);
    for (const Step& s : r.m_steps)
        r.m_buffers.emplace_back(static_cast<size_t>((s.side + 2) * (s.side + 2) * s.channels), 0.0f);
    r.m_pooled.resize(static_cast<size_t>(channels));

    // Trust the loops only where they agree with OpenCV on this net: a check crop through both.
    const cv::Mat crop = kernels::checkPattern(cv::Size(side, side));
    net.setInput(cv::dnn::blobFromImage(crop, 1.0 / 255.0));
    const cv::Mat expected = net.forward().reshape(1, 1);
    if (expected.cols != r.m_outputs)
        return std::nullopt;
    std::vector<float> got(static_cast<size_t>(r.m_outputs));
    r.forward(crop, got.data());
    for (int i = 0; i < r.m_outputs; ++i)
        if (std::abs(got[static_cast<size_t>(i)] - expected.at<float>(0, i)) > 1e-4f)
            return std::nullopt;
    return r;
}

void ReaderNet::forward(const cv::Mat& crop, float* probabilities) {
    CV_Assert(crop.type() == CV_8UC3 && crop.rows == m_side && crop.cols == m_side);
    kernels::fill(crop, {m_buffers[0].data(), m_side, m_side, 3, 1});
    int side = m_side, channels = 3;
    for (size_t k = 0; k < m_steps.size(); ++k) {
        const Step& s = m_steps[k];
        const float* src = m_buffers[k].data();
        float* dst = m_buffers[k + 1].data();
        if (!s.pool) {
            kernels::convolve(s.conv, {const_cast<float*>(src), side, side, channels, 1},
                              {dst, s.side, s.side, s.channels, 1}, m_tilesIn, m_tilesOut);
        } else {
            const int from = side + 2, to = s.side + 2;
            for (int y = 0; y < s.side; ++y)
                for (int x = 0; x < s.side; ++x) {
                    const float* a = src + ((2 * y + 1) * from + 2 * x + 1) * channels;
                    const float* b = a + from * channels;
                    float* d = dst + ((y + 1) * to + x + 1) * channels;
                    for (int c = 0; c < channels; ++c)
                        d[c] = std::max(std::max(a[c], a[channels + c]), std::max(b[c], b[channels + c]));
                }
        }
        side = s.side;
        channels = s.channels;
    }
    // Global average, the linear layer, the softmax.
    const float* last = m_buffers.back().data();
    std::fill(m_pooled.begin(), m_pooled.end(), 0.0f);
    for (int y = 0; y < side; ++y)
        for (int x = 0; x < side; ++x) {
            const float* p = last + ((y + 1) * (side + 2) + x + 1) * channels;
            for (int c = 0; c < channels; ++c)
                m_pooled[static_cast<size_t>(c)] += p[c];
        }
    for (float& v : m_pooled)
        v /= static_cast<float>(side * side);
    float top = -INFINITY;
    for (int o = 0; o < m_outputs; ++o) {
        const float* w = m_fcWeights.data() + static_cast<size_t>(o) * m_pooled.size();
        float z = m_fcBias[static_cast<size_t>(o)];
        for (size_t c = 0; c < m_pooled.size(); ++c)
            z += w[c] * m_pooled[c];
        probabilities[o] = z;
        top = std::max(top, z);
    }
    float sum = 0.0f;
    for (int o = 0; o < m_outputs; ++o) {
        probabilities[o] = std::exp(probabilities[o] - top);
        sum += probabilities[o];
    }
    for (int o = 0; o < m_outputs; ++o)
        probabilities[o] /= sum;
}

} // namespace muster::vision
