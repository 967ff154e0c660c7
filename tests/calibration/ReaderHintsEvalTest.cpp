// Does the dice reader do at least as well with the calibration's hints (tray region, die size) as without?
// Each test photo becomes a 1280x960 camera view of a 400 mm tray plane; the calibration comes from the same
// view with the sheet lying in it; the dice are read in the view without the sheet, with and without the
// hints.

#include "TestData.h"
#include "calibration/CalibrationProfile.h"
#include "calibration/ReaderHints.h"
#include "calibration/TrayCalibration.h"
#include "calibration/VisionHints.h"
#include "vision/DiceEval.h"
#include "vision/DiceReader.h"

#include <gtest/gtest.h>

#include <cstdio>

namespace mc = muster::calibration;
namespace mt = muster::calibration::test;
namespace mv = muster::vision;

namespace {

constexpr float kTrayMm = 400.0f;

// The table's die edge in mm as a player would measure it. The labels give axis-aligned boxes, which over
// random turns are about 1.2 die edges (the same factor the reader uses); so: the median labelled box side of
// the train split (never the test split) / 1.2, in the tray plane's millimetres.
float trainDieSizeMm(const std::string& dir) {
    std::vector<float> sides;
    for (const std::string& name : mt::photos(dir, "train"))
        for (const cv::Rect2f& box : mt::dieBoxes(dir, name, {640, 640}))
            sides.push_back(std::max(box.width, box.height));
    std::nth_element(sides.begin(), sides.begin() + static_cast<std::ptrdiff_t>(sides.size() / 2),
                     sides.end());
    constexpr float kBoxPerEdge = 1.2f;
    return sides[sides.size() / 2] / kBoxPerEdge * kTrayMm / 640.0f;
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

} // namespace

TEST(ReaderHints, DiceReaderDoesNotGetWorseWithCalibration) {
    MUSTER_REQUIRE_DICE_DATA(dir);
    auto reader = mv::DiceReader::load(mv::DiceReader::defaultModelDir());
    if (!reader)
        GTEST_SKIP() << "dice reader models not available: " << reader.error().message;
    const auto images = mv::loadManifest(dir + "/manifest.csv", "test");
    ASSERT_TRUE(images) << images.error().message;
    const float dieMm = trainDieSizeMm(dir);
    const mc::SheetLayout layout = mc::SheetLayout::standard();
    const cv::Size frame(1280, 960);
    cv::RNG rng(42);
    Totals plain, hinted;
    for (const mv::LabelledImage& truth : images.value()) {
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

        const cv::Matx33d photoToFrame = view.trayToImage * mt::scaling(kTrayMm / 640.0f);
        cv::Mat dice;
        cv::warpPerspective(photo, dice, cv::Mat(photoToFrame), frame, cv::INTER_LINEAR,
                            cv::BORDER_REPLICATE);
        dice = mt::cameraNoise(dice, 3.0, 90, rng);
        const mv::LabelledImage mapped = mapThrough(truth, photoToFrame);
        const auto without = reader->read(dice);
        const auto with = reader->read(dice, mc::toDiceHints(hints.value()));
        ASSERT_TRUE(without && with);
        plain.add(mv::scoreImage(without.value(), mapped));
        hinted.add(mv::scoreImage(with.value(), mapped));
    }
    std::printf(
        "[ measured ] test split in 1280x960 views, die %.1f mm: without hints found %d/%d right %d wrong %d "
        "phantom %d; with calibration hints found %d right %d wrong %d phantom %d\n",
        dieMm, plain.found, plain.dice, plain.right, plain.wrong, plain.phantom, hinted.found, hinted.right,
        hinted.wrong, hinted.phantom);
    // Within 1% of the dice on "read right": the two runs see differently cropped and scaled finder inputs,
    // and with the reader of docs/dice-reader.md (Nov 30) the difference swings by a few dice either way
    // (hints 297 against 299 without; the reader before it: 301 against 297).
    EXPECT_GE(hinted.right, plain.right - plain.dice / 100);
    EXPECT_LE(hinted.wrong + hinted.phantom, plain.wrong + plain.phantom);
}
