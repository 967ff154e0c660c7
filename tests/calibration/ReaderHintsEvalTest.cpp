// Does the dice reader do at least as well with the calibration's hints (tray region, die size) as without?
// Each test photo becomes a 1280x960 camera view of a 400 mm tray plane; the calibration comes from the same
// view with the sheet lying in it; the dice are read in the view without the sheet, with and without the
// hints. By design (DiceReader::read) the hints leave the finder's input as it is without them (the finder
// runs only on the tray's part of the frame, but on the same grid and pixels) unless the die size is far off
// the reader's own first guess, so each die inside the tray reads exactly as without hints.

#include "TestData.h"
#include "app/camera/VisionHints.h"
#include "calibration/CalibrationProfile.h"
#include "calibration/ReaderHints.h"
#include "calibration/TrayCalibration.h"
#include "tests/common/DiceViews.h"
#include "vision/DiceReader.h"
#include "vision/eval/DiceEval.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <optional>

namespace mc = muster::calibration;
namespace mt = muster::calibration::test;
namespace mv = muster::vision;

namespace {

constexpr float kTrayMm = 400.0f;

// The table's die edge in mm as a player would measure it. The labels give axis-aligned boxes, which over
// random turns are about 1.2 die edges (the same factor the reader uses); so: the median labelled box side of
// the train split (never the test split) / 1.2, in the tray plane's millimetres.
float trainDieSizeMm(const std::string& dir) {
    std::vector<cv::Rect2f> boxes;
    for (const std::string& name : mt::photos(dir, "train"))
        for (const cv::Rect2f& box : mt::dieBoxes(dir, name, {640, 640}))
            boxes.push_back(box);
    return muster::test::medianDieEdge(boxes) * kTrayMm / 640.0f;
}

mv::LabelledImage mapThrough(const mv::LabelledImage& truth, const cv::Matx33d& photoToFrame) {
    mv::LabelledImage out = truth;
    for (mv::LabelledDie& d : out.dice) {
        const std::vector<cv::Point2f> corners = {
            d.box.tl(), {d.box.x + d.box.width, d.box.y}, d.box.br(), {d.box.x, d.box.y + d.box.height}};
        d.box = cv::boundingRect(mc::mapPoints(photoToFrame, corners));
    }
    return out;
}

struct Totals {
    int dice = 0, found = 0, right = 0, wrong = 0, phantom = 0;
    void add(const mv::ImageScore& s) {
        dice += s.dice;
        found += s.found;
        right += s.readRight;
        wrong += s.confidentWrong;
        phantom += s.phantom;
    }
};

// Both tests read the test split's photos with the committed models, or skip without them.
class ReaderHints : public ::testing::Test {
protected:
    void SetUp() override {
        MUSTER_REQUIRE_DICE_DATA(dir);
        auto reader = mv::DiceReader::load(mv::DiceReader::defaultModelDir());
        if (!reader)
            GTEST_SKIP() << "dice reader models not available: " << reader.error().message;
        auto images = mv::loadManifest(dir + "/manifest.csv", "test");
        ASSERT_TRUE(images) << images.error().message;
        m_dir = dir;
        m_reader.emplace(std::move(reader).value());
        m_images = std::move(images).value();
    }

    std::string m_dir;
    std::optional<mv::DiceReader> m_reader;
    std::vector<mv::LabelledImage> m_images;
};

} // namespace

TEST_F(ReaderHints, DiceReaderDoesNotGetWorseWithCalibration) {
    const float dieMm = trainDieSizeMm(m_dir);
    const mc::SheetLayout layout = mc::SheetLayout::standard();
    const cv::Size frame(1280, 960);
    cv::RNG rng(42);
    Totals plain, hinted;
    float hintMin = 1e9f, hintMax = 0.0f;
    for (const mv::LabelledImage& truth : m_images) {
        const cv::Mat photo = cv::imread(truth.path);
        ASSERT_FALSE(photo.empty()) << truth.path;
        std::vector<cv::Point2f> corners = {{190, 30}, {1090, 30}, {1090, 930}, {190, 930}};
        for (cv::Point2f& p : corners)
            p += cv::Point2f(rng.uniform(-40.0f, 40.0f), rng.uniform(-25.0f, 25.0f));
        const mt::SyntheticView view =
            mt::syntheticView(photo, layout, frame, corners, kTrayMm, rng.uniform(-15.0f, 15.0f), {0, 0});
        // The region to watch: the whole tray plane, given in sheet mm as a player would measure it.
        mc::TrayOptions options;
        options.dieSizeMm = dieMm;
        const cv::Matx33d trayToSheet = view.sheetToTray.inv();
        options.regionMm =
            mc::mapPoints(trayToSheet, {{0, 0}, {kTrayMm, 0}, {kTrayMm, kTrayMm}, {0, kTrayMm}});
        const auto cal = mc::calibrateTray(mt::cameraNoise(view.image, 3.0, 90, rng), options);
        ASSERT_TRUE(cal) << truth.name << ": " << cal.error().message;
        const auto hints = mc::readerHints(mc::makeProfile("test", cal.value()), frame);
        ASSERT_TRUE(hints);
        hintMin = std::min(hintMin, hints->dieSizePx);
        hintMax = std::max(hintMax, hints->dieSizePx);

        const cv::Matx33d photoToFrame = view.trayToImage * mt::scaling(kTrayMm / 640.0f);
        cv::Mat dice;
        cv::warpPerspective(photo, dice, cv::Mat(photoToFrame), frame, cv::INTER_LINEAR,
                            cv::BORDER_REPLICATE);
        dice = mt::cameraNoise(dice, 3.0, 90, rng);
        const mv::LabelledImage mapped = mapThrough(truth, photoToFrame);
        const auto without = m_reader->read(dice);
        const auto with = m_reader->read(dice, muster::camera::toDiceHints(hints.value()));
        ASSERT_TRUE(without && with);
        plain.add(mv::scoreImage(without.value(), mapped));
        hinted.add(mv::scoreImage(with.value(), mapped));

        // Die by die: the hinted read is the plain read's dice inside the tray, each read the same.
        std::vector<const mv::DieRead*> inside;
        for (const mv::DieRead& d : without->dice)
            if (cv::pointPolygonTest(hints->trayPolygon, d.outline.center, false) >= 0)
                inside.push_back(&d);
        ASSERT_EQ(with->dice.size(), inside.size()) << truth.name;
        for (size_t k = 0; k < inside.size(); ++k) {
            const mv::DieRead& a = *inside[k];
            const mv::DieRead& b = with->dice[k];
            EXPECT_EQ(a.value, b.value) << truth.name << " die " << k;
            EXPECT_EQ(a.confidence, b.confidence) << truth.name << " die " << k;
            EXPECT_EQ(a.unsure, b.unsure) << truth.name << " die " << k;
            // The finder may run on the tray's part of the frame: the same cells, an offset added in float.
            EXPECT_NEAR(a.outline.center.x, b.outline.center.x, 1e-3) << truth.name << " die " << k;
            EXPECT_NEAR(a.outline.center.y, b.outline.center.y, 1e-3) << truth.name << " die " << k;
        }
    }
    std::printf(
        "[ measured ] test split in 1280x960 views, die %.1f mm (hint %.1f-%.1f px): without hints found "
        "%d/%d "
        "right %d wrong %d phantom %d; with calibration hints found %d right %d wrong %d phantom %d\n",
        dieMm, hintMin, hintMax, plain.found, plain.dice, plain.right, plain.wrong, plain.phantom,
        hinted.found, hinted.right, hinted.wrong, hinted.phantom);
    EXPECT_GE(hinted.right, plain.right);
    EXPECT_LE(hinted.wrong, plain.wrong);
    EXPECT_LE(hinted.phantom, plain.phantom);
}

// A camera close over a small tray: dice far larger than the reader's first guess. Without a hint and without
// the finder's scale search the finder takes pips and die corners for dice; the calibration's die size sets
// its scale, as the scale search does without one.
TEST_F(ReaderHints, DieSizeFarFromTheFirstGuessSetsTheScale) {
    const auto many = std::max_element(m_images.begin(), m_images.end(), [](const auto& a, const auto& b) {
        return a.dice.size() < b.dice.size();
    });
    const cv::Mat photo = cv::imread(many->path);
    ASSERT_FALSE(photo.empty()) << many->path;
    // A 240x240 window around the dice's mean centre blown up to 960x960: the dice are 4 times their size.
    constexpr float kZoom = 4.0f;
    constexpr int kSide = 240;
    cv::Point2f mean(0, 0);
    for (const mv::LabelledDie& d : many->dice)
        mean += (d.box.tl() + d.box.br()) * (0.5f / static_cast<float>(many->dice.size()));
    const cv::Rect window(std::clamp(cvRound(mean.x) - kSide / 2, 0, photo.cols - kSide),
                          std::clamp(cvRound(mean.y) - kSide / 2, 0, photo.rows - kSide), kSide, kSide);
    cv::Mat close;
    cv::resize(photo(window), close, cv::Size(), kZoom, kZoom, cv::INTER_LINEAR);
    mv::LabelledImage truth = *many;
    std::erase_if(truth.dice,
                  [&](const mv::LabelledDie& d) { return (d.box & cv::Rect2f(window)) != d.box; });
    std::vector<cv::Rect2f> boxes;
    for (mv::LabelledDie& d : truth.dice) {
        d.box = cv::Rect2f((d.box.tl() - cv::Point2f(window.tl())) * kZoom, d.box.size() * kZoom);
        boxes.push_back(d.box);
    }
    ASSERT_GE(truth.dice.size(), 3u) << many->name;
    mv::DiceHints hints;
    hints.dieSizePx = muster::test::medianDieEdge(boxes);
    mv::DiceReaderOptions firstGuessOnly = m_reader->options();
    firstGuessOnly.scaleSearch = false;
    auto unsearching = mv::DiceReader::load(mv::DiceReader::defaultModelDir(), firstGuessOnly);
    ASSERT_TRUE(unsearching) << unsearching.error().message;
    const auto without = unsearching->read(close);
    const auto with = m_reader->read(close, hints);
    const auto searched = m_reader->read(close);
    ASSERT_TRUE(without && with && searched);
    const mv::ImageScore a = mv::scoreImage(without.value(), truth);
    const mv::ImageScore b = mv::scoreImage(with.value(), truth);
    const mv::ImageScore c = mv::scoreImage(searched.value(), truth);
    std::printf("[ measured ] %s x%.0f (%zu whole dice, hint %.0f px): without hints or scale search right "
                "%d phantom "
                "%d; with the die size right %d phantom %d; with the scale search right %d phantom %d\n",
                many->name.c_str(), kZoom, truth.dice.size(), hints.dieSizePx, a.readRight, a.phantom,
                b.readRight, b.phantom, c.readRight, c.phantom);
    EXPECT_GT(b.readRight, a.readRight);
    EXPECT_LT(b.phantom, a.phantom);
    EXPECT_GT(c.readRight, a.readRight);
}
