// Scoring rules of the dice eval, on hand-made reads and labels (no photos, no models needed).

#include "vision/eval/DiceEval.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <opencv2/imgproc.hpp>

#include <filesystem>
#include <fstream>

namespace mv = muster::vision;

namespace {

mv::DieRead die(int value, float x, float y, bool unsure = false) {
    mv::DieRead d;
    d.value = value;
    d.confidence = unsure ? 0.5f : 0.99f;
    d.findScore = 0.9f;
    d.unsure = unsure;
    d.outline = cv::RotatedRect(cv::Point2f(x, y), cv::Size2f(30, 30), 0);
    return d;
}

mv::LabelledImage labels() {
    mv::LabelledImage img;
    img.name = "scene.jpg";
    img.hasBoxes = true;
    img.dice = {
        {3, cv::Rect2f(0, 0, 40, 40)}, {5, cv::Rect2f(100, 0, 40, 40)}, {6, cv::Rect2f(200, 0, 40, 40)}};
    img.count = 3;
    img.faces = {3, 5, 6};
    return img;
}

} // namespace

TEST(DiceEval, MatchesByBoxAndCountsEachOutcome) {
    mv::DiceFrame read;
    read.dice = {die(3, 20, 20), die(2, 121, 19), die(4, 220, 22, true), die(1, 400, 400)};
    const mv::ImageScore s = mv::scoreImage(read, labels());
    EXPECT_EQ(s.dice, 3);
    EXPECT_EQ(s.found, 3);
    EXPECT_EQ(s.readRight, 1);
    EXPECT_EQ(s.confidentWrong, 1); // the 5 read as 2
    EXPECT_EQ(s.unsure, 1);         // the 6 read as 4, flagged
    EXPECT_EQ(s.phantom, 1);
    EXPECT_EQ(s.confusion[4][1], 1);
    EXPECT_EQ(s.confusion[5][3], 1);
    EXPECT_TRUE(s.failed());
}

TEST(DiceEval, MissedDieGoesToTheMissedColumn) {
    mv::DiceFrame read;
    read.dice = {die(3, 20, 20), die(5, 120, 20)};
    const mv::ImageScore s = mv::scoreImage(read, labels());
    EXPECT_EQ(s.found, 2);
    EXPECT_EQ(s.readRight, 2);
    EXPECT_EQ(s.confusion[5][6], 1);
    EXPECT_TRUE(s.failed());
}

TEST(DiceEval, TwoReadsInOneBoxCountOnePhantom) {
    mv::DiceFrame read;
    read.dice = {die(3, 20, 20), die(3, 22, 22), die(5, 120, 20), die(6, 220, 20)};
    const mv::ImageScore s = mv::scoreImage(read, labels());
    EXPECT_EQ(s.found, 3);
    EXPECT_EQ(s.phantom, 1);
}

// A die seen at a slant, labelled with a flat box on its top face only (as rune55-other r55_0379 is): the
// read of the whole die is centred below that box, and is still the same die, not a miss and a phantom.
TEST(DiceEval, AReadWhoseOutlineHoldsTheBoxCentreMatchesIt) {
    mv::LabelledImage img = labels();
    img.dice = {{4, cv::Rect2f(100, 100, 40, 16)}}; // centre (120, 108)
    img.count = 1;
    img.faces = {4};
    mv::DiceFrame read;
    read.dice = {die(4, 122, 125)}; // 30 px outline: y 110-140, so the box centre is just outside it
    EXPECT_EQ(mv::scoreImage(read, img).found, 0);
    read.dice = {die(4, 122, 120)}; // y 105-135: holds the box centre, own centre outside the box
    mv::ImageScore s = mv::scoreImage(read, img);
    EXPECT_EQ(s.found, 1);
    EXPECT_EQ(s.readRight, 1);
    EXPECT_EQ(s.phantom, 0);

    // The outline is a turned square: 19 px below its centre is outside it upright (half side 15) and inside
    // it turned by 45 degrees, whose corner points straight down 21.2 px.
    read.dice = {die(4, 120, 108 + 19)};
    EXPECT_EQ(mv::scoreImage(read, img).found, 0);
    read.dice.front().outline.angle = 45;
    EXPECT_EQ(mv::scoreImage(read, img).found, 1);
}

TEST(DiceEval, WithoutBoxesMatchesValues) {
    mv::LabelledImage img = labels();
    img.dice.clear();
    img.hasBoxes = false;
    mv::DiceFrame read;
    read.dice = {die(6, 0, 0), die(3, 0, 0), die(1, 0, 0)};
    const mv::ImageScore s = mv::scoreImage(read, img);
    EXPECT_EQ(s.dice, 3);
    EXPECT_EQ(s.found, 3);
    EXPECT_EQ(s.readRight, 2);
    EXPECT_EQ(s.confidentWrong, 1);
}

TEST(DiceEval, ManifestErrors) {
    EXPECT_FALSE(mv::loadManifest("/nonexistent/manifest.csv"));
    const auto dir = std::filesystem::temp_directory_path() / "muster-manifest-test";
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "bad.csv") << "path,whatever\nx.jpg,1\n";
    const auto bad = mv::loadManifest((dir / "bad.csv").string());
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().message.find("image_path"), std::string::npos);
    std::ofstream(dir / "ok.csv")
        << "image_path,split,width,height,count,faces\nimages/a.jpg,test,64,64,2,1 6\n";
    const auto ok = mv::loadManifest((dir / "ok.csv").string(), "test");
    ASSERT_TRUE(ok) << ok.error().message;
    EXPECT_EQ(ok->front().faces, (std::vector<int>{1, 6}));
    EXPECT_FALSE(ok->front().hasBoxes);
    EXPECT_FALSE(mv::loadManifest((dir / "ok.csv").string(), "train"));
}

TEST(DiceEval, FitIntoFrameMapsBoxes) {
    cv::Mat photo(640, 640, CV_8UC3, cv::Scalar(10, 20, 30));
    cv::rectangle(photo, cv::Rect(100, 200, 40, 40), cv::Scalar(255, 255, 255), cv::FILLED);
    mv::FrameFit fit;
    const cv::Mat frame = mv::fitIntoFrame(photo, {1920, 1080}, &fit);
    ASSERT_EQ(frame.size(), cv::Size(1920, 1080));
    EXPECT_DOUBLE_EQ(fit.scale, 1080.0 / 640.0);
    mv::LabelledImage img;
    img.hasBoxes = true;
    img.dice = {{1, cv::Rect2f(100, 200, 40, 40)}};
    const cv::Rect2f box = mv::mapLabels(img, fit).dice[0].box;
    const cv::Point centre(cvRound(box.x + box.width / 2), cvRound(box.y + box.height / 2));
    EXPECT_EQ(frame.at<cv::Vec3b>(centre), cv::Vec3b(255, 255, 255));
    EXPECT_EQ(frame.at<cv::Vec3b>(5, 5), cv::Vec3b(10, 20, 30)); // padded with the border colour
}

// A zoom under 1 shrinks the photo inside the frame (a camera further away); the labels follow it.
TEST(DiceEval, FitIntoFrameZoomShrinksThePhotoAndItsBoxes) {
    cv::Mat photo(640, 640, CV_8UC3, cv::Scalar(10, 20, 30));
    cv::rectangle(photo, cv::Rect(100, 200, 40, 40), cv::Scalar(255, 255, 255), cv::FILLED);
    mv::FrameFit fit;
    const cv::Mat frame = mv::fitIntoFrame(photo, {640, 640}, &fit, 0.5);
    ASSERT_EQ(frame.size(), cv::Size(640, 640));
    EXPECT_DOUBLE_EQ(fit.scale, 0.5);
    EXPECT_EQ(fit.offset, cv::Point2d(160, 160));
    mv::LabelledImage img;
    img.hasBoxes = true;
    img.dice = {{1, cv::Rect2f(100, 200, 40, 40)}};
    const cv::Rect2f box = mv::mapLabels(img, fit).dice[0].box;
    EXPECT_FLOAT_EQ(box.width, 20.0f);
    const cv::Point centre(cvRound(box.x + box.width / 2), cvRound(box.y + box.height / 2));
    EXPECT_EQ(centre, cv::Point(220, 270));
    EXPECT_EQ(frame.at<cv::Vec3b>(centre), cv::Vec3b(255, 255, 255));
    EXPECT_EQ(frame.at<cv::Vec3b>(100, 100), cv::Vec3b(10, 20, 30)); // outside the shrunk photo: border
    // Out of range is clamped: never larger than the fit, never vanishing.
    mv::fitIntoFrame(photo, {640, 640}, &fit, 3.0);
    EXPECT_DOUBLE_EQ(fit.scale, 1.0);
}

TEST(DiceEval, ReportJsonHasTheIssueFields) {
    mv::EvalReport r;
    r.images = 1;
    r.dice = 3;
    const std::string json = mv::evalReportJson(r);
    for (const char* key :
         {"\"images\"", "\"dice\"", "\"found\"", "\"read_right\"", "\"confident_wrong\"", "\"unsure\"",
          "\"phantom\"", "\"median_ms\"", "\"p95_ms\"", "\"confusion\"", "\"failing\""})
        EXPECT_NE(json.find(key), std::string::npos) << key;
}

TEST(DiceEval, ReportJsonStaysValidWithAnyFileName) {
    mv::EvalReport r;
    r.images = 1;
    r.trayFromLabels = 1.5;
    mv::ImageScore s;
    s.name =
        "two\nlines \"quoted\" \\ \xff.jpg"; // a newline, quotes, a backslash and a byte that is no UTF-8
    s.dice = 2;
    r.failing.push_back(s);
    r.errors.push_back(s.name + ": cannot read");
    const nlohmann::json parsed = nlohmann::json::parse(mv::evalReportJson(r));
    EXPECT_EQ(parsed.at("failing").at(0).at("image"), "two\nlines \"quoted\" \\ \xEF\xBF\xBD.jpg");
    EXPECT_EQ(parsed.at("tray_from_labels"), 1.5);
    EXPECT_EQ(parsed.at("die_size_from_labels"), false);
    EXPECT_EQ(parsed.at("confusion").at("matrix").size(), 6u);
}

TEST(DiceEval, TrayFromLabelsIsTheHullGrownByDieSides) {
    mv::LabelledImage img = labels(); // three 40 px boxes in a row from x 0 to 240, y 0 to 40
    EXPECT_FLOAT_EQ(mv::medianBoxSide(img), 40.0f);
    EXPECT_NEAR(mv::dieEdgeFromLabels(img), 40.0f / 1.2f, 1e-4);
    const std::vector<cv::Point2f> tray = mv::trayFromLabels(img, 1.5); // grown by 60 px
    ASSERT_GE(tray.size(), 3u);
    const auto inside = [&](cv::Point2f p) {
        return cv::pointPolygonTest(tray, p, false) > 0;
    };
    EXPECT_TRUE(inside({120, 20}));
    EXPECT_TRUE(inside({-55, 20}));  // 55 px left of the first box
    EXPECT_TRUE(inside({295, 20}));  // 55 px right of the last box
    EXPECT_TRUE(inside({120, 95}));  // 55 px below
    EXPECT_FALSE(inside({-65, 20})); // more than 60 px out
    EXPECT_FALSE(inside({120, 105}));
    EXPECT_FALSE(inside({-50, -50})); // a corner is rounded: 70 px from the nearest box corner
    // Tiny dice still get a tray of at least 8 px around them; no boxes, no tray.
    img.dice = {{1, cv::Rect2f(10, 10, 2, 2)}};
    EXPECT_TRUE(cv::pointPolygonTest(mv::trayFromLabels(img, 1.5), cv::Point2f(4, 11), false) > 0);
    img.dice.clear();
    EXPECT_TRUE(mv::trayFromLabels(img, 1.5).empty());
    EXPECT_FLOAT_EQ(mv::dieEdgeFromLabels(img), 0.0f);
}
