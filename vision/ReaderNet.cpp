#include "vision/ReaderNet.h"

#include <opencv2/dnn/all_layers.hpp>

#include <algorithm>
#include <cmath>
#include <string>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define MUSTER_READER_NET_AVX2 1
#endif

namespace muster::vision {

namespace {

#ifdef MUSTER_READER_NET_AVX2
// PoolingLayer::type as OpenCV numbers it (its enum is private): MAX 0, AVE 1.
constexpr int kMaxPool = 0, kAveragePool = 1;

// One block of a 3x3 "same" convolution: P neighbouring pixels of one row times NV groups of 8 output
// channels, the sums held in registers over all 9 x `in` inputs (each weight load serves P pixels, each input
// value NV groups). `src` is zero-bordered, channels last; `dst` likewise, written inside its border.
template <int NV, int P>
__attribute__((target("avx2,fma"), always_inline)) inline void
convBlock(const float* src, int width, int in, int out, const float* weights, const float* bias, bool relu,
          float* dst, int y, int x, int c0) {
    const int stride = width + 2;
    __m256 acc[P][NV];
#pragma GCC unroll 8
    for (int v = 0; v < NV; ++v) {
        const __m256 b = _mm256_loadu_ps(bias + c0 + 8 * v);
#pragma GCC unroll 8
        for (int p = 0; p < P; ++p)
            acc[p][v] = b;
    }
    for (int ky = 0; ky < 3; ++ky)
        for (int kx = 0; kx < 3; ++kx) {
            const float* s = src + ((y + ky) * stride + x + kx) * in;
            const float* w = weights + (ky * 3 + kx) * in * out + c0;
            for (int ci = 0; ci < in; ++ci, w += out) {
                __m256 wv[NV];
#pragma GCC unroll 8
                for (int v = 0; v < NV; ++v)
                    wv[v] = _mm256_loadu_ps(w + 8 * v);
#pragma GCC unroll 8
                for (int p = 0; p < P; ++p) {
                    const __m256 a = _mm256_broadcast_ss(s + p * in + ci);
#pragma GCC unroll 8
                    for (int v = 0; v < NV; ++v)
                        acc[p][v] = _mm256_fmadd_ps(a, wv[v], acc[p][v]);
                }
            }
        }
    const __m256 zero = _mm256_setzero_ps();
#pragma GCC unroll 8
    for (int p = 0; p < P; ++p) {
        float* d = dst + ((y + 1) * stride + x + p + 1) * out + c0;
#pragma GCC unroll 8
        for (int v = 0; v < NV; ++v)
            _mm256_storeu_ps(d + 8 * v, relu ? _mm256_max_ps(acc[p][v], zero) : acc[p][v]);
    }
}

// `out` is a multiple of 8 (checked when the net is read).
__attribute__((target("avx2,fma"))) void conv3x3(const float* src, int side, int in, int out,
                                                 const float* weights, const float* bias, bool relu,
                                                 float* dst) {
    for (int y = 0; y < side; ++y) {
        int x = 0;
        for (; x + 4 <= side; x += 4) {
            int c = 0;
            for (; c + 16 <= out; c += 16)
                convBlock<2, 4>(src, side, in, out, weights, bias, relu, dst, y, x, c);
            for (; c < out; c += 8)
                convBlock<1, 4>(src, side, in, out, weights, bias, relu, dst, y, x, c);
        }
        for (; x < side; ++x)
            for (int c = 0; c < out; c += 8)
                convBlock<1, 1>(src, side, in, out, weights, bias, relu, dst, y, x, c);
    }
}
#endif

} // namespace

std::optional<ReaderNet> ReaderNet::fromNet(cv::dnn::Net& net, int side) {
#ifndef MUSTER_READER_NET_AVX2
    (void)net;
    (void)side;
    return std::nullopt;
#else
    if (!cv::checkHardwareSupport(CV_CPU_AVX2) || !cv::checkHardwareSupport(CV_CPU_FMA3) || side < 1)
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
            const auto conv = layer.dynamicCast<cv::dnn::BaseConvolutionLayer>();
            const std::vector<size_t> three{3, 3}, one{1, 1};
            if (pooled || !conv || conv->kernel_size != three || conv->strides != one ||
                conv->dilations != one || conv->pads_begin != one || conv->pads_end != one ||
                layer->blobs.empty())
                return std::nullopt;
            const cv::Mat& w = layer->blobs[0];
            if (w.dims != 4 || w.type() != CV_32F || w.size[1] != channels || w.size[2] != 3 ||
                w.size[3] != 3 || w.size[0] % 8 != 0)
                return std::nullopt;
            Step step;
            step.conv.in = channels;
            step.conv.out = w.size[0];
            step.conv.weights.resize(static_cast<size_t>(9 * step.conv.in * step.conv.out));
            for (int co = 0; co < step.conv.out; ++co)
                for (int ci = 0; ci < step.conv.in; ++ci)
                    for (int k = 0; k < 9; ++k)
                        step.conv.weights[static_cast<size_t>((k * step.conv.in + ci) * step.conv.out + co)] =
                            w.ptr<float>(co, ci)[k];
            step.conv.bias.assign(static_cast<size_t>(step.conv.out), 0.0f);
            if (layer->blobs.size() > 1) {
                const cv::Mat& b = layer->blobs[1];
                if (b.total() != static_cast<size_t>(step.conv.out) || b.type() != CV_32F)
                    return std::nullopt;
                std::copy(b.ptr<float>(), b.ptr<float>() + step.conv.out, step.conv.bias.begin());
            }
            channels = step.conv.out;
            step.side = size;
            step.channels = channels;
            r.m_steps.push_back(std::move(step));
        } else if (type == "ReLU") {
            const auto relu = layer.dynamicCast<cv::dnn::ReLULayer>();
            if (!relu || relu->negativeSlope != 0.0f || r.m_steps.empty() || r.m_steps.back().pool ||
                r.m_steps.back().conv.relu)
                return std::nullopt;
            r.m_steps.back().conv.relu = true;
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
            r.m_fcBias.assign(static_cast<size_t>(w.rows), 0.0f);
            if (layer->blobs.size() > 1) {
                const cv::Mat& b = layer->blobs[1];
                if (b.total() != static_cast<size_t>(w.rows) || b.type() != CV_32F)
                    return std::nullopt;
                std::copy(b.ptr<float>(), b.ptr<float>() + w.rows, r.m_fcBias.begin());
            }
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
    cv::Mat crop(side, side, CV_8UC3);
    for (int y = 0; y < side; ++y)
        for (int x = 0; x < side; ++x)
            crop.at<cv::Vec3b>(y, x) =
                cv::Vec3b(cv::saturate_cast<uchar>(x * 255 / side), cv::saturate_cast<uchar>(y * 255 / side),
                          cv::saturate_cast<uchar>(((x / 3 + y / 5) % 2) * 200 + 30));
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
#endif
}

void ReaderNet::forward(const cv::Mat& crop, float* probabilities) {
#ifdef MUSTER_READER_NET_AVX2
    CV_Assert(crop.type() == CV_8UC3 && crop.rows == m_side && crop.cols == m_side);
    // The crop into the first buffer's inside, scaled as blobFromImage(crop, 1/255) scales it.
    float* in = m_buffers[0].data();
    for (int y = 0; y < m_side; ++y) {
        const uchar* row = crop.ptr<uchar>(y);
        float* d = in + ((y + 1) * (m_side + 2) + 1) * 3;
        for (int i = 0; i < 3 * m_side; ++i)
            d[i] = static_cast<float>(row[i]) * static_cast<float>(1.0 / 255.0);
    }
    int side = m_side, channels = 3;
    for (size_t k = 0; k < m_steps.size(); ++k) {
        const Step& s = m_steps[k];
        const float* src = m_buffers[k].data();
        float* dst = m_buffers[k + 1].data();
        if (!s.pool) {
            conv3x3(src, side, s.conv.in, s.conv.out, s.conv.weights.data(), s.conv.bias.data(), s.conv.relu,
                    dst);
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
#else
    (void)crop;
    (void)probabilities;
    CV_Error(cv::Error::StsNotImplemented, "ReaderNet needs an x86 CPU");
#endif
}

} // namespace muster::vision
