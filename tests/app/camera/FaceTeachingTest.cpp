// Teaching a set's faces at the table (app/camera/FaceTeaching.h), then reading with them in play
// (SettledThrowReader), on nell-byler photos whose 6s are painted over with a star
// (vision/eval/SymbolFaces.h): a few throws of the train part, the person tapping only the dice read wrong or
// unsure (the labels stand in for the person), the taught faces kept in the table profile's JSON, and the
// test part read through the settled-throw pipeline as a game reads it.

#include "app/camera/FaceTeaching.h"

#include "CameraTestData.h"
#include "app/camera/SettledThrowReader.h"
#include "vision/eval/DiceEval.h"
#include "vision/eval/SymbolFaces.h"

#include <gtest/gtest.h>
#include <opencv2/imgcodecs.hpp>

#include <cstdio>

namespace mc = muster::calibration;
namespace mcam = muster::camera;
namespace mt = muster::camera::test;
namespace mv = muster::vision;

namespace {

// The labelled die whose box holds the centre of `box`; nullptr when none does.
const mv::LabelledDie* labelAt(const mv::LabelledImage& image, const cv::Rect2f& box) {
    const cv::Point2f c(box.x + box.width / 2, box.y + box.height / 2);
    for (const mv::LabelledDie& d : image.dice)
        if (d.box.contains(c))
            return &d;
    return nullptr;
}

// Per photo's dice, how the star 6s and the other faces came out.
struct Tally {
    int sixes = 0, sixesRight = 0, sixesUnsure = 0, sixesWrong = 0;
    int others = 0, othersRight = 0, othersWrong = 0;
};

class FaceTeachingTest : public ::testing::Test {
protected:
    void SetUp() override {
        m_dir = mt::diceDataDir();
        if (m_dir.empty())
            GTEST_SKIP()
                << "dice photos not found: put ../shared/data/dice/nell-byler-d6 beside the checkout "
                   "or set MUSTER_DATA_DIR";
        auto reader = mv::DiceReader::load(mv::DiceReader::defaultModelDir());
        if (!reader)
            GTEST_SKIP() << "dice models not available: " << reader.error().message;
        m_reader.emplace(std::move(reader).value());
    }

    // The photo with its 6s painted as stars.
    static cv::Mat starred(const mv::LabelledImage& image, cv::RNG& rng) {
        const cv::Mat photo = cv::imread(image.path);
        return photo.empty() ? photo : mv::paintSymbolFaces(photo, image, {}, rng);
    }

    std::vector<mv::LabelledImage> split(const std::string& name) const {
        auto images = mv::loadManifest(m_dir + "/manifest.csv", name);
        EXPECT_TRUE(images);
        std::vector<mv::LabelledImage> out;
        if (images)
            for (mv::LabelledImage& i : images.value())
                if (i.hasBoxes)
                    out.push_back(std::move(i));
        return out;
    }

    std::string m_dir;
    std::optional<mv::DiceReader> m_reader;
};

} // namespace

TEST_F(FaceTeachingTest, TappingNeedsADieAndAFace) {
    mcam::FaceTeaching teaching;
    EXPECT_FALSE(teaching.tap(0, 6)) << "no throw in hand";
    EXPECT_FALSE(teaching.teach()) << "nothing kept";
    const cv::Mat empty(480, 640, CV_8UC3, cv::Scalar(40, 120, 40)); // green felt, no dice
    const auto none = teaching.readThrow(*m_reader, empty);
    ASSERT_FALSE(none);
    EXPECT_NE(none.error().message.find("no dice"), std::string::npos) << none.error().message;
    const auto images = split("train");
    ASSERT_FALSE(images.empty());
    cv::RNG rng(5);
    ASSERT_TRUE(teaching.readThrow(*m_reader, starred(images.front(), rng)));
    ASSERT_FALSE(teaching.dice().empty());
    EXPECT_FALSE(teaching.tap(static_cast<int>(teaching.dice().size()), 3));
    EXPECT_FALSE(teaching.tap(0, 7));
    EXPECT_TRUE(teaching.tap(0, 2));
    EXPECT_EQ(teaching.dice()[0].label(), 2);
    EXPECT_TRUE(teaching.tap(0, 0));
    EXPECT_EQ(teaching.dice()[0].face, 0) << "untapped";
    const int dice = static_cast<int>(teaching.dice().size());
    const int left = teaching.keepThrow();
    int kept = 0;
    for (const int n : teaching.counts())
        kept += n;
    EXPECT_EQ(kept + left, dice);
    EXPECT_EQ(teaching.throwsKept(), 1);
    const auto taught = teaching.teach();
    ASSERT_FALSE(taught) << "one throw rarely shows every face twice";
    EXPECT_NE(taught.error().message.find("at least 2"), std::string::npos) << taught.error().message;
}

// Throws of the train part are taught until every face has 12 examples (6 throws here, 29 taps: a few minutes
// at the table); the taught faces travel in the profile's JSON; every photo of the test part is then read
// through the settled-throw pipeline. Measured (Dec 6): star 6s 42 of 42 right, none unsure or confidently
// wrong; the other faces 246 of 265 right against 259 without the set, 7 confidently wrong against 2 (most a
// 1 or a 4 read as a sure 6: a few star examples give the taught face a loose threshold; docs/dice-reader.md,
// Known limits). With 6 examples a face (3 throws) 34 of 42 sixes were right, 7 unsure, 1 confidently wrong.
constexpr int kExamplesPerFace = 12;
TEST_F(FaceTeachingTest, FacesTaughtAtTheTableReadTheSymbolSixesInPlay) {
    const auto train = split("train");
    mcam::FaceTeaching teaching;
    cv::RNG rng(11);
    int taps = 0, photos = 0;
    for (const mv::LabelledImage& image : train) {
        const auto counts = teaching.counts();
        if (*std::min_element(counts.begin(), counts.end()) >= kExamplesPerFace)
            break;
        const cv::Mat frame = starred(image, rng);
        ASSERT_FALSE(frame.empty()) << image.path;
        if (!teaching.readThrow(*m_reader, frame))
            continue;
        ++photos;
        for (size_t i = 0; i < teaching.dice().size(); ++i) {
            const mcam::TeachDie& d = teaching.dice()[i];
            const mv::LabelledDie* truth = labelAt(image, d.box);
            if (truth && (d.unsure || d.read != truth->face)) {
                ASSERT_TRUE(teaching.tap(static_cast<int>(i), truth->face));
                ++taps;
            }
        }
        teaching.keepThrow();
    }
    mv::TeachSummary summary;
    auto taught = teaching.teach(&summary);
    ASSERT_TRUE(taught) << taught.error().message;
    std::printf("taught from %d throws with %d taps: %s\n", photos, taps,
                mcam::describeTaughtFaces(taught.value()).c_str());
    EXPECT_TRUE(taught->faces[5].taught) << "the star 6 is read by its look";
    for (size_t f = 0; f < 5; ++f)
        EXPECT_FALSE(taught->faces[f].taught) << "face " << f + 1 << " keeps its pips";

    // Kept in the profile as a game keeps it.
    const auto test = split("test");
    ASSERT_FALSE(test.empty());
    const cv::Mat first = cv::imread(test.front().path);
    mc::CalibrationProfile profile = mt::testProfile(first, mt::wholeFrame(first.size()), 0.0f);
    profile.referenceView.release(); // each test photo is another view
    profile.tray.dieSizePx = 38.0f;  // for the JSON's check; the hints below carry no size
    profile.tray.dieSizeMm = 19.0f;
    auto text = mv::diceSetToText(taught.value());
    ASSERT_TRUE(text) << text.error().message;
    profile.faces = text.value();
    auto back = mc::CalibrationProfile::fromJson(profile.toJson());
    ASSERT_TRUE(back) << back.error().message;
    ASSERT_EQ(back->faces, profile.faces);

    Tally with, without;
    for (const mv::LabelledImage& image : test) {
        const cv::Mat frame = starred(image, rng);
        ASSERT_FALSE(frame.empty()) << image.path;
        for (const bool taughtFaces : {true, false}) {
            mcam::SettledThrowReader reader;
            // The whole frame at no die size: read as the train throws above were.
            mc::CalibrationProfile p = mt::testProfile(frame, mt::wholeFrame(frame.size()), 0.0f);
            p.referenceView.release(); // each test photo is another view
            p.faces = taughtFaces ? back->faces : std::string();
            reader.setCalibration(p);
            const mcam::CalibrationFit& fit = reader.fitTo(frame.size());
            ASSERT_TRUE(fit.facesRefused.empty()) << fit.facesRefused;
            EXPECT_EQ(fit.taughtFaces, taughtFaces ? 1 : 0);
            const mcam::SettledRead read = reader.read(frame);
            ASSERT_TRUE(read.ok) << read.error;
            EXPECT_TRUE(read.facesError.empty()) << read.facesError;
            Tally& t = taughtFaces ? with : without;
            for (const mcam::SettledDie& d : read.dice) {
                const mv::LabelledDie* truth = labelAt(image, d.box);
                if (!truth)
                    continue;
                EXPECT_EQ(d.byTaughtFaces, taughtFaces);
                const bool right = d.read.value == truth->face && !d.read.unsure;
                const bool wrong = d.read.value != truth->face && !d.read.unsure;
                if (truth->face == 6) {
                    ++t.sixes;
                    t.sixesRight += right ? 1 : 0;
                    t.sixesUnsure += d.read.unsure ? 1 : 0;
                    t.sixesWrong += wrong ? 1 : 0;
                } else {
                    ++t.others;
                    t.othersRight += right ? 1 : 0;
                    t.othersWrong += wrong ? 1 : 0;
                }
            }
        }
    }
    for (const auto& [name, t] : {std::pair{"with", with}, std::pair{"without", without}})
        std::printf("test, %s the taught faces: star 6s %d, right %d, unsure %d, confidently wrong %d; "
                    "other faces %d, right %d, confidently wrong %d\n",
                    name, t.sixes, t.sixesRight, t.sixesUnsure, t.sixesWrong, t.others, t.othersRight,
                    t.othersWrong);
    ASSERT_GT(with.sixes, 40);
    EXPECT_LT(without.sixesRight, without.sixes / 2) << "the pip reader cannot read a star";
    // Thresholds that hold (measured above): raised when a change reads better, lowered only with the
    // measured reason beside them.
    EXPECT_GE(with.sixesRight * 100, with.sixes * 97);
    EXPECT_LE(with.sixesWrong, 1);
    // The other faces pay for the sixes: where the look alone and the whole descriptor disagree about a
    // taught face the die is unsure (applyDiceSet), rather than a sure guess.
    EXPECT_GE(with.othersRight * 100, without.othersRight * 94) << "the other faces keep most reads";
    EXPECT_LE(with.othersWrong, without.othersWrong + 5);
}
