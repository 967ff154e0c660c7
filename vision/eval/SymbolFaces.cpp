#include "vision/eval/SymbolFaces.h"

#include "common/image/ImageFile.h"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <system_error>

namespace muster::vision {

namespace {

namespace fs = std::filesystem;

float colourDistance(const cv::Vec3b& a, const cv::Vec3f& b) {
    const cv::Vec3f d(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
    return std::sqrt(d.dot(d));
}

// The symbol's outline about the origin, spanning `span` pixels, turned by `turn` radians.
std::vector<cv::Point2f> symbolOutline(FaceSymbol symbol, float span, float turn) {
    std::vector<cv::Point2f> pts;
    const float r = span / 2;
    if (symbol == FaceSymbol::Star) {
        for (int i = 0; i < 10; ++i) {
            const float a = turn + static_cast<float>(CV_PI) * static_cast<float>(i) / 5.0f;
            const float radius = i % 2 == 0 ? r : 0.42f * r;
            pts.emplace_back(radius * std::sin(a), -radius * std::cos(a));
        }
    } else if (symbol == FaceSymbol::Ring) {
        // Outer circle one way round, inner the other, joined by a hairline cut: one polygon, a hole inside.
        constexpr int kSteps = 24;
        for (int i = 0; i <= kSteps; ++i) {
            const float a = turn + 2.0f * static_cast<float>(CV_PI) * static_cast<float>(i) / kSteps;
            pts.emplace_back(r * std::cos(a), r * std::sin(a));
        }
        for (int i = kSteps; i >= 0; --i) {
            const float a = turn + 2.0f * static_cast<float>(CV_PI) * static_cast<float>(i) / kSteps;
            pts.emplace_back(0.55f * r * std::cos(a), 0.55f * r * std::sin(a));
        }
    } else {
        const float w = 0.3f * r; // half the arm's width
        for (const auto& [x, y] : std::initializer_list<std::pair<float, float>>{{-w, -r},
                                                                                 {w, -r},
                                                                                 {w, -w},
                                                                                 {r, -w},
                                                                                 {r, w},
                                                                                 {w, w},
                                                                                 {w, r},
                                                                                 {-w, r},
                                                                                 {-w, w},
                                                                                 {-r, w},
                                                                                 {-r, -w},
                                                                                 {-w, -w}})
            pts.emplace_back(x * std::cos(turn) - y * std::sin(turn),
                             x * std::sin(turn) + y * std::cos(turn));
    }
    return pts;
}

void paintDie(cv::Mat& image, const cv::Rect2f& box, const SymbolFaceOptions& options, cv::RNG& rng) {
    const cv::Rect roi = cv::Rect(box) & cv::Rect(0, 0, image.cols, image.rows);
    if (roi.width < 6 || roi.height < 6)
        return;
    cv::Mat die = image(roi);
    const cv::Point2f c(box.x + box.width / 2 - static_cast<float>(roi.x),
                        box.y + box.height / 2 - static_cast<float>(roi.y));
    // The body colour: the median of the central disk, which pips cover well under half of. The disk stays
    // inside the top face at any turn (a square turned 45 degrees in its box holds a disk of 0.35 of the
    // box): a wider one takes in table at the corners, and on a dark die with red pips the table and the pips
    // would outweigh the body, leaving the pips and drawing the symbol in the body's colour.
    const float inner = 0.3f * std::min(box.width, box.height);
    std::array<std::vector<uchar>, 3> values;
    for (int y = 0; y < die.rows; ++y)
        for (int x = 0; x < die.cols; ++x)
            if (cv::norm(cv::Point2f(static_cast<float>(x), static_cast<float>(y)) - c) <= inner)
                for (int k = 0; k < 3; ++k)
                    values[static_cast<size_t>(k)].push_back(die.at<cv::Vec3b>(y, x)[k]);
    if (values[0].empty())
        return;
    cv::Vec3f body;
    for (size_t k = 0; k < 3; ++k) {
        auto mid = values[k].begin() + static_cast<std::ptrdiff_t>(values[k].size() / 2);
        std::nth_element(values[k].begin(), mid, values[k].end());
        body[static_cast<int>(k)] = *mid;
    }
    // The pip colour: the mean of the 5% of the central disk most distant from the body colour.
    std::vector<std::pair<float, cv::Vec3b>> away;
    for (int y = 0; y < die.rows; ++y)
        for (int x = 0; x < die.cols; ++x)
            if (cv::norm(cv::Point2f(static_cast<float>(x), static_cast<float>(y)) - c) <= inner)
                away.emplace_back(colourDistance(die.at<cv::Vec3b>(y, x), body), die.at<cv::Vec3b>(y, x));
    std::sort(away.begin(), away.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    const size_t top = std::max<size_t>(1, away.size() / 20);
    cv::Vec3f pip;
    for (size_t i = 0; i < top; ++i)
        pip += cv::Vec3f(away[i].second);
    pip /= static_cast<float>(top);
    // The pips: blobs nearer the pip colour than the body colour that do not touch the box's edge (the table
    // at a turned die's corners does).
    cv::Mat pipLike(die.size(), CV_8U);
    for (int y = 0; y < die.rows; ++y)
        for (int x = 0; x < die.cols; ++x) {
            const cv::Vec3b p = die.at<cv::Vec3b>(y, x);
            pipLike.at<uchar>(y, x) = colourDistance(p, pip) < colourDistance(p, body) ? 255 : 0;
        }
    cv::Mat labels, stats, centroids;
    const int n = cv::connectedComponentsWithStats(pipLike, labels, stats, centroids, 8, CV_32S);
    LabelledImage one;
    one.dice.push_back({options.face, box});
    const float edge = dieEdgeFromLabels(one);
    cv::Mat mask = cv::Mat::zeros(die.size(), CV_8U);
    for (int i = 1; i < n; ++i) {
        const int x = stats.at<int>(i, cv::CC_STAT_LEFT), y = stats.at<int>(i, cv::CC_STAT_TOP);
        const int w = stats.at<int>(i, cv::CC_STAT_WIDTH), h = stats.at<int>(i, cv::CC_STAT_HEIGHT);
        const bool touches = x == 0 || y == 0 || x + w == die.cols || y + h == die.rows;
        if (!touches && static_cast<float>(std::max(w, h)) < 0.35f * edge)
            mask.setTo(255, labels == i);
    }
    // Within the face's middle, pip-coloured pixels are painted over whatever blob they belong to: on marbled
    // dice the pips join the swirls into blobs too large for the test above, and would stay beside the
    // symbol.
    cv::Mat middle = cv::Mat::zeros(die.size(), CV_8U);
    cv::circle(middle, cv::Point(cvRound(c.x), cvRound(c.y)), cvRound(0.32f * edge), cv::Scalar(255),
               cv::FILLED);
    mask |= pipLike & middle;
    cv::dilate(mask, mask, cv::getStructuringElement(cv::MORPH_ELLIPSE, cv::Size(5, 5)));
    die.setTo(cv::Scalar(body[0], body[1], body[2]), mask);
    cv::Mat soft;
    cv::GaussianBlur(die, soft, cv::Size(5, 5), 1.0);
    soft.copyTo(die, mask); // no hard rim where a pip was
    const float turn = static_cast<float>(rng.uniform(0.0, 2.0 * CV_PI));
    std::vector<cv::Point> poly;
    constexpr int kShift = 4; // sub-pixel points
    for (const cv::Point2f& q : symbolOutline(options.symbol, options.size * edge, turn))
        poly.emplace_back(cvRound((q.x + c.x) * (1 << kShift)), cvRound((q.y + c.y) * (1 << kShift)));
    cv::fillPoly(die, std::vector<std::vector<cv::Point>>{poly}, cv::Scalar(pip[0], pip[1], pip[2]),
                 cv::LINE_AA, kShift);
    // A camera's softness over the whole painted die.
    cv::GaussianBlur(die, die, cv::Size(3, 3), 0.6);
}

} // namespace

cv::Mat paintSymbolFaces(const cv::Mat& photo, const LabelledImage& labels, const SymbolFaceOptions& options,
                         cv::RNG& rng, int* painted) {
    cv::Mat out = photo.clone();
    int count = 0;
    for (const LabelledDie& d : labels.dice)
        if (d.face == options.face) {
            paintDie(out, d.box, options, rng);
            ++count;
        }
    if (painted)
        *painted = count;
    return out;
}

Result<int> writeSymbolDataset(const std::string& srcDir, const std::string& outDir,
                               const SymbolFaceOptions& options) {
    const fs::path src(srcDir), out(outDir);
    auto images = loadManifest((src / "manifest.csv").string());
    if (!images)
        return images.error();
    std::error_code ec;
    fs::create_directories(out, ec);
    if (ec)
        return Error{"cannot make " + outDir + ": " + ec.message()};
    for (const char* file : {"manifest.csv", "classes.txt"})
        if (fs::exists(src / file)) {
            fs::copy_file(src / file, out / file, fs::copy_options::overwrite_existing, ec);
            if (ec)
                return Error{"cannot copy " + (src / file).string() + ": " + ec.message()};
        }
    if (fs::exists(src / "labels")) {
        fs::copy(src / "labels", out / "labels",
                 fs::copy_options::recursive | fs::copy_options::overwrite_existing, ec);
        if (ec)
            return Error{"cannot copy the labels of " + srcDir + ": " + ec.message()};
    }
    cv::RNG rng(options.seed);
    int total = 0;
    for (const LabelledImage& image : images.value()) {
        auto photo = muster::image::loadImageChecked(image.path);
        if (!photo)
            return photo.error();
        int painted = 0;
        const cv::Mat result = paintSymbolFaces(photo.value(), image, options, rng, &painted);
        total += painted;
        const fs::path target = out / fs::relative(fs::path(image.path), src);
        fs::create_directories(target.parent_path(), ec);
        if (ec || !cv::imwrite(target.string(), result, {cv::IMWRITE_JPEG_QUALITY, 95}))
            return Error{"cannot write " + target.string()};
    }
    return total;
}

} // namespace muster::vision
