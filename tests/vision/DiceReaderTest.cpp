// DiceReader: bad input as error values, and every test photo read within its recorded tolerance.

#include "vision/DiceReader.h"

#include "TestData.h"
#include "tests/common/DiceViews.h"
#include "vision/DiceEval.h"
#include "vision/DiceOverlay.h"

#include <gtest/gtest.h>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

namespace mv = muster::vision;
using muster::vision::test::diceDataDir;
using muster::vision::test::diceManifest;
using muster::vision::test::labelledBoxes;
using muster::vision::test::modelDir;

namespace {

mv::DiceReader& sharedReader() {
    static auto reader = mv::DiceReader::load(modelDir());
    if (!reader)
        throw std::runtime_error(reader.error().message);
    return reader.value();
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
        const auto whole = sharedReader().read(view.frame, size);
        const auto part = sharedReader().read(view.frame, outline);
        ASSERT_TRUE(whole && part) << img.name;
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
