// The bumped-camera check on real photos: a 2% shift of the view fires, sensor noise, JPEG and brightness
// flicker alone do not.

#include "calibration/ViewMonitor.h"

#include "TestData.h"
#include "calibration/CalibrationProfile.h"

#include <gtest/gtest.h>

#include <cstdio>

namespace mc = muster::calibration;
namespace mt = muster::calibration::test;

namespace {

cv::Mat shifted(const cv::Mat& image, cv::Point2f by) {
    cv::Mat out;
    const cv::Matx23d t(1, 0, by.x, 0, 1, by.y);
    cv::warpAffine(image, out, cv::Mat(t), image.size(), cv::INTER_LINEAR, cv::BORDER_REPLICATE);
    return out;
}

cv::Mat rotated(const cv::Mat& image, double degrees) {
    cv::Mat out;
    const cv::Mat r =
        cv::getRotationMatrix2D(cv::Point2f(image.cols / 2.0f, image.rows / 2.0f), degrees, 1.0);
    cv::warpAffine(image, out, r, image.size(), cv::INTER_LINEAR, cv::BORDER_REPLICATE);
    return out;
}

// Noise of a cheap webcam: sensor noise, JPEG, and a brightness/contrast flicker.
cv::Mat flicker(const cv::Mat& image, cv::RNG& rng) {
    cv::Mat out;
    image.convertTo(out, CV_8U, rng.uniform(0.8, 1.15), rng.uniform(-12.0, 12.0));
    return mt::cameraNoise(out, 4.0, 70, rng);
}

std::vector<std::string> samplePhotos(const std::string& dir) {
    std::vector<std::string> names = mt::trayPhotos();
    const std::vector<std::string> all = mt::photos(dir, "train");
    for (size_t i = 0; i < all.size(); i += 8) // every 8th, mostly white-board photos
        names.push_back(all[i]);
    return names;
}

} // namespace

class ViewMonitorMethods : public ::testing::TestWithParam<bool> {};

INSTANTIATE_TEST_SUITE_P(ViewMonitor, ViewMonitorMethods, ::testing::Values(true, false),
                         [](const ::testing::TestParamInfo<bool>& p) {
                             return p.param ? "Features" : "PhaseCorrelation";
                         });

TEST_P(ViewMonitorMethods, FiresOnTwoPercentShiftAndNotOnNoise) {
    MUSTER_REQUIRE_DICE_DATA(dir);
    mc::ViewMonitorOptions options;
    options.useFeatures = GetParam();
    cv::RNG rng(7);
    int fired = 0, falseAlarms = 0, photos = 0;
    double worstNoiseShift = 0, worstShiftError = 0;
    for (const std::string& name : samplePhotos(dir)) {
        const cv::Mat photo = cv::imread(mt::photoPath(dir, name));
        ASSERT_FALSE(photo.empty()) << name;
        const auto monitor = mc::ViewMonitor::create(photo, {}, options);
        ASSERT_TRUE(monitor) << monitor.error().message;
        ++photos;

        // Noise only: must stay "not moved".
        const auto still = monitor->check(flicker(photo, rng));
        ASSERT_TRUE(still) << name << ": " << still.error().message;
        worstNoiseShift = std::max(worstNoiseShift, still->shiftFraction);
        if (still->moved) {
            ++falseAlarms;
            ADD_FAILURE() << name << " noise only: " << still->message;
        }

        // A 2% bump in a random direction, with the same kind of noise.
        const double angle = rng.uniform(0.0, 2 * CV_PI);
        const float d = 0.02f * static_cast<float>(photo.cols);
        const cv::Point2f by(d * static_cast<float>(std::cos(angle)),
                             d * static_cast<float>(std::sin(angle)));
        const auto bumped = monitor->check(flicker(shifted(photo, by), rng));
        ASSERT_TRUE(bumped) << name << ": " << bumped.error().message;
        if (bumped->moved)
            ++fired;
        else
            ADD_FAILURE() << name << " 2% shift not detected: " << bumped->message;
        if (cv::norm(bumped->translation - by) > 2.0)
            std::printf("  %s: shift (%.1f, %.1f) measured (%.1f, %.1f) by %s\n", name.c_str(), by.x, by.y,
                        bumped->translation.x, bumped->translation.y,
                        mc::viewMethodName(bumped->method).c_str());
        worstShiftError = std::max(worstShiftError, static_cast<double>(cv::norm(bumped->translation - by)));
    }
    std::printf(
        "[ measured ] %s, %d real photos: 2%% shift fired %d, noise-only false alarms %d, worst noise-only "
        "shift %.3f%%, worst shift error %.2f px\n",
        options.useFeatures ? "features" : "phase correlation", photos, fired, falseAlarms,
        100.0 * worstNoiseShift, worstShiftError);
    EXPECT_EQ(fired, photos);
    EXPECT_EQ(falseAlarms, 0);
}

TEST(ViewMonitor, FiresOnARotationBump) {
    MUSTER_REQUIRE_DICE_DATA(dir);
    cv::RNG rng(11);
    int fired = 0, photos = 0;
    for (const std::string& name : mt::trayPhotos()) {
        const cv::Mat photo = cv::imread(mt::photoPath(dir, name));
        const auto monitor = mc::ViewMonitor::create(photo);
        ASSERT_TRUE(monitor);
        const auto bumped =
            monitor->check(flicker(rotated(photo, 2.5), rng)); // corners move ~2.5% of the side
        ++photos;
        if (bumped && bumped->moved)
            ++fired;
        else
            ADD_FAILURE() << name << ": " << (bumped ? bumped->message : bumped.error().message);
    }
    EXPECT_EQ(fired, photos);
}

TEST(ViewMonitor, UsesTheSheetMarkersWhenInView) {
    MUSTER_REQUIRE_DICE_DATA(dir);
    const cv::Mat photo = cv::imread(mt::photoPath(dir, mt::trayPhotos()[2]));
    const mc::SheetLayout layout = mc::SheetLayout::standard();
    const cv::Size frame(1280, 960);
    const std::vector<cv::Point2f> corners = {{190, 30}, {1090, 30}, {1090, 930}, {190, 930}};
    const cv::Mat view = mt::syntheticView(photo, layout, frame, corners, 400.0f, 5.0f, {0, 0}).image;
    const auto markers = mc::detectSheetMarkers(view);
    ASSERT_TRUE(markers);
    ASSERT_EQ(markers->size(), 4u);
    const auto monitor = mc::ViewMonitor::create(view, markers.value());
    ASSERT_TRUE(monitor);
    cv::RNG rng(3);
    const auto still = monitor->check(flicker(view, rng));
    ASSERT_TRUE(still);
    EXPECT_EQ(still->method, mc::ViewMethod::Markers);
    EXPECT_FALSE(still->moved) << still->message;
    const auto bumped = monitor->check(flicker(shifted(view, {0.02f * 1280, 0}), rng));
    ASSERT_TRUE(bumped);
    EXPECT_EQ(bumped->method, mc::ViewMethod::Markers);
    EXPECT_TRUE(bumped->moved) << bumped->message;
    EXPECT_NEAR(bumped->translation.x, 25.6, 1.0);
}

TEST(ViewMonitor, BadFramesAreErrors) {
    EXPECT_FALSE(mc::ViewMonitor::create(cv::Mat()));
    const auto monitor = mc::ViewMonitor::create(cv::Mat(480, 640, CV_8UC3, cv::Scalar(100, 120, 140)));
    ASSERT_TRUE(monitor);
    EXPECT_FALSE(monitor->check(cv::Mat()));
    const auto other = monitor->check(cv::Mat(720, 1280, CV_8UC3, cv::Scalar(0)));
    ASSERT_FALSE(other);
    EXPECT_NE(other.error().message.find("calibrated at 640x480"), std::string::npos)
        << other.error().message;
}

// After a restart the reference view comes from the stored profile (JPEG in the JSON), not from memory.
TEST(ViewMonitor, WorksFromTheProfilesStoredReferenceView) {
    MUSTER_REQUIRE_DICE_DATA(dir);
    const cv::Mat photo = cv::imread(mt::photoPath(dir, mt::trayPhotos()[5]));
    mc::CalibrationProfile profile;
    profile.tray.resolution = photo.size();
    cv::cvtColor(photo, profile.referenceView, cv::COLOR_BGR2GRAY);
    profile.tray.imageToTray = profile.tray.trayToImage = cv::Matx33d::eye();
    profile.tray.regionMm = profile.tray.regionPx = {{0, 0}, {640, 0}, {640, 640}};
    profile.tray.dieSizeMm = profile.tray.dieSizePx = 30;
    profile.tray.pxPerMm = 1;
    const auto stored = mc::CalibrationProfile::fromJson(profile.toJson());
    ASSERT_TRUE(stored) << stored.error().message;
    const auto monitor = mc::ViewMonitor::create(stored->referenceView);
    ASSERT_TRUE(monitor);
    cv::RNG rng(5);
    EXPECT_FALSE(monitor->check(flicker(photo, rng))->moved);
    EXPECT_TRUE(monitor->check(flicker(shifted(photo, {0, 0.02f * 640}), rng))->moved);
}
