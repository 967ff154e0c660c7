// Light check on real photos: as taken they pass; darkened they are too dark, brightened they are blown out;
// with specular highlights painted on dice they have glare.

#include "calibration/LightCheck.h"

#include "TestData.h"

#include <gtest/gtest.h>

#include <cstdio>

namespace mc = muster::calibration;
namespace mt = muster::calibration::test;

namespace {

bool has(const mc::LightReport& r, mc::LightIssue issue) {
    for (const mc::LightWarning& w : r.warnings)
        if (w.issue == issue)
            return true;
    return false;
}

// A specular highlight: a small saturated spot with a soft edge, off the die's centre as a lamp makes it.
void paintGlare(cv::Mat& image, const cv::Rect2f& box) {
    const cv::Point centre(cvRound(box.x + box.width * 0.35f), cvRound(box.y + box.height * 0.35f));
    const int radius = std::max(2, cvRound(box.width * 0.1f));
    cv::Mat spot = cv::Mat::zeros(image.size(), CV_8U);
    cv::circle(spot, centre, radius, cv::Scalar(255), cv::FILLED, cv::LINE_AA);
    cv::GaussianBlur(spot, spot, cv::Size(), radius * 0.3);
    for (int y = 0; y < image.rows; ++y)
        for (int x = 0; x < image.cols; ++x) {
            const float a = spot.at<unsigned char>(y, x) / 255.0f * 1.4f;
            if (a <= 0)
                continue;
            cv::Vec3b& p = image.at<cv::Vec3b>(y, x);
            for (int c = 0; c < 3; ++c)
                p[c] = cv::saturate_cast<unsigned char>(p[c] + a * (255 - p[c]));
        }
}

} // namespace

TEST(LightCheck, RealPhotosPassDarkenedAndBrightenedOnesWarn) {
    MUSTER_REQUIRE_DICE_DATA(dir);
    int photos = 0, cleanPass = 0, dark = 0, blown = 0, mild = 0, glare = 0;
    for (const char* split : {"train", "test"})
        for (const std::string& name : mt::photos(dir, split)) {
            const cv::Mat photo = cv::imread(mt::photoPath(dir, name));
            ASSERT_FALSE(photo.empty()) << name;
            const std::vector<cv::Rect2f> dice = mt::dieBoxes(dir, name, photo.size());
            ++photos;

            const auto as = mc::checkLight(photo, {}, dice);
            ASSERT_TRUE(as);
            if (as->ok())
                ++cleanPass;
            else
                ADD_FAILURE() << name << ": " << as->warnings.front().message;

            cv::Mat darker, brighter, dimmer;
            photo.convertTo(darker, CV_8U, 0.3);
            photo.convertTo(brighter, CV_8U, 1.7);
            photo.convertTo(dimmer, CV_8U, 0.75);
            dark += has(mc::checkLight(darker).value(), mc::LightIssue::TooDark) ? 1 : 0;
            blown += has(mc::checkLight(brighter).value(), mc::LightIssue::BlownOut) ? 1 : 0;
            mild += mc::checkLight(dimmer, {}, dice).value().ok() ? 1 : 0;

            cv::Mat shiny = photo.clone();
            for (size_t i = 0; i < dice.size() && i < 2; ++i)
                paintGlare(shiny, dice[i]);
            const auto g = mc::checkLight(shiny, {}, dice);
            if (has(g.value(), mc::LightIssue::Glare))
                ++glare;
            else
                ADD_FAILURE() << name << ": painted glare not found";
        }
    std::printf(
        "[ measured ] %d real photos: as taken pass %d, x0.3 too dark %d, x1.7 blown out %d, x0.75 pass %d, "
        "painted glare found %d\n",
        photos, cleanPass, dark, blown, mild, glare);
    EXPECT_EQ(cleanPass, photos);
    EXPECT_EQ(dark, photos);
    EXPECT_EQ(blown, photos);
    EXPECT_EQ(mild, photos);
    EXPECT_EQ(glare, photos);
}

TEST(LightCheck, RegionLimitsTheJudgement) {
    cv::Mat frame(200, 200, CV_8UC3, cv::Scalar(255, 255, 255));
    frame(cv::Rect(0, 0, 100, 200)).setTo(cv::Scalar(120, 120, 120));
    EXPECT_FALSE(mc::checkLight(frame).value().ok()); // half the frame is clipped
    const auto left = mc::checkLight(frame, {{0, 0}, {90, 0}, {90, 199}, {0, 199}});
    ASSERT_TRUE(left);
    EXPECT_TRUE(left->ok());
    EXPECT_NEAR(left->medianGrey, 120.0, 1.0);
}

TEST(LightCheck, BadInputIsAnError) {
    EXPECT_FALSE(mc::checkLight(cv::Mat()));
    EXPECT_FALSE(mc::checkLight(cv::Mat(10, 10, CV_8U, cv::Scalar(0))));
    const auto outside =
        mc::checkLight(cv::Mat(10, 10, CV_8UC3, cv::Scalar(0)), {{50, 50}, {60, 50}, {60, 60}});
    ASSERT_FALSE(outside);
    EXPECT_NE(outside.error().message.find("region"), std::string::npos);
}
