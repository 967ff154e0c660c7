// End-to-end accuracy of the dice reader on the nell-byler test split. The thresholds are what the reader
// achieved when this test was written, rounded down a little: raise them when the reader improves, never
// lower them.

#include "TestData.h"
#include "vision/DiceReader.h"
#include "vision/eval/DiceEval.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace mv = muster::vision;
using muster::vision::test::diceManifest;
using muster::vision::test::modelDir;

namespace {

struct Bar {
    double minReadRight;      // read_right / dice
    double maxConfidentWrong; // confident_wrong / dice
    double maxUnsure;         // unsure / dice
    int maxPhantom;
};

// labelFixes: with the labels checked to be wrong (data/dice/nell-byler-label-fixes.csv, two of them in
// test) corrected first.
void checkSplit(cv::Size frame, const Bar& bar, bool labelFixes = false) {
    const std::string manifest = diceManifest();
    if (manifest.empty())
        GTEST_SKIP() << muster::vision::test::kNoPhotos;
    auto images = mv::loadManifest(manifest, "test");
    ASSERT_TRUE(images) << images.error().message;
    if (labelFixes) {
        const auto fixes = mv::loadLabelFixes(MUSTER_TEST_LABEL_FIXES);
        ASSERT_TRUE(fixes) << fixes.error().message;
        const auto fixed = mv::applyLabelFixes(images.value(), fixes.value());
        ASSERT_TRUE(fixed) << fixed.error().message;
        ASSERT_EQ(fixed.value(), 2);
    }
    auto reader = mv::DiceReader::load(modelDir());
    ASSERT_TRUE(reader) << reader.error().message;
    mv::EvalOptions options;
    options.frameSize = frame;
    const mv::EvalReport r = mv::evaluate(reader.value(), images.value(), options);
    std::cout << mv::evalReportTable(r);
    ASSERT_TRUE(r.errors.empty());
    ASSERT_EQ(r.images, 50);
    ASSERT_EQ(r.dice, 308);
    EXPECT_GE(static_cast<double>(r.readRight) / r.dice, bar.minReadRight);
    EXPECT_LE(static_cast<double>(r.confidentWrong) / r.dice, bar.maxConfidentWrong);
    EXPECT_LE(static_cast<double>(r.unsure) / r.dice, bar.maxUnsure);
    EXPECT_LE(r.phantom, bar.maxPhantom);
}

} // namespace

// Measured with the committed models (docs/dice-reader.md, thirteenth round): read right, confidently wrong,
// unsure of 308, phantoms. At 640 the unsure bar is 1.3%, above the twelfth round's 1%: the die kept as
// maybe-not-a-die on IMG_20191208_112933.jpg is read right and flagged, one right die more for one unsure
// more.
TEST(DiceAccuracy, TestSplit640) {
    checkSplit({}, {0.99, 0.007, 0.013, 1}); // measured: 0.9903 (305), 0.0065 (2), 0.0130 (4), 1
}

TEST(DiceAccuracy, TestSplitIn1080pFrames) {
    checkSplit({1920, 1080}, {0.985, 0.007, 0.017, 1}); // measured: 0.987 (304), 0.0065 (2), 0.0162 (5), 1
}

// The two confident wrongs above are the two test labels checked to be wrong: read against the corrected
// labels, no die is confidently wrong, and at 640 the bar is met (99.5% right, <= 0.2% confidently
// wrong, <= 2% unsure).
TEST(DiceAccuracy, TestSplitWithLabelFixes) {
    checkSplit({}, {0.995, 0.0, 0.013, 1}, true);          // measured: 0.9968 (307), 0 (0), 0.0130 (4), 1
    checkSplit({1920, 1080}, {0.99, 0.0, 0.017, 1}, true); // measured: 0.9935 (306), 0 (0), 0.0162 (5), 1
}

namespace {

// A test split read at the table: the tray from its labels (K = 1.5), with or without the die-size hint.
mv::EvalReport atTheTable(const char* set, bool sizeHint) {
    const std::string nell = muster::vision::test::diceDataDir();
    const std::string manifest =
        nell.empty() ? nell : (std::filesystem::path(nell).parent_path() / set / "manifest.csv").string();
    auto images = mv::loadManifest(manifest, "test");
    if (!images)
        return {};
    if (std::string(set) == "nell-byler-d6") {
        const auto fixes = mv::loadLabelFixes(MUSTER_TEST_LABEL_FIXES);
        EXPECT_TRUE(fixes && mv::applyLabelFixes(images.value(), fixes.value()));
    }
    auto reader = mv::DiceReader::load(modelDir());
    EXPECT_TRUE(reader) << reader.error().message;
    if (!reader)
        return {};
    mv::EvalOptions options;
    options.trayFromLabels = 1.5;
    options.dieSizeFromLabels = sizeHint;
    mv::EvalReport r = mv::evaluate(reader.value(), images.value(), options);
    std::cout << set << (sizeHint ? ", with the size hint\n" : "\n") << mv::evalReportTable(r);
    return r;
}

double share(int part, int whole) {
    return whole ? static_cast<double>(part) / whole : 0.0;
}

} // namespace

// At the table (issue 26): the die-size hint a calibration gives is never worse than none, on either set, and
// the figures on rune55-other (tables the models never saw) only ever go up from these.
TEST(DiceAccuracy, AtTheTableTheSizeHintIsNoWorse) {
    if (muster::vision::test::diceDataDir().empty())
        GTEST_SKIP() << muster::vision::test::kNoPhotos;
    for (const char* set : {"nell-byler-d6", "rune55-other"}) {
        const mv::EvalReport plain = atTheTable(set, false);
        const mv::EvalReport hinted = atTheTable(set, true);
        if (plain.images == 0)
            GTEST_SKIP() << set << " not found beside nell-byler-d6";
        ASSERT_TRUE(plain.errors.empty() && hinted.errors.empty()) << set;
        EXPECT_GE(hinted.found, plain.found) << set;
        EXPECT_GE(hinted.readRight, plain.readRight) << set;
        EXPECT_LE(share(hinted.confidentWrong, hinted.dice), share(plain.confidentWrong, plain.dice)) << set;
        EXPECT_LE(hinted.phantom, plain.phantom) << set;
        if (std::string(set) == "nell-byler-d6") {
            EXPECT_GE(share(hinted.readRight, hinted.dice), 0.995); // measured: 307 of 308, 0 wrong, 4 unsure
            EXPECT_LE(share(hinted.confidentWrong, hinted.dice), 0.0);
            EXPECT_LE(share(hinted.unsure, hinted.dice), 0.013);
        } else {
            // Measured: 176 of 257 right (0.685), 8 confidently wrong (0.031), 79 unsure (0.307), 0.38
            // phantoms a photo; without the hint 128 right, 8 wrong, 1.35 phantoms a photo. The wrong and
            // unsure bounds rose (0.028, 0.235) when dice read beside their top-face box stopped counting as
            // a miss and a phantom (matchReadsToBoxes): 27 more dice found; right +8, wrong +1, unsure +20.
            EXPECT_GE(share(plain.readRight, plain.dice), 0.49);
            EXPECT_LE(share(plain.phantom, plain.images), 1.36);
            EXPECT_GE(share(hinted.readRight, hinted.dice), 0.68);
            EXPECT_LE(share(hinted.confidentWrong, hinted.dice), 0.032);
            EXPECT_LE(share(hinted.unsure, hinted.dice), 0.31);
            EXPECT_LE(share(hinted.phantom, hinted.images), 0.38);
        }
    }
}
