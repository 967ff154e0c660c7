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
    Totals plain, hinted, regionAlone, sizeAlone;
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
        // Each hint alone, to tell their effects apart (printed, not asserted).
        mv::DiceHints regionOnly = mc::toDiceHints(hints.value()), sizeOnly = regionOnly;
        regionOnly.dieSizePx = 0.0f;
        sizeOnly.trayPolygon.clear();
        const auto withRegion = reader->read(dice, regionOnly);
        const auto withSize = reader->read(dice, sizeOnly);
        ASSERT_TRUE(withRegion && withSize);
        regionAlone.add(mv::scoreImage(withRegion.value(), mapped));
        sizeAlone.add(mv::scoreImage(withSize.value(), mapped));
        const mv::ImageScore a = mv::scoreImage(without.value(), mapped);
        const mv::ImageScore b = mv::scoreImage(with.value(), mapped);
        plain.add(a);
        hinted.add(b);
        if (a.readRight != b.readRight || a.confidentWrong != b.confidentWrong || a.phantom != b.phantom) {
            // Where the two reads part: the photo's own die edge in this frame against the hint.
            std::vector<float> edges;
            for (const mv::LabelledDie& d : mapped.dice)
                edges.push_back(std::max(d.box.width, d.box.height) / 1.2f);
            std::nth_element(edges.begin(), edges.begin() + static_cast<std::ptrdiff_t>(edges.size() / 2),
                             edges.end());
            std::printf(
                "[ differs  ] %s: plain right %d wrong %d phantom %d found %d | hinted right %d wrong %d "
                "phantom %d found %d | die edge %.1f px, hint %.1f px (x%.2f)\n",
                truth.name.c_str(), a.readRight, a.confidentWrong, a.phantom, a.found, b.readRight,
                b.confidentWrong, b.phantom, b.found, edges[edges.size() / 2], hints->dieSizePx,
                hints->dieSizePx / edges[edges.size() / 2]);
            // Die by die: every labelled die with the read nearest its centre in each run.
            const auto nearest = [](const mv::DiceFrame& f, cv::Point2f c) -> const mv::DieRead* {
                const mv::DieRead* best = nullptr;
                for (const mv::DieRead& d : f.dice)
                    if (!best || cv::norm(d.outline.center - c) < cv::norm(best->outline.center - c))
                        best = &d;
                return best;
            };
            for (size_t k = 0; k < mapped.dice.size(); ++k) {
                const mv::LabelledDie& t = mapped.dice[k];
                const cv::Point2f c(t.box.x + t.box.width / 2, t.box.y + t.box.height / 2);
                const mv::DieRead* p = nearest(without.value(), c);
                const mv::DieRead* h = nearest(with.value(), c);
                if (p && h && p->value == h->value && p->unsure == h->unsure && p->value == t.face)
                    continue;
                std::printf(
                    "[ differs  ]   die %zu (face %d, box %.0f px at %.0f,%.0f): plain %d %.2f%s size %.1f "
                    "off %.1f | hinted %d %.2f%s size %.1f off %.1f\n",
                    k, t.face, std::max(t.box.width, t.box.height), c.x, c.y, p ? p->value : 0,
                    p ? p->confidence : 0.0f, p && p->unsure ? " unsure" : "",
                    p ? p->outline.size.width : 0.0f, p ? cv::norm(p->outline.center - c) : 0.0,
                    h ? h->value : 0, h ? h->confidence : 0.0f, h && h->unsure ? " unsure" : "",
                    h ? h->outline.size.width : 0.0f, h ? cv::norm(h->outline.center - c) : 0.0);
            }
        }
    }
    std::printf(
        "[ measured ] test split in 1280x960 views, die %.1f mm: without hints found %d/%d right %d wrong %d "
        "phantom %d; with calibration hints found %d right %d wrong %d phantom %d\n",
        dieMm, plain.found, plain.dice, plain.right, plain.wrong, plain.phantom, hinted.found, hinted.right,
        hinted.wrong, hinted.phantom);
    std::printf(
        "[ measured ] region hint alone: found %d right %d wrong %d phantom %d; die-size hint alone: found "
        "%d right %d wrong %d phantom %d\n",
        regionAlone.found, regionAlone.right, regionAlone.wrong, regionAlone.phantom, sizeAlone.found,
        sizeAlone.right, sizeAlone.wrong, sizeAlone.phantom);
    // Within 1% of the dice on "read right": the two runs see differently cropped and scaled finder inputs,
    // and with the reader of docs/dice-reader.md (Nov 30) the difference swings by a few dice either way
    // (hints 297 against 299 without; the reader before it: 301 against 297).
    EXPECT_GE(hinted.right, plain.right - plain.dice / 100);
    EXPECT_LE(hinted.wrong + hinted.phantom, plain.wrong + plain.phantom);
}
