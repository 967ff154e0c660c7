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

// The register-blocked inner product both convolutions share: acc[p][v] += sum over i < k of a[p * aStep + i]
// * w[i * n + 8v .. 8v + 7], for P rows of `a` (pixels or tiles) and NV groups of 8 output channels. Each
// weight load serves P rows and each broadcast input NV groups, so the FMA units rather than the loads set
// the pace.
template <int NV, int P>
__attribute__((target("avx2,fma"), always_inline)) inline void
accumulate(__m256 (&acc)[P][NV], const float* a, int aStep, int k, const float* w, int n) {
    for (int i = 0; i < k; ++i, w += n) {
        __m256 wv[NV];
#pragma GCC unroll 8
        for (int v = 0; v < NV; ++v)
            wv[v] = _mm256_loadu_ps(w + 8 * v);
#pragma GCC unroll 8
        for (int p = 0; p < P; ++p) {
            const __m256 x = _mm256_broadcast_ss(a + p * aStep + i);
#pragma GCC unroll 8
            for (int v = 0; v < NV; ++v)
                acc[p][v] = _mm256_fmadd_ps(x, wv[v], acc[p][v]);
        }
    }
}

// One block of a direct 3x3 "same" convolution: P neighbouring pixels of row y from output channel c0 on.
// `src` is zero-bordered, channels last; `dst` likewise, written inside its border.
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
        for (int kx = 0; kx < 3; ++kx)
            accumulate<NV, P>(acc, src + ((y + ky) * stride + x + kx) * in, in, in,
                              weights + (ky * 3 + kx) * in * out + c0, out);
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

// Winograd F(2x2, 3x3): each 2x2 block of outputs from a 4x4 block of inputs ("tile") with 16 multiplies per
// input and output channel instead of 36. The 4x4 transformed inputs V = B^T d B of every tile, the 16
// products M[e] = V[e] U[e] over the input channels (U = G g G^T, the filters transformed when the net is
// read), then Y = A^T M A, bias and ReLU. `in` and `out` are multiples of 8, `side` is even; `tilesIn` holds
// 16 x tiles x in floats, `tilesOut` 16 x tiles x out.
template <int NV, int P>
__attribute__((target("avx2,fma"), always_inline)) inline void
productBlock(const float* v, int in, const float* u, int out, float* m, int t, int c0) {
    __m256 acc[P][NV];
#pragma GCC unroll 8
    for (int p = 0; p < P; ++p)
#pragma GCC unroll 8
        for (int k = 0; k < NV; ++k)
            acc[p][k] = _mm256_setzero_ps();
    accumulate<NV, P>(acc, v + t * in, in, in, u + c0, out);
#pragma GCC unroll 8
    for (int p = 0; p < P; ++p)
#pragma GCC unroll 8
        for (int k = 0; k < NV; ++k)
            _mm256_storeu_ps(m + (t + p) * out + c0 + 8 * k, acc[p][k]);
}

__attribute__((target("avx2,fma"))) void winograd3x3(const float* src, int side, int in, int out,
                                                     const float* transformed, const float* bias, bool relu,
                                                     float* dst, float* tilesIn, float* tilesOut) {
    const int stride = side + 2, across = side / 2, tiles = across * across;
    for (int ty = 0; ty < across; ++ty)
        for (int tx = 0; tx < across; ++tx)
            for (int c = 0; c < in; c += 8) {
                __m256 d[4][4], r[4][4];
                for (int i = 0; i < 4; ++i)
                    for (int j = 0; j < 4; ++j)
                        d[i][j] = _mm256_loadu_ps(src + ((2 * ty + i) * stride + 2 * tx + j) * in + c);
                for (int j = 0; j < 4; ++j) { // B^T d
                    r[0][j] = _mm256_sub_ps(d[0][j], d[2][j]);
                    r[1][j] = _mm256_add_ps(d[1][j], d[2][j]);
                    r[2][j] = _mm256_sub_ps(d[2][j], d[1][j]);
                    r[3][j] = _mm256_sub_ps(d[1][j], d[3][j]);
                }
                float* o = tilesIn + (ty * across + tx) * in + c;
                const int plane = tiles * in;
                for (int i = 0; i < 4; ++i) { // (B^T d) B
                    _mm256_storeu_ps(o + (4 * i + 0) * plane, _mm256_sub_ps(r[i][0], r[i][2]));
                    _mm256_storeu_ps(o + (4 * i + 1) * plane, _mm256_add_ps(r[i][1], r[i][2]));
                    _mm256_storeu_ps(o + (4 * i + 2) * plane, _mm256_sub_ps(r[i][2], r[i][1]));
                    _mm256_storeu_ps(o + (4 * i + 3) * plane, _mm256_sub_ps(r[i][1], r[i][3]));
                }
            }
    for (int e = 0; e < 16; ++e) {
        const float* v = tilesIn + e * tiles * in;
        const float* u = transformed + e * in * out;
        float* m = tilesOut + e * tiles * out;
        int t = 0;
        for (; t + 4 <= tiles; t += 4) {
            int c = 0;
            for (; c + 16 <= out; c += 16)
                productBlock<2, 4>(v, in, u, out, m, t, c);
            for (; c < out; c += 8)
                productBlock<1, 4>(v, in, u, out, m, t, c);
        }
        for (; t < tiles; ++t)
            for (int c = 0; c < out; c += 8)
                productBlock<1, 1>(v, in, u, out, m, t, c);
    }
    const __m256 zero = _mm256_setzero_ps();
    const int plane = tiles * out;
    for (int ty = 0; ty < across; ++ty)
        for (int tx = 0; tx < across; ++tx)
            for (int c = 0; c < out; c += 8) {
                const float* m = tilesOut + (ty * across + tx) * out + c;
                __m256 q[2][4];
                for (int j = 0; j < 4; ++j) { // A^T M
                    const __m256 m0 = _mm256_loadu_ps(m + j * plane),
                                 m1 = _mm256_loadu_ps(m + (4 + j) * plane);
                    const __m256 m2 = _mm256_loadu_ps(m + (8 + j) * plane),
                                 m3 = _mm256_loadu_ps(m + (12 + j) * plane);
                    q[0][j] = _mm256_add_ps(_mm256_add_ps(m0, m1), m2);
                    q[1][j] = _mm256_sub_ps(_mm256_sub_ps(m1, m2), m3);
                }
                const __m256 b = _mm256_loadu_ps(bias + c);
                for (int i = 0; i < 2; ++i) { // (A^T M) A + bias
                    __m256 y0 = _mm256_add_ps(_mm256_add_ps(_mm256_add_ps(q[i][0], q[i][1]), q[i][2]), b);
                    __m256 y1 = _mm256_add_ps(_mm256_sub_ps(_mm256_sub_ps(q[i][1], q[i][2]), q[i][3]), b);
                    if (relu) {
                        y0 = _mm256_max_ps(y0, zero);
                        y1 = _mm256_max_ps(y1, zero);
                    }
                    float* o = dst + ((2 * ty + i + 1) * stride + 2 * tx + 1) * out + c;
                    _mm256_storeu_ps(o, y0);
                    _mm256_storeu_ps(o + out, y1);
                }
            }
}

// U = G g G^T of one 3x3 filter g (row-major), G = [1 0 0; 1/2 1/2 1/2; 1/2 -1/2 1/2; 0 0 1].
void winogradFilter(const float* g, float u[16]) {
    float gg[4][3];
    for (int x = 0; x < 3; ++x) {
        gg[0][x] = g[x];
        gg[1][x] = 0.5f * (g[x] + g[3 + x] + g[6 + x]);
        gg[2][x] = 0.5f * (g[x] - g[3 + x] + g[6 + x]);
        gg[3][x] = g[6 + x];
    }
    for (int i = 0; i < 4; ++i) {
        u[4 * i + 0] = gg[i][0];
        u[4 * i + 1] = 0.5f * (gg[i][0] + gg[i][1] + gg[i][2]);
        u[4 * i + 2] = 0.5f * (gg[i][0] - gg[i][1] + gg[i][2]);
        u[4 * i + 3] = gg[i][2];
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
            // Winograd where it pays: with 16 input channels (16x16 maps) the transforms cost more than the
            // products save (26 against 23 us per crop), from 32 on it halves a layer's time.
            if (step.conv.in >= 32 && size % 2 == 0) {
                const int n = step.conv.in * step.conv.out;
                step.conv.winograd.resize(static_cast<size_t>(16 * n));
                for (int co = 0; co < step.conv.out; ++co)
                    for (int ci = 0; ci < step.conv.in; ++ci) {
                        float u[16];
                        winogradFilter(w.ptr<float>(co, ci), u);
                        for (int e = 0; e < 16; ++e)
                            step.conv.winograd[static_cast<size_t>(e * n + ci * step.conv.out + co)] = u[e];
                    }
                const size_t tiles = static_cast<size_t>(size / 2) * static_cast<size_t>(size / 2);
                r.m_tilesIn.resize(
                    std::max(r.m_tilesIn.size(), 16 * tiles * static_cast<size_t>(step.conv.in)));
                r.m_tilesOut.resize(
                    std::max(r.m_tilesOut.size(), 16 * tiles * static_cast<size_t>(step.conv.out)));
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
            if (!s.conv.winograd.empty())
                winograd3x3(src, side, s.conv.in, s.conv.out, s.conv.winograd.data(), s.conv.bias.data(),
                            s.conv.relu, dst, m_tilesIn.data(), m_tilesOut.data());
            else
                conv3x3(src, side, s.conv.in, s.conv.out, s.conv.weights.data(), s.conv.bias.data(),
                        s.conv.relu, dst);
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
