// Calibration profiles: JSON round trip, rescaling to another resolution of the same aspect, refusal of
// another aspect, and clear errors for corrupt or foreign profile text.

#include "calibration/CalibrationProfile.h"
#include "calibration/ReaderHints.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <opencv2/imgproc.hpp>

namespace mc = muster::calibration;

namespace {

mc::CalibrationProfile sampleProfile() {
    mc::TrayCalibration t;
    t.resolution = {1280, 960};
    // px -> mm: 0.4 mm per px with a little perspective, so the rescale must compose matrices properly.
    t.imageToTray = cv::Matx33d(0.4, 0.01, -20, -0.005, 0.41, -15, 1e-5, 2e-5, 1);
    t.trayToImage = t.imageToTray.inv();
    t.regionMm = {{0, 0}, {210, 0}, {210, 297}, {0, 297}};
    t.regionPx = mc::mapPoints(t.trayToImage, t.regionMm);
    t.dieSizeMm = 16;
    t.dieSizePx = 40;
    t.pxPerMm = 2.5;
    t.rmsErrorPx = 0.2;
    t.markers = {{0, {{10, 10}, {20, 10}, {20, 20}, {10, 20}}}};
    mc::CalibrationProfile p = mc::makeProfile("kitchen table", t, mc::Paper::Letter);
    p.diceSets.push_back({"red", "Anna", {45, 60, 40}, {95, 0, 0}, 12});
    mc::LensModel lens;
    lens.resolution = t.resolution;
    lens.cameraMatrix = cv::Matx33d(1000, 0, 640, 0, 1000, 480, 0, 0, 1);
    lens.distortion = {-0.1, 0.02, 0, 0, 0};
    lens.rmsErrorPx = 0.3;
    lens.views = 8;
    p.lens = lens;
    return p;
}

} // namespace

TEST(CalibrationProfile, JsonRoundTrip) {
    const mc::CalibrationProfile p = sampleProfile();
    const auto back = mc::CalibrationProfile::fromJson(p.toJson());
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(back->name, "kitchen table");
    EXPECT_EQ(back->paper, mc::Paper::Letter);
    EXPECT_EQ(back->resolution(), cv::Size(1280, 960));
    for (int i = 0; i < 9; ++i)
        EXPECT_DOUBLE_EQ(back->tray.imageToTray.val[i], p.tray.imageToTray.val[i]);
    ASSERT_EQ(back->tray.regionPx.size(), 4u);
    EXPECT_NEAR(back->tray.regionPx[2].x, p.tray.regionPx[2].x, 1e-3);
    ASSERT_EQ(back->diceSets.size(), 1u);
    EXPECT_EQ(back->diceSets[0].player, "Anna");
    EXPECT_FLOAT_EQ(back->diceSets[0].body[1], 60.0f);
    ASSERT_TRUE(back->lens.has_value());
    EXPECT_DOUBLE_EQ(back->lens->distortion[0], -0.1);
    ASSERT_EQ(back->tray.markers.size(), 1u);
    EXPECT_EQ(back->toJson(), p.toJson());
}

TEST(CalibrationProfile, RescalesToTheSameAspect) {
    const mc::CalibrationProfile p = sampleProfile();
    const auto half = p.rescaledTo({640, 480});
    ASSERT_TRUE(half) << half.error().message;
    EXPECT_EQ(half->resolution(), cv::Size(640, 480));
    EXPECT_FLOAT_EQ(half->tray.dieSizePx, 20.0f);
    EXPECT_DOUBLE_EQ(half->tray.pxPerMm, 1.25);
    // Any tray point lands at half the pixel coordinates, and pixels map back to the same millimetres.
    for (const cv::Point2f mm : {cv::Point2f(0, 0), cv::Point2f(100, 150), cv::Point2f(210, 297)}) {
        const cv::Point2f full = mc::mapPoint(p.tray.trayToImage, mm);
        const cv::Point2f small = mc::mapPoint(half->tray.trayToImage, mm);
        EXPECT_NEAR(small.x, full.x / 2, 1e-3);
        EXPECT_NEAR(small.y, full.y / 2, 1e-3);
        const cv::Point2f back = mc::mapPoint(half->tray.imageToTray, small);
        EXPECT_NEAR(back.x, mm.x, 1e-3);
        EXPECT_NEAR(back.y, mm.y, 1e-3);
    }
    EXPECT_NEAR(half->tray.regionPx[1].x, p.tray.regionPx[1].x / 2, 1e-3);
    EXPECT_NEAR(half->tray.markers[0].cornersPx[2].x, 10.0, 1e-4);
    EXPECT_DOUBLE_EQ(half->lens->cameraMatrix(0, 2), 320.0);
    EXPECT_DOUBLE_EQ(half->lens->cameraMatrix(1, 1), 500.0);

    const auto same = p.rescaledTo({1280, 960});
    ASSERT_TRUE(same);
    EXPECT_EQ(same->toJson(), p.toJson());
}

TEST(CalibrationProfile, RefusesAnotherAspect) {
    const auto wide = sampleProfile().rescaledTo({1280, 720});
    ASSERT_FALSE(wide);
    EXPECT_NE(wide.error().message.find("1280x960"), std::string::npos) << wide.error().message;
    EXPECT_NE(wide.error().message.find("aspect"), std::string::npos);
    EXPECT_FALSE(sampleProfile().rescaledTo({0, 0}));
}

TEST(CalibrationProfile, ReaderHintsFollowTheFrameSize) {
    const auto hints = mc::readerHints(sampleProfile(), {1920, 1440});
    ASSERT_TRUE(hints) << hints.error().message;
    EXPECT_FLOAT_EQ(hints->dieSizePx, 60.0f);
    ASSERT_EQ(hints->trayPolygon.size(), 4u);
    EXPECT_FALSE(mc::readerHints(sampleProfile(), {1920, 1080}));
}

TEST(CalibrationProfile, CorruptTextIsAClearError) {
    const std::string good = sampleProfile().toJson();
    struct Case {
        std::string text;
        std::string expected;
    };
    std::string truncated = good.substr(0, good.size() / 2);
    std::string noTray = good;
    noTray.replace(noTray.find("\"tray\""), 6, "\"tary\"");
    std::string badMatrix = good;
    badMatrix.replace(badMatrix.find("\"image_to_tray\""), 15, "\"image_to_tray\": [1, 2], \"unused\"");
    std::string newer = good;
    newer.replace(newer.find("\"version\": 1"), 12, "\"version\": 99");
    std::string zeroRes = good;
    const size_t res = zeroRes.find("\"resolution\"", zeroRes.find("\"tray\""));
    zeroRes.replace(zeroRes.find("1280", res), 4, "0");
    std::string lensElsewhere = good;
    lensElsewhere.replace(lensElsewhere.find("1280", lensElsewhere.find("\"lens\"")), 4, "1920");
    const std::vector<Case> cases = {
        {"", "not valid JSON"},
        {"{\"hello\": 1}", "not a Muster calibration profile"},
        {truncated, "not valid JSON"},
        {noTray, "incomplete or malformed"},
        {badMatrix, "9 numbers"},
        {newer, "newer than this Muster"},
        {zeroRes, "resolution is not positive"},
        {lensElsewhere, "different resolutions"},
    };
    for (const Case& c : cases) {
        const auto p = mc::CalibrationProfile::fromJson(c.text);
        ASSERT_FALSE(p) << c.expected;
        EXPECT_NE(p.error().message.find(c.expected), std::string::npos)
            << "expected '" << c.expected << "' in: " << p.error().message;
    }
}

TEST(CalibrationProfile, KeepsTheReferenceViewForTheBumpCheck) {
    mc::CalibrationProfile p = sampleProfile();
    p.referenceView = cv::Mat(960, 1280, CV_8U);
    cv::randu(p.referenceView, 0, 40);
    cv::rectangle(p.referenceView, cv::Rect(300, 200, 500, 400), cv::Scalar(200), cv::FILLED);
    const auto back = mc::CalibrationProfile::fromJson(p.toJson());
    ASSERT_TRUE(back) << back.error().message;
    ASSERT_EQ(back->referenceView.size(), cv::Size(1280, 960));
    EXPECT_LT(cv::norm(back->referenceView, p.referenceView, cv::NORM_L1) / p.referenceView.total(),
              6.0); // JPEG
    const auto half = back->rescaledTo({640, 480});
    ASSERT_TRUE(half);
    EXPECT_EQ(half->referenceView.size(), cv::Size(640, 480));

    std::string corrupt = p.toJson();
    const size_t at = corrupt.find("\"reference_view_jpeg\": \"") + 24;
    corrupt.replace(at, 8, "!!!!!!!!");
    const auto bad = mc::CalibrationProfile::fromJson(corrupt);
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().message.find("reference view"), std::string::npos) << bad.error().message;
}

// A game's calibration payload (the journal's calibration event): written by toGamePayload and read back by
// fromGamePayload, the one place that checks it for the game, the wizard and the camera.
TEST(CalibrationProfile, GamePayloadRoundTrip) {
    const mc::CalibrationProfile p = sampleProfile();
    const nlohmann::json payload = nlohmann::json::parse(p.toGamePayload());
    EXPECT_EQ(payload["name"], "kitchen table");
    EXPECT_EQ(payload["width"], 1280);
    EXPECT_EQ(payload["height"], 960);
    EXPECT_EQ(payload["profile"], p.toJson());
    const auto back = mc::CalibrationProfile::fromGamePayload(p.toGamePayload());
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(back->toJson(), p.toJson());
    // The copies beside the profile are optional: the profile alone is enough.
    const auto bare = mc::CalibrationProfile::fromGamePayload(nlohmann::json{{"profile", p.toJson()}}.dump());
    ASSERT_TRUE(bare) << bare.error().message;
    EXPECT_EQ(bare->name, "kitchen table");
}

TEST(CalibrationProfile, MalformedGamePayloadsAreClearErrors) {
    const mc::CalibrationProfile p = sampleProfile();
    const auto refusal = [](const std::string& payload) {
        const auto r = mc::CalibrationProfile::fromGamePayload(payload);
        return r ? std::string("(accepted)") : r.error().message;
    };
    const auto with = [&p](const char* key, const nlohmann::json& value) {
        nlohmann::json j = nlohmann::json::parse(p.toGamePayload());
        j[key] = value;
        return j.dump();
    };
    EXPECT_EQ(refusal(""), "the calibration payload is not a JSON object");
    EXPECT_EQ(refusal("{\"profile\": "), "the calibration payload is not a JSON object");
    EXPECT_EQ(refusal("[1, 2]"), "the calibration payload is not a JSON object");
    EXPECT_EQ(refusal(R"({"name": "x"})"), "the calibration payload carries no calibration profile");
    EXPECT_EQ(refusal(with("profile", nlohmann::json::parse(p.toJson()))),
              "the calibration payload carries no calibration profile"); // an object, not the profile's text
    EXPECT_EQ(refusal(R"({"profile": "{}"})"),
              "the calibration payload's profile: this is not a Muster calibration profile");
    nlohmann::json broken = nlohmann::json::parse(p.toJson());
    broken["tray"]["image_to_tray"] = {0, 0, 0, 0, 0, 0, 0, 0, 0};
    EXPECT_EQ(refusal(with("profile", broken.dump())),
              "the calibration payload's profile: the calibration profile's homography is singular");
    EXPECT_EQ(refusal(with("width", "1280")), "the calibration payload's width is not a whole number");
    EXPECT_EQ(refusal(with("height", 960.5)), "the calibration payload's height is not a whole number");
    EXPECT_EQ(refusal(with("width", 640)),
              "the calibration payload's width (640) is not its profile's (made at 1280x960)");
    EXPECT_EQ(refusal(with("height", 720)),
              "the calibration payload's height (720) is not its profile's (made at 1280x960)");
    EXPECT_EQ(refusal(with("name", "garage")),
              "the calibration payload's name is not its profile's (\"kitchen table\")");
    EXPECT_EQ(refusal(with("name", 7)),
              "the calibration payload's name is not its profile's (\"kitchen table\")");
}
