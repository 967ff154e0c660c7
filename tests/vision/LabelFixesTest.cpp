// Label fixes for the eval: the committed list applies to the published test split, and a fix that no longer
// matches its die, or a malformed list, is an error that changes nothing.

#include "TestData.h"
#include "vision/eval/DiceEval.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace mv = muster::vision;
namespace mvt = muster::vision::test;

namespace {

const mv::LabelledDie* dieNear(const mv::LabelledImage& img, float fx, float fy) {
    const cv::Point2f at(fx * img.size.width, fy * img.size.height);
    for (const auto& d : img.dice)
        if (d.box.contains(at))
            return &d;
    return nullptr;
}

const mv::LabelledImage& named(const std::vector<mv::LabelledImage>& images, const std::string& name) {
    for (const auto& i : images)
        if (i.name == name)
            return i;
    throw std::runtime_error("no image " + name);
}

std::string writeFile(const std::string& name, const std::string& text) {
    const auto path = std::filesystem::temp_directory_path() / name;
    std::ofstream(path) << text;
    return path.string();
}

} // namespace

TEST(LabelFixes, TheCommittedListCorrectsTwoTestAndFiveTrainDice) {
    if (mvt::diceManifest().empty())
        GTEST_SKIP() << mvt::kNoPhotos;
    auto fixes = mv::loadLabelFixes(MUSTER_TEST_LABEL_FIXES);
    ASSERT_TRUE(fixes) << fixes.error().message;
    ASSERT_EQ(fixes->size(), 7u);
    auto images = mv::loadManifest(mvt::diceManifest(), "test");
    ASSERT_TRUE(images) << images.error().message;
    ASSERT_EQ(dieNear(named(images.value(), "IMG_20191209_095555.jpg"), 0.2516f, 0.4126f)->face, 5);

    auto applied = mv::applyLabelFixes(images.value(), fixes.value());
    ASSERT_TRUE(applied) << applied.error().message;
    EXPECT_EQ(applied.value(), 2);
    const auto& a = named(images.value(), "IMG_20191209_095555.jpg");
    EXPECT_EQ(dieNear(a, 0.2516f, 0.4126f)->face, 6);
    EXPECT_EQ(a.faces, (std::vector<int>{2, 3, 3, 4, 5, 6})); // was 2 3 3 4 5 5
    const auto& b = named(images.value(), "IMG_20191209_100002.jpg");
    EXPECT_EQ(dieNear(b, 0.2134f, 0.5651f)->face, 3);
    EXPECT_EQ(b.faces, (std::vector<int>{2, 2, 3, 4, 5})); // was 2 2 2 4 5

    // The train split's five (the reader trains on them corrected; scripts/train_dice_model.py reads this
    // list).
    auto train = mv::loadManifest(mvt::diceManifest(), "train");
    ASSERT_TRUE(train);
    ASSERT_EQ(dieNear(named(train.value(), "IMG_20191209_100722.jpg"), 0.6771f, 0.6840f)->face, 6);
    auto onTrain = mv::applyLabelFixes(train.value(), fixes.value());
    ASSERT_TRUE(onTrain) << onTrain.error().message;
    EXPECT_EQ(onTrain.value(), 5);
    EXPECT_EQ(dieNear(named(train.value(), "IMG_20191209_100722.jpg"), 0.6771f, 0.6840f)->face, 5);

    // Photos the list does not name: nothing to apply, not an error.
    std::vector<mv::LabelledImage> others{named(train.value(), "IMG_20191208_111228.jpg")};
    auto none = mv::applyLabelFixes(others, fixes.value());
    ASSERT_TRUE(none);
    EXPECT_EQ(none.value(), 0);
}

TEST(LabelFixes, AStaleFixIsAnErrorAndChangesNothing) {
    mv::LabelledImage img;
    img.name = "scene.jpg";
    img.size = cv::Size2f(200, 100);
    img.dice = {{4, cv::Rect2f(0, 0, 40, 40)}, {2, cv::Rect2f(100, 0, 40, 40)}};
    img.faces = {2, 4};
    std::vector<mv::LabelledImage> images{img};
    // Right place, wrong labelled face: the second fix must not half-apply the first.
    const std::vector<mv::LabelFix> fixes{{"scene.jpg", {0.1f, 0.2f}, 4, 5, ""},
                                          {"scene.jpg", {0.6f, 0.2f}, 3, 1, ""}};
    auto applied = mv::applyLabelFixes(images, fixes);
    ASSERT_FALSE(applied);
    EXPECT_NE(applied.error().message.find("no die labelled 3"), std::string::npos)
        << applied.error().message;
    EXPECT_EQ(images[0].dice[0].face, 4);
    EXPECT_EQ(images[0].faces, (std::vector<int>{2, 4}));
}

TEST(LabelFixes, MalformedListsAreRefusedWithTheLine) {
    EXPECT_FALSE(mv::loadLabelFixes("/nonexistent/fixes.csv"));
    const auto bad = mv::loadLabelFixes(writeFile("muster-fixes-bad.csv", "image,cx,cy,labelled,actual\n"
                                                                          "a.jpg,0.5,0.5,4,4\n"));
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().message.find(":2:"), std::string::npos) << bad.error().message;
    EXPECT_FALSE(mv::loadLabelFixes(writeFile("muster-fixes-short.csv", "image,cx,cy\nb.jpg,0.5\n")));
    EXPECT_FALSE(mv::loadLabelFixes(
        writeFile("muster-fixes-range.csv", "image,cx,cy,labelled,actual\nc.jpg,1.5,0.5,1,2\n")));
    const auto ok = mv::loadLabelFixes(writeFile(
        "muster-fixes-ok.csv", "# comment\nimage,cx,cy,labelled,actual,note\nd.jpg,0.5,0.25,1,2,why\n"));
    ASSERT_TRUE(ok) << ok.error().message;
    ASSERT_EQ(ok->size(), 1u);
    EXPECT_EQ(ok->front().note, "why");
    EXPECT_FLOAT_EQ(ok->front().centre.y, 0.25f);
}
