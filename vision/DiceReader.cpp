#include "vision/DiceReader.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>

namespace muster::vision {

namespace {

constexpr int kNotADie = 6;
constexpr int kMaxFinderSide = 1280; // bounds the finder's work on huge frames or tiny die-size hints
// The finder measures a die's axis-aligned box; over random turns that box is about 1.2 die edges.
constexpr float kBoxPerEdge = 1.2f;

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

cv::Mat diceReaderCrop(const cv::Mat& bgr, cv::Point2f centre, float size) {
    const float side = DiceReader::kCropContext * size;
    const int s = std::max(2, static_cast<int>(std::lround(side)));
    const int x0 = static_cast<int>(std::lround(centre.x - side / 2));
    const int y0 = static_cast<int>(std::lround(centre.y - side / 2));
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
    const int interp = s > DiceReader::kCropSide ? cv::INTER_AREA : cv::INTER_LINEAR;
    cv::resize(roi, out, cv::Size(DiceReader::kCropSide, DiceReader::kCropSide), 0, 0, interp);
    return out;
}

std::string DiceReader::defaultModelDir() {
    if (const char* env = std::getenv("MUSTER_MODEL_DIR"); env && *env)
        return env;
    return MUSTER_DEFAULT_MODEL_DIR;
}

Result<DiceReader> DiceReader::load(const std::string& modelDir, const DiceReaderOptions& options) {
    namespace fs = std::filesystem;
    const fs::path finderPath = fs::path(modelDir) / "dice_finder.onnx";
    const fs::path readerPath = fs::path(modelDir) / "dice_reader.onnx";
    for (const fs::path& p : {finderPath, readerPath}) {
        std::error_code ec;
        if (!fs::is_regular_file(p, ec))
            return Error{"dice model file not found: " + p.string()};
    }
    try {
        cv::dnn::Net finder = cv::dnn::readNetFromONNX(finderPath.string());
        cv::dnn::Net reader = cv::dnn::readNetFromONNX(readerPath.string());
        if (finder.empty() || reader.empty())
            return Error{"dice model could not be loaded from " + modelDir};
        return DiceReader(std::move(finder), std::move(reader), options);
    } catch (const cv::Exception& e) {
        return Error{"dice model could not be loaded from " + modelDir + ": " + e.msg};
    }
}

DiceReader::DiceReader(cv::dnn::Net finder, cv::dnn::Net reader, const DiceReaderOptions& options)
    : m_finder(std::move(finder))
    , m_reader(std::move(reader))
    , m_options(options) {
    for (cv::dnn::Net* net : {&m_finder, &m_reader}) {
        net->setPreferableBackend(cv::dnn::DNN_BACKEND_OPENCV);
        net->setPreferableTarget(cv::dnn::DNN_TARGET_CPU);
    }
    m_readerLoops = ReaderNet::fromNet(m_reader, kCropSide);
}

std::vector<DiceReader::Candidate> DiceReader::find(const cv::Mat& image, float scale,
                                                    const cv::Rect& watch) {
    const int w = std::max(8, static_cast<int>(std::lround(image.cols * scale)));
    const int h = std::max(8, static_cast<int>(std::lround(image.rows * scale)));
    // Bilinear, as the training windows were warped: INTER_AREA at these non-integer ratios costs 2.6 ms on a
    // 640x640 photo and 8.8 ms on a 1080p frame, bilinear 0.3 and 1.0 ms.
    cv::resize(image, m_finderSmall, cv::Size(w, h), 0, 0, cv::INTER_LINEAR);
    const float sx = static_cast<float>(w) / image.cols, sy = static_cast<float>(h) / image.rows;
    // The part of the scaled image the net runs on. Its origin stays on a multiple of 16 (the net's stride
    // and the padding unit), so its grid is the whole image's grid; the margin (48 px, the receptive field of
    // the five 3x3 layers is 63 px) keeps the zero padding at a cut edge away from the cells inside `watch`.
    // The whole image is resized all the same: resizing only the part would sample other source positions.
    cv::Rect part(0, 0, w, h);
    if (!watch.empty()) {
        constexpr int kMargin = 48, kUnit = 16;
        const int x0 = std::max(0, static_cast<int>(std::floor(watch.x * sx)) - kMargin) / kUnit * kUnit;
        const int y0 = std::max(0, static_cast<int>(std::floor(watch.y * sy)) - kMargin) / kUnit * kUnit;
        const int x1 = std::min(w, static_cast<int>(std::ceil(watch.br().x * sx)) + kMargin);
        const int y1 = std::min(h, static_cast<int>(std::ceil(watch.br().y * sy)) + kMargin);
        // Round the far edges up to the padding unit with real pixels where the image has them.
        const int cw = std::min(w - x0, (x1 - x0 + kUnit - 1) / kUnit * kUnit);
        const int ch = std::min(h - y0, (y1 - y0 + kUnit - 1) / kUnit * kUnit);
        if (cw > 0 && ch > 0)
            part = cv::Rect(x0, y0, cw, ch);
    }
    const cv::Mat small = m_finderSmall(part);
    // The net's output stride is 8: pad to a multiple of 16 as the training script does.
    const int paddedW = (part.width + 15) / 16 * 16, paddedH = (part.height + 15) / 16 * 16;
    const cv::Mat* padded = &small;
    if (paddedW != part.width || paddedH != part.height) {
        cv::copyMakeBorder(small, m_finderPadded, 0, paddedH - part.height, 0, paddedW - part.width,
                           cv::BORDER_REPLICATE);
        padded = &m_finderPadded;
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
    m_finder.setInput(m_finderInput);
    const cv::Mat out = m_finder.forward();
    const int gh = out.size[2], gw = out.size[3];
    const cv::Mat heat(gh, gw, CV_32F, const_cast<float*>(out.ptr<float>(0, 0)));
    const cv::Mat dx(gh, gw, CV_32F, const_cast<float*>(out.ptr<float>(0, 1)));
    const cv::Mat dy(gh, gw, CV_32F, const_cast<float*>(out.ptr<float>(0, 2)));
    const cv::Mat logSize(gh, gw, CV_32F, const_cast<float*>(out.ptr<float>(0, 3)));
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
            c.centre = {((x + dx.at<float>(y, x)) * kFinderStride + static_cast<float>(part.x)) / sx,
                        ((y + dy.at<float>(y, x)) * kFinderStride + static_cast<float>(part.y)) / sy};
            c.size = kFinderDiePx * std::exp(logSize.at<float>(y, x)) / scale;
            c.score = hr[x];
            if (c.centre.x >= 0 && c.centre.y >= 0 && c.centre.x < image.cols && c.centre.y < image.rows)
                found.push_back(c);
        }
    }
    return found;
}

cv::Mat DiceReader::readCrops(const std::vector<cv::Mat>& crops) {
    cv::Mat prob(static_cast<int>(crops.size()), 7, CV_32F);
    if (m_readerLoops && m_readerLoops->outputs() == 7) {
        for (size_t i = 0; i < crops.size(); ++i)
            m_readerLoops->forward(crops[i], prob.ptr<float>(static_cast<int>(i)));
        return prob;
    }
    // One crop per forward pass: a batch of one costs the same per crop as a larger batch, and a constant
    // input shape lets OpenCV DNN keep its buffers instead of reallocating them for every new batch size
    // (allocation and page faults were about 2 ms of a 9 ms read).
    for (size_t i = 0; i < crops.size(); ++i) {
        cv::dnn::blobFromImage(crops[i], m_readerInput, 1.0 / 255.0);
        m_reader.setInput(m_readerInput);
        m_reader.forward().reshape(1, 1).copyTo(prob.row(static_cast<int>(i)));
    }
    return prob;
}

Result<DiceFrame> DiceReader::read(const cv::Mat& frame, const DiceHints& hints) {
    const auto start = std::chrono::steady_clock::now();
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
    // its edge cuts. The die size replaces the first guess only when the two disagree by more than
    // rescaleAbove (a camera close over a small tray): dice that far off the finder's size read badly.
    // (Cropping the frame itself to the tray and scaling from the hint moved the finder's input by a pixel or
    // two, which flipped doubtful dice both ways: on the calibration eval's 1280x960 views hints read 2 dice
    // fewer right.)
    const auto clampScale = [&](float s) {
        const float maxSide = static_cast<float>(std::max(frame.cols, frame.rows));
        return std::clamp(s, 32.0f / maxSide, kMaxFinderSide / maxSide);
    };
    const float diePx = m_options.finderDiePx;
    const float logTolerance = std::log(m_options.rescaleAbove);
    float scale =
        clampScale(diePx / kFinderDiePx * 320.0f / static_cast<float>(std::min(frame.cols, frame.rows)));
    if (hints.dieSizePx > 0.0f) {
        const float hinted = clampScale(diePx / (kBoxPerEdge * hints.dieSizePx));
        if (std::abs(std::log(hinted / scale)) > logTolerance)
            scale = hinted;
    }
    std::vector<Candidate> candidates = find(frame, scale, watch);
    {
        std::vector<float> sizes;
        for (const Candidate& c : candidates)
            if (c.score >= m_options.findThreshold)
                sizes.push_back(c.size);
        if (!sizes.empty()) {
            const float better = clampScale(diePx / median(sizes));
            if (std::abs(std::log(better / scale)) > logTolerance)
                candidates = find(frame, better, watch);
        }
    }
    // The finder's size for one die is noisy (15% spread on train); dice of one throw are alike in size, so a
    // die is cropped at least as large as the median strong die. A crop that is too tight cuts pips off, one
    // that is somewhat loose costs little (held-out train photos: 97.4% -> 98.1% read right with the full
    // second look).
    std::vector<float> cropSizes;
    for (const Candidate& c : candidates)
        if (c.score >= m_options.findThreshold)
            cropSizes.push_back(c.size);
    const float typical = cropSizes.empty() ? 0.0f : median(cropSizes);
    if (!hints.trayPolygon.empty()) {
        std::erase_if(candidates, [&](const Candidate& c) {
            return cv::pointPolygonTest(hints.trayPolygon, c.centre, false) < 0;
        });
    }

    DiceFrame result;
    if (!candidates.empty()) {
        std::vector<cv::Mat> crops;
        crops.reserve(candidates.size());
        for (const Candidate& c : candidates)
            crops.push_back(diceReaderCrop(frame, c.centre, std::max(c.size, typical)));
        cv::Mat prob = readCrops(crops);

        // Second look at the doubtful ones: the reader was trained on turned and mirrored dice, so averaging
        // it over the other seven symmetries of the square crop settles some of them.
        std::vector<int> doubtful;
        std::vector<cv::Mat> turned;
        for (int i = 0; i < prob.rows; ++i) {
            const float* p = prob.ptr<float>(i);
            if (*std::max_element(p, p + 7) >= m_options.unsureBelow)
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
        for (size_t i = 0; i < candidates.size(); ++i) {
            const Candidate& c = candidates[i];
            const float* p = prob.ptr<float>(static_cast<int>(i));
            DieRead die;
            std::copy(p, p + 7, die.probability.begin());
            const int face = static_cast<int>(std::max_element(p, p + kNotADie) - p);
            die.value = face + 1;
            die.confidence = p[face];
            die.findScore = c.score;
            const bool strong = c.score >= m_options.findThreshold;
            if (p[kNotADie] > m_options.notADieDrop || (!strong && die.confidence < m_options.unsureBelow)) {
                // Dropped. If neither net was sure it is not a die, the count itself is in doubt.
                if (p[kNotADie] < 0.9f && (strong || die.confidence > 0.3f))
                    ++result.possibleDiceDropped;
                continue;
            }
            die.unsure = die.confidence < m_options.unsureBelow;
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
    result.milliseconds =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return result;
}

} // namespace muster::vision
