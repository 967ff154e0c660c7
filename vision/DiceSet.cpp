#include "vision/DiceSet.h"

#include <opencv2/core/utility.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

namespace muster::vision {

namespace {

constexpr int kAngles = 32;            // samples round a ring; 8 harmonics need at least 16
constexpr int kTurns = 64;             // turns descriptorDistance() tries
constexpr float kReaderWeight = 0.5f;  // measured on the star-painted photos: 1.0 kept fewer 1-5 right
constexpr float kSampleRadius = 0.42f; // of the die's edge: inside the top face, past a 6's pips
constexpr const char* kKind = "muster-dice-set";

// Per channel median of the pixels of `crop` within `radius` of its centre: the face's body colour, as the
// pips or the symbol cover well under half the face.
cv::Vec3f medianColour(const cv::Mat& crop, float radius) {
    std::array<std::vector<uchar>, 3> values;
    const cv::Point2f c((crop.cols - 1) * 0.5f, (crop.rows - 1) * 0.5f);
    for (int y = 0; y < crop.rows; ++y)
        for (int x = 0; x < crop.cols; ++x) {
            const float dx = static_cast<float>(x) - c.x, dy = static_cast<float>(y) - c.y;
            if (dx * dx + dy * dy > radius * radius)
                continue;
            const cv::Vec3b& p = crop.at<cv::Vec3b>(y, x);
            for (size_t k = 0; k < 3; ++k)
                values[k].push_back(p[static_cast<int>(k)]);
        }
    cv::Vec3f out;
    for (size_t k = 0; k < 3; ++k) {
        auto& v = values[k];
        if (v.empty())
            continue;
        const auto mid = v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2);
        std::nth_element(v.begin(), mid, v.end());
        out[static_cast<int>(k)] = *mid;
    }
    return out;
}

// The nearest row of `examples` to `descriptor`, skipping row `skip`; infinity without rows.
float nearest(const cv::Mat& examples, const float* descriptor, int skip = -1) {
    float best = std::numeric_limits<float>::infinity();
    for (int r = 0; r < examples.rows; ++r)
        if (r != skip)
            best = std::min(best, descriptorDistance(examples.ptr<float>(r), descriptor));
    return best;
}

float percentileOf(std::vector<float> v, float p) {
    if (v.empty())
        return 0.0f;
    std::sort(v.begin(), v.end());
    const size_t i = std::min(v.size() - 1, static_cast<size_t>(p * static_cast<float>(v.size() - 1) + 0.5f));
    return v[i];
}

bool finite(const cv::Mat& m) {
    return cv::checkRange(m, true, nullptr, -1e6, 1e6);
}

} // namespace

bool DiceSet::anyTaught() const {
    return std::any_of(faces.begin(), faces.end(), [](const DiceSetFace& f) { return f.taught; });
}

namespace {

// Each pixel's colour distance from the crop's median colour within `radius` of its centre.
cv::Mat awayFromBody(const cv::Mat& frame, cv::Point2f centre, float radius, int side) {
    cv::Mat crop;
    // Replicates the frame's edge for a die cut by it.
    cv::getRectSubPix(frame, cv::Size(side, side), centre, crop);
    const cv::Vec3f body = medianColour(crop, radius);
    cv::Mat away(crop.size(), CV_32F);
    for (int y = 0; y < crop.rows; ++y)
        for (int x = 0; x < crop.cols; ++x) {
            const cv::Vec3b& p = crop.at<cv::Vec3b>(y, x);
            const cv::Vec3f d(p[0] - body[0], p[1] - body[1], p[2] - body[2]);
            away.at<float>(y, x) = std::sqrt(d.dot(d));
        }
    return away;
}

} // namespace

cv::Mat dieDescriptor(const cv::Mat& frame, const DieRead& die) {
    const float radius = std::max(2.0f, kSampleRadius * die.outline.size.width);
    const int side = 2 * static_cast<int>(std::ceil(radius)) + 3;
    const cv::Point2f mid((side - 1) * 0.5f, (side - 1) * 0.5f);
    // Every face of a d6 and a centred symbol are symmetric about the face's centre, so the centroid of what
    // differs from the body colour is a better centre than the finder's (off by a pixel or two).
    cv::Mat away = awayFromBody(frame, die.outline.center, radius, side);
    cv::Mat disk = cv::Mat::zeros(away.size(), CV_32F);
    cv::circle(disk, cv::Point(cvRound(mid.x), cvRound(mid.y)), cvRound(0.8f * radius), 1.0, cv::FILLED);
    const cv::Moments m = cv::moments(away.mul(disk));
    cv::Point2f centre = die.outline.center;
    if (m.m00 > 1e-3) {
        const cv::Point2f shift(static_cast<float>(m.m10 / m.m00) - mid.x,
                                static_cast<float>(m.m01 / m.m00) - mid.y);
        if (std::hypot(shift.x, shift.y) < 0.2f * radius) {
            centre += shift;
            away = awayFromBody(frame, centre, radius, side);
        }
    }
    // Clipped at half the strongest (98th percentile) difference, so that a glint or a die's shaded side
    // does not outweigh the pips or the symbol.
    {
        std::vector<float> v(away.begin<float>(), away.end<float>());
        const float top = percentileOf(v, 0.98f);
        if (top > 0.0f)
            away = cv::min(away, 0.5f * top);
    }
    cv::Mat polar; // rows: angles, columns: rings
    cv::warpPolar(away, polar, cv::Size(kDescriptorRings, kAngles), mid, radius,
                  static_cast<int>(cv::INTER_LINEAR) | static_cast<int>(cv::WARP_POLAR_LINEAR));
    cv::Mat rings = polar.t(), spectrum; // one ring a row
    cv::dft(rings, spectrum, cv::DFT_ROWS | cv::DFT_COMPLEX_OUTPUT);
    cv::Mat out(1, kDescriptorSize, CV_32F);
    float* o = out.ptr<float>(0);
    for (int r = 0; r < kDescriptorRings; ++r)
        for (int h = 0; h < kDescriptorHarmonics; ++h) {
            // A harmonic above 0 stands for itself and its conjugate: sqrt(2) keeps the L2 distance that of
            // the rings' (low-passed) samples.
            const cv::Vec2f c = spectrum.at<cv::Vec2f>(r, h) * (h == 0 ? 1.0f : std::sqrt(2.0f));
            o[2 * (r * kDescriptorHarmonics + h)] = c[0];
            o[2 * (r * kDescriptorHarmonics + h) + 1] = c[1];
        }
    // Contrast-free; the 1 keeps a blank face (all colour distances near 0) from blowing noise up.
    cv::Mat look = out.colRange(0, kDescriptorLook);
    look /= static_cast<float>(cv::norm(look)) + 1.0f;
    for (int k = 0; k < 7; ++k)
        o[kDescriptorLook + k] = kReaderWeight * die.probability[static_cast<size_t>(k)];
    return out;
}

float descriptorDistance(const float* a, const float* b) {
    // Turning a die shifts each ring's phase by h * angle at harmonic h: the distance is the least over
    // kTurns turns, ||a||^2 + ||b||^2 - 2 max Re sum_h C_h e^(i h angle), C_h = sum_r a_rh conj(b_rh).
    static const auto table = [] {
        std::array<std::array<std::array<float, 2>, kDescriptorHarmonics>, kTurns> t{};
        for (int s = 0; s < kTurns; ++s)
            for (int h = 0; h < kDescriptorHarmonics; ++h) {
                const double angle = 2.0 * CV_PI * s * h / kTurns;
                t[static_cast<size_t>(s)][static_cast<size_t>(h)] = {static_cast<float>(std::cos(angle)),
                                                                     static_cast<float>(std::sin(angle))};
            }
        return t;
    }();
    std::array<float, 2 * kDescriptorHarmonics> c{};
    float na = 0.0f, nb = 0.0f;
    for (int r = 0; r < kDescriptorRings; ++r)
        for (int h = 0; h < kDescriptorHarmonics; ++h) {
            const int i = 2 * (r * kDescriptorHarmonics + h);
            const float ar = a[i], ai = a[i + 1], br = b[i], bi = b[i + 1];
            c[2 * static_cast<size_t>(h)] += ar * br + ai * bi;     // Re(a conj b)
            c[2 * static_cast<size_t>(h) + 1] += ai * br - ar * bi; // Im(a conj b)
            na += ar * ar + ai * ai;
            nb += br * br + bi * bi;
        }
    float reader = 0.0f;
    for (int k = kDescriptorLook; k < kDescriptorSize; ++k)
        reader += (a[k] - b[k]) * (a[k] - b[k]);
    float best = -std::numeric_limits<float>::infinity();
    for (const auto& turn : table) {
        float corr = 0.0f;
        for (size_t h = 0; h < static_cast<size_t>(kDescriptorHarmonics); ++h)
            corr += c[2 * h] * turn[h][0] - c[2 * h + 1] * turn[h][1];
        best = std::max(best, corr);
    }
    return std::sqrt(std::max(0.0f, na + nb - 2.0f * best) + reader);
}

Result<void> saveDiceSet(const DiceSet& set, const std::string& path) {
    try {
        cv::FileStorage fs(path, cv::FileStorage::WRITE | cv::FileStorage::FORMAT_YAML);
        if (!fs.isOpened())
            return Error{"cannot write dice set " + path};
        fs << "kind" << kKind << "version" << DiceSet::kVersion << "threshold" << set.threshold
           << "sure_ratio" << set.sureRatio << "doubt_ratio" << set.doubtRatio;
        fs << "faces"
           << "[";
        for (size_t i = 0; i < set.faces.size(); ++i) {
            const DiceSetFace& f = set.faces[i];
            fs << "{"
               << "value" << static_cast<int>(i + 1) << "read" << (f.taught ? "taught" : "pips")
               << "mistaken_for_symbol" << (f.mistakenForSymbol ? 1 : 0) << "examples"
               << (f.examples.empty() ? cv::Mat(0, kDescriptorSize, CV_32F) : f.examples) << "}";
        }
        fs << "]";
        fs.release();
    } catch (const cv::Exception& e) {
        return Error{"cannot write dice set " + path + ": " + e.what()};
    }
    return {};
}

Result<DiceSet> loadDiceSet(const std::string& path) {
    const auto bad = [&](const std::string& what) {
        return Error{"dice set " + path + ": " + what};
    };
    try {
        cv::FileStorage fs(path, cv::FileStorage::READ | cv::FileStorage::FORMAT_YAML);
        if (!fs.isOpened())
            return bad("cannot be opened as YAML");
        if (!fs["kind"].isString() || static_cast<std::string>(fs["kind"]) != kKind)
            return bad(std::string("not a dice set (kind is not ") + kKind + ")");
        if (!fs["version"].isInt() || static_cast<int>(fs["version"]) != DiceSet::kVersion)
            return bad("version is not " + std::to_string(DiceSet::kVersion));
        DiceSet set;
        if (!fs["threshold"].isReal() && !fs["threshold"].isInt())
            return bad("threshold is not a number");
        set.threshold = static_cast<float>(static_cast<double>(fs["threshold"]));
        if (!std::isfinite(set.threshold) || set.threshold < 0.0f || set.threshold > 2.0f)
            return bad("threshold is not between 0 and 2");
        for (const auto& [key, value] :
             {std::pair{"sure_ratio", &set.sureRatio}, std::pair{"doubt_ratio", &set.doubtRatio}}) {
            if (!fs[key].isReal() && !fs[key].isInt())
                return bad(std::string(key) + " is not a number");
            *value = static_cast<float>(static_cast<double>(fs[key]));
            if (!std::isfinite(*value) || *value < 0.0f || *value > 100.0f)
                return bad(std::string(key) + " is not between 0 and 100");
        }
        if (set.doubtRatio > set.sureRatio)
            return bad("doubt_ratio is above sure_ratio");
        const cv::FileNode faces = fs["faces"];
        if (!faces.isSeq() || faces.size() != 6)
            return bad("faces is not a list of 6");
        for (int i = 0; i < 6; ++i) {
            const cv::FileNode f = faces[i];
            const std::string where = "face " + std::to_string(i + 1) + ": ";
            if (!f.isMap() || !f["value"].isInt() || static_cast<int>(f["value"]) != i + 1)
                return bad(where + "value is not " + std::to_string(i + 1));
            DiceSetFace& face = set.faces[static_cast<size_t>(i)];
            const std::string read = f["read"].isString() ? static_cast<std::string>(f["read"]) : "";
            if (read != "taught" && read != "pips")
                return bad(where + "read is neither taught nor pips");
            face.taught = read == "taught";
            if (!f["mistaken_for_symbol"].isInt())
                return bad(where + "mistaken_for_symbol is not 0 or 1");
            face.mistakenForSymbol = static_cast<int>(f["mistaken_for_symbol"]) != 0;
            if (!f["examples"].isMap() || f["examples"]["dt"].empty())
                return bad(where + "examples is not a matrix");
            f["examples"] >> face.examples;
            if (face.examples.rows > 0 &&
                (face.examples.type() != CV_32F || face.examples.cols != kDescriptorSize))
                return bad(where + "examples are not rows of " + std::to_string(kDescriptorSize) + " floats");
            if (!finite(face.examples))
                return bad(where + "examples hold a number that is not finite");
            if (face.taught && face.examples.rows == 0)
                return bad(where + "taught without examples");
        }
        if (set.anyTaught() && set.threshold <= 0.0f)
            return bad("taught faces need a threshold above 0");
        return set;
    } catch (const cv::Exception& e) {
        return bad(std::string("does not parse: ") + e.what());
    }
}

Result<DiceSet> teachDiceSet(const std::vector<TeachExample>& examples, const TeachOptions& options,
                             TeachSummary* summary) {
    std::array<std::vector<const TeachExample*>, 6> byFace;
    for (const TeachExample& e : examples) {
        if (e.label < 1 || e.label > 6)
            return Error{"an example is labelled " + std::to_string(e.label) + ", not a face 1-6"};
        if (e.descriptor.type() != CV_32F || e.descriptor.total() != static_cast<size_t>(kDescriptorSize))
            return Error{"an example's descriptor is not dieDescriptor()'s"};
        byFace[static_cast<size_t>(e.label - 1)].push_back(&e);
    }
    TeachSummary counts;
    DiceSet set;
    for (size_t f = 0; f < 6; ++f) {
        const auto& list = byFace[f];
        if (list.empty())
            return Error{"no example of face " + std::to_string(f + 1) + " was found in the photos"};
        counts.examples[f] = static_cast<int>(list.size());
        counts.pipRight[f] =
            static_cast<int>(std::count_if(list.begin(), list.end(), [&](const TeachExample* e) {
                return e->pipRead == e->label && !e->pipUnsure;
            }));
        DiceSetFace& face = set.faces[f];
        face.taught =
            static_cast<float>(counts.pipRight[f]) < options.taughtBelow * static_cast<float>(list.size());
        // A taught face keeps every example; a pips face an even spread of at most referencesPerFace.
        const size_t keep =
            face.taught ? list.size()
                        : std::min(list.size(), static_cast<size_t>(std::max(0, options.referencesPerFace)));
        face.examples.create(static_cast<int>(keep), kDescriptorSize, CV_32F);
        for (size_t k = 0; k < keep; ++k)
            list[k * list.size() / keep]->descriptor.reshape(1, 1).copyTo(
                face.examples.row(static_cast<int>(k)));
    }
    std::vector<float> looTaught;
    for (size_t f = 0; f < 6; ++f) {
        const DiceSetFace& face = set.faces[f];
        if (!face.taught)
            continue;
        if (face.examples.rows < 2)
            return Error{"face " + std::to_string(f + 1) + " needs at least 2 examples to be taught"};
        for (int r = 0; r < face.examples.rows; ++r)
            looTaught.push_back(nearest(face.examples, face.examples.ptr<float>(r), r));
    }
    set.threshold = std::min(2.0f, percentileOf(looTaught, options.percentile) * options.margin);
    // How much nearer than every taught example the nearest other pips example lies, for each pips example:
    // a die must be far nearer the taught look than pips dice ever are to be read by it.
    std::vector<float> ratios;
    int symbols = 0;
    std::array<int, 6> mistaken{};
    for (size_t t = 0; t < 6; ++t)
        if (set.faces[t].taught)
            for (const TeachExample* e : byFace[t]) {
                ++symbols;
                if (e->pipRead >= 1 && e->pipRead <= 6)
                    ++mistaken[static_cast<size_t>(e->pipRead - 1)];
            }
    for (size_t f = 0; f < 6; ++f) {
        DiceSetFace& face = set.faces[f];
        if (face.taught || symbols == 0)
            continue;
        face.mistakenForSymbol =
            static_cast<float>(mistaken[f]) >= options.mistakenShare * static_cast<float>(symbols);
        for (int r = 0; r < face.examples.rows; ++r) {
            const float* p = face.examples.ptr<float>(r);
            float dp = std::numeric_limits<float>::infinity(), dt = dp;
            for (size_t g = 0; g < 6; ++g) {
                const float d = nearest(set.faces[g].examples, p, g == f ? r : -1);
                (set.faces[g].taught ? dt : dp) = std::min(set.faces[g].taught ? dt : dp, d);
            }
            if (dt <= set.threshold && std::isfinite(dp))
                ratios.push_back(dp / std::max(dt, 1e-6f));
        }
    }
    set.doubtRatio = std::max(1.0f, percentileOf(ratios, options.doubtPercentile));
    set.sureRatio =
        std::max(set.doubtRatio, percentileOf(ratios, options.surePercentile) * options.ratioMargin);
    if (summary)
        *summary = counts;
    return set;
}

void applyDiceSet(const DiceSet& set, const cv::Mat& frame, DiceFrame& read) {
    if (!set.anyTaught())
        return;
    const int64 start = cv::getTickCount();
    for (DieRead& die : read.dice) {
        const cv::Mat d = dieDescriptor(frame, die);
        const float* p = d.ptr<float>(0);
        std::array<float, 6> near{};
        int best = -1, second = -1;
        float nearestPips = std::numeric_limits<float>::infinity();
        for (int f = 0; f < 6; ++f) {
            const DiceSetFace& face = set.faces[static_cast<size_t>(f)];
            near[static_cast<size_t>(f)] = nearest(face.examples, p);
            if (!face.taught) {
                nearestPips = std::min(nearestPips, near[static_cast<size_t>(f)]);
                continue;
            }
            if (best < 0 || near[static_cast<size_t>(f)] < near[static_cast<size_t>(best)]) {
                second = best;
                best = f;
            } else if (second < 0 || near[static_cast<size_t>(f)] < near[static_cast<size_t>(second)]) {
                second = f;
            }
        }
        const float dt = near[static_cast<size_t>(best)];
        const float ratio = nearestPips / std::max(dt, 1e-6f);
        if (dt <= set.threshold && ratio >= set.sureRatio) {
            die.value = best + 1;
            // Two taught faces nearly as near: the look does not tell them apart.
            die.unsure = second >= 0 && near[static_cast<size_t>(second)] < 1.1f * dt;
            continue;
        }
        const DiceSetFace& pip = set.faces[static_cast<size_t>(die.value - 1)];
        // The pip reader cannot read a taught face, so its read of one is a guess; nor is its read of a value
        // symbols pass for, when the die looks more like the taught face than pips dice do.
        if (pip.taught || (pip.mistakenForSymbol && dt <= set.threshold && ratio >= set.doubtRatio))
            die.unsure = true;
    }
    read.milliseconds += 1000.0 * static_cast<double>(cv::getTickCount() - start) / cv::getTickFrequency();
}

} // namespace muster::vision
