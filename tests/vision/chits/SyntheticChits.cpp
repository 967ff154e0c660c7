#include "SyntheticChits.h"

#include "rules/RuleSets.h"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <random>

namespace muster::chits_test {

namespace {

constexpr double kSymbolFraction = 0.55; // as app/print/ChitSheet.cpp prints it
constexpr double kRingFraction = 0.075;

const ChitOrderSpec& orderOf(const std::string& code) {
    static const ChitOrderSpec kBlank{"", "", "", "", {255, 255, 255}, true};
    const ChitOrderSpec* o = findChitOrder(mdChits(), code);
    return o ? *o : kBlank;
}

cv::Scalar bgrOf(const ChitOrderSpec& order) {
    return {double(order.rgb[2]), double(order.rgb[1]), double(order.rgb[0])};
}

// A wooden or felt table with some low-frequency texture and clutter that is not a code.
cv::Mat tableBackground(cv::Size size, std::mt19937& rng) {
    std::uniform_real_distribution<double> u(0.0, 1.0);
    cv::Mat small(9, 16, CV_32FC3);
    cv::randu(small, cv::Scalar(60, 80, 100), cv::Scalar(90, 120, 150));
    cv::Mat base;
    cv::resize(small, base, size, 0, 0, cv::INTER_CUBIC);
    cv::Mat grain(size.height / 4, size.width / 4, CV_32FC3);
    cv::randn(grain, cv::Scalar::all(0), cv::Scalar::all(10));
    cv::resize(grain, grain, size, 0, 0, cv::INTER_LINEAR);
    base += grain;
    cv::Mat out;
    base.convertTo(out, CV_8UC3);
    for (int i = 0; i < 30; ++i) {
        const cv::Point a(int(u(rng) * size.width), int(u(rng) * size.height));
        const cv::Point b = a + cv::Point(int((u(rng) - 0.5) * 300), int((u(rng) - 0.5) * 300));
        const cv::Scalar colour(u(rng) * 255, u(rng) * 255, u(rng) * 255);
        if (i % 3 == 0)
            cv::rectangle(out, a, b, colour, int(1 + u(rng) * 6), cv::LINE_AA);
        else if (i % 3 == 1)
            cv::line(out, a, b, colour, int(1 + u(rng) * 4), cv::LINE_AA);
        else
            cv::circle(out, a, int(5 + u(rng) * 25), colour, cv::FILLED, cv::LINE_AA);
    }
    return out;
}

} // namespace

const ChitVocabulary& mdChits() {
    return rules::findRuleSet("md")->chits();
}

LabelImage drawLabel(const std::string& text, const std::string& orderCode,
                     const vision::zxing::ModuleMatrix& symbol, double modulePx) {
    const ChitOrderSpec& order = orderOf(orderCode);
    LabelImage label;
    label.text = text;
    label.modulePx = modulePx;
    label.modules = symbol.width;
    const double side = symbol.width * modulePx;
    const int d = int(std::ceil(side / kSymbolFraction));
    const cv::Point2d c(d / 2.0, d / 2.0);
    label.bgr = cv::Mat(d, d, CV_8UC3, cv::Scalar::all(255));
    label.mask = cv::Mat::zeros(d, d, CV_8UC1);
    const int radius = d / 2; // whole pixels, as cv::circle draws
    cv::circle(label.mask, c, radius, cv::Scalar(255), cv::FILLED, cv::LINE_AA);
    if (!order.blank)
        cv::circle(label.bgr, c, radius, bgrOf(order), cv::FILLED, cv::LINE_AA);
    cv::circle(label.bgr, c, int(radius - d * kRingFraction), cv::Scalar::all(255), cv::FILLED, cv::LINE_AA);
    const cv::Point2d o = c - cv::Point2d(side / 2, side / 2);
    for (int y = 0; y < symbol.height; ++y)
        for (int x = 0; x < symbol.width; ++x)
            if (symbol.at(x, y))
                cv::rectangle(label.bgr,
                              cv::Rect2d(o.x + x * modulePx, o.y + y * modulePx, modulePx, modulePx),
                              cv::Scalar::all(0), cv::FILLED);
    const double scale = d / 400.0;
    cv::putText(label.bgr, order.label, cv::Point(int(c.x - 25 * scale), int(o.y - 2.5 * modulePx)),
                cv::FONT_HERSHEY_SIMPLEX, scale, cv::Scalar::all(0), std::max(1, int(2 * scale)),
                cv::LINE_AA);
    cv::putText(label.bgr, "UNIT", cv::Point(int(c.x - 40 * scale), int(o.y + side + 6 * modulePx)),
                cv::FONT_HERSHEY_SIMPLEX, scale, cv::Scalar::all(0), std::max(1, int(2 * scale)),
                cv::LINE_AA);
    return label;
}

LabelImage cutLabel(const cv::Mat& page, cv::Point2f centre, double diameterPx, double modulePx, int modules,
                    const std::string& text) {
    LabelImage label;
    label.text = text;
    label.modulePx = modulePx;
    label.modules = modules;
    const int d = int(std::ceil(diameterPx));
    const cv::Rect box(int(std::lround(centre.x - d / 2.0)), int(std::lround(centre.y - d / 2.0)), d, d);
    label.bgr = page(box & cv::Rect(0, 0, page.cols, page.rows)).clone();
    if (label.bgr.size() != box.size())
        return {};
    label.mask = cv::Mat::zeros(d, d, CV_8UC1);
    // Scissors cut on the grey guide, give or take: keep 99 % of the diameter.
    cv::circle(label.mask, cv::Point2d(centre.x - box.x, centre.y - box.y), int(d * 0.495), cv::Scalar(255),
               cv::FILLED, cv::LINE_AA);
    return label;
}

LabelImage drawPlainCode(const vision::zxing::ModuleMatrix& symbol, double modulePx, int barHeightModules) {
    LabelImage label;
    label.modulePx = modulePx;
    label.modules = symbol.width;
    const bool linear = symbol.height == 1;
    const int quiet = linear ? 10 : 4;
    const int rows = linear ? barHeightModules : symbol.height;
    const int w = int((symbol.width + 2 * quiet) * modulePx);
    const int h = int((rows + 2 * quiet) * modulePx);
    label.bgr = cv::Mat(h, w, CV_8UC3, cv::Scalar::all(255));
    label.mask = cv::Mat(h, w, CV_8UC1, cv::Scalar(255));
    for (int y = 0; y < rows; ++y)
        for (int x = 0; x < symbol.width; ++x)
            if (symbol.at(x, linear ? 0 : y))
                cv::rectangle(label.bgr,
                              cv::Rect2d((quiet + x) * modulePx, (quiet + y) * modulePx, modulePx, modulePx),
                              cv::Scalar::all(0), cv::FILLED);
    return label;
}

Scene composeScene(const std::vector<LabelImage>& labels, const SceneOptions& options) {
    std::mt19937 rng(options.seed);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    Scene scene;
    cv::Mat canvas = tableBackground(options.size, rng);

    const int n = std::max<int>(1, int(labels.size()));
    const double aspect = double(options.size.width) / options.size.height;
    const int cols = int(std::ceil(std::sqrt(n * aspect)));
    const int rows = (n + cols - 1) / cols;
    const double cellW = double(options.size.width) / cols;
    const double cellH = double(options.size.height) / rows;

    for (int i = 0; i < int(labels.size()); ++i) {
        const LabelImage& label = labels[std::size_t(i)];
        const double scale = options.pxPerModule / label.modulePx;
        cv::Mat small, smallMask;
        cv::resize(label.bgr, small, cv::Size(), scale, scale, cv::INTER_AREA);
        cv::resize(label.mask, smallMask, small.size(), 0, 0, cv::INTER_AREA);
        const double w = small.cols, h = small.rows;

        // Keystone: one edge shorter, the opposite longer, so the mean module size stays as asked.
        const double k = u(rng) * options.maxKeystone;
        std::vector<cv::Point2f> dst = {{float(-w / 2 * (1 - k / 2)), float(-h / 2)},
                                        {float(w / 2 * (1 - k / 2)), float(-h / 2)},
                                        {float(w / 2 * (1 + k / 2)), float(h / 2)},
                                        {float(-w / 2 * (1 + k / 2)), float(h / 2)}};
        const double angle = (2 * u(rng) - 1) * options.maxRotationDeg * CV_PI / 180;
        const double margin = std::max(w, h) * 0.75;
        const int column = i % cols, row = i / cols; // the chit's cell in the grid
        const cv::Point2d centre((column + 0.5) * cellW + (u(rng) - 0.5) * std::max(0.0, cellW - 2 * margin),
                                 (row + 0.5) * cellH + (u(rng) - 0.5) * std::max(0.0, cellH - 2 * margin));
        for (cv::Point2f& p : dst) {
            const double x = p.x * std::cos(angle) - p.y * std::sin(angle);
            const double y = p.x * std::sin(angle) + p.y * std::cos(angle);
            p = cv::Point2f(float(centre.x + x), float(centre.y + y));
        }
        const std::vector<cv::Point2f> src = {{0, 0}, {float(w), 0}, {float(w), float(h)}, {0, float(h)}};
        const cv::Rect roi = cv::boundingRect(dst) & cv::Rect(0, 0, canvas.cols, canvas.rows);
        if (roi.empty())
            continue;
        std::vector<cv::Point2f> local = dst;
        for (cv::Point2f& p : local)
            p -= cv::Point2f(float(roi.x), float(roi.y));
        const cv::Mat homography = cv::getPerspectiveTransform(src, local);
        cv::Mat patch, patchMask;
        cv::warpPerspective(small, patch, homography, roi.size(), cv::INTER_LINEAR, cv::BORDER_CONSTANT);
        cv::warpPerspective(smallMask, patchMask, homography, roi.size(), cv::INTER_LINEAR,
                            cv::BORDER_CONSTANT);
        cv::Mat target = canvas(roi);
        for (int y = 0; y < roi.height; ++y)
            for (int x = 0; x < roi.width; ++x) {
                const float a = patchMask.at<std::uint8_t>(y, x) / 255.0f;
                if (a <= 0)
                    continue;
                auto& t = target.at<cv::Vec3b>(y, x);
                const auto& s = patch.at<cv::Vec3b>(y, x);
                for (int ch = 0; ch < 3; ++ch)
                    t[ch] = cv::saturate_cast<std::uint8_t>(a * s[ch] + (1 - a) * t[ch]);
            }
        scene.chits.push_back(
            {label.text, cv::Point2f(float(centre.x), float(centre.y)), options.pxPerModule});
    }

    // Uneven light: a gradient across the frame in a random direction times a vignette.
    cv::Mat gain(options.size, CV_32F);
    const double dir = u(rng) * 2 * CV_PI;
    const double cx = options.size.width / 2.0, cy = options.size.height / 2.0;
    const double half = std::hypot(cx, cy);
    for (int y = 0; y < gain.rows; ++y)
        for (int x = 0; x < gain.cols; ++x) {
            const double t = ((x - cx) * std::cos(dir) + (y - cy) * std::sin(dir)) / half * 0.5 + 0.5;
            const double r2 = ((x - cx) * (x - cx) + (y - cy) * (y - cy)) / (half * half);
            gain.at<float>(y, x) =
                float((options.lightMin + (options.lightMax - options.lightMin) * t) * (1 - 0.2 * r2));
        }
    cv::Mat f;
    canvas.convertTo(f, CV_32FC3);
    std::vector<cv::Mat> channels;
    cv::split(f, channels);
    for (cv::Mat& ch : channels)
        ch = ch.mul(gain);
    cv::merge(channels, f);

    const double sigma = options.blurSigmaMin + u(rng) * (options.blurSigmaMax - options.blurSigmaMin);
    if (sigma > 0)
        cv::GaussianBlur(f, f, cv::Size(), sigma);
    cv::Mat noise(f.size(), CV_32FC3);
    cv::theRNG().state = options.seed;
    cv::randn(noise, cv::Scalar::all(0), cv::Scalar::all(options.noiseSigma));
    f += noise;
    f.convertTo(canvas, CV_8UC3);

    std::vector<std::uint8_t> jpeg;
    cv::imencode(".jpg", canvas, jpeg, {cv::IMWRITE_JPEG_QUALITY, options.jpegQuality});
    scene.frame = cv::imdecode(jpeg, cv::IMREAD_COLOR);
    return scene;
}

} // namespace muster::chits_test
