// ThrowWatcher on frame sequences made from the real photos: shifted crops and motion blur for a rolling
// throw, a hand shape over the tray, camera noise on still frames (ThrowSurfacesTest.cpp: other tables).

#include "vision/ThrowWatcher.h"

#include "TestData.h"
#include "vision/eval/DiceEval.h"

#include <gtest/gtest.h>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/videoio.hpp>

#include <filesystem>
#include <random>

namespace mv = muster::vision;
using muster::vision::test::diceManifest;

namespace {

constexpr int kSide = 560; // frames are 560x560 crops of the 640x640 photos

class Scenes {
public:
    Scenes() {
        const std::string manifest = diceManifest();
        if (manifest.empty())
            return;
        const auto images = mv::loadManifest(manifest, "train");
        if (!images)
            return;
        for (size_t i = 0; i < images->size() && m_photos.size() < 6; i += 23)
            m_photos.push_back(cv::imread(images.value()[i].path, cv::IMREAD_COLOR));
    }
    bool ok() const { return m_photos.size() == 6; }

    // The photo seen through a camera that sits still: a fixed crop, plus sensor noise.
    cv::Mat still(int photo, std::mt19937& rng) const { return noisy(crop(photo, 40, 40), rng); }

    // Dice still rolling: a crop shifted by a different amount each frame, blurred along the motion.
    cv::Mat rolling(int photo, int step, std::mt19937& rng) const {
        const int dx = 40 + static_cast<int>(30 * std::sin(step * 1.7));
        const int dy = 40 + static_cast<int>(30 * std::cos(step * 2.3));
        cv::Mat kernel = cv::Mat::zeros(9, 9, CV_32F);
        cv::line(kernel, {0, 4 + (step % 3) - 1}, {8, 4 - (step % 3) + 1}, cv::Scalar(1.0), 1);
        kernel /= cv::sum(kernel)[0];
        cv::Mat blurred;
        cv::filter2D(crop(photo, dx, dy), blurred, -1, kernel);
        return noisy(blurred, rng);
    }

    // A hand reaching into the still scene: a skin-coloured palm and arm from the bottom edge.
    static cv::Mat withHand(const cv::Mat& frame, int reach) {
        cv::Mat out = frame.clone();
        const cv::Scalar skin(120, 150, 205); // BGR of light skin in indoor light
        const cv::Point palm(kSide / 2 + reach / 3, kSide - reach);
        cv::rectangle(out, cv::Rect(palm.x - 45, palm.y, 90, kSide - palm.y), skin, cv::FILLED);
        cv::ellipse(out, palm, cv::Size(70, 85), 10.0 + reach / 10.0, 0, 360, skin, cv::FILLED);
        for (int f = 0; f < 4; ++f)
            cv::ellipse(out, palm + cv::Point(-45 + 30 * f, -90), cv::Size(12, 40), 0, 0, 360, skin,
                        cv::FILLED);
        return out;
    }

private:
    cv::Mat crop(int photo, int dx, int dy) const {
        return m_photos[static_cast<size_t>(photo)](cv::Rect(dx, dy, kSide, kSide)).clone();
    }
    static cv::Mat noisy(const cv::Mat& frame, std::mt19937& rng) {
        cv::Mat noise(frame.size(), CV_16SC3);
        cv::RNG(rng()).fill(noise, cv::RNG::NORMAL, 0, 3);
        cv::Mat out;
        cv::add(frame, noise, out, cv::noArray(), CV_8UC3);
        return out;
    }
    std::vector<cv::Mat> m_photos;
};

const Scenes& scenes() {
    static const Scenes s;
    return s;
}

struct Tally {
    std::vector<int> settledAt, newThrowAt;
    std::vector<mv::TrayState> states;
};

void feedAll(mv::ThrowWatcher& w, const std::vector<cv::Mat>& frames, Tally& t, int offset = 0) {
    for (size_t i = 0; i < frames.size(); ++i) {
        const auto ev = w.feed(frames[i]);
        ASSERT_TRUE(ev) << ev.error().message;
        if (ev->settled)
            t.settledAt.push_back(offset + static_cast<int>(i));
        if (ev->newThrow)
            t.newThrowAt.push_back(offset + static_cast<int>(i));
        t.states.push_back(ev->state);
    }
}

#define NEED_PHOTOS()                                                                                        \
    if (!scenes().ok())                                                                                      \
    GTEST_SKIP() << muster::vision::test::kNoPhotos

} // namespace

TEST(ThrowWatcher, BadInput) {
    mv::ThrowWatcher w;
    EXPECT_FALSE(w.feed(cv::Mat()));
    EXPECT_FALSE(w.feed(cv::Mat(100, 100, CV_8UC1, cv::Scalar(0))));
    EXPECT_FALSE(w.feed(cv::Mat(100, 100, CV_32FC3, cv::Scalar::all(0))));
}

TEST(ThrowWatcher, StillSceneSettlesOnceAfterNFrames) {
    NEED_PHOTOS();
    std::mt19937 rng(1);
    mv::ThrowWatcher w;
    std::vector<cv::Mat> frames;
    for (int i = 0; i < 30; ++i)
        frames.push_back(scenes().still(0, rng));
    Tally t;
    feedAll(w, frames, t);
    ASSERT_EQ(t.settledAt.size(), 1u);
    EXPECT_EQ(t.settledAt[0], mv::ThrowWatcherOptions{}.settleFrames - 1);
    EXPECT_TRUE(t.newThrowAt.empty());
    EXPECT_EQ(w.state(), mv::TrayState::Settled);
}

TEST(ThrowWatcher, RollingThenHandThenStill) {
    NEED_PHOTOS();
    std::mt19937 rng(2);
    const int settle = mv::ThrowWatcherOptions{}.settleFrames;
    mv::ThrowWatcher w;
    std::vector<cv::Mat> frames;
    for (int i = 0; i < 8; ++i)
        frames.push_back(scenes().rolling(1, i, rng));
    for (int i = 0; i < 10; ++i) // the hand rests in the tray without moving for a while: never settled
        frames.push_back(Scenes::withHand(scenes().still(1, rng), i < 3 ? 150 + 20 * i : 200));
    const int stillFrom = static_cast<int>(frames.size());
    for (int i = 0; i < 15; ++i)
        frames.push_back(scenes().still(1, rng));
    Tally t;
    feedAll(w, frames, t);
    for (int i = 8; i < stillFrom; ++i)
        EXPECT_EQ(t.states[static_cast<size_t>(i)], mv::TrayState::HandIn) << "frame " << i;
    ASSERT_EQ(t.settledAt.size(), 1u);
    // The first frame without the hand still differs from the last one with it; the count starts after.
    EXPECT_GE(t.settledAt[0], stillFrom + settle - 1);
    EXPECT_LE(t.settledAt[0], stillFrom + settle);
}

TEST(ThrowWatcher, NoticesANewThrowAndSettlesAgain) {
    NEED_PHOTOS();
    std::mt19937 rng(3);
    mv::ThrowWatcher w;
    std::vector<cv::Mat> frames;
    for (int i = 0; i < 10; ++i)
        frames.push_back(scenes().still(2, rng));
    const int handFrom = static_cast<int>(frames.size());
    for (int i = 0; i < 4; ++i)
        frames.push_back(Scenes::withHand(scenes().still(2, rng), 100 + 40 * i));
    for (int i = 0; i < 6; ++i)
        frames.push_back(scenes().rolling(3, i, rng));
    const int stillFrom = static_cast<int>(frames.size());
    for (int i = 0; i < 12; ++i)
        frames.push_back(scenes().still(3, rng));
    Tally t;
    feedAll(w, frames, t);
    ASSERT_EQ(t.settledAt.size(), 2u);
    EXPECT_LT(t.settledAt[0], handFrom);
    EXPECT_GE(t.settledAt[1], stillFrom);
    ASSERT_EQ(t.newThrowAt.size(), 1u);
    EXPECT_EQ(t.newThrowAt[0], handFrom);
    EXPECT_EQ(w.throwsSettled(), 2);
}

TEST(ThrowWatcher, AHandPassingOverTheSameDiceIsNotANewRead) {
    NEED_PHOTOS();
    std::mt19937 rng(4);
    mv::ThrowWatcher w;
    std::vector<cv::Mat> frames;
    for (int i = 0; i < 10; ++i)
        frames.push_back(scenes().still(4, rng));
    for (int i = 0; i < 3; ++i)
        frames.push_back(Scenes::withHand(scenes().still(4, rng), 120 + 50 * i));
    for (int i = 0; i < 12; ++i)
        frames.push_back(scenes().still(4, rng));
    Tally t;
    feedAll(w, frames, t);
    EXPECT_EQ(t.settledAt.size(), 1u);
    EXPECT_EQ(w.throwsSettled(), 1);
}

TEST(ThrowWatcher, TrayPolygonIgnoresMotionOutside) {
    NEED_PHOTOS();
    std::mt19937 rng(5);
    mv::ThrowWatcherOptions options;
    options.trayPolygon = {{0, 0}, {kSide, 0}, {kSide, kSide / 2.0f}, {0, kSide / 2.0f}}; // top half only
    mv::ThrowWatcher w(options);
    std::vector<cv::Mat> frames;
    for (int i = 0; i < 12; ++i) // a hand moving about in the bottom part, outside the tray
        frames.push_back(Scenes::withHand(scenes().still(5, rng), 60 + 15 * (i % 4)));
    Tally t;
    feedAll(w, frames, t);
    EXPECT_EQ(t.settledAt.size(), 1u);
}

// A hand is change against the tray at rest, not a colour: no photo of the set, held still, shows one, and
// each settles once (the old skin-colour test fired on photos of brown and red felt and wooden tables).
TEST(ThrowWatcher, NoHandInAStillPhoto) {
    NEED_PHOTOS();
    const auto images = mv::loadManifest(diceManifest());
    ASSERT_TRUE(images);
    const mv::ThrowWatcherOptions options;
    std::mt19937 rng(7);
    double worst = 0.0;
    std::string worstName;
    for (size_t i = 0; i < images->size(); i += 5) {
        const mv::LabelledImage& img = images.value()[i];
        const cv::Mat photo = cv::imread(img.path, cv::IMREAD_COLOR);
        ASSERT_FALSE(photo.empty()) << img.path;
        mv::ThrowWatcher w(options);
        int settled = 0;
        for (int f = 0; f < options.settleFrames + 2; ++f) {
            cv::Mat n(photo.size(), CV_16SC3);
            cv::RNG(rng()).fill(n, cv::RNG::NORMAL, 0, 3);
            cv::Mat frame;
            cv::add(photo, n, frame, cv::noArray(), CV_8UC3);
            const auto ev = w.feed(frame);
            ASSERT_TRUE(ev);
            settled += ev->settled ? 1 : 0;
            if (ev->hand > worst) {
                worst = ev->hand;
                worstName = img.name;
            }
        }
        EXPECT_EQ(settled, 1) << img.name;
    }
    EXPECT_LT(worst, options.handAbove) << worstName;
}

TEST(ThrowWatcher, RecordedVideoRoundTrip) {
    NEED_PHOTOS();
    // The way docs/dice-reader.md records a real sequence: cv::VideoWriter to MJPG .avi, read back with
    // cv::VideoCapture. Compression noise must not look like motion.
    std::mt19937 rng(6);
    const auto path = std::filesystem::temp_directory_path() / "muster-throw-sequence.avi";
    {
        cv::VideoWriter out(path.string(), cv::VideoWriter::fourcc('M', 'J', 'P', 'G'), 15.0, {kSide, kSide});
        ASSERT_TRUE(out.isOpened());
        for (int i = 0; i < 10; ++i)
            out.write(scenes().still(0, rng));
        for (int i = 0; i < 3; ++i)
            out.write(Scenes::withHand(scenes().still(0, rng), 120 + 50 * i));
        for (int i = 0; i < 6; ++i)
            out.write(scenes().rolling(2, i, rng));
        for (int i = 0; i < 10; ++i)
            out.write(scenes().still(2, rng));
    }
    cv::VideoCapture in(path.string());
    ASSERT_TRUE(in.isOpened());
    mv::ThrowWatcher w;
    int frames = 0, settled = 0, newThrows = 0;
    for (cv::Mat frame; in.read(frame); ++frames) {
        const auto ev = w.feed(frame);
        ASSERT_TRUE(ev) << ev.error().message;
        settled += ev->settled ? 1 : 0;
        newThrows += ev->newThrow ? 1 : 0;
    }
    EXPECT_EQ(frames, 29);
    EXPECT_EQ(settled, 2);
    EXPECT_EQ(newThrows, 1);
    std::filesystem::remove(path);
}
