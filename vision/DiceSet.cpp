#include "vision/DiceSet.h"

#include <opencv2/core/utility.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

namespace muster::vision {

namespace {

constexpr int kAngles = 32;           // samples round a ring; 8 harmonics need at least 16
constexpr int kTurns = 64;            // turns descriptorDistance() tries
constexpr float kReaderWeight = 0.5f; // measured on the star-painted photos: 1.0 kept fewer 1-5 right
// `dice teach-folds` on star-painted nell-byler train, confidently wrong star 6s / other faces, sets from
// whole folds and from 12 examples a face: 0 gave 3/20 and 51/303, 0.5 2/11 and 35/141, 1 1/9 and 20/133, 2
// and 3 as few wrong but fewer 6s right and sure (95.7% and 94.0% against 97.0%).
constexpr float kFeatureWeight = 1.0f;
constexpr float kSampleRadius = 0.42f; // of the die's edge: inside the top face, past a 6's pips
// How much nearer the look alone must put another face before a read by the whole descriptor is doubted:
// for a read as a taught face, and for a pip read when the look's nearest is a taught face. Chosen at the
// table's few examples (12 a face) in folds of star-painted train: 1.2 and 1.3 cut the star 6s read as a sure
// other face from 79 to 20 of 2,402, for 1.3 points fewer of the other faces right and sure; with sets taught
// on three quarters of the split, 2 of 235 sixes and 2 of 1,252 other dice fewer right and sure.
constexpr float kLookMarginTaught = 1.2f;
constexpr float kLookMarginPips = 1.3f;
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

// The squared distance of two descriptors' looks at the turn that brings them nearest, and of the rest.
struct DistanceParts {
    float look = 0.0f;
    float rest = 0.0f;
};
DistanceParts distanceParts(const float* a, const float* b, int size) {
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
    for (int k = kDescriptorLook; k < size; ++k)
        reader += (a[k] - b[k]) * (a[k] - b[k]);
    float best = -std::numeric_limits<float>::infinity();
    for (const auto& turn : table) {
        float corr = 0.0f;
        for (size_t h = 0; h < static_cast<size_t>(kDescriptorHarmonics); ++h)
            corr += c[2 * h] * turn[h][0] - c[2 * h + 1] * turn[h][1];
        best = std::max(best, corr);
    }
    return {std::max(0.0f, na + nb - 2.0f * best), reader};
}

// The nearest row of `examples` to `descriptor`, skipping row `skip`; infinity without rows.
float nearest(const cv::Mat& examples, const float* descriptor, int skip = -1) {
    float best = std::numeric_limits<float>::infinity();
    for (int r = 0; r < examples.rows; ++r)
        if (r != skip)
            best = std::min(best, descriptorDistance(examples.ptr<float>(r), descriptor, examples.cols));
    return best;
}

// The nearest example by the whole descriptor, and (perhaps another one) by the look alone.
struct Nearest {
    float whole = std::numeric_limits<float>::infinity();
    float look = std::numeric_limits<float>::infinity();
};
Nearest nearestByBoth(const cv::Mat& examples, const float* descriptor) {
    Nearest n;
    for (int r = 0; r < examples.rows; ++r) {
        const DistanceParts d = distanceParts(examples.ptr<float>(r), descriptor, examples.cols);
        n.whole = std::min(n.whole, std::sqrt(d.look + d.rest));
        n.look = std::min(n.look, std::sqrt(d.look));
    }
    return n;
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

int DiceSet::descriptorSize() const {
    int size = kDescriptorFixed;
    for (const DiceSetFace& face : faces)
        size = std::max(size, face.examples.cols);
    return size;
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
    const int features = static_cast<int>(die.features.size());
    cv::Mat out(1, descriptorSize(features), CV_32F);
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
    for (int k = 0; k < features; ++k)
        o[kDescriptorFixed + k] = kFeatureWeight * die.features[static_cast<size_t>(k)];
    return out;
}

float descriptorDistance(const float* a, const float* b, int size) {
    const DistanceParts d = distanceParts(a, b, size);
    return std::sqrt(d.look + d.rest);
}

namespace {

void writeSet(cv::FileStorage& fs, const DiceSet& set) {
    fs << "kind" << kKind << "version" << DiceSet::kVersion;
    fs << "faces"
       << "[";
    for (size_t i = 0; i < set.faces.size(); ++i) {
        const DiceSetFace& f = set.faces[i];
        fs << "{"
           << "value" << static_cast<int>(i + 1) << "read" << (f.taught ? "taught" : "pips") << "threshold"
           << f.threshold << "examples"
           << (f.examples.empty() ? cv::Mat(0, set.descriptorSize(), CV_32F) : f.examples) << "}";
    }
    fs << "]";
}

// `where` names the source in errors ("dice set PATH", "the taught faces").
Result<DiceSet> readSet(const cv::FileStorage& fs, const std::string& where) {
    const auto bad = [&](const std::string& what) {
        return Error{where + ": " + what};
    };
    if (!fs["kind"].isString() || static_cast<std::string>(fs["kind"]) != kKind)
        return bad(std::string("not a dice set (kind is not ") + kKind + ")");
    if (!fs["version"].isInt() || static_cast<int>(fs["version"]) != DiceSet::kVersion)
        return bad("version is not " + std::to_string(DiceSet::kVersion) + ": teach the set again");
    DiceSet set;
    const cv::FileNode faces = fs["faces"];
    if (!faces.isSeq() || faces.size() != 6)
        return bad("faces is not a list of 6");
    int size = 0; // of a descriptor, the same for every example
    for (int i = 0; i < 6; ++i) {
        const cv::FileNode f = faces[i];
        const std::string face = "face " + std::to_string(i + 1) + ": ";
        if (!f.isMap() || !f["value"].isInt() || static_cast<int>(f["value"]) != i + 1)
            return bad(face + "value is not " + std::to_string(i + 1));
        DiceSetFace& out = set.faces[static_cast<size_t>(i)];
        const std::string read = f["read"].isString() ? static_cast<std::string>(f["read"]) : "";
        if (read != "taught" && read != "pips")
            return bad(face + "read is neither taught nor pips");
        out.taught = read == "taught";
        if (!f["threshold"].isReal() && !f["threshold"].isInt())
            return bad(face + "threshold is not a number");
        out.threshold = static_cast<float>(static_cast<double>(f["threshold"]));
        if (!std::isfinite(out.threshold) || out.threshold <= 0.0f || out.threshold > 10.0f)
            return bad(face + "threshold is not above 0 and at most 10");
        if (!f["examples"].isMap() || f["examples"]["dt"].empty())
            return bad(face + "examples is not a matrix");
        f["examples"] >> out.examples;
        if (out.examples.rows == 0)
            return bad(face + "has no examples");
        if (out.examples.type() != CV_32F || out.examples.cols < kDescriptorFixed ||
            (size > 0 && out.examples.cols != size))
            return bad(face + "examples are not rows of " +
                       (size > 0 ? std::to_string(size) : "at least " + std::to_string(kDescriptorFixed)) +
                       " floats");
        size = out.examples.cols;
        if (!finite(out.examples))
            return bad(face + "examples hold a number that is not finite");
    }
    return set;
}

} // namespace

Result<void> saveDiceSet(const DiceSet& set, const std::string& path) {
    try {
        cv::FileStorage fs(path, cv::FileStorage::WRITE | cv::FileStorage::FORMAT_YAML);
        if (!fs.isOpened())
            return Error{"cannot write dice set " + path};
        writeSet(fs, set);
        fs.release();
    } catch (const cv::Exception& e) {
        return Error{"cannot write dice set " + path + ": " + e.what()};
    }
    return {};
}

Result<DiceSet> loadDiceSet(const std::string& path) {
    try {
        cv::FileStorage fs(path, cv::FileStorage::READ | cv::FileStorage::FORMAT_YAML);
        if (!fs.isOpened())
            return Error{"dice set " + path + ": cannot be opened as YAML"};
        return readSet(fs, "dice set " + path);
    } catch (const cv::Exception& e) {
        return Error{"dice set " + path + ": does not parse: " + e.what()};
    }
}

Result<std::string> diceSetToText(const DiceSet& set) {
    try {
        cv::FileStorage fs(".yml",
                           cv::FileStorage::WRITE | cv::FileStorage::MEMORY | cv::FileStorage::FORMAT_YAML);
        writeSet(fs, set);
        return fs.releaseAndGetString();
    } catch (const cv::Exception& e) {
        return Error{std::string("cannot write the taught faces: ") + e.what()};
    }
}

Result<DiceSet> diceSetFromText(const std::string& text) {
    const std::string where = "the taught faces";
    if (text.empty())
        return Error{where + ": empty"};
    try {
        cv::FileStorage fs(text,
                           cv::FileStorage::READ | cv::FileStorage::MEMORY | cv::FileStorage::FORMAT_YAML);
        if (!fs.isOpened())
            return Error{where + ": not YAML"};
        return readSet(fs, where);
    } catch (const cv::Exception& e) {
        return Error{where + ": do not parse: " + e.what()};
    }
}

Result<DiceSet> teachDiceSet(const std::vector<TeachExample>& examples, const TeachOptions& options,
                             TeachSummary* summary) {
    std::array<std::vector<const TeachExample*>, 6> byFace;
    for (const TeachExample& e : examples) {
        if (e.label < 1 || e.label > 6)
            return Error{"an example is labelled " + std::to_string(e.label) + ", not a face 1-6"};
        if (e.descriptor.type() != CV_32F || e.descriptor.total() < static_cast<size_t>(kDescriptorFixed) ||
            e.descriptor.total() != examples.front().descriptor.total())
            return Error{"an example's descriptor is not dieDescriptor()'s"};
        byFace[static_cast<size_t>(e.label - 1)].push_back(&e);
    }
    TeachSummary counts;
    DiceSet set;
    for (size_t f = 0; f < 6; ++f) {
        const auto& list = byFace[f];
        if (list.size() < 2)
            return Error{"face " + std::to_string(f + 1) + " was found " + std::to_string(list.size()) +
                         " times in the photos: teaching needs at least 2 of every face"};
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
                        : std::min(list.size(), static_cast<size_t>(std::max(2, options.referencesPerFace)));
        face.examples.create(static_cast<int>(keep), static_cast<int>(examples.front().descriptor.total()),
                             CV_32F);
        for (size_t k = 0; k < keep; ++k)
            list[k * list.size() / keep]->descriptor.reshape(1, 1).copyTo(
                face.examples.row(static_cast<int>(k)));
        std::vector<float> loo;
        for (int r = 0; r < face.examples.rows; ++r)
            loo.push_back(nearest(face.examples, face.examples.ptr<float>(r), r));
        face.threshold = std::clamp(percentileOf(loo, options.percentile) * options.margin, 1e-3f, 10.0f);
    }
    if (summary)
        *summary = counts;
    return set;
}

Result<void> applyDiceSet(const DiceSet& set, const cv::Mat& frame, DieRead& die) {
    if (!set.anyTaught())
        return {};
    return applyDiceSetToLook(set, dieDescriptor(frame, die), die);
}

Result<void> applyDiceSetToLook(const DiceSet& set, const cv::Mat& d, DieRead& die) {
    if (!set.anyTaught())
        return {};
    const int size = set.descriptorSize();
    if (d.cols != size)
        return Error{"the dice set was taught with other reader models (" + std::to_string(size) +
                     "-number looks, these give " + std::to_string(d.cols) + "): teach it again"};
    const float* p = d.ptr<float>(0);
    std::array<float, 6> near{}, look{};
    size_t best = 0, bestLook = 0;
    for (size_t f = 0; f < 6; ++f) {
        const Nearest n = nearestByBoth(set.faces[f].examples, p);
        near[f] = n.whole;
        look[f] = n.look;
        if (near[f] < near[best])
            best = f;
        if (look[f] < look[bestLook])
            bestLook = f;
    }
    const DiceSetFace& like = set.faces[best];
    const bool known = near[best] <= like.threshold;
    if (like.taught) {
        // Two taught faces nearly as near: the look does not tell them apart.
        bool close = false;
        for (size_t f = 0; f < 6; ++f)
            close = close || (f != best && set.faces[f].taught && near[f] < 1.1f * near[best]);
        // The readers' features also carry the die's colour, so a die of a colour the few examples of a
        // taught face lack can lie nearest one of them by its colour; the look alone, free of colour, then
        // names another face.
        const bool lookElsewhere = bestLook != best && look[best] > kLookMarginTaught * look[bestLook];
        // (Also doubting a taught read when the pip reader is sure of a face whose examples lie within
        // that face's threshold left no die confidently wrong on the held-out photos, but made 14 of
        // their 62 sixes unsure.)
        die.value = static_cast<int>(best) + 1;
        die.unsure = !known || close || lookElsewhere;
        return {};
    }
    // The pip reader cannot read a taught face, so its read of one is a guess; and a read that the look
    // disagrees with, or of a die unlike every example, is in doubt.
    if (die.value < 1 || die.value > 6) {
        die.unsure = true;
        return {};
    }
    const DiceSetFace& pip = set.faces[static_cast<size_t>(die.value - 1)];
    if (pip.taught || die.value != static_cast<int>(best) + 1 || !known)
        die.unsure = true;
    // A symbol the pip reader takes for pips (a star for a large 1) whose look, free of colour, is clearly
    // nearer a taught face's examples.
    if (set.faces[bestLook].taught && kLookMarginPips * look[bestLook] < look[best])
        die.unsure = true;
    return {};
}

Result<void> applyDiceSet(const DiceSet& set, const cv::Mat& frame, DiceFrame& read) {
    if (!set.anyTaught())
        return {};
    const int64 start = cv::getTickCount();
    for (DieRead& die : read.dice)
        if (auto applied = applyDiceSet(set, frame, die); !applied)
            return applied;
    read.milliseconds += 1000.0 * static_cast<double>(cv::getTickCount() - start) / cv::getTickFrequency();
    return {};
}

} // namespace muster::vision
