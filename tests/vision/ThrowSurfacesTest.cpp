// ThrowWatcher on throw sequences over many table surfaces: procedural wood, felt of several colours (brown
// and red felt are the colours of skin), cloth, carpet and card, under white and warm light, with real die
// crops from the nell-byler train photos pasted on and hands in seven skin tones reaching in from every edge.
// Each throw must be reported settled exactly once, inside its still part, and nothing else may settle.

#include "TestData.h"
#include "vision/ThrowWatcher.h"
#include "vision/eval/DiceEval.h"

#include <gtest/gtest.h>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <cmath>
#include <random>
#include <string>

namespace mv = muster::vision;

namespace {

constexpr int kSide = 480;

cv::Mat noise(cv::Size size, double sigma, cv::RNG& rng, int type = CV_32FC1) {
    cv::Mat n(size, type);
    rng.fill(n, cv::RNG::NORMAL, 0, sigma);
    return n;
}

// Low-frequency noise: coarse random values blown up smoothly (shading, blotches, grain bends).
cv::Mat blotches(int cells, double sigma, cv::RNG& rng) {
    cv::Mat small = noise({cells, cells}, sigma, rng);
    cv::Mat big;
    cv::resize(small, big, {kSide, kSide}, 0, 0, cv::INTER_CUBIC);
    return big;
}

cv::Mat tinted(const cv::Mat& luminance, const cv::Scalar& bgr) {
    std::vector<cv::Mat> planes;
    for (int c = 0; c < 3; ++c)
        planes.push_back(luminance * (bgr[c] / 128.0));
    cv::Mat out;
    cv::merge(planes, out);
    out.convertTo(out, CV_8UC3);
    return out;
}

struct Surface {
    std::string name;
    cv::Mat image;
};

// Felt: one colour, fine fibre noise and soft blotches.
cv::Mat felt(const cv::Scalar& bgr, cv::RNG& rng) {
    cv::Mat lum =
        cv::Mat(kSide, kSide, CV_32F, cv::Scalar(128)) + noise({kSide, kSide}, 7, rng) + blotches(6, 8, rng);
    cv::GaussianBlur(lum, lum, {3, 3}, 0);
    return tinted(lum, bgr);
}

std::vector<Surface> makeSurfaces() {
    cv::RNG rng(2611);
    std::vector<Surface> out;
    {
        // Wood: grain lines along x that bend with a low-frequency field, in browns.
        cv::Mat bend = blotches(4, 18, rng);
        cv::Mat lum(kSide, kSide, CV_32F);
        for (int y = 0; y < kSide; ++y)
            for (int x = 0; x < kSide; ++x)
                lum.at<float>(y, x) =
                    static_cast<float>(128 + 22 * std::sin((y + bend.at<float>(y, x)) * 0.35) +
                                       10 * std::sin((y + 0.5 * bend.at<float>(y, x)) * 0.07 + x * 0.004));
        lum += noise({kSide, kSide}, 4, rng);
        out.push_back({"wood", tinted(lum, {60, 110, 165})});
    }
    out.push_back({"red felt", felt({40, 35, 175}, rng)});
    out.push_back({"green felt", felt({55, 125, 40}, rng)});
    out.push_back({"blue felt", felt({150, 75, 30}, rng)});
    out.push_back({"black felt", felt({28, 26, 26}, rng)});
    out.push_back({"brown felt", felt({70, 105, 150}, rng)});
    {
        // Cloth: a plain weave (two thread directions) with a plaid of coloured stripes.
        cv::Mat lum(kSide, kSide, CV_32F);
        for (int y = 0; y < kSide; ++y)
            for (int x = 0; x < kSide; ++x)
                lum.at<float>(y, x) =
                    static_cast<float>(120 + 18 * std::sin(x * 1.3) * std::sin(y * 1.3) +
                                       (((x / 24) % 3 == 0) ? 25 : 0) + (((y / 32) % 4 == 0) ? -20 : 0));
        lum += noise({kSide, kSide}, 5, rng);
        out.push_back({"cloth", tinted(lum, {90, 120, 150})});
    }
    {
        // Carpet: coloured speckle, each tuft a few pixels, on a mottled base.
        cv::Mat speckle = noise({kSide / 2, kSide / 2}, 40, rng, CV_32FC3);
        cv::Mat big;
        cv::resize(speckle, big, {kSide, kSide}, 0, 0, cv::INTER_NEAREST);
        cv::Mat base(kSide, kSide, CV_32FC3, cv::Scalar(80, 95, 120));
        std::vector<cv::Mat> b{blotches(8, 15, rng), blotches(8, 15, rng), blotches(8, 15, rng)};
        cv::Mat mottle;
        cv::merge(b, mottle);
        cv::Mat carpet = base + big + mottle;
        carpet.convertTo(carpet, CV_8UC3);
        out.push_back({"carpet", carpet});
    }
    {
        // Card: near white, a gentle light falloff, paper grain.
        cv::Mat lum = cv::Mat(kSide, kSide, CV_32F, cv::Scalar(128)) + blotches(2, 6, rng) +
                      noise({kSide, kSide}, 2, rng);
        out.push_back({"card", tinted(lum, {222, 226, 230})});
    }
    {
        // Wood again, under warm light (low blue, strong red): the colour where a skin test fires everywhere.
        cv::Mat warm = out.front().image.clone();
        cv::Mat planes[3];
        cv::split(warm, planes);
        planes[0] *= 0.6;
        planes[2] = planes[2] * 1.25;
        cv::merge(planes, 3, warm);
        out.push_back({"wood, warm light", warm});
    }
    return out;
}

const std::vector<Surface>& surfaces() {
    static const std::vector<Surface> s = makeSurfaces();
    return s;
}

// Die crops (the labelled box and a little of the photo's ground around it) from the nell-byler train photos.
std::vector<cv::Mat> dieCrops() {
    std::vector<cv::Mat> crops;
    const std::string manifest = muster::vision::test::diceManifest();
    if (manifest.empty())
        return crops;
    const auto images = mv::loadManifest(manifest, "train");
    if (!images)
        return crops;
    for (size_t i = 0; i < images->size() && crops.size() < 40; i += 7) {
        const mv::LabelledImage& img = images.value()[i];
        const cv::Mat photo = cv::imread(img.path, cv::IMREAD_COLOR);
        if (photo.empty())
            continue;
        for (const mv::LabelledDie& d : img.dice) {
            const cv::Rect box = cv::Rect(d.box) & cv::Rect(0, 0, photo.cols, photo.rows);
            if (box.width > 12 && box.height > 12)
                crops.push_back(photo(box).clone());
        }
    }
    return crops;
}

// BGR skin tones from very light to very dark.
const std::vector<cv::Scalar> kSkin = {{188, 205, 240}, {150, 175, 225}, {112, 146, 196}, {90, 128, 168},
                                       {62, 96, 142},   {40, 62, 98},    {26, 36, 62}};

struct Dice {
    std::vector<int> crop;
    std::vector<cv::Point> at;
};

class Sequence {
public:
    Sequence(const cv::Mat& ground, const std::vector<cv::Mat>& crops, unsigned seed)
        : m_ground(ground)
        , m_crops(crops)
        , m_rng(seed)
        , m_cv(seed) {}

    std::vector<cv::Mat> frames;
    std::vector<std::pair<int, int>> stillParts; // [first, last] frame of each throw's still part

    void empty(int n) {
        for (int i = 0; i < n; ++i)
            add(m_ground.clone(), {});
    }

    // A hand brings the dice in from `edge`, lets them roll, leaves; the dice lie still for a while; a hand
    // comes back from another edge and picks them up.
    void oneThrow(int edge, const cv::Scalar& skin) {
        Dice dice;
        const int n = 1 + static_cast<int>(m_rng() % 6);
        for (int i = 0; i < n; ++i) {
            dice.crop.push_back(static_cast<int>(m_rng() % m_crops.size()));
            dice.at.emplace_back(70 + static_cast<int>(m_rng() % (kSide - 140)),
                                 70 + static_cast<int>(m_rng() % (kSide - 140)));
        }
        for (int i = 0; i < 4; ++i) // reaching in, dice in the hand
            add(withHand(m_ground.clone(), edge, 60 + 45 * i, skin), {});
        for (int i = 0; i < 6; ++i) { // rolling, blurred, the hand leaving
            Dice rolling = dice;
            for (cv::Point& p : rolling.at)
                p += cv::Point((5 - i) * 9 * ((p.x / 7) % 3 - 1), (5 - i) * 8);
            cv::Mat f = draw(rolling, 5 - i);
            add(i < 3 ? withHand(f, edge, 195 - 60 * i, skin) : f, {});
        }
        const int first = static_cast<int>(frames.size());
        for (int i = 0; i < 20; ++i)
            add(draw(dice, 0), {});
        stillParts.emplace_back(first, static_cast<int>(frames.size()) - 1);
        const int back = (edge + 1 + static_cast<int>(m_rng() % 3)) % 4;
        for (int i = 0; i < 4; ++i)
            add(withHand(draw(dice, 0), back, 60 + 50 * i, skin), {});
        for (int i = 0; i < 2; ++i) // closing on the dice
            add(withHand(draw(dice, 0), back, 210, skin), {});
        for (int i = 0; i < 4; ++i) // taking them away
            add(withHand(m_ground.clone(), back, 210 - 50 * i, skin), {});
    }

private:
    void add(const cv::Mat& frame, const Dice&) {
        cv::Mat n(frame.size(), CV_16SC3);
        m_cv.fill(n, cv::RNG::NORMAL, 0, 3);
        cv::Mat out;
        cv::add(frame, n, out, cv::noArray(), CV_8UC3);
        frames.push_back(out);
    }

    cv::Mat draw(const Dice& dice, int blur) {
        cv::Mat f = m_ground.clone();
        for (size_t i = 0; i < dice.at.size(); ++i) {
            const cv::Mat& crop = m_crops[static_cast<size_t>(dice.crop[i])];
            cv::Rect r(dice.at[i] - cv::Point(crop.cols / 2, crop.rows / 2), crop.size());
            r &= cv::Rect(0, 0, kSide, kSide);
            if (r.width < crop.cols || r.height < crop.rows)
                continue;
            crop.copyTo(f(r));
        }
        if (blur > 0) {
            cv::Mat k = cv::Mat::zeros(2 * blur + 1, 2 * blur + 1, CV_32F);
            cv::line(k, {0, 0}, {2 * blur, 2 * blur}, cv::Scalar(1.0));
            k /= cv::sum(k)[0];
            cv::filter2D(f, f, -1, k);
        }
        return f;
    }

    // A hand and forearm from one edge (0 bottom, 1 right, 2 top, 3 left), `reach` px in, shaded.
    static cv::Mat withHand(cv::Mat frame, int edge, int reach, const cv::Scalar& skin) {
        cv::Mat hand(kSide, kSide, CV_8U, cv::Scalar(0));
        const cv::Point palm(kSide / 2 + reach / 4, kSide - reach);
        cv::rectangle(hand, cv::Rect(palm.x - 40, palm.y, 80, kSide - palm.y), cv::Scalar(255), cv::FILLED);
        cv::ellipse(hand, palm, cv::Size(60, 72), 10.0, 0, 360, cv::Scalar(255), cv::FILLED);
        for (int f = 0; f < 4; ++f)
            cv::ellipse(hand, palm + cv::Point(-40 + 26 * f, -78), cv::Size(10, 34), 0, 0, 360,
                        cv::Scalar(255), cv::FILLED);
        for (int t = 0; t < edge; ++t)
            cv::rotate(hand, hand, cv::ROTATE_90_COUNTERCLOCKWISE);
        // Shading across the hand, so it is not one flat colour.
        static const cv::Mat shade = [] {
            cv::Mat m(kSide, kSide, CV_32F);
            for (int y = 0; y < kSide; ++y)
                for (int x = 0; x < kSide; ++x)
                    m.at<float>(y, x) = static_cast<float>(0.8 + 0.35 * std::sin((x + y) * 0.02));
            return m;
        }();
        cv::Mat planes[3];
        for (int c = 0; c < 3; ++c) {
            planes[c] = shade * skin[c];
            planes[c].convertTo(planes[c], CV_8U);
        }
        cv::Mat colour;
        cv::merge(planes, 3, colour);
        colour.copyTo(frame, hand);
        return frame;
    }

    cv::Mat m_ground;
    const std::vector<cv::Mat>& m_crops;
    std::mt19937 m_rng;
    cv::RNG m_cv;
};

struct Outcome {
    std::vector<int> settledAt;
    std::string trace; // per frame: state letter, for a failure's message
};

Outcome watch(mv::ThrowWatcher& w, const std::vector<cv::Mat>& frames) {
    Outcome o;
    for (size_t i = 0; i < frames.size(); ++i) {
        const auto ev = w.feed(frames[i]);
        EXPECT_TRUE(ev) << ev.error().message;
        if (ev && ev->settled)
            o.settledAt.push_back(static_cast<int>(i));
        if (ev)
            o.trace += ev->settled ? '*' : "WMHsS"[static_cast<int>(ev->state)];
    }
    return o;
}

// Every throw settled once, inside its still part; nothing else settled.
void expectEachThrowOnce(const Sequence& s, const Outcome& o, const std::string& what) {
    std::string parts;
    for (const auto& [first, last] : s.stillParts)
        parts += " " + std::to_string(first) + "-" + std::to_string(last);
    ASSERT_EQ(o.settledAt.size(), s.stillParts.size())
        << what << "\nstill parts" << parts
        << "\nstates (Waiting Moving Hand still Settled, * settled): " << o.trace;
    for (size_t i = 0; i < s.stillParts.size(); ++i) {
        EXPECT_GE(o.settledAt[i], s.stillParts[i].first) << what << ", throw " << i;
        EXPECT_LE(o.settledAt[i], s.stillParts[i].second) << what << ", throw " << i;
    }
}

} // namespace

// The empty tray learned at calibration: throws on it settle once each, the emptied tray is no throw.
TEST(ThrowSurfaces, EveryThrowReadOnceOnEverySurfaceWithTheEmptyTrayLearned) {
    const std::vector<cv::Mat> crops = dieCrops();
    if (crops.size() < 10)
        GTEST_SKIP() << muster::vision::test::kNoPhotos;
    unsigned seed = 1;
    int sequences = 0;
    for (const Surface& surface : surfaces()) {
        for (size_t tone = 0; tone < kSkin.size(); tone += 3) {
            Sequence s(surface.image, crops, seed++);
            s.empty(6);
            for (int t = 0; t < 3; ++t) {
                s.oneThrow((t + static_cast<int>(tone)) % 4,
                           kSkin[(tone + static_cast<size_t>(t)) % kSkin.size()]);
                s.empty(8);
            }
            mv::ThrowWatcher w;
            ASSERT_TRUE(w.learnEmptyTray(s.frames.front()));
            expectEachThrowOnce(s, watch(w, s.frames), surface.name + ", skin tone " + std::to_string(tone));
            ++sequences;
        }
    }
    std::cout << sequences << " sequences of 3 throws over " << surfaces().size() << " surfaces\n";
}

// Nothing learned beforehand, throws back to back as at a table mid-game: the first frame is the tray before
// the throw, and every later scene at rest replaces it.
TEST(ThrowSurfaces, EveryThrowReadOnceWithoutCalibration) {
    const std::vector<cv::Mat> crops = dieCrops();
    if (crops.size() < 10)
        GTEST_SKIP() << muster::vision::test::kNoPhotos;
    unsigned seed = 100;
    for (const Surface& surface : surfaces()) {
        for (size_t tone = 1; tone < kSkin.size(); tone += 3) {
            Sequence s(surface.image, crops, seed++);
            for (int t = 0; t < 3; ++t)
                s.oneThrow((t + static_cast<int>(tone)) % 4,
                           kSkin[(tone + static_cast<size_t>(t)) % kSkin.size()]);
            mv::ThrowWatcher w;
            expectEachThrowOnce(s, watch(w, s.frames), surface.name + ", skin tone " + std::to_string(tone));
        }
    }
}

// A hand that stays in the tray holds the throw however still it is, for a while; the watcher's old skin test
// fired on brown felt and warm wood all the time, and this one must not fire on the bare ground at all.
TEST(ThrowSurfaces, BareGroundIsNoHand) {
    for (const Surface& surface : surfaces()) {
        mv::ThrowWatcher w;
        cv::RNG rng(7);
        int settled = 0;
        for (int i = 0; i < 12; ++i) {
            cv::Mat n(surface.image.size(), CV_16SC3);
            rng.fill(n, cv::RNG::NORMAL, 0, 3);
            cv::Mat f;
            cv::add(surface.image, n, f, cv::noArray(), CV_8UC3);
            const auto ev = w.feed(f);
            ASSERT_TRUE(ev);
            EXPECT_LT(ev->hand, mv::ThrowWatcherOptions{}.handAbove) << surface.name << " frame " << i;
            settled += ev->settled ? 1 : 0;
        }
        EXPECT_EQ(settled, 1) << surface.name << ": a still scene from the start settles once";
    }
}
