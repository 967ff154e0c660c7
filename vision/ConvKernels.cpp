#include "vision/ConvKernels.h"

#include <opencv2/dnn/all_layers.hpp>

#include <algorithm>
#include <cstring>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define MUSTER_CONV_KERNELS_AVX2 1
#endif

namespace muster::vision::kernels {

namespace {

#ifdef MUSTER_CONV_KERNELS_AVX2
// The register-blocked inner product every convolution here shares: acc[p][v] += sum over i < k of
// a[p * aStep + i] * w[i * n + 8v .. 8v + 7], for P rows of `a` (pixels or tiles) and NV groups of 8 output
// channels. Each weight load serves P rows and each broadcast input NV groups, so the FMA units rather than
// the loads set the pace.
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

// One block of a direct convolution: P neighbouring output pixels of row y from x on, output channels c0 to
// c0 + 8 NV. Each sum starts from the bias and takes the taps in order (ky, kx, input channel), whatever the
// blocking, so a layer's numbers do not depend on P or NV.
template <int NV, int P>
__attribute__((target("avx2,fma"), always_inline)) inline void
convBlock(const Conv& conv, const Map& src, const Map& dst, int y, int x, int c0) {
    const int in = conv.in, out = conv.outPad, k = conv.kernel, s = conv.stride, d = conv.dilation;
    __m256 acc[P][NV];
#pragma GCC unroll 8
    for (int v = 0; v < NV; ++v) {
        const __m256 b = _mm256_loadu_ps(conv.bias.data() + c0 + 8 * v);
#pragma GCC unroll 8
        for (int p = 0; p < P; ++p)
            acc[p][v] = b;
    }
    const float* w = conv.weights.data() + c0;
    const int y0 = y * s - conv.pad(), x0 = x * s - conv.pad();
    if (d == 1) {
        // The taps of one kernel row are neighbouring pixels, so their inputs (channels last) and weights
        // ([ky][kx][in]) are each one run of k * in floats: one product per row, the same sums in the same
        // order.
        for (int ky = 0; ky < k; ++ky)
            accumulate<NV, P>(acc, src.at(y0 + ky, x0), s * in, k * in, w + ky * k * in * out, out);
    } else {
        for (int ky = 0; ky < k; ++ky)
            for (int kx = 0; kx < k; ++kx)
                accumulate<NV, P>(acc, src.at(y0 + ky * d, x0 + kx * d), s * in, in,
                                  w + (ky * k + kx) * in * out, out);
    }
    const __m256 zero = _mm256_setzero_ps();
#pragma GCC unroll 8
    for (int p = 0; p < P; ++p) {
        float* o = dst.at(y, x + p) + c0;
#pragma GCC unroll 8
        for (int v = 0; v < NV; ++v)
            _mm256_storeu_ps(o + 8 * v, conv.relu ? _mm256_max_ps(acc[p][v], zero) : acc[p][v]);
    }
}

// The direct loops for NV groups of 8 output channels per block: P pixels at a time, single pixels at the
// row's end.
template <int NV, int P>
__attribute__((target("avx2,fma"))) void convRows(const Conv& conv, const Map& src, const Map& dst) {
    for (int y = 0; y < dst.height; ++y) {
        int x = 0;
        for (; x + P <= dst.width; x += P)
            for (int c = 0; c < conv.outPad; c += 8 * NV)
                convBlock<NV, P>(conv, src, dst, y, x, c);
        for (; x < dst.width; ++x)
            for (int c = 0; c < conv.outPad; c += 8 * NV)
                convBlock<NV, 1>(conv, src, dst, y, x, c);
    }
}

void direct(const Conv& conv, const Map& src, const Map& dst) {
    // As many output channels per block as fit the 16 registers with enough independent sums to keep both FMA
    // units busy: 24 x 4 pixels, 16 x 4, or 8 x 8.
    if (conv.outPad % 24 == 0)
        convRows<3, 4>(conv, src, dst);
    else if (conv.outPad % 16 == 0)
        convRows<2, 4>(conv, src, dst);
    else
        convRows<1, 8>(conv, src, dst);
}

// Winograd F(2x2, 3x3): each 2x2 block of outputs from a 4x4 block of inputs ("tile") with 16 multiplies per
// input and output channel instead of 36. The 4x4 transformed inputs V = B^T d B of every tile, the 16
// products M[e] = V[e] U[e] over the input channels (U = G g G^T, the filters transformed when the net is
// read), then Y = A^T M A, bias and ReLU. `in` and `outPad` are multiples of 8, the output size is even.
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

__attribute__((target("avx2,fma"))) void winograd(const Conv& conv, const Map& src, const Map& dst,
                                                  float* tilesIn, float* tilesOut) {
    const int in = conv.in, out = conv.outPad;
    const int across = dst.width / 2, down = dst.height / 2, tiles = across * down;
    const int rowFloats = (src.width + 2 * src.border) * in;
    for (int ty = 0; ty < down; ++ty)
        for (int tx = 0; tx < across; ++tx)
            for (int c = 0; c < in; c += 8) {
                __m256 d[4][4], r[4][4];
                const float* s = src.at(2 * ty - 1, 2 * tx - 1) + c;
                for (int i = 0; i < 4; ++i)
                    for (int j = 0; j < 4; ++j)
                        d[i][j] = _mm256_loadu_ps(s + i * rowFloats + j * in);
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
        const float* u = conv.winograd.data() + e * in * out;
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
    for (int ty = 0; ty < down; ++ty)
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
                const __m256 b = _mm256_loadu_ps(conv.bias.data() + c);
                for (int i = 0; i < 2; ++i) { // (A^T M) A + bias
                    __m256 y0 = _mm256_add_ps(_mm256_add_ps(_mm256_add_ps(q[i][0], q[i][1]), q[i][2]), b);
                    __m256 y1 = _mm256_add_ps(_mm256_sub_ps(_mm256_sub_ps(q[i][1], q[i][2]), q[i][3]), b);
                    if (conv.relu) {
                        y0 = _mm256_max_ps(y0, zero);
                        y1 = _mm256_max_ps(y1, zero);
                    }
                    float* o = dst.at(2 * ty + i, 2 * tx) + c;
                    _mm256_storeu_ps(o, y0);
                    _mm256_storeu_ps(o + out, y1);
                }
            }
}
#endif

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

#ifdef MUSTER_CONV_KERNELS_AVX2
__attribute__((target("avx2,fma"))) void scaleBytes(const uchar* src, float* dst, int n, float scale) {
    const __m256 k = _mm256_set1_ps(scale);
    int i = 0;
    for (; i + 8 <= n; i += 8) {
        const __m128i bytes = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(src + i));
        _mm256_storeu_ps(dst + i, _mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(bytes)), k));
    }
    for (; i < n; ++i)
        dst[i] = static_cast<float>(src[i]) * scale;
}

void grow(std::vector<float>& v, size_t n) {
    if (v.size() < n)
        v.resize(n);
}
#endif

} // namespace

bool available() {
#ifdef MUSTER_CONV_KERNELS_AVX2
    return cv::checkHardwareSupport(CV_CPU_AVX2) && cv::checkHardwareSupport(CV_CPU_FMA3);
#else
    return false;
#endif
}

void Map::clearBorder() const {
    if (border == 0)
        return;
    const size_t row = static_cast<size_t>(width + 2 * border) * static_cast<size_t>(channels);
    const size_t side = static_cast<size_t>(border) * static_cast<size_t>(channels) * sizeof(float);
    std::memset(data, 0, row * static_cast<size_t>(border) * sizeof(float));
    std::memset(at(height, -border), 0, row * static_cast<size_t>(border) * sizeof(float));
    for (int y = 0; y < height; ++y) {
        std::memset(at(y, -border), 0, side);
        std::memset(at(y, width), 0, side);
    }
}

void Conv::makeWinograd() {
    CV_Assert(kernel == 3 && stride == 1 && dilation == 1 && in % 8 == 0);
    const int n = in * outPad;
    winograd.assign(16 * static_cast<size_t>(n), 0.0f);
    for (int co = 0; co < out; ++co)
        for (int ci = 0; ci < in; ++ci) {
            float g[9], u[16];
            for (int k = 0; k < 9; ++k)
                g[k] = weights[(static_cast<size_t>(k) * in + ci) * outPad + co];
            winogradFilter(g, u);
            for (int e = 0; e < 16; ++e)
                winograd[static_cast<size_t>(e) * n + static_cast<size_t>(ci) * outPad + co] = u[e];
        }
}

std::optional<Conv> convFromLayer(const cv::Ptr<cv::dnn::Layer>& layer, int inChannels) {
    const auto base = layer.dynamicCast<cv::dnn::BaseConvolutionLayer>();
    if (!base || layer->blobs.empty() || base->kernel_size.size() != 2 || base->strides.size() != 2 ||
        base->dilations.size() != 2 || base->pads_begin.size() != 2 || base->pads_end.size() != 2)
        return std::nullopt;
    Conv c;
    c.in = inChannels;
    c.kernel = static_cast<int>(base->kernel_size[0]);
    c.stride = static_cast<int>(base->strides[0]);
    c.dilation = static_cast<int>(base->dilations[0]);
    const std::vector<size_t> square(2, static_cast<size_t>(c.kernel)),
        strides(2, static_cast<size_t>(c.stride)), dilations(2, static_cast<size_t>(c.dilation)),
        pads(2, static_cast<size_t>(c.pad()));
    if ((c.kernel != 1 && c.kernel != 3) || (c.stride != 1 && c.stride != 2) || c.dilation < 1 ||
        base->kernel_size != square || base->strides != strides || base->dilations != dilations ||
        base->pads_begin != pads || base->pads_end != pads || (c.kernel == 1 && c.dilation != 1) ||
        !base->padMode.empty())
        return std::nullopt;
    const cv::Mat& w = layer->blobs[0];
    if (w.dims != 4 || w.type() != CV_32F || w.size[1] != inChannels || w.size[2] != c.kernel ||
        w.size[3] != c.kernel || w.size[0] < 1)
        return std::nullopt;
    c.out = w.size[0];
    c.outPad = (c.out + 7) / 8 * 8;
    const int taps = c.kernel * c.kernel;
    c.weights.assign(static_cast<size_t>(taps) * c.in * c.outPad, 0.0f);
    for (int co = 0; co < c.out; ++co)
        for (int ci = 0; ci < c.in; ++ci)
            for (int k = 0; k < taps; ++k)
                c.weights[(static_cast<size_t>(k) * c.in + ci) * c.outPad + co] = w.ptr<float>(co, ci)[k];
    if (!biasFromLayer(layer, c.out, c.outPad, c.bias))
        return std::nullopt;
    return c;
}

bool biasFromLayer(const cv::Ptr<cv::dnn::Layer>& layer, int count, int size, std::vector<float>& bias) {
    bias.assign(static_cast<size_t>(size), 0.0f);
    if (layer->blobs.size() < 2)
        return true;
    const cv::Mat& b = layer->blobs[1];
    if (b.total() != static_cast<size_t>(count) || b.type() != CV_32F)
        return false;
    std::copy(b.ptr<float>(), b.ptr<float>() + count, bias.begin());
    return true;
}

bool foldRelu(const cv::Ptr<cv::dnn::Layer>& layer, Conv& conv) {
    const auto relu = layer.dynamicCast<cv::dnn::ReLULayer>();
    if (!relu || relu->negativeSlope != 0.0f || conv.relu)
        return false;
    conv.relu = true;
    return true;
}

void convolve(const Conv& conv, const Map& src, const Map& dst, std::vector<float>& tilesIn,
              std::vector<float>& tilesOut) {
#ifdef MUSTER_CONV_KERNELS_AVX2
    CV_DbgAssert(src.channels == conv.in && dst.channels == conv.outPad && src.border >= conv.pad() &&
                 dst.width == conv.outSize(src.width) && dst.height == conv.outSize(src.height));
    if (!conv.winograd.empty() && dst.width % 2 == 0 && dst.height % 2 == 0) {
        const size_t tiles = static_cast<size_t>(dst.width / 2) * static_cast<size_t>(dst.height / 2);
        grow(tilesIn, 16 * tiles * static_cast<size_t>(conv.in));
        grow(tilesOut, 16 * tiles * static_cast<size_t>(conv.outPad));
        winograd(conv, src, dst, tilesIn.data(), tilesOut.data());
    } else {
        direct(conv, src, dst);
    }
#else
    (void)conv;
    (void)src;
    (void)dst;
    (void)tilesIn;
    (void)tilesOut;
    CV_Error(cv::Error::StsNotImplemented, "the convolution loops need an x86 CPU with AVX2 and FMA");
#endif
}

void fill(const cv::Mat& image, const Map& dst) {
    CV_Assert(image.type() == CV_8UC3 && dst.channels == 3 && dst.width == image.cols &&
              dst.height == image.rows);
    const float scale = static_cast<float>(1.0 / 255.0);
    for (int y = 0; y < image.rows; ++y) {
#ifdef MUSTER_CONV_KERNELS_AVX2
        scaleBytes(image.ptr<uchar>(y), dst.at(y, 0), 3 * image.cols, scale);
#else
        const uchar* row = image.ptr<uchar>(y);
        float* d = dst.at(y, 0);
        for (int i = 0; i < 3 * image.cols; ++i)
            d[i] = static_cast<float>(row[i]) * scale;
#endif
    }
}

cv::Mat checkPattern(cv::Size size) {
    cv::Mat image(size, CV_8UC3);
    for (int y = 0; y < size.height; ++y)
        for (int x = 0; x < size.width; ++x)
            image.at<cv::Vec3b>(y, x) = cv::Vec3b(cv::saturate_cast<uchar>(x * 255 / size.width),
                                                  cv::saturate_cast<uchar>(y * 255 / size.height),
                                                  cv::saturate_cast<uchar>(((x / 3 + y / 5) % 2) * 200 + 30));
    return image;
}

} // namespace muster::vision::kernels
