// The settled-throw pipeline on real photos, with no Qt: faces against the labels, the calibration's hints,
// a refused profile, a moved camera, owners by colour, dark light, and the evidence (JPEG, detections JSON).

#include "app/camera/SettledThrowReader.h"

#include "CameraTestData.h"
#include "tests/common/DiceViews.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>

namespace mc = muster::calibration;
namespace mcam = muster::camera;
namespace mt = muster::camera::test;

namespace {

#if defined(__SANITIZE_THREAD__)
// ThreadSanitizer cannot see the synchronisation inside TBB, OpenCV's thread pool (not instrumented), so its
// workers handing buffers back read as races. Under TSan (scripts/tsan.sh) OpenCV runs on the calling thread,
// as the pipeline's own code does, and every report is about threads we start.
[[maybe_unused]] const bool kOpenCvOnOneThread = [] {
    cv::setNumThreads(1);
    return true;
}();
#endif

// Test photos the committed reader reads right (the camera path's accept tests use the same), by dice.
constexpr const char* kTwelve = "IMG_20191208_111328.jpg"; // 12 dice spread over the frame
const std::vector<std::string> kReadRight = {"IMG_20191208_112605.jpg", "IMG_20191209_095625.jpg",
                                             "IMG_20191208_112501.jpg", "IMG_20191208_111924.jpg", kTwelve};

std::vector<int> sorted(std::vector<int> v) {
    std::sort(v.begin(), v.end());
    return v;
}

class SettledThrowReaderTest : public ::testing::Test {
protected:
    void SetUp() override {
        const std::string dir = mt::diceDataDir();
        if (dir.empty())
            GTEST_SKIP()
                << "dice photos not found: put ../shared/data/dice/nell-byler-d6 beside the checkout or "
                   "set MUSTER_DATA_DIR";
        m_dir = dir;
        auto probe = muster::vision::DiceReader::load(muster::vision::DiceReader::defaultModelDir());
        if (!probe)
            GTEST_SKIP() << "dice models not available: " << probe.error().message;
    }

    cv::Mat photo(const std::string& name) const {
        cv::Mat m = mt::testPhoto(m_dir, name);
        EXPECT_FALSE(m.empty()) << name;
        return m;
    }

    // The pipeline for frames like `frame`, with `profile` or none.
    static mcam::SettledRead readOnce(const cv::Mat& frame,
                                      std::optional<mc::CalibrationProfile> profile = {}) {
        mcam::SettledThrowReader reader;
        reader.setCalibration(std::move(profile));
        reader.fitTo(frame.size());
        return reader.read(frame);
    }

    std::string m_dir;
};

} // namespace

TEST_F(SettledThrowReaderTest, ReadsTheLabelledFacesWithoutACalibration) {
    for (const std::string& name : kReadRight) {
        SCOPED_TRACE(name);
        const cv::Mat frame = photo(name);
        const mcam::SettledRead r = readOnce(frame);
        ASSERT_TRUE(r.ok) << r.error;
        EXPECT_EQ(sorted(r.faces()), mt::labelledFaces(m_dir, name));
        EXPECT_FALSE(r.hinted);
        EXPECT_FALSE(r.owned);
        EXPECT_FALSE(r.light) << "no calibration, no light check";
        EXPECT_FALSE(r.view.checked);
        EXPECT_EQ(r.frameWidth, frame.cols);
        EXPECT_EQ(r.frameHeight, frame.rows);
        for (const mcam::SettledDie& d : r.dice) {
            EXPECT_FALSE(d.owner);
            EXPECT_TRUE(d.box.contains(d.read.outline.center));
        }
        EXPECT_GT(r.readMs, 0.0);
        EXPECT_GE(r.settledMs, r.readMs);
    }
}

TEST_F(SettledThrowReaderTest, EvidenceIsAJpegOfTheFrameAndTheDetectionsAsJson) {
    const cv::Mat frame = photo(kTwelve);
    const mcam::SettledRead r = readOnce(frame);
    ASSERT_TRUE(r.ok) << r.error;
    const cv::Mat decoded = cv::imdecode(r.jpeg, cv::IMREAD_COLOR);
    ASSERT_FALSE(decoded.empty());
    EXPECT_EQ(decoded.size(), frame.size());
    // JPEG at the journal's quality: close to the frame, not equal to it.
    EXPECT_LT(cv::norm(decoded, frame, cv::NORM_L1) / static_cast<double>(frame.total() * 3), 8.0);

    const auto doc = nlohmann::json::parse(r.detectionsJson);
    EXPECT_EQ(doc["reader"], "vision::DiceReader");
    EXPECT_EQ(doc["frame"]["width"], frame.cols);
    EXPECT_EQ(doc["frame"]["height"], frame.rows);
    EXPECT_EQ(doc["countUncertain"].get<bool>(), r.countUncertain);
    EXPECT_TRUE(doc.contains("possibleDiceDropped"));
    EXPECT_DOUBLE_EQ(doc["milliseconds"].get<double>(), r.readMs);
    EXPECT_FALSE(doc.contains("calibration"));
    ASSERT_EQ(doc["dice"].size(), r.dice.size());
    for (size_t i = 0; i < r.dice.size(); ++i) {
        const auto& d = doc["dice"][i];
        EXPECT_EQ(d["value"].get<int>(), r.dice[i].read.value);
        EXPECT_FLOAT_EQ(d["centre"][0].get<float>(), r.dice[i].read.outline.center.x);
        EXPECT_EQ(d["probability"].size(), 7u);
        for (const char* key :
             {"confidence", "size", "angle", "unsure", "maybeNotADie", "cocked", "touching", "occluded"})
            EXPECT_TRUE(d.contains(key)) << key;
        EXPECT_FALSE(d.contains("owner"));
    }
}

// The calibration's tray: only dice inside it are read, at its die size; the view is its own reference, so
// it has not moved.
TEST_F(SettledThrowReaderTest, CalibrationHintsRestrictTheReadToTheTray) {
    const cv::Mat frame = photo(kTwelve);
    const std::vector<cv::Rect2f> boxes = mt::labelledBoxes(m_dir, kTwelve, frame.size());
    ASSERT_EQ(boxes.size(), 12u);
    // The tray: the frame left of the widest gap between labelled dice near the middle.
    const float cut = mt::trayCutBetweenDice(boxes);
    const auto inside = std::count_if(boxes.begin(), boxes.end(),
                                      [cut](const cv::Rect2f& b) { return b.x + b.width / 2 < cut; });
    ASSERT_TRUE(inside > 0 && inside < 12);
    const float dieEdge = muster::test::medianDieEdge(boxes);
    const float h = static_cast<float>(frame.rows);

    mcam::SettledThrowReader reader;
    reader.setCalibration(mt::testProfile(frame, {{0, 0}, {cut, 0}, {cut, h}, {0, h}}, dieEdge));
    const mcam::CalibrationFit& fit = reader.fitTo(frame.size());
    EXPECT_TRUE(fit.present && fit.applied);
    EXPECT_EQ(fit.name, "test table");
    EXPECT_TRUE(fit.refused.empty());
    ASSERT_EQ(fit.hints.trayPolygon.size(), 4u);
    EXPECT_FLOAT_EQ(fit.hints.trayPolygon[1].x, cut);
    EXPECT_FLOAT_EQ(fit.hints.dieSizePx, dieEdge);

    const mcam::SettledRead r = reader.read(frame);
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_TRUE(r.hinted);
    EXPECT_TRUE(r.view.checked);
    EXPECT_FALSE(r.view.moved) << r.view.detail;
    EXPECT_EQ(static_cast<long>(r.dice.size()), inside);
    for (const mcam::SettledDie& d : r.dice)
        EXPECT_LT(d.read.outline.center.x, cut) << "a die outside the tray was read";
    ASSERT_TRUE(r.light);
    const auto doc = nlohmann::json::parse(r.detectionsJson);
    ASSERT_TRUE(doc.contains("calibration"));
    EXPECT_EQ(doc["calibration"]["name"], "test table");
    EXPECT_TRUE(doc["calibration"]["applied"].get<bool>());
    EXPECT_TRUE(doc["calibration"]["hinted"].get<bool>());
    EXPECT_FALSE(doc["calibration"]["moved"].get<bool>());
    EXPECT_FLOAT_EQ(doc["calibration"]["dieSizePx"].get<float>(), dieEdge);
    EXPECT_EQ(doc["calibration"]["diceSets"].get<int>(), 0);

    // The second settled frame is checked against this view (the reference was retaken): still steady.
    const mcam::SettledRead again = reader.read(frame);
    ASSERT_TRUE(again.ok);
    EXPECT_FALSE(again.view.moved);
    EXPECT_EQ(again.faces(), r.faces());
}

// A profile of another aspect ratio is refused with the reason, and the frame is read whole.
TEST_F(SettledThrowReaderTest, ProfileOfAnotherAspectIsRefused) {
    const cv::Mat frame = photo(kTwelve);
    cv::Mat wide;
    cv::resize(frame, wide, cv::Size(1280, 720));
    mcam::SettledThrowReader reader;
    reader.setCalibration(mt::testProfile(wide, mt::wholeFrame({640, 720}), 30));
    const mcam::CalibrationFit& fit = reader.fitTo(frame.size());
    EXPECT_TRUE(fit.present);
    EXPECT_FALSE(fit.applied);
    EXPECT_NE(fit.refused.find("\"test table\" is not used"), std::string::npos) << fit.refused;
    EXPECT_NE(fit.refused.find("aspect ratio"), std::string::npos) << fit.refused;
    EXPECT_TRUE(fit.hints.trayPolygon.empty());
    const mcam::SettledRead r = reader.read(frame);
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_FALSE(r.hinted);
    EXPECT_EQ(sorted(r.faces()), mt::labelledFaces(m_dir, kTwelve));
    EXPECT_FALSE(nlohmann::json::parse(r.detectionsJson)["calibration"]["applied"].get<bool>());
}

// The calibrated view was 4% to the side of what the camera sees now: moved, said how far, and the dice
// read without the misplaced hints.
TEST_F(SettledThrowReaderTest, MovedCameraIsDetectedAndTheHintsDropped) {
    const std::string name = "IMG_20191208_111924.jpg";
    const cv::Mat frame = photo(name);
    cv::Mat shifted;
    cv::warpAffine(frame, shifted, cv::Matx23d(1, 0, 26, 0, 1, 10), frame.size(), cv::INTER_LINEAR,
                   cv::BORDER_REPLICATE);
    const mcam::SettledRead r = readOnce(frame, mt::testProfile(shifted, mt::wholeFrame(frame.size()), 40));
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_TRUE(r.view.checked);
    EXPECT_TRUE(r.view.moved);
    EXPECT_EQ(r.view.detail.rfind("The view shifted by ", 0), 0u) << r.view.detail;
    EXPECT_NE(r.view.detail.find("% of the frame), seen by "), std::string::npos) << r.view.detail;
    EXPECT_FALSE(r.hinted);
    EXPECT_GT(r.viewMs, 0.0);
    EXPECT_EQ(sorted(r.faces()), mt::labelledFaces(m_dir, name));
    const auto doc = nlohmann::json::parse(r.detectionsJson);
    EXPECT_TRUE(doc["calibration"]["moved"].get<bool>());
    EXPECT_FALSE(doc["calibration"]["hinted"].get<bool>());
    EXPECT_EQ(doc["calibration"]["dieSizePx"].get<float>(), 0.0f);

    // The same frame against its own reference is steady: the check is not just always "moved".
    const mcam::SettledRead steady =
        readOnce(frame, mt::testProfile(frame, mt::wholeFrame(frame.size()), 40));
    EXPECT_TRUE(steady.view.checked);
    EXPECT_FALSE(steady.view.moved) << steady.view.detail;
    EXPECT_TRUE(steady.hinted);
}

// Dice sets: white (Ann's) and red (Bob's); the yellow dice are of a colour nobody owns
// (tests/calibration/data/dice_sets_test.csv: dice 4 and 5 white, 6 red, 0 and 3 yellow).
TEST_F(SettledThrowReaderTest, OwnersByColour) {
    const cv::Mat frame = photo(kTwelve);
    const std::vector<cv::Rect2f> boxes = mt::labelledBoxes(m_dir, kTwelve, frame.size());
    ASSERT_EQ(boxes.size(), 12u);
    mc::CalibrationProfile profile = mt::testProfile(frame, mt::wholeFrame(frame.size()), 40);
    mc::DiceSetModel model;
    ASSERT_TRUE(model.addSet("white", "Ann", frame, {boxes[4], boxes[5]}));
    ASSERT_TRUE(model.addSet("red", "Bob", frame, {boxes[6]}));
    profile.diceSets = model.sets();

    const mcam::SettledRead r = readOnce(frame, profile);
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_TRUE(r.owned);
    ASSERT_EQ(r.dice.size(), 12u);
    const auto at = [&](size_t label) -> const mcam::SettledDie* {
        const cv::Rect2f& box = boxes[label];
        const cv::Point2f c(box.x + box.width / 2, box.y + box.height / 2);
        for (const mcam::SettledDie& d : r.dice)
            if (std::hypot(d.read.outline.center.x - c.x, d.read.outline.center.y - c.y) < box.width / 2)
                return &d;
        return nullptr;
    };
    for (size_t i : {4u, 5u}) {
        const mcam::SettledDie* d = at(i);
        ASSERT_TRUE(d && d->owner);
        EXPECT_EQ(d->owner->player, "Ann");
        EXPECT_EQ(d->owner->set, "white");
        EXPECT_FALSE(d->owner->unknown);
    }
    ASSERT_TRUE(at(6) && at(6)->owner);
    EXPECT_EQ(at(6)->owner->player, "Bob");
    for (size_t i : {0u, 3u}) {
        const mcam::SettledDie* d = at(i);
        ASSERT_TRUE(d && d->owner);
        EXPECT_TRUE(d->owner->unknown) << "yellow die " << i << " was given to " << d->owner->player;
        EXPECT_TRUE(d->owner->player.empty());
    }
    const auto doc = nlohmann::json::parse(r.detectionsJson);
    EXPECT_EQ(doc["calibration"]["diceSets"].get<int>(), 2);
    ASSERT_EQ(doc["dice"].size(), r.dice.size());
    for (size_t i = 0; i < r.dice.size(); ++i) {
        const auto& d = doc["dice"][i];
        EXPECT_EQ(d["owner"].get<std::string>(), r.dice[i].owner->player);
        EXPECT_EQ(d["set"].get<std::string>(), r.dice[i].owner->set);
        EXPECT_EQ(d["ownerUnknown"].get<bool>(), r.dice[i].owner->unknown);
        EXPECT_TRUE(d.contains("setCost"));
    }
}

// A tray far too dark is flagged; the same tray in its own light is not.
TEST_F(SettledThrowReaderTest, DarkLightIsFlagged) {
    const std::string name = "IMG_20191208_111924.jpg";
    const cv::Mat frame = photo(name);
    cv::Mat dark;
    frame.convertTo(dark, -1, 0.25);
    const auto mentionsDark = [](const std::vector<std::string>& warnings) {
        return std::any_of(warnings.begin(), warnings.end(),
                           [](const std::string& w) { return w.find("dark") != std::string::npos; });
    };
    const mcam::SettledRead r = readOnce(dark, mt::testProfile(dark, mt::wholeFrame(dark.size()), 40));
    ASSERT_TRUE(r.ok) << r.error;
    ASSERT_TRUE(r.light);
    EXPECT_TRUE(mentionsDark(*r.light)) << r.light->size() << " warnings";
    const mcam::SettledRead lit = readOnce(frame, mt::testProfile(frame, mt::wholeFrame(frame.size()), 40));
    ASSERT_TRUE(lit.ok && lit.light);
    EXPECT_FALSE(mentionsDark(*lit.light));
}

// Missing models are said once, at the first settled frame; later frames fail quietly (the page already
// says to type the dice). The view check still runs.
TEST(SettledThrowReader, MissingModelsAreSaidOnce) {
    mcam::SettledThrowReader reader;
    reader.setModelDir("/nonexistent/muster-models");
    const cv::Mat frame(120, 160, CV_8UC3, cv::Scalar(90, 90, 90));
    reader.fitTo(frame.size());
    const mcam::SettledRead first = reader.read(frame);
    EXPECT_FALSE(first.ok);
    EXPECT_NE(first.error.find("The dice models cannot be loaded"), std::string::npos) << first.error;
    const mcam::SettledRead second = reader.read(frame);
    EXPECT_FALSE(second.ok);
    EXPECT_TRUE(second.error.empty()) << second.error;
}

TEST(SettledThrowReader, EncodeJpegOfNothingIsEmpty) {
    EXPECT_TRUE(mcam::encodeJpeg(cv::Mat()).empty());
    const cv::Mat grey(32, 48, CV_8UC3, cv::Scalar(10, 200, 30));
    const cv::Mat back = cv::imdecode(mcam::encodeJpeg(grey), cv::IMREAD_COLOR);
    EXPECT_EQ(back.size(), grey.size());
}
