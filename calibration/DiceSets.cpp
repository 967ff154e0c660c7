#include "calibration/DiceSets.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

namespace muster::calibration {

namespace {

float labDistance(const float* p, const cv::Vec3f& c) {
    const float d0 = p[0] - c[0], d1 = p[1] - c[1], d2 = p[2] - c[2];
    return std::sqrt(d0 * d0 + d1 * d1 + d2 * d2);
}

float median(std::vector<float> v) {
    if (v.empty())
        return 0.0f;
    const auto mid = v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2);
    std::nth_element(v.begin(), mid, v.end());
    return *mid;
}

// The q-quantile (0-1) with linear interpolation between neighbours, as numpy's default; reorders v.
float quantile(std::vector<float>& v, float q) {
    if (v.empty())
        return 0.0f;
    const float pos = q * static_cast<float>(v.size() - 1);
    const auto lo = static_cast<std::ptrdiff_t>(pos);
    std::nth_element(v.begin(), v.begin() + lo, v.end());
    const float low = v[static_cast<size_t>(lo)];
    if (lo + 1 >= static_cast<std::ptrdiff_t>(v.size()))
        return low;
    const float high = *std::min_element(v.begin() + lo + 1, v.end());
    return low + (pos - static_cast<float>(lo)) * (high - low);
}

cv::Vec3f medianColour(const std::vector<cv::Vec3f>& colours) {
    cv::Vec3f out;
    for (int c = 0; c < 3; ++c) {
        std::vector<float> channel;
        channel.reserve(colours.size());
        for (const cv::Vec3f& v : colours)
            channel.push_back(v[c]);
        out[c] = median(std::move(channel));
    }
    return out;
}

// The centred square of `box` with side `fraction` of the box's, clipped to an image of `size`.
cv::Rect innerSquare(const cv::Rect2f& box, float fraction, cv::Size size) {
    const cv::Point2f centre(box.x + box.width / 2, box.y + box.height / 2);
    const float w = box.width * fraction, h = box.height * fraction;
    return cv::Rect(cv::Point(cvRound(centre.x - w / 2), cvRound(centre.y - h / 2)),
                    cv::Size(std::max(1, cvRound(w)), std::max(1, cvRound(h)))) &
           cv::Rect(0, 0, size.width, size.height);
}

// The inner square of a die as a float Lab image (L 0-100), or why it cannot be sampled.
Result<cv::Mat> labSquare(const cv::Mat& bgr, const cv::Rect2f& box, float fraction) {
    if (bgr.empty() || bgr.type() != CV_8UC3)
        return Error{"the dice image must be a non-empty 8-bit colour (BGR) image"};
    const cv::Rect inner = innerSquare(box, fraction, bgr.size());
    if (inner.area() < 4)
        return Error{"the die box lies outside the image or is too small to sample"};
    cv::Mat crop, lab;
    bgr(inner).convertTo(crop, CV_32FC3, 1.0 / 255.0);
    cv::cvtColor(crop, lab, cv::COLOR_BGR2Lab);
    return lab;
}

// A Lab image as N x 3 rows of pixels, row by row (copied when it is a view into a larger image).
cv::Mat asPixelRows(const cv::Mat& lab) {
    const cv::Mat rows = lab.isContinuous() ? lab : lab.clone();
    return rows.reshape(1, static_cast<int>(lab.total()));
}

// Body (the larger of two k-means clusters) and pips of N x 3 Lab pixels.
DieColour twoColours(const cv::Mat& pixels) {
    cv::Mat labels, centres;
    cv::setRNGSeed(7); // k-means seeding: the same die always gives the same colours
    cv::kmeans(pixels, 2, labels, cv::TermCriteria(cv::TermCriteria::EPS + cv::TermCriteria::COUNT, 20, 0.1),
               3, cv::KMEANS_PP_CENTERS, centres);
    const int ones = cv::countNonZero(labels);
    const int body = ones * 2 > labels.rows ? 1 : 0;
    return DieColour{centres.at<cv::Vec3f>(body), centres.at<cv::Vec3f>(1 - body)};
}

// The ring around a die whose median colour is the tray behind it: between 1.15 and 1.5 box sides.
constexpr float kRingInner = 1.15f, kRingOuter = 1.5f;

// The median Lab colour of the ring, from `lab`: the Lab image of `outer` (the ring's outer square, clipped).
std::optional<cv::Vec3f> ringColour(const cv::Mat& lab, const cv::Rect& outer, const cv::Rect& inner) {
    std::vector<cv::Vec3f> ring;
    for (int y = 0; y < lab.rows; ++y)
        for (int x = 0; x < lab.cols; ++x)
            if (!inner.contains(outer.tl() + cv::Point(x, y)))
                ring.push_back(lab.at<cv::Vec3f>(y, x));
    if (ring.empty())
        return std::nullopt;
    return medianColour(ring);
}

// The part `want` of a Lab image `lab` of the rectangle `have`, if it lies inside it and can be sampled.
std::optional<cv::Mat> labPart(const cv::Mat& lab, const cv::Rect& have, const cv::Rect& want) {
    if ((want & have) != want || want.area() < 4)
        return std::nullopt;
    return lab(want - have.tl());
}

} // namespace

Result<cv::Mat> dieSampleLab(const cv::Mat& bgr, const cv::Rect2f& box, float innerFraction) {
    Result<cv::Mat> lab = labSquare(bgr, box, innerFraction);
    if (!lab)
        return lab.error();
    return asPixelRows(lab.value());
}

Result<DieSample> sampleDie(const cv::Mat& bgr, const cv::Rect2f& box, const DiceSetOptions& options) {
    // One Lab conversion per die (it is pixel by pixel, so a part of a converted square is that part
    // converted): of the ring's outer square when the background is left out, else of the matched square; the
    // matched square and the core the colours are read from are cut out of it where they lie inside (they do
    // unless the box is a few pixels wide, or a fraction is larger than the square it is cut from).
    const cv::Rect matched = innerSquare(box, options.innerFraction, bgr.size());
    const cv::Rect outer = innerSquare(box, kRingOuter, bgr.size());
    std::optional<cv::Mat> outerLab, matchedLab;
    if (options.backgroundDistance > 0.0f) {
        if (Result<cv::Mat> lab = labSquare(bgr, box, kRingOuter)) {
            outerLab = lab.value();
            matchedLab = labPart(*outerLab, outer, matched);
        }
    }
    if (!matchedLab) {
        Result<cv::Mat> lab = labSquare(bgr, box, options.innerFraction);
        if (!lab)
            return lab.error();
        matchedLab = lab.value();
    }
    DieSample die{asPixelRows(*matchedLab), {}, std::nullopt};
    if (outerLab) {
        const cv::Rect inner = innerSquare(box, kRingInner, bgr.size());
        die.background = ringColour(*outerLab, outer, inner);
        if (const std::optional<cv::Vec3f>& background = die.background) {
            cv::Mat kept;
            for (int r = 0; r < die.pixels.rows; ++r)
                if (labDistance(die.pixels.ptr<float>(r), *background) > options.backgroundDistance)
                    kept.push_back(die.pixels.row(r));
            if (kept.rows * 2 >= die.pixels.rows) {
                die.pixels = kept;
                die.colour = twoColours(kept);
                return die;
            }
        }
    }
    const cv::Rect core = innerSquare(box, options.describeFraction, bgr.size());
    if (const std::optional<cv::Mat> coreLab = labPart(*matchedLab, matched, core)) {
        die.colour = twoColours(asPixelRows(*coreLab));
    } else {
        Result<cv::Mat> lab = labSquare(bgr, box, options.describeFraction);
        if (!lab)
            return lab.error();
        die.colour = twoColours(asPixelRows(lab.value()));
    }
    return die;
}

Result<DieColour> describeDie(const cv::Mat& bgr, const cv::Rect2f& box, const DiceSetOptions& options) {
    if (options.backgroundDistance > 0.0f) {
        Result<DieSample> die = sampleDie(bgr, box, options);
        if (!die)
            return die.error();
        return die->colour;
    }
    Result<cv::Mat> lab = dieSampleLab(bgr, box, options.describeFraction);
    if (!lab)
        return lab.error();
    return twoColours(lab.value());
}

std::vector<std::vector<int>> groupByColour(const std::vector<DieColour>& colours, float maxDistance) {
    std::vector<std::vector<int>> groups;
    std::vector<cv::Vec3f> centres;
    for (int i = 0; i < static_cast<int>(colours.size()); ++i) {
        int best = -1;
        float bestDistance = maxDistance;
        for (size_t g = 0; g < groups.size(); ++g) {
            const float d = static_cast<float>(cv::norm(colours[i].body - centres[g]));
            if (d <= bestDistance) {
                best = static_cast<int>(g);
                bestDistance = d;
            }
        }
        if (best < 0) {
            groups.push_back({i});
            centres.push_back(colours[i].body);
            continue;
        }
        groups[best].push_back(i);
        std::vector<cv::Vec3f> members;
        for (int m : groups[best])
            members.push_back(colours[m].body);
        centres[best] = medianColour(members);
    }
    std::stable_sort(groups.begin(), groups.end(),
                     [](const auto& a, const auto& b) { return a.size() > b.size(); });
    return groups;
}

Result<int> DiceSetModel::addSet(const std::string& name, const std::string& player,
                                 const std::vector<DieColour>& examples) {
    if (examples.empty())
        return Error{"dice set '" + name + "' needs at least one example die"};
    std::vector<cv::Vec3f> bodies, pips;
    for (const DieColour& c : examples) {
        bodies.push_back(c.body);
        pips.push_back(c.pip);
    }
    m_sets.push_back({name, player, medianColour(bodies), medianColour(pips),
                      static_cast<int>(examples.size()), examples});
    return static_cast<int>(m_sets.size()) - 1;
}

Result<int> DiceSetModel::addSet(const std::string& name, const std::string& player, const cv::Mat& bgr,
                                 const std::vector<cv::Rect2f>& boxes) {
    std::vector<DieColour> examples;
    for (const cv::Rect2f& box : boxes) {
        Result<DieColour> c = describeDie(bgr, box, m_options);
        if (!c)
            return Error{"dice set '" + name + "': " + c.error().message};
        examples.push_back(c.value());
    }
    return addSet(name, player, examples);
}

Status DiceSetModel::assignPlayer(int set, const std::string& player) {
    if (set < 0 || set >= static_cast<int>(m_sets.size()))
        return Error{"there is no dice set " + std::to_string(set)};
    m_sets[static_cast<size_t>(set)].player = player;
    return {};
}

float DiceSetModel::colourCost(const cv::Mat& lab, const std::optional<cv::Vec3f>& dieBody,
                               const DieColour& colour, std::vector<float>& pixelCost,
                               std::vector<float>& bodyDistance) const {
    // Each pixel is explained by the body or (at a small penalty) the pips; the median of that, a low
    // quantile of the body distance alone, and the body's hue and chroma (DiceSetOptions).
    pixelCost.resize(static_cast<size_t>(lab.rows));
    bodyDistance.resize(static_cast<size_t>(lab.rows));
    for (int r = 0; r < lab.rows; ++r) {
        const float* p = lab.ptr<float>(r);
        const float body = labDistance(p, colour.body);
        bodyDistance[static_cast<size_t>(r)] = body;
        pixelCost[static_cast<size_t>(r)] = std::min(body, labDistance(p, colour.pip) + m_options.pipPenalty);
    }
    float cost = (1.0f - m_options.bodyWeight) * median(pixelCost) +
                 m_options.bodyWeight * quantile(bodyDistance, m_options.bodyQuantile);
    if (dieBody)
        cost += m_options.chromaWeight *
                std::hypot((*dieBody)[1] - colour.body[1], (*dieBody)[2] - colour.body[2]);
    return cost;
}

SetMatch DiceSetModel::classifyPixels(const cv::Mat& lab, const std::optional<cv::Vec3f>& dieBody) const {
    SetMatch match;
    match.cost = match.runnerUpCost = std::numeric_limits<float>::max();
    int best = -1;
    std::vector<float> pixelCost, bodyDistance;
    for (size_t s = 0; s < m_sets.size(); ++s) {
        const DiceSet& set = m_sets[s];
        // The set's cost is that of its closest example die (the medians when it has none stored).
        float cost = std::numeric_limits<float>::max();
        if (set.examples.empty())
            cost = colourCost(lab, dieBody, {set.body, set.pip}, pixelCost, bodyDistance);
        for (const DieColour& example : set.examples)
            cost = std::min(cost, colourCost(lab, dieBody, example, pixelCost, bodyDistance));
        if (cost < match.cost) {
            match.runnerUpCost = match.cost;
            match.cost = cost;
            best = static_cast<int>(s);
        } else if (cost < match.runnerUpCost) {
            match.runnerUpCost = cost;
        }
    }
    const bool ambiguous = match.runnerUpCost - match.cost < m_options.ambiguousBelow;
    if (best >= 0 && match.cost <= m_options.unknownAbove && !ambiguous) {
        match.set = best;
        match.player = m_sets[static_cast<size_t>(best)].player;
    }
    return match;
}

Result<SetMatch> DiceSetModel::classify(const cv::Mat& bgr, const cv::Rect2f& box) const {
    if (m_sets.empty())
        return Error{"no dice sets are calibrated yet: make a calibration throw first"};
    Result<DieSample> die = sampleDie(bgr, box, m_options);
    if (!die)
        return die.error();
    return classifyPixels(die->pixels, die->colour.body);
}

} // namespace muster::calibration
