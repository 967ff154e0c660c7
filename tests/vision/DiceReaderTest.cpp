// DiceReader: bad input as error values, and every test photo read within its recorded tolerance.

#include "vision/DiceReader.h"

#include "PhotoTests.h"
#include "TestData.h"
#include "tests/common/DiceViews.h"
#include "vision/DiceOverlay.h"
#include "vision/eval/DiceEval.h"

#include <gtest/gtest.h>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

namespace mv = muster::vision;
using muster::vision::test::diceDataDir;
using muster::vision::test::diceManifest;
using muster::vision::test::forEachPhoto;
using muster::vision::test::labelledBoxes;
using muster::vision::test::modelDir;

namespace {

mv::DiceReader& sharedReader() {
    static auto reader = mv::DiceReader::load(modelDir());
    if (!reader)
        throw std::runtime_error(reader.error().message);
    return reader.value();
}

// The same reader with the finder run on the whole image (or the tray's part), as before the sparse finder.
mv::DiceReader& denseReader() {
    static auto reader = [] {
        auto r = mv::DiceReader::load(modelDir());
        if (!r)
            throw std::runtime_error(r.error().message);
        r->options().sparseFinder = false;
        return r;
    }();
    return reader.value();
}

// How many dice of `b` differ from `a` (value, confidence and probabilities exactly, flags, centre within
// 0.001 px); a different count or frame verdict counts every die of the larger read. Differences go to `why`.
int diceDiffering(const mv::DiceFrame& a, const mv::DiceFrame& b, std::string& why) {
    if (a.dice.size() != b.dice.size() || a.countUncertain != b.countUncertain ||
        a.possibleDiceDropped != b.possibleDiceDropped) {
        why += " count " + std::to_string(a.dice.size()) + " vs " + std::to_string(b.dice.size());
        return static_cast<int>(std::max(a.dice.size(), b.dice.size())) + 1;
    }
    int differing = 0;
    for (size_t k = 0; k < a.dice.size(); ++k) {
        const mv::DieRead &x = a.dice[k], &y = b.dice[k];
        if (x.value != y.value || x.confidence != y.confidence || x.probability != y.probability ||
            x.findScore != y.findScore || x.unsure != y.unsure || x.cocked != y.cocked ||
            x.touching != y.touching || x.occluded != y.occluded ||
            std::abs(x.outline.center.x - y.outline.center.x) > 1e-3f ||
            std::abs(x.outline.center.y - y.outline.center.y) > 1e-3f) {
            why += " die " + std::to_string(k);
            ++differing;
        }
    }
    return differing;
}

} // namespace

TEST(DiceReaderInput, MissingModelIsAnError) {
    const auto reader = mv::DiceReader::load("/nonexistent/models");
    ASSERT_FALSE(reader);
    EXPECT_NE(reader.error().message.find("not found"), std::string::npos) << reader.error().message;
    EXPECT_NE(reader.error().message.find("dice_finder.onnx"), std::string::npos) << reader.error().message;
}

TEST(DiceReaderInput, CorruptModelIsAnError) {
    const auto dir = std::filesystem::temp_directory_path() / "muster-corrupt-model";
    std::filesystem::create_directories(dir);
    for (const char* name : {"dice_finder.onnx", "dice_reader.onnx"})
        std::ofstream(dir / name) << "not an onnx file";
    const auto reader = mv::DiceReader::load(dir.string());
    ASSERT_FALSE(reader);
    EXPECT_NE(reader.error().message.find("could not be loaded"), std::string::npos)
        << reader.error().message;
}

TEST(DiceReaderInput, EmptyFrame) {
    const auto read = sharedReader().read(cv::Mat());
    ASSERT_FALSE(read);
    EXPECT_EQ(read.error().message, "empty frame");
}

TEST(DiceReaderInput, GreyFrame) {
    const auto read = sharedReader().read(cv::Mat(480, 640, CV_8UC1, cv::Scalar(128)));
    ASSERT_FALSE(read);
    EXPECT_NE(read.error().message.find("grey"), std::string::npos) << read.error().message;
}

TEST(DiceReaderInput, WrongType) {
    const auto read = sharedReader().read(cv::Mat(480, 640, CV_32FC3, cv::Scalar::all(0.5)));
    ASSERT_FALSE(read);
    EXPECT_NE(read.error().message.find("CV_32FC3"), std::string::npos) << read.error().message;
}

TEST(DiceReaderInput, TrayOutsideFrame) {
    mv::DiceHints hints;
    hints.trayPolygon = {{2000, 2000}, {2100, 2000}, {2100, 2100}};
    const auto read = sharedReader().read(cv::Mat(480, 640, CV_8UC3, cv::Scalar::all(200)), hints);
    ASSERT_FALSE(read);
    EXPECT_NE(read.error().message.find("outside"), std::string::npos) << read.error().message;
}

TEST(DiceReaderInput, BlankAndTinyFramesReadNoDice) {
    for (const cv::Size size : {cv::Size(640, 480), cv::Size(1920, 1080), cv::Size(7, 5)}) {
        const auto read = sharedReader().read(cv::Mat(size, CV_8UC3, cv::Scalar(190, 195, 200)));
        ASSERT_TRUE(read) << read.error().message;
        EXPECT_TRUE(read->dice.empty()) << size;
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Every photo of the test split, with the result recorded in tests/vision/data/dice_expected.csv: a photo may
// only do as well or better than recorded.

struct PhotoCase {
    std::string name;
    std::string path;
    int minReadRight = 0;
    int maxConfidentWrong = 0;
    int maxPhantom = 0;
};

std::ostream& operator<<(std::ostream& out, const PhotoCase& c) {
    return out << c.name;
}

std::vector<PhotoCase> photoCases() {
    std::vector<PhotoCase> cases;
    const std::string manifest = diceManifest();
    if (manifest.empty())
        return {PhotoCase{"data_missing", {}, 0, 0, 0}};
    std::map<std::string, PhotoCase> expected;
    std::ifstream in(MUSTER_TEST_EXPECTED);
    std::string line;
    std::getline(in, line); // header: image,dice,min_read_right,max_confident_wrong,max_phantom
    while (std::getline(in, line)) {
        std::istringstream row(line);
        PhotoCase c;
        std::string cell;
        std::getline(row, c.name, ',');
        std::getline(row, cell, ',');
        std::getline(row, cell, ',');
        c.minReadRight = std::stoi(cell);
        std::getline(row, cell, ',');
        c.maxConfidentWrong = std::stoi(cell);
        std::getline(row, cell, ',');
        c.maxPhantom = std::stoi(cell);
        expected[c.name] = c;
    }
    const auto images = mv::loadManifest(manifest, "test");
    if (!images)
        return {PhotoCase{"manifest_unreadable", {}, 0, 0, 0}};
    for (const mv::LabelledImage& img : images.value()) {
        PhotoCase c;
        if (auto it = expected.find(img.name); it != expected.end())
            c = it->second;
        else
            c.minReadRight = static_cast<int>(img.dice.size());
        c.name = img.name;
        c.path = img.path;
        cases.push_back(c);
    }
    return cases;
}

class DicePhoto : public ::testing::TestWithParam<PhotoCase> {
protected:
    // Reads the photo as it is (frame empty) or placed in a larger frame, and scores it against its labels.
    mv::ImageScore readAndScore(cv::Size frame) {
        const PhotoCase& c = GetParam();
        const auto images = mv::loadManifest(diceManifest(), "test");
        EXPECT_TRUE(images);
        for (const mv::LabelledImage& img : images.value()) {
            if (img.name != c.name)
                continue;
            cv::Mat photo = cv::imread(img.path, cv::IMREAD_COLOR);
            EXPECT_FALSE(photo.empty()) << img.path;
            mv::LabelledImage truth = img;
            if (!frame.empty()) {
                mv::FrameFit fit;
                photo = mv::fitIntoFrame(photo, frame, &fit);
                truth = mv::mapLabels(img, fit);
            }
            const auto read = sharedReader().read(photo);
            EXPECT_TRUE(read) << read.error().message;
            return read ? mv::scoreImage(read.value(), truth) : mv::ImageScore{};
        }
        ADD_FAILURE() << c.name << " not in manifest";
        return {};
    }
};

TEST_P(DicePhoto, ReadsAsRecorded) {
    const PhotoCase& c = GetParam();
    if (c.path.empty())
        GTEST_SKIP() << muster::vision::test::kNoPhotos;
    const mv::ImageScore s = readAndScore({});
    EXPECT_GE(s.readRight, c.minReadRight) << s.dice << " dice";
    EXPECT_LE(s.confidentWrong, c.maxConfidentWrong);
    EXPECT_LE(s.phantom, c.maxPhantom);
}

INSTANTIATE_TEST_SUITE_P(TestSplit, DicePhoto, ::testing::ValuesIn(photoCases()),
                         [](const ::testing::TestParamInfo<PhotoCase>& param) {
                             std::string n = param.param.name;
                             for (char& ch : n)
                                 if (!std::isalnum(static_cast<unsigned char>(ch)))
                                     ch = '_';
                             return n;
                         });

TEST(DiceReaderPhoto, HintsAndOverlay) {
    if (diceDataDir().empty())
        GTEST_SKIP() << muster::vision::test::kNoPhotos;
    const auto images = mv::loadManifest(diceManifest(), "test");
    ASSERT_TRUE(images);
    const mv::LabelledImage& img = images->front();
    const cv::Mat photo = cv::imread(img.path, cv::IMREAD_COLOR);
    const auto plain = sharedReader().read(photo);
    ASSERT_TRUE(plain);

    // A die-size hint at the labelled median size reads the same values.
    mv::DiceHints hints;
    hints.dieSizePx = muster::test::medianDieEdge(labelledBoxes(img));
    const auto hinted = sharedReader().read(photo, hints);
    ASSERT_TRUE(hinted);
    EXPECT_NEAR(mv::scoreImage(hinted.value(), img).readRight, mv::scoreImage(plain.value(), img).readRight,
                1);

    // A tray polygon around the left half keeps only dice whose centre is inside it.
    mv::DiceHints left;
    left.trayPolygon = {{0, 0}, {320, 0}, {320, 640}, {0, 640}};
    const auto half = sharedReader().read(photo, left);
    ASSERT_TRUE(half);
    for (const mv::DieRead& d : half->dice)
        EXPECT_LE(d.outline.center.x, 320.0f);
    EXPECT_LE(half->dice.size(), plain->dice.size());

    const cv::Mat overlay = mv::drawDiceOverlay(photo, plain.value());
    EXPECT_EQ(overlay.size(), photo.size());
    EXPECT_GT(cv::norm(overlay, photo, cv::NORM_L1), 0.0);
}

// A camera that sees more than the tray: the finder then runs only on the tray's part of the frame (on the
// whole frame's grid), and every die inside the tray must read exactly as in a read of the whole frame.
TEST(DiceReaderPhoto, TrayOutlineInAWideFrameReadsTheSameDice) {
    if (diceDataDir().empty())
        GTEST_SKIP() << muster::vision::test::kNoPhotos;
    const auto images = mv::loadManifest(diceManifest(), "test");
    ASSERT_TRUE(images);
    int compared = 0;
    for (const mv::LabelledImage& img : images.value()) {
        const cv::Mat photo = cv::imread(img.path, cv::IMREAD_COLOR);
        ASSERT_FALSE(photo.empty()) << img.path;
        const muster::test::TrayInWideFrame view = muster::test::trayInWideFrame(photo);
        mv::DiceHints size;
        size.dieSizePx = muster::test::medianDieEdge(labelledBoxes(img));
        mv::DiceHints outline = size;
        outline.trayPolygon = view.outline;
        // The whole frame read densely; the tray's part read by the sparse finder (the default) and densely.
        const auto whole = denseReader().read(view.frame, size);
        const auto sparse = sharedReader().read(view.frame, outline);
        const auto dense = denseReader().read(view.frame, outline);
        ASSERT_TRUE(whole && sparse && dense) << img.name;
        std::string why;
        EXPECT_EQ(diceDiffering(dense.value(), sparse.value(), why), 0) << img.name << why;
        const auto& part = sparse;
        std::vector<const mv::DieRead*> inside;
        for (const mv::DieRead& d : whole->dice)
            if (cv::pointPolygonTest(outline.trayPolygon, d.outline.center, false) >= 0)
                inside.push_back(&d);
        ASSERT_EQ(part->dice.size(), inside.size()) << img.name;
        for (size_t k = 0; k < inside.size(); ++k) {
            EXPECT_EQ(part->dice[k].value, inside[k]->value) << img.name << " die " << k;
            EXPECT_EQ(part->dice[k].confidence, inside[k]->confidence) << img.name << " die " << k;
            EXPECT_NEAR(part->dice[k].outline.center.x, inside[k]->outline.center.x, 1e-3) << img.name;
            EXPECT_NEAR(part->dice[k].outline.center.y, inside[k]->outline.center.y, 1e-3) << img.name;
            ++compared;
        }
    }
    EXPECT_GE(compared, 300); // nearly every test die is found in this view
}

// The sparse finder (the default) runs the net only around blocks where something might be, keeping only the
// cells whose receptive field lies inside what it ran on: every test photo, at 640 and in a 1080p frame, must
// read exactly as with the finder run on the whole image.
TEST(DiceReaderPhoto, SparseFinderReadsAsTheDenseOne) {
    if (diceDataDir().empty())
        GTEST_SKIP() << muster::vision::test::kNoPhotos;
    const auto images = mv::loadManifest(diceManifest(), "test");
    ASSERT_TRUE(images);
    for (const cv::Size frame : {cv::Size(), cv::Size(1920, 1080)}) {
        int compared = 0;
        std::vector<float> share;
        forEachPhoto(images.value(), frame, [&](const mv::LabelledImage& img, const cv::Mat& photo) {
            const auto dense = denseReader().read(photo);
            const auto sparse = sharedReader().read(photo);
            ASSERT_TRUE(dense && sparse) << img.name;
            std::string why;
            EXPECT_EQ(diceDiffering(dense.value(), sparse.value(), why), 0)
                << img.name << " " << frame << why;
            compared += static_cast<int>(dense->dice.size());
            share.push_back(sparse->finderShare);
        });
        if (HasFatalFailure())
            return;
        EXPECT_GE(compared, 300) << frame;
        // It must also be sparse: the median share of the finder image run (1 = one whole first pass) is
        // 0.71 at 640 and 0.52 in 1080p frames on this split (0.46 and 0.34 of it the first pass, 0.12 and
        // 0.11 the scale search's two coarse passes, the rest the second pass over crowded parts).
        std::sort(share.begin(), share.end());
        EXPECT_LE(share[share.size() / 2], frame.empty() ? 0.78f : 0.58f) << frame;
    }
}

// A CPU without AVX2 and FMA runs both nets through OpenCV DNN (the sparse finder's rectangles through one
// net, set up again for each new shape): that path must read every test photo as the loops do. The nets agree
// to about 1e-6, so values, flags and counts must be the same and confidences within 1e-4.
TEST(DiceReaderPhoto, OpenCvDnnPathReadsAsOurLoops) {
    if (diceDataDir().empty())
        GTEST_SKIP() << muster::vision::test::kNoPhotos;
    const auto images = mv::loadManifest(diceManifest(), "test");
    ASSERT_TRUE(images);
    mv::DiceReaderOptions options;
    options.ownLoops = false;
    auto dnn = mv::DiceReader::load(modelDir(), options);
    ASSERT_TRUE(dnn) << dnn.error().message;
    int compared = 0;
    for (const cv::Size frame : {cv::Size(), cv::Size(1920, 1080)}) {
        forEachPhoto(images.value(), frame, [&](const mv::LabelledImage& img, const cv::Mat& photo) {
            const auto loops = sharedReader().read(photo);
            const auto opencv = dnn->read(photo);
            ASSERT_TRUE(loops && opencv) << img.name;
            ASSERT_EQ(loops->dice.size(), opencv->dice.size()) << img.name << " " << frame;
            EXPECT_EQ(loops->countUncertain, opencv->countUncertain) << img.name;
            for (size_t k = 0; k < loops->dice.size(); ++k) {
                const mv::DieRead &a = loops->dice[k], &b = opencv->dice[k];
                EXPECT_EQ(a.value, b.value) << img.name << " die " << k;
                EXPECT_EQ(a.unsure, b.unsure) << img.name << " die " << k;
                EXPECT_EQ(a.cocked, b.cocked) << img.name << " die " << k;
                EXPECT_EQ(a.touching, b.touching) << img.name << " die " << k;
                EXPECT_NEAR(a.confidence, b.confidence, 1e-4) << img.name << " die " << k;
                EXPECT_NEAR(a.outline.center.x, b.outline.center.x, 1e-2) << img.name << " die " << k;
                EXPECT_NEAR(a.outline.center.y, b.outline.center.y, 1e-2) << img.name << " die " << k;
                // A dice set taught on one path reads on the other: the features (two readers' 96) agree.
                ASSERT_EQ(a.features.size(), 192u) << img.name;
                ASSERT_EQ(b.features.size(), a.features.size()) << img.name;
                for (size_t f = 0; f < a.features.size(); ++f)
                    EXPECT_NEAR(a.features[f], b.features[f], 1e-4)
                        << img.name << " die " << k << " feature " << f;
                ++compared;
            }
        });
        if (HasFatalFailure())
            return;
    }
    EXPECT_GE(compared, 600);
}

// The comparison above must be able to fail: keeping the cells at the cut edges (whose receptive field saw
// the net's zero padding), or a block threshold that misses dice, changes reads.
TEST(DiceReaderPhoto, SparseFinderComparisonCatchesCutCellsAndMissedDice) {
    if (diceDataDir().empty())
        GTEST_SKIP() << muster::vision::test::kNoPhotos;
    const auto images = mv::loadManifest(diceManifest(), "test");
    ASSERT_TRUE(images);
    auto loaded = mv::DiceReader::load(modelDir());
    ASSERT_TRUE(loaded);
    mv::DiceReader& reader = loaded.value();
    for (const auto& [margin, busyAbove] : {std::pair{16, 32.0f}, std::pair{32, 128.0f}}) {
        reader.options().sparseMargin = margin;
        reader.options().sparseBusyAbove = busyAbove;
        int differing = 0;
        forEachPhoto(images.value(), {}, [&](const mv::LabelledImage& img, const cv::Mat& photo) {
            const auto dense = denseReader().read(photo);
            const auto sparse = reader.read(photo);
            ASSERT_TRUE(dense && sparse) << img.name;
            std::string why;
            differing += diceDiffering(dense.value(), sparse.value(), why);
        });
        if (HasFatalFailure())
            return;
        EXPECT_GT(differing, 0) << "margin " << margin << ", busy above " << busyAbove;
    }
}

// The finder's grid (stride 8) lets a die between two cells fall through, and where the grid falls depends on
// the frame. These are the train photos where, placed in a 1920x1080 frame, the first pass alone missed a die
// with the ninth round's finder (7 dice in 6 photos). The finder shipped in the eleventh round misses 3 (in
// 111246, 111913 and 112353; 6 of 1487 on all of train): the second pass, half a cell off, must find them,
// and add no confident wrong or phantom read.
TEST(DiceReaderPhoto, SecondFinderPassFindsDiceTheGridSplits) {
    if (diceDataDir().empty())
        GTEST_SKIP() << muster::vision::test::kNoPhotos;
    auto train = mv::loadManifest(diceManifest(), "train");
    ASSERT_TRUE(train);
    const std::vector<std::string> names{"IMG_20191208_111246.jpg", "IMG_20191208_111446.jpg",
                                         "IMG_20191208_111548.jpg", "IMG_20191208_111913.jpg",
                                         "IMG_20191208_112353.jpg", "IMG_20191209_095517.jpg"};
    std::vector<mv::LabelledImage> images;
    for (const mv::LabelledImage& img : train.value())
        if (std::find(names.begin(), names.end(), img.name) != names.end())
            images.push_back(img);
    ASSERT_EQ(images.size(), names.size());
    auto loaded = mv::DiceReader::load(modelDir());
    ASSERT_TRUE(loaded);
    mv::DiceReader& reader = loaded.value();
    mv::EvalOptions options;
    options.frameSize = cv::Size(1920, 1080);
    const mv::EvalReport two = mv::evaluate(reader, images, options);
    reader.options().crowdedBelow = 0.0f; // no two finds that close: no second pass
    const mv::EvalReport one = mv::evaluate(reader, images, options);
    EXPECT_EQ(one.dice, two.dice);
    EXPECT_LE(one.found, one.dice - 3);
    EXPECT_GE(two.found, one.found + 3);
    EXPECT_GE(two.readRight, one.readRight + 3);
    EXPECT_LE(two.confidentWrong, one.confidentWrong);
    EXPECT_LE(two.phantom, one.phantom);
}

// A strong find that the reader leans to call "not a die" without being sure is kept for a person: on train
// IMG_20191208_112404.jpg a one of 21 px between larger dice gets a crop mostly of its neighbours ("not a
// die" 0.63). Kept, it is flagged unsure and maybe-not-a-die, reads its label (1), and the frame's count is
// in doubt; with keepDoubtfulFinds off it is dropped as before, and only counted as a
// possible die (dice-reader.md, thirteenth round).
TEST(DiceReaderPhoto, DoubtfulStrongFindIsKeptForAPerson) {
    if (diceDataDir().empty())
        GTEST_SKIP() << muster::vision::test::kNoPhotos;
    auto train = mv::loadManifest(diceManifest(), "train");
    ASSERT_TRUE(train);
    std::vector<mv::LabelledImage> images;
    for (const mv::LabelledImage& img : train.value())
        if (img.name == "IMG_20191208_112404.jpg")
            images.push_back(img);
    ASSERT_EQ(images.size(), 1u);
    const cv::Mat photo = cv::imread(images[0].path, cv::IMREAD_COLOR);
    ASSERT_FALSE(photo.empty());
    auto loaded = mv::DiceReader::load(modelDir());
    ASSERT_TRUE(loaded);
    mv::DiceReader& reader = loaded.value();
    const auto near = [](const mv::DiceFrame& f) -> const mv::DieRead* {
        for (const mv::DieRead& d : f.dice)
            if (cv::norm(d.outline.center - cv::Point2f(296, 243)) < 8)
                return &d;
        return nullptr;
    };
    const auto kept = reader.read(photo);
    ASSERT_TRUE(kept);
    const mv::DieRead* die = near(kept.value());
    ASSERT_NE(die, nullptr);
    EXPECT_TRUE(die->maybeNotADie);
    EXPECT_TRUE(die->unsure);
    EXPECT_EQ(die->value, 1);
    EXPECT_GT(die->probability[6], reader.options().notADieDrop);
    EXPECT_LT(die->probability[6], reader.options().notADieSure);
    EXPECT_TRUE(kept->countUncertain);
    EXPECT_EQ(mv::dieLabel(*die).substr(0, 3), "1?N");
    int flagged = 0;
    for (const mv::DieRead& d : kept->dice)
        flagged += d.maybeNotADie ? 1 : 0;
    EXPECT_EQ(flagged, 1);
    const mv::EvalReport withRule = mv::evaluate(reader, images, {});

    reader.options().keepDoubtfulFinds = false;
    const auto dropped = reader.read(photo);
    ASSERT_TRUE(dropped);
    EXPECT_EQ(near(dropped.value()), nullptr);
    EXPECT_EQ(dropped->dice.size() + 1, kept->dice.size());
    EXPECT_GE(dropped->possibleDiceDropped, 1);
    EXPECT_TRUE(dropped->countUncertain);
    const mv::EvalReport without = mv::evaluate(reader, images, {});
    EXPECT_EQ(withRule.dice, 25);
    EXPECT_EQ(withRule.found, without.found + 1);
    EXPECT_EQ(withRule.readRight, without.readRight + 1);
    EXPECT_EQ(withRule.phantom, without.phantom);
    EXPECT_EQ(withRule.confidentWrong, 0);
}
