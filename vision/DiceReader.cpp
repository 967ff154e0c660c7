#include "vision/DiceReader.h"

#include <opencv2/core/persistence.hpp>
#include <opencv2/dnn/all_layers.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace muster::vision {

namespace {

constexpr int kNotADie = 6;
constexpr int kMaxFinderSide = 1280; // bounds the finder's work on huge frames or tiny die-size hints
// The finder measures a die's axis-aligned box; over random turns that box is about 1.2 die edges.
constexpr float kBoxPerEdge = 1.2f;
constexpr float kFinderLargestDie = 45.0f; // finder px: the largest dice it was trained on

float median(std::vector<float> v) {
    std::nth_element(v.begin(), v.begin() + static_cast<long>(v.size() / 2), v.end());
    return v[v.size() / 2];
}

// Dominant edge direction modulo 90 degrees around a die, and how strongly the edges agree on it (0-1).
// A flat die shows a square top face, so its edges share one direction modulo 90 degrees.
struct Orientation {
    float angleDeg = 0.0f;
    float coherence = 0.0f;
};

Orientation edgeOrientation(const cv::Mat& bgr, cv::Point2f centre, float size) {
    const float half = size * 0.6f;
    cv::Rect box(cv::Point(cvRound(centre.x - half), cvRound(centre.y - half)),
                 cv::Point(cvRound(centre.x + half), cvRound(centre.y + half)));
    box &= cv::Rect(0, 0, bgr.cols, bgr.rows);
    if (box.width < 6 || box.height < 6)
        return {};
    cv::Mat patch;
    const double shrink = std::min(1.0, 32.0 / std::max(box.width, box.height));
    cv::resize(bgr(box), patch, cv::Size(), shrink, shrink, cv::INTER_AREA);
    cv::Mat grey;
    cv::cvtColor(patch, grey, cv::COLOR_BGR2GRAY);
    double c = 0.0, s = 0.0, total = 0.0;
    for (int y = 1; y < grey.rows - 1; ++y) {
        const uchar* up = grey.ptr<uchar>(y - 1);
        const uchar* row = grey.ptr<uchar>(y);
        const uchar* down = grey.ptr<uchar>(y + 1);
        for (int x = 1; x < grey.cols - 1; ++x) {
            // The 3x3 Sobel gradient (what cv::Sobel gives inside the border, exactly: small integers),
            // without the two filter calls and their images (9 of the 40 us per die).
            const int gx =
                (up[x + 1] - up[x - 1]) + 2 * (row[x + 1] - row[x - 1]) + (down[x + 1] - down[x - 1]);
            const int gy = (down[x - 1] - up[x - 1]) + 2 * (down[x] - up[x]) + (down[x + 1] - up[x + 1]);
            const double mag2 = double(gx) * gx + double(gy) * gy;
            if (mag2 < 1.0)
                continue;
            // Angle times four, weighted by magnitude: cos(4t) and sin(4t) from the gradient vector.
            const double mag = std::sqrt(mag2);
            const double cs = gx / mag, sn = gy / mag;
            const double c2 = cs * cs - sn * sn, s2 = 2 * cs * sn;
            c += mag * (c2 * c2 - s2 * s2);
            s += mag * (2 * c2 * s2);
            total += mag;
        }
    }
    if (total <= 0.0)
        return {};
    Orientation o;
    o.angleDeg = static_cast<float>(std::atan2(s, c) / 4.0 * 180.0 / CV_PI);
    o.coherence = static_cast<float>(std::hypot(c, s) / total);
    return o;
}

} // namespace

cv::Mat diceReaderCrop(const cv::Mat& bgr, cv::Point2f centre, float size, int side) {
    CV_Assert(side > 0);
    const float span = DiceReader::kCropContext * size;
    const int s = std::max(2, static_cast<int>(std::lround(span)));
    const int x0 = static_cast<int>(std::lround(centre.x - span / 2));
    const int y0 = static_cast<int>(std::lround(centre.y - span / 2));
    const cv::Rect want(x0, y0, s, s);
    const cv::Rect have = want & cv::Rect(0, 0, bgr.cols, bgr.rows);
    cv::Mat roi;
    if (have.area() == 0) {
        roi = cv::Mat(s, s, CV_8UC3, cv::Scalar::all(0));
    } else if (have == want) {
        roi = bgr(want);
    } else {
        // Replicating the clipped part's edge equals replicating the frame's edge, without copying the frame.
        cv::copyMakeBorder(bgr(have), roi, have.y - want.y, want.br().y - have.br().y, have.x - want.x,
                           want.br().x - have.br().x, cv::BORDER_REPLICATE);
    }
    cv::Mat out;
    const int interp = s > side ? cv::INTER_AREA : cv::INTER_LINEAR;
    cv::resize(roi, out, cv::Size(side, side), 0, 0, interp);
    return out;
}

std::string DiceReader::defaultModelDir() {
    if (const char* env = std::getenv("MUSTER_MODEL_DIR"); env && *env)
        return env;
    return MUSTER_DEFAULT_MODEL_DIR;
}

Result<DiceModelSet> loadDiceModelSet(const std::string& modelDir) {
    namespace fs = std::filesystem;
    const fs::path file = fs::path(modelDir) / "dice_models.yml";
    DiceModelSet set;
    if (std::error_code ec; !fs::exists(file, ec)) {
        if (fs::is_regular_file(fs::path(modelDir) / "dice_reader_2.onnx", ec))
            set.readers.emplace_back("dice_reader_2.onnx");
        return set;
    }
    const std::string where = file.string() + ": ";
    // A model file is named by its bare name in the folder: a set is copied or moved as one folder.
    const auto bareName = [](const std::string& name) {
        return !name.empty() && fs::path(name).filename() == fs::path(name) && name != "." && name != "..";
    };
    try {
        cv::FileStorage in(file.string(), cv::FileStorage::READ | cv::FileStorage::FORMAT_YAML);
        if (!in.isOpened())
            return Error{where + "cannot be read"};
        if (const cv::FileNode finder = in["finder"]; !finder.empty()) {
            if (!finder.isString() || !bareName(finder.string()))
                return Error{where + "finder must be a file name in the folder"};
            set.finder = finder.string();
        }
        if (const cv::FileNode readers = in["readers"]; !readers.empty()) {
            if (!readers.isSeq() || readers.size() == 0)
                return Error{where + "readers must be a list of one or more file names"};
            set.readers.clear();
            for (const cv::FileNode& r : readers) {
                if (!r.isString() || !bareName(r.string()))
                    return Error{where + "readers must be a list of file names in the folder"};
                set.readers.push_back(r.string());
            }
        }
        if (const cv::FileNode crop = in["reader_crop"]; !crop.empty()) {
            const int side = crop.isInt() ? static_cast<int>(crop) : 0;
            if (side < 8 || side > 256)
                return Error{where + "reader_crop must be a whole number of pixels from 8 to 256"};
            set.readerCrop = side;
        }
        if (const cv::FileNode unsure = in["unsure_below"]; !unsure.empty()) {
            const double u = unsure.isReal() || unsure.isInt() ? unsure.real() : -1.0;
            if (!(u > 0.0 && u <= 1.0))
                return Error{where + "unsure_below must be a number in (0, 1]"};
            set.unsureBelow = static_cast<float>(u);
        }
    } catch (const cv::Exception& e) {
        return Error{where + "not a model set description (" + e.err + ")"};
    }
    return set;
}

Result<DiceReader> DiceReader::load(const std::string& modelDir, const DiceReaderOptions& options) {
    namespace fs = std::filesystem;
    const Result<DiceModelSet> set = loadDiceModelSet(modelDir);
    if (!set)
        return set.error();
    const fs::path finderPath = fs::path(modelDir) / set->finder;
    std::vector<fs::path> readerPaths;
    for (const std::string& name : set->readers)
        readerPaths.push_back(fs::path(modelDir) / name);
    std::vector<fs::path> all{finderPath};
    all.insert(all.end(), readerPaths.begin(), readerPaths.end());
    for (const fs::path& p : all) {
        std::error_code ec;
        if (!fs::is_regular_file(p, ec))
            return Error{"dice model file not found: " + p.string()};
    }
    DiceReaderOptions resolved = options;
    if (!resolved.unsureBelow)
        resolved.unsureBelow = set->unsureBelow.value_or(kStrictUnsureBelow);
    const auto bytes = [](const fs::path& p) {
        std::ifstream in(p, std::ios::binary);
        return std::vector<uchar>((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    };
    const int cropSide = set->readerCrop;
    // A model is read through OpenCV and then run once on a blank input of the size it will get: a file that
    // is not a model, or a model of another kind (a finder named as a reader), is an Error naming it here
    // rather than a failure in the middle of a read.
    const auto loadNet = [&](const fs::path& p, int side, int outputs,
                             const char* what) -> Result<cv::dnn::Net> {
        const std::string name = p.filename().string();
        const std::string failed = "dice model could not be loaded from " + modelDir + ": " + name + ": ";
        try {
            const std::vector<uchar> model = bytes(p);
            cv::dnn::Net net = cv::dnn::readNetFromONNX(model);
            if (net.empty())
                return Error{failed + "OpenCV read no layers from it"};
            net.setPreferableBackend(cv::dnn::DNN_BACKEND_OPENCV);
            net.setPreferableTarget(cv::dnn::DNN_TARGET_CPU);
            net.setInput(cv::Mat(std::vector<int>{1, 3, side, side}, CV_32F, cv::Scalar(0)));
            const cv::Mat out = net.forward();
            const bool fits = outputs == 4 ? out.dims == 4 && out.size[1] == 4 : out.total() == 7;
            if (!fits)
                return Error{failed + "it is not " + what};
            return net;
        } catch (const cv::Exception& e) {
            return Error{failed + "OpenCV cannot read or run it as a model (" + e.err + ")"};
        }
    };
    // The finder is fully convolutional (output stride 8): any input a multiple of 16 will do for the check.
    Result<cv::dnn::Net> finder =
        loadNet(finderPath, 64, 4, "a finder (4 maps: heat, offset x, offset y, size)");
    if (!finder)
        return finder.error();
    std::vector<cv::dnn::Net> readers;
    for (const fs::path& p : readerPaths) {
        Result<cv::dnn::Net> reader =
            loadNet(p, cropSide, 7, "a reader (a colour crop to faces 1-6 and \"not a die\")");
        if (!reader)
            return reader.error();
        readers.push_back(std::move(reader).value());
    }
    return DiceReader(finder.value(), readers, cropSide, resolved);
}

DiceReader::DiceReader(const cv::dnn::Net& finder, const std::vector<cv::dnn::Net>& readers, int cropSide,
                       const DiceReaderOptions& options)
    : m_finder(finder)
    , m_cropSide(cropSide)
    , m_options(options) {
    m_finder.setPreferableBackend(cv::dnn::DNN_BACKEND_OPENCV);
    m_finder.setPreferableTarget(cv::dnn::DNN_TARGET_CPU);
    if (m_options.ownLoops)
        m_finderLoops = FinderNet::fromNet(m_finder);
    for (const cv::dnn::Net& net : readers) {
        Reader reader{net, std::nullopt, {}};
        reader.net.setPreferableBackend(cv::dnn::DNN_BACKEND_OPENCV);
        reader.net.setPreferableTarget(cv::dnn::DNN_TARGET_CPU);
        if (m_options.ownLoops)
            reader.loops = ReaderNet::fromNet(reader.net, m_cropSide);
        std::string pooled;
        for (const std::string& name : reader.net.getLayerNames()) {
            const auto pool = reader.net.getLayer(name).dynamicCast<cv::dnn::PoolingLayer>();
            if (pool && pool->globalPooling)
                pooled = name; // the last one: the linear layer's input
        }
        const std::vector<cv::String> outputs = reader.net.getUnconnectedOutLayersNames();
        if (!pooled.empty() && outputs.size() == 1)
            reader.featureAndOutput = {pooled, outputs.front()};
        m_readers.push_back(std::move(reader));
    }
}

cv::Mat DiceReader::runFinder(const cv::Rect& part) {
    const cv::Mat small = m_finderSmall(part);
    // The net's output stride is 8: pad to a multiple of 16 as the training script does.
    const int paddedW = (part.width + 15) / 16 * 16, paddedH = (part.height + 15) / 16 * 16;
    const cv::Mat* padded = &small;
    if (paddedW != part.width || paddedH != part.height) {
        cv::copyMakeBorder(small, m_finderPadded, 0, paddedH - part.height, 0, paddedW - part.width,
                           cv::BORDER_REPLICATE);
        padded = &m_finderPadded;
    }
    if (m_finderLoops) {
        m_finderLoops->forward(*padded, m_finderOutput);
        return m_finderOutput;
    }
    // What blobFromImage(padded, 1/255) gives, written into the kept blob: 0.1 instead of 0.6 ms on a 640
    // photo (it converted the whole image to float, then scaled it, then copied it plane by plane).
    const int blobShape[] = {1, 3, paddedH, paddedW};
    m_finderInput.create(4, blobShape, CV_32F);
    cv::split(*padded, m_finderPlanes);
    for (int c = 0; c < 3; ++c) {
        cv::Mat plane(paddedH, paddedW, CV_32F, m_finderInput.ptr<float>(0, c));
        m_finderPlanes[static_cast<size_t>(c)].convertTo(plane, CV_32F, 1.0 / 255.0);
    }
    // One net for every input shape: OpenCV DNN sets it up again when the shape changes (the sparse finder's
    // rectangles change from frame to frame), but keeping up to 8 nets, one per recent shape, was not faster
    // on this path (muster_vision_bench BM_Read640OpenCv / BM_Read1920x1080OpenCv, CPU medians of 5
    // repetitions, 6 interleaved runs on a shared box: 8 nets 5.97-6.80 / 7.69-8.89 ms, one net 5.95-6.78
    // / 7.88-8.53 ms; each photo read 10 times in a row, alike), so the simpler one stays.
    m_finder.setInput(m_finderInput);
    return m_finder.forward();
}

std::vector<cv::Rect> DiceReader::sparseParts(const cv::Rect& limit, const cv::Rect& fallback,
                                              const cv::Rect& readable) {
    constexpr int kBlock = 16, kUnit = 16;
    const int w = m_finderSmall.cols, h = m_finderSmall.rows;
    const int bw = (w + kBlock - 1) / kBlock, bh = (h + kBlock - 1) / kBlock;
    // Only blocks that touch `limit` count (the tray's part of the image, the crowd of a second pass, or all
    // of it), so only they are measured, with one block more on each side for the last-block rule below.
    const cv::Rect limitBlocks =
        cv::Rect(cv::Point(limit.x / kBlock, limit.y / kBlock),
                 cv::Point((limit.br().x + kBlock - 1) / kBlock, (limit.br().y + kBlock - 1) / kBlock)) &
        cv::Rect(0, 0, bw, bh);
    const cv::Rect scan = (limitBlocks + cv::Size(2, 2) - cv::Point(1, 1)) & cv::Rect(0, 0, bw, bh);
    // Colour range per block, measured on the image halved by 2x2 means: a pip of 3-4 px keeps most of its
    // contrast, and there is a quarter of the pixels to visit. An odd last row or column is left out of it.
    // The blocks' pixels start on even coordinates, so halving only them gives the same means.
    const cv::Rect scanPx =
        cv::Rect(scan.x * kBlock, scan.y * kBlock, scan.width * kBlock, scan.height * kBlock) &
        cv::Rect(0, 0, w & ~1, h & ~1);
    m_busy.create(bh, bw, CV_8U);
    m_busy.setTo(0);
    if (!scanPx.empty()) {
        cv::resize(m_finderSmall(scanPx), m_finderHalf, cv::Size(scanPx.width / 2, scanPx.height / 2), 0, 0,
                   cv::INTER_AREA);
        constexpr int kHalfBlock = kBlock / 2;
        const int above = static_cast<int>(std::ceil(m_options.sparseBusyAbove));
        std::vector<uchar>& lo = m_blockLo;
        std::vector<uchar>& hi = m_blockHi;
        lo.resize(static_cast<size_t>(scan.width) * 3);
        hi.resize(static_cast<size_t>(scan.width) * 3);
        for (int by = 0; by * kHalfBlock < m_finderHalf.rows; ++by) {
            // Per column the least and most over the block row's rows (whole-row min/max, vectorised), then
            // per block over its columns.
            const int y0 = by * kHalfBlock, yEnd = std::min(m_finderHalf.rows, y0 + kHalfBlock);
            m_finderHalf.row(y0).copyTo(m_rowLo);
            m_finderHalf.row(y0).copyTo(m_rowHi);
            for (int y = y0 + 1; y < yEnd; ++y) {
                cv::min(m_rowLo, m_finderHalf.row(y), m_rowLo);
                cv::max(m_rowHi, m_finderHalf.row(y), m_rowHi);
            }
            std::fill(lo.begin(), lo.end(), uchar(255));
            std::fill(hi.begin(), hi.end(), uchar(0));
            const uchar* rowLo = m_rowLo.ptr<uchar>(0);
            const uchar* rowHi = m_rowHi.ptr<uchar>(0);
            for (int x = 0; x < m_finderHalf.cols; ++x) {
                const size_t b = static_cast<size_t>(x / kHalfBlock) * 3;
                for (size_t c = 0; c < 3; ++c) {
                    lo[b + c] = std::min(lo[b + c], rowLo[3 * x + static_cast<int>(c)]);
                    hi[b + c] = std::max(hi[b + c], rowHi[3 * x + static_cast<int>(c)]);
                }
            }
            uchar* busy = m_busy.ptr<uchar>(scan.y + by) + scan.x;
            for (int bx = 0; bx < scan.width; ++bx)
                for (size_t c = 0; c < 3; ++c) {
                    const size_t k = static_cast<size_t>(bx) * 3 + c;
                    if (hi[k] >= lo[k] && hi[k] - lo[k] >= above)
                        busy[bx] = 255;
                }
        }
    }
    // A last block with no pixel in the halved image (width or height 16k+1) takes its neighbour's verdict.
    if (bw > 1 && (bw - 1) * kBlock >= (w & ~1))
        m_busy.col(bw - 2).copyTo(m_busy.col(bw - 1));
    if (bh > 1 && (bh - 1) * kBlock >= (h & ~1))
        m_busy.row(bh - 2).copyTo(m_busy.row(bh - 1));
    m_keep.create(bh, bw, CV_8U);
    m_keep.setTo(0);
    m_busy(limitBlocks).copyTo(m_keep(limitBlocks));

    // The rectangle the net runs on for a box of blocks: margin on every side, origin on the grid, far
    // edges rounded up to the padding unit with real pixels where the image has them (as for the tray).
    const int margin = std::max(0, m_options.sparseMargin);
    const int grow = std::max(0, m_options.sparseGrow);
    const auto partOf = [&](const cv::Rect& blocks) {
        const int x0 = std::max(0, blocks.x * kBlock - grow - margin) / kUnit * kUnit;
        const int y0 = std::max(0, blocks.y * kBlock - grow - margin) / kUnit * kUnit;
        const int x1 = std::min(w, blocks.br().x * kBlock + grow + margin);
        const int y1 = std::min(h, blocks.br().y * kBlock + grow + margin);
        return cv::Rect(x0, y0, std::min(w - x0, (x1 - x0 + kUnit - 1) / kUnit * kUnit),
                        std::min(h - y0, (y1 - y0 + kUnit - 1) / kUnit * kUnit));
    };
    // A forward pass has a fixed cost besides its pixels (layer set-up, calls); counted as a 64x64 part (a
    // rough guess, not tuned: it only decides when two nearby rectangles are joined).
    constexpr double kPassCost = 64.0 * 64.0;
    const auto cost = [&](const cv::Rect& blocks) {
        return partOf(blocks).area() + kPassCost;
    };

    const int n = cv::connectedComponentsWithStats(m_keep, m_ccLabels, m_ccStats, m_ccCentroids, 8, CV_32S);
    std::vector<cv::Rect> boxes;
    for (int i = 1; i < n; ++i)
        boxes.emplace_back(m_ccStats.at<int>(i, cv::CC_STAT_LEFT), m_ccStats.at<int>(i, cv::CC_STAT_TOP),
                           m_ccStats.at<int>(i, cv::CC_STAT_WIDTH), m_ccStats.at<int>(i, cv::CC_STAT_HEIGHT));
    // Greedy: join the two boxes whose union saves the most until no union is cheaper than its two parts.
    for (bool joined = true; joined && boxes.size() > 1;) {
        joined = false;
        double best = 0.0;
        size_t bi = 0, bj = 0;
        for (size_t i = 0; i < boxes.size(); ++i)
            for (size_t j = i + 1; j < boxes.size(); ++j) {
                const double saving = cost(boxes[i]) + cost(boxes[j]) - cost(boxes[i] | boxes[j]);
                if (saving >= best) {
                    best = saving;
                    bi = i;
                    bj = j;
                    joined = true;
                }
            }
        if (joined) {
            boxes[bi] |= boxes[bj];
            boxes.erase(boxes.begin() + static_cast<long>(bj));
        }
    }
    std::vector<cv::Rect> parts;
    double total = 0.0;
    for (const cv::Rect& b : boxes) {
        parts.push_back(partOf(b) & readable);
        total += cost(b);
    }
    if (total > m_options.sparseDenseAbove * (fallback.area() + kPassCost))
        return {fallback};
    return parts;
}

std::vector<DiceReader::Candidate> DiceReader::find(const cv::Mat& image, float scale, const cv::Rect& watch,
                                                    float shift) {
    const int w = std::max(8, static_cast<int>(std::lround(image.cols * scale)));
    const int h = std::max(8, static_cast<int>(std::lround(image.rows * scale)));
    const float sx = static_cast<float>(w) / image.cols, sy = static_cast<float>(h) / image.rows;
    // The part of the scaled image the net runs on. Its origin stays on a multiple of 16 (the net's stride
    // and the padding unit), so its grid is the whole image's grid; the margin (48 px, the receptive field of
    // the five 3x3 layers is 63 px) keeps the zero padding at a cut edge away from the cells inside `watch`.
    // The whole image is resized all the same: resizing only the part would sample other source positions.
    cv::Rect part(0, 0, w, h), limit(0, 0, w, h);
    if (!watch.empty()) {
        constexpr int kMargin = 48, kUnit = 16;
        limit = cv::Rect(cv::Point(static_cast<int>(std::floor(watch.x * sx + shift)),
                                   static_cast<int>(std::floor(watch.y * sy + shift))),
                         cv::Point(static_cast<int>(std::ceil(watch.br().x * sx + shift)),
                                   static_cast<int>(std::ceil(watch.br().y * sy + shift)))) &
                cv::Rect(0, 0, w, h);
        const int x0 = std::max(0, limit.x - kMargin) / kUnit * kUnit;
        const int y0 = std::max(0, limit.y - kMargin) / kUnit * kUnit;
        const int x1 = std::min(w, limit.br().x + kMargin);
        const int y1 = std::min(h, limit.br().y + kMargin);
        // Round the far edges up to the padding unit with real pixels where the image has them.
        const int cw = std::min(w - x0, (x1 - x0 + kUnit - 1) / kUnit * kUnit);
        const int ch = std::min(h - y0, (y1 - y0 + kUnit - 1) / kUnit * kUnit);
        if (cw > 0 && ch > 0)
            part = cv::Rect(x0, y0, cw, ch);
    }
    cv::Rect readable(0, 0, w, h); // the pixels of m_finderSmall drawn for this pass
    // Bilinear, as the training windows were warped: INTER_AREA at these non-integer ratios costs 2.6 ms on a
    // 640x640 photo and 8.8 ms on a 1080p frame, bilinear 0.3 and 1.0 ms.
    if (shift == 0.0f) {
        cv::resize(image, m_finderSmall, cv::Size(w, h), 0, 0, cv::INTER_LINEAR);
    } else {
        // The same sampling as resize(), moved by `shift` finder pixels right and down, and only around the
        // part (the sparse rectangles stay within 32 px of it): nothing reads the rest, which is left as it
        // was.
        m_finderSmall.create(h, w, CV_8UC3);
        readable = (part + cv::Size(64, 64) - cv::Point(32, 32)) & cv::Rect(0, 0, w, h);
        const cv::Matx23f m(sx, 0, shift + 0.5f * sx - 0.5f - static_cast<float>(readable.x), 0, sy,
                            shift + 0.5f * sy - 0.5f - static_cast<float>(readable.y));
        cv::Mat into = m_finderSmall(readable);
        cv::warpAffine(image, into, m, readable.size(), cv::INTER_LINEAR, cv::BORDER_REPLICATE);
    }
    // The net's outputs over the whole image's grid; cells no pass filled stay 0 (no die there).
    const int gw = (w + 15) / 16 * 2, gh = (h + 15) / 16 * 2;
    m_finderMaps.create(4 * gh, gw, CV_32F);
    m_finderMaps.setTo(0);
    std::vector<cv::Rect> parts{part};
    bool sparse = false;
    if (m_options.sparseFinder && !limit.empty()) {
        parts = sparseParts(limit, part, readable);
        sparse = parts.size() != 1 || parts.front() != part;
    }
    const int margin = std::max(0, m_options.sparseMargin);
    for (const cv::Rect& p : parts) {
        m_finderShare +=
            static_cast<float>(p.area()) / (m_shareUnit > 0.0f ? m_shareUnit : static_cast<float>(w * h));
        const cv::Mat out = runFinder(p);
        const int ph = out.size[2], pw = out.size[3];
        // A sparse part's cells whose receptive field reaches a cut edge (not the image's own) saw zero
        // padding instead of the image: only the others go to the maps. The tray's part keeps all its cells,
        // as before (those near its cut edges lie outside the tray).
        cv::Rect cells(0, 0, pw, ph);
        if (sparse) {
            const int cx0 = p.x > 0 ? (margin + kFinderStride - 1) / kFinderStride : 0;
            const int cy0 = p.y > 0 ? (margin + kFinderStride - 1) / kFinderStride : 0;
            const int cx1 = p.br().x < w ? (p.width - margin + kFinderStride - 1) / kFinderStride : pw;
            const int cy1 = p.br().y < h ? (p.height - margin + kFinderStride - 1) / kFinderStride : ph;
            if (cx1 <= cx0 || cy1 <= cy0)
                continue;
            cells &= cv::Rect(cx0, cy0, cx1 - cx0, cy1 - cy0);
        }
        const cv::Rect to = cells + cv::Point(p.x / kFinderStride, p.y / kFinderStride);
        for (int k = 0; k < 4; ++k) {
            const cv::Mat plane(ph, pw, CV_32F, const_cast<float*>(out.ptr<float>(0, k)));
            plane(cells).copyTo(m_finderMaps(to + cv::Point(0, k * gh)));
        }
    }
    const cv::Mat heat = m_finderMaps.rowRange(0, gh);
    const cv::Mat dx = m_finderMaps.rowRange(gh, 2 * gh);
    const cv::Mat dy = m_finderMaps.rowRange(2 * gh, 3 * gh);
    const cv::Mat logSize = m_finderMaps.rowRange(3 * gh, 4 * gh);
    cv::Mat peak;
    cv::dilate(heat, peak, cv::Mat::ones(3, 3, CV_8U));
    std::vector<Candidate> found;
    for (int y = 0; y < gh; ++y) {
        const float* hr = heat.ptr<float>(y);
        const float* pr = peak.ptr<float>(y);
        for (int x = 0; x < gw; ++x) {
            if (hr[x] < m_options.weakThreshold || hr[x] < pr[x])
                continue;
            Candidate c;
            c.centre = {((x + dx.at<float>(y, x)) * kFinderStride - shift) / sx,
                        ((y + dy.at<float>(y, x)) * kFinderStride - shift) / sy};
            c.size = kFinderDiePx * std::exp(logSize.at<float>(y, x)) / scale;
            c.score = hr[x];
            if (c.centre.x >= 0 && c.centre.y >= 0 && c.centre.x < image.cols && c.centre.y < image.rows)
                found.push_back(c);
        }
    }
    return found;
}

cv::Mat DiceReader::readCrops(const std::vector<cv::Mat>& crops, cv::Mat* features) {
    cv::Mat prob = cv::Mat::zeros(static_cast<int>(crops.size()), 7, CV_32F);
    cv::Mat one(1, 7, CV_32F);
    const bool withFeatures =
        features != nullptr && std::none_of(m_readers.begin(), m_readers.end(),
                                            [](const Reader& r) { return r.featureAndOutput.empty(); });
    std::vector<cv::Mat> perReader;
    std::vector<cv::Mat> outs;
    for (Reader& reader : m_readers) {
        cv::Mat pooled;
        for (size_t i = 0; i < crops.size(); ++i) {
            cv::Mat f;
            if (reader.loops && reader.loops->outputs() == 7) {
                reader.loops->forward(crops[i], one.ptr<float>());
                if (withFeatures)
                    f = cv::Mat(reader.loops->pooled(), true).reshape(1, 1);
            } else {
                // One crop per forward pass: a batch of one costs the same per crop as a larger batch, and a
                // constant input shape lets OpenCV DNN keep its buffers instead of reallocating them for
                // every new batch size (allocation and page faults were about 2 ms of a 9 ms read).
                cv::dnn::blobFromImage(crops[i], m_readerInput, 1.0 / 255.0);
                reader.net.setInput(m_readerInput);
                if (withFeatures) {
                    reader.net.forward(outs, reader.featureAndOutput);
                    outs[1].reshape(1, 1).copyTo(one);
                    f = outs[0].reshape(1, 1).clone();
                } else {
                    reader.net.forward().reshape(1, 1).copyTo(one);
                }
            }
            prob.row(static_cast<int>(i)) += one;
            if (withFeatures) {
                f /= cv::norm(f) + 1e-6;
                pooled.push_back(f);
            }
        }
        if (withFeatures)
            perReader.push_back(pooled);
    }
    if (features != nullptr) {
        if (withFeatures && !crops.empty())
            cv::hconcat(perReader, *features);
        else
            features->release();
    }
    if (m_readers.size() > 1)
        prob *= 1.0 / static_cast<double>(m_readers.size());
    return prob;
}

float DiceReader::typicalSize(const std::vector<Candidate>& candidates) const {
    // The finder's size for one die is noisy (15% spread on train); the dice of a throw are alike in size.
    std::vector<float> sizes;
    for (const Candidate& c : candidates)
        if (c.score >= m_options.findThreshold)
            sizes.push_back(c.size);
    return sizes.empty() ? 0.0f : median(sizes);
}

std::vector<DiceReader::Candidate> DiceReader::addSecondPhase(const cv::Mat& image, float scale,
                                                              const cv::Rect& watch,
                                                              std::vector<Candidate> all) {
    if (!m_options.twoPhaseFinder || all.size() < 2)
        return all;
    const float typical = typicalSize(all);
    // Where finds lie close together: the box around them, a typical die wider on every side.
    cv::Rect crowd;
    for (size_t i = 0; i < all.size(); ++i)
        for (size_t j = i + 1; j < all.size(); ++j) {
            if (cv::norm(all[i].centre - all[j].centre) >= m_options.crowdedBelow * typical)
                continue;
            for (const Candidate* c : {&all[i], &all[j]}) {
                const cv::Rect r(cv::Point(cvFloor(c->centre.x - typical), cvFloor(c->centre.y - typical)),
                                 cv::Point(cvCeil(c->centre.x + typical), cvCeil(c->centre.y + typical)));
                crowd = crowd.empty() ? r : (crowd | r);
            }
        }
    crowd &= watch.empty() ? cv::Rect(0, 0, image.cols, image.rows) : watch;
    if (crowd.width < 16 || crowd.height < 16)
        return all;
    std::vector<Candidate> more = find(image, scale, crowd, 0.5f * kFinderStride);
    // Two finds closer than half a die are one die: the first pass's finds come first, each pass strongest
    // first, so a die the first pass found is read from the same crop as without the second pass.
    const auto stronger = [](const Candidate& a, const Candidate& b) {
        return a.score > b.score;
    };
    std::sort(all.begin(), all.end(), stronger);
    std::sort(more.begin(), more.end(), stronger);
    all.insert(all.end(), more.begin(), more.end());
    const float sameBelow = 0.5f * typicalSize(all);
    std::vector<Candidate> kept;
    for (const Candidate& c : all) {
        const bool known = std::any_of(kept.begin(), kept.end(), [&](const Candidate& k) {
            return cv::norm(k.centre - c.centre) < std::max({sameBelow, 0.5f * k.size, 0.5f * c.size});
        });
        if (!known)
            kept.push_back(c);
    }
    return kept;
}

Result<DiceFrame> DiceReader::read(const cv::Mat& frame, const DiceHints& hints) {
    const auto start = std::chrono::steady_clock::now();
    m_finderShare = 0.0f;
    if (frame.empty())
        return Error{"empty frame"};
    if (frame.type() == CV_8UC1)
        return Error{"grey frame: the dice reader needs a colour (8-bit BGR) frame"};
    if (frame.type() != CV_8UC3)
        return Error{"unsupported frame type " + cv::typeToString(frame.type()) +
                     ": expected 8-bit BGR (CV_8UC3)"};
    if (hints.dieSizePx < 0.0f || !std::isfinite(hints.dieSizePx))
        return Error{"die size hint must be a positive number of pixels"};

    // The part of the frame the finder watches: the tray's bounding box, or all of it.
    cv::Rect watch;
    if (!hints.trayPolygon.empty()) {
        if (hints.trayPolygon.size() < 3)
            return Error{"tray polygon needs at least three corners"};
        watch = cv::boundingRect(hints.trayPolygon) & cv::Rect(0, 0, frame.cols, frame.rows);
        if (watch.width < 16 || watch.height < 16)
            return Error{"tray polygon lies outside the frame"};
    }

    // Hints must not make a read worse, so they leave the finder's input as the plain read has it wherever
    // they can: the finder runs on the frame first at the scale that would make a die about finderDiePx
    // across if the short side spanned a 640 px photo of a tray, then once more at the scale of the dice
    // found when that is more than rescaleAbove off. The tray polygon narrows the finder to the tray's part
    // of the scaled frame on the net's own grid (find()), drops candidates outside the tray and flags dice
    // its edge cuts. The die size adds one more pass at its own scale when that and the dice the plain
    // passes found are both more than rescaleAbove off it (dice far from the finder's trained size are found
    // badly, or found as ground texture); the hinted pass's finds replace the plain ones at the same place,
    // and a plain find it missed stays if it has a die's size (hintKeepsWithin), so the hint never loses a
    // die the plain read finds. (Replacing the first guess by the hint lost large dice the found-size pass
    // recovered.)
    const auto clampScale = [&](float s) {
        const float maxSide = static_cast<float>(std::max(frame.cols, frame.rows));
        return std::clamp(s, 32.0f / maxSide, kMaxFinderSide / maxSide);
    };
    DiceFrame result;
    const float diePx = m_options.finderDiePx;
    const float logTolerance = std::log(m_options.rescaleAbove);
    float scale =
        clampScale(diePx / kFinderDiePx * 320.0f / static_cast<float>(std::min(frame.cols, frame.rows)));
    m_shareUnit = 0.0f;
    std::vector<Candidate> candidates = find(frame, scale, watch);
    // Every pass counts in finderShare against the first pass's image: the coarse ones cost a ninth or less.
    m_shareUnit = static_cast<float>(std::max(8L, std::lround(frame.cols * scale)) *
                                     std::max(8L, std::lround(frame.rows * scale)));
    // With a die-size hint the search is left out: the hinted pass below runs at the right scale, and the
    // search's finds it missed, kept as the hint keeps plain finds, added phantoms (rune55 train at the
    // table: no better, within 1% on every figure; test: 0.69 -> 0.92 phantoms a photo).
    if (m_options.scaleSearch && hints.dieSizePx <= 0.0f) {
        const auto sureness = [&](std::vector<Candidate> found) {
            std::sort(found.begin(), found.end(),
                      [](const Candidate& a, const Candidate& b) { return a.score > b.score; });
            float sum = 0.0f;
            int n = 0;
            for (const Candidate& c : found)
                if (c.score >= m_options.findThreshold && n < 3) {
                    sum += c.score;
                    ++n;
                }
            return n == 0 ? 0.0f : sum / static_cast<float>(n);
        };
        float best = sureness(candidates);
        const float base = scale;
        float previous = base;
        for (const float step : {3.0f, 9.0f}) {
            const float s = clampScale(base / step);
            if (s >= previous)
                break; // already at the smallest image the finder runs on
            previous = s;
            std::vector<Candidate> found = find(frame, s, watch);
            // Only dice too large for the finer pass count: at a third of the scale, two touching dice of
            // the finer pass's size can look like one sure die.
            const bool tooLarge = typicalSize(found) * scale > kFinderLargestDie;
            if (const float sure = sureness(found); tooLarge && sure > best) {
                best = sure;
                scale = s;
                candidates = std::move(found);
            }
        }
    }
    {
        if (const float found = typicalSize(candidates); found > 0.0f) {
            const float better = clampScale(diePx / found);
            if (std::abs(std::log(better / scale)) > logTolerance) {
                scale = better;
                candidates = find(frame, scale, watch);
            }
        }
    }
    candidates = addSecondPhase(frame, scale, watch, std::move(candidates));
    // The finder's size for one die is noisy (15% spread on train); dice of one throw are alike in size, so a
    // die is cropped at least as large as the median strong die of its pass. A crop that is too tight cuts
    // pips off, one that is somewhat loose costs little (held-out train photos: 97.4% -> 98.1% read right
    // with the full second look).
    const float plainTypical = typicalSize(candidates);
    for (Candidate& c : candidates)
        c.typical = plainTypical;
    std::vector<Candidate> alternates; // plain finds the hinted pass found too, for fallback
    std::vector<int> fallback;         // per candidate: its alternate, or -1
    if (hints.dieSizePx > 0.0f) {
        const float hinted = clampScale(diePx / (kBoxPerEdge * hints.dieSizePx));
        // Dice found at the hint's size say the plain passes ran at a good scale already: the labels'
        // boxes, like a calibration, may be a little looser than the finder's.
        const bool agrees =
            plainTypical > 0.0f &&
            std::abs(std::log(plainTypical / (kBoxPerEdge * hints.dieSizePx))) <= logTolerance;
        if (!agrees && std::abs(std::log(hinted / scale)) > logTolerance) {
            std::vector<Candidate> sized = addSecondPhase(frame, hinted, watch, find(frame, hinted, watch));
            const float sizedTypical = typicalSize(sized);
            const float box = kBoxPerEdge * hints.dieSizePx;
            for (Candidate& k : sized)
                k.typical = sizedTypical;
            // Each hinted find stands for one plain find at most (the nearest): where the hinted pass sees
            // one die in two touching ones the plain passes told apart, the second stays.
            const size_t hintedFinds = sized.size();
            fallback.assign(hintedFinds, -1);
            for (const Candidate& c : candidates) {
                int same = -1;
                double nearest = 0.0;
                for (size_t k = 0; k < hintedFinds; ++k) {
                    const double d = cv::norm(sized[k].centre - c.centre);
                    if (fallback[k] < 0 && d < 0.5f * std::max(sized[k].size, c.size) &&
                        (same < 0 || d < nearest)) {
                        same = static_cast<int>(k);
                        nearest = d;
                    }
                }
                const bool seen = same >= 0;
                if (seen) {
                    // Read from the plain find's crop if the reader drops the hinted one.
                    fallback[static_cast<size_t>(same)] = static_cast<int>(alternates.size());
                    alternates.push_back(c);
                }
                const bool dieSized = m_options.hintKeepsWithin <= 0.0f ||
                                      std::abs(std::log(c.size / box)) <= std::log(m_options.hintKeepsWithin);
                if (!seen && dieSized)
                    sized.push_back(c);
                else if (!seen)
                    ++result.possibleDiceDropped; // found without the hint, not the hint's size: say so
            }
            fallback.resize(sized.size(), -1);
            candidates = std::move(sized);
        }
    }
    fallback.resize(candidates.size(), -1);
    if (!hints.trayPolygon.empty()) {
        std::vector<Candidate> inside;
        std::vector<int> insideFallback;
        for (size_t i = 0; i < candidates.size(); ++i)
            if (cv::pointPolygonTest(hints.trayPolygon, candidates[i].centre, false) >= 0) {
                inside.push_back(candidates[i]);
                insideFallback.push_back(fallback[i]);
            }
        candidates = std::move(inside);
        fallback = std::move(insideFallback);
    }

    const float unsureBelow = m_options.unsureBelow.value_or(kStrictUnsureBelow);
    if (!candidates.empty()) {
        std::vector<cv::Mat> crops;
        crops.reserve(candidates.size());
        for (const std::vector<Candidate>* list : {&candidates, &alternates})
            for (const Candidate& c : *list)
                crops.push_back(diceReaderCrop(frame, c.centre, std::max(c.size, c.typical), m_cropSide));
        cv::Mat features;
        cv::Mat prob = readCrops(crops, &features);

        // Second look at the doubtful ones: the reader was trained on turned and mirrored dice, so averaging
        // it over the other seven symmetries of the square crop settles some of them.
        std::vector<int> doubtful;
        std::vector<cv::Mat> turned;
        for (int i = 0; i < prob.rows; ++i) {
            const float* p = prob.ptr<float>(i);
            if (*std::max_element(p, p + 7) >= unsureBelow)
                continue;
            doubtful.push_back(i);
            cv::Mat mirrored;
            cv::flip(crops[static_cast<size_t>(i)], mirrored, 1);
            turned.push_back(mirrored);
            for (const cv::Mat& base : {crops[static_cast<size_t>(i)], mirrored})
                for (int turn : {cv::ROTATE_90_CLOCKWISE, cv::ROTATE_180, cv::ROTATE_90_COUNTERCLOCKWISE}) {
                    cv::Mat r;
                    cv::rotate(base, r, turn);
                    turned.push_back(r);
                }
        }
        if (!doubtful.empty()) {
            constexpr int kLooks = 7;
            const cv::Mat more = readCrops(turned);
            for (size_t k = 0; k < doubtful.size(); ++k) {
                float* p = prob.ptr<float>(doubtful[k]);
                for (int c = 0; c < 7; ++c) {
                    float sum = p[c];
                    for (int t = 0; t < kLooks; ++t)
                        sum += more.at<float>(static_cast<int>(kLooks * k) + t, c);
                    p[c] = sum / (kLooks + 1);
                }
            }
        }

        std::vector<Candidate> kept;
        const auto dropped = [&](const Candidate& c, const float* p) {
            const bool strong = c.score >= m_options.findThreshold;
            const bool doubtfulFind = m_options.keepDoubtfulFinds && strong &&
                                      p[kNotADie] > m_options.notADieDrop &&
                                      p[kNotADie] < m_options.notADieSure;
            const float confidence = *std::max_element(p, p + kNotADie);
            return !doubtfulFind &&
                   (p[kNotADie] > m_options.notADieDrop || (!strong && confidence < unsureBelow));
        };
        for (size_t i = 0; i < candidates.size(); ++i) {
            const Candidate* pick = &candidates[i];
            const float* p = prob.ptr<float>(static_cast<int>(i));
            if (const int alt = fallback[i]; alt >= 0 && dropped(*pick, p)) {
                pick = &alternates[static_cast<size_t>(alt)];
                p = prob.ptr<float>(static_cast<int>(candidates.size()) + alt);
            }
            const Candidate& c = *pick;
            DieRead die;
            std::copy(p, p + 7, die.probability.begin());
            if (!features.empty()) {
                const int row = pick == &candidates[i] ? static_cast<int>(i)
                                                       : static_cast<int>(candidates.size()) + fallback[i];
                die.features.assign(features.ptr<float>(row), features.ptr<float>(row) + features.cols);
            }
            const int face = static_cast<int>(std::max_element(p, p + kNotADie) - p);
            die.value = face + 1;
            die.confidence = p[face];
            die.findScore = c.score;
            const bool strong = c.score >= m_options.findThreshold;
            // A strong find that the reader does not surely reject stays, for a person to judge: a small die
            // beside larger ones gets a crop mostly of its neighbours, and the reader's doubt is about the
            // crop.
            die.maybeNotADie = m_options.keepDoubtfulFinds && strong && p[kNotADie] > m_options.notADieDrop &&
                               p[kNotADie] < m_options.notADieSure;
            if (!die.maybeNotADie &&
                (p[kNotADie] > m_options.notADieDrop || (!strong && die.confidence < unsureBelow))) {
                // Dropped. If neither net was sure it is not a die, the count itself is in doubt.
                if (p[kNotADie] < m_options.notADieSure && (strong || die.confidence > 0.3f))
                    ++result.possibleDiceDropped;
                continue;
            }
            die.unsure = die.confidence < unsureBelow || die.maybeNotADie;

            result.countUncertain = result.countUncertain || die.maybeNotADie;
            const Orientation o = edgeOrientation(frame, c.centre, c.size);
            const float cosA = std::abs(std::cos(o.angleDeg * static_cast<float>(CV_PI) / 180.0f));
            const float sinA = std::abs(std::sin(o.angleDeg * static_cast<float>(CV_PI) / 180.0f));
            const float edge = c.size / (cosA + sinA);
            die.outline = cv::RotatedRect(c.centre, cv::Size2f(edge, edge), o.angleDeg);
            die.cocked = o.coherence < m_options.cockedBelow;
            const cv::Rect2f box(c.centre.x - c.size / 2, c.centre.y - c.size / 2, c.size, c.size);
            die.occluded = box.x < 0 || box.y < 0 || box.br().x > frame.cols || box.br().y > frame.rows;
            if (!hints.trayPolygon.empty()) {
                cv::Point2f corners[4];
                die.outline.points(corners);
                for (const cv::Point2f& q : corners)
                    die.occluded = die.occluded || cv::pointPolygonTest(hints.trayPolygon, q, false) < 0;
            }
            result.dice.push_back(die);
            kept.push_back(c);
        }

        // Two reads on one die would count it twice: keep the stronger, and say the count is in doubt.
        std::vector<bool> gone(kept.size(), false);
        for (size_t i = 0; i < kept.size(); ++i)
            for (size_t j = i + 1; j < kept.size(); ++j) {
                const float d = static_cast<float>(cv::norm(kept[i].centre - kept[j].centre));
                const float a =
                    0.5f * (result.dice[i].outline.size.width + result.dice[j].outline.size.width);
                if (d < 0.55f * a) {
                    gone[kept[i].score < kept[j].score ? i : j] = true;
                    result.countUncertain = true;
                } else if (d < 1.25f * a) {
                    result.dice[i].touching = result.dice[j].touching = true;
                }
            }
        std::vector<DieRead> dice;
        for (size_t i = 0; i < kept.size(); ++i)
            if (!gone[i])
                dice.push_back(result.dice[i]);
        result.dice = std::move(dice);
    }
    if (result.possibleDiceDropped > 0)
        result.countUncertain = true;
    for (const DieRead& d : result.dice)
        if (d.occluded)
            result.countUncertain = true;
    std::sort(result.dice.begin(), result.dice.end(), [](const DieRead& a, const DieRead& b) {
        return std::tie(a.outline.center.y, a.outline.center.x) <
               std::tie(b.outline.center.y, b.outline.center.x);
    });
    result.finderShare = m_finderShare;
    result.milliseconds =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return result;
}

} // namespace muster::vision
