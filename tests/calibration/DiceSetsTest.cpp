// Dice sets on real photos. Sets are learnt from hand-picked example dice of the train split (12 per set,
// like a calibration throw); every die of the test split was hand-labelled with its colour set (or "other"
// for dice of no set: swirls, smoky, maroon, navy, dark purple). See docs/calibration.md.

#include "calibration/DiceSets.h"

#include "TestData.h"
#include "calibration/CalibrationProfile.h"
#include "tests/common/TrayFixture.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <map>
#include <optional>

namespace mc = muster::calibration;
namespace mt = muster::calibration::test;

namespace {

class ImageCache {
public:
    explicit ImageCache(std::string dir)
        : m_dir(std::move(dir)) {}
    const cv::Mat& image(const std::string& name) {
        auto it = m_images.find(name);
        if (it == m_images.end())
            it = m_images.emplace(name, cv::imread(mt::photoPath(m_dir, name))).first;
        return it->second;
    }
    cv::Rect2f box(const std::string& name, int die) {
        auto it = m_boxes.find(name);
        if (it == m_boxes.end())
            it = m_boxes.emplace(name, mt::dieBoxes(m_dir, name, image(name).size())).first;
        return it->second.at(static_cast<size_t>(die));
    }

private:
    std::string m_dir;
    std::map<std::string, cv::Mat> m_images;
    std::map<std::string, std::vector<cv::Rect2f>> m_boxes;
};

// One player per set, learnt from the train examples.
mc::DiceSetModel learnTrainSets(ImageCache& cache, const mc::DiceSetOptions& options = {}) {
    std::map<std::string, std::vector<mc::DieColour>> examples;
    for (const mt::SetLabel& l : mt::setLabels("train")) {
        if (l.set == "other")
            continue;
        const auto colour = mc::describeDie(cache.image(l.image), cache.box(l.image, l.die), options);
        EXPECT_TRUE(colour) << l.image;
        if (colour)
            examples[l.set].push_back(colour.value());
    }
    mc::DiceSetModel model(options);
    for (const auto& [set, colours] : examples)
        EXPECT_TRUE(model.addSet(set, "player-" + set, colours));
    return model;
}

struct SetScore {
    int total = 0, right = 0, wrong = 0, unknown = 0, others = 0, othersUnknown = 0;
    std::map<std::string, std::pair<int, int>> perSet; // right, total
};

SetScore score(const mc::DiceSetModel& model, ImageCache& cache, const std::string& labels) {
    SetScore s;
    for (const mt::SetLabel& l : mt::setLabels(labels)) {
        const auto match = model.classify(cache.image(l.image), cache.box(l.image, l.die));
        EXPECT_TRUE(match) << match.error().message;
        if (!match)
            continue;
        if (l.set == "other") {
            ++s.others;
            s.othersUnknown += match->unknown() ? 1 : 0;
            continue;
        }
        ++s.total;
        ++s.perSet[l.set].second;
        if (match->unknown()) {
            ++s.unknown;
            std::printf("  unknown: %s die %d (%s), cost %.1f\n", l.image.c_str(), l.die, l.set.c_str(),
                        match->cost);
        } else if (match->player == "player-" + l.set) {
            ++s.right;
            ++s.perSet[l.set].first;
        } else {
            ++s.wrong;
            std::printf("  wrong: %s die %d (%s) -> %s, cost %.1f\n", l.image.c_str(), l.die, l.set.c_str(),
                        match->player.c_str(), match->cost);
        }
    }
    std::printf("[ measured ] %s: %d dice of 8 sets: right player %d (%.1f%%), wrong %d, unknown (asked) %d; "
                "%d dice of no set: unknown %d\n",
                labels.c_str(), s.total, s.right, 100.0 * s.right / std::max(1, s.total), s.wrong, s.unknown,
                s.others, s.othersUnknown);
    for (const auto& [set, counts] : s.perSet)
        std::printf("[ measured ]   %-7s %d/%d\n", set.c_str(), counts.first, counts.second);
    return s;
}

} // namespace

// Development labels: other dice of the train split (not the examples). The method was developed on these.
TEST(DiceSets, TrainDevDiceGoToTheRightPlayer) {
    MUSTER_REQUIRE_DICE_DATA(dir);
    ImageCache cache(dir);
    const SetScore s = score(learnTrainSets(cache), cache, "dev");
    EXPECT_EQ(s.total, 207);
    EXPECT_EQ(s.right, 207);
    EXPECT_GE(s.othersUnknown, 10); // of 34 dice of no set, asked about rather than given to a set
}

// Held out: measured with the method fixed on train. The target is 0.99. Set medians: 0.977 (2 wrong, 2
// asked); nearest example die (chosen on train, docs/calibration.md): 0.988 (2 wrong, 0 asked); matched on a
// 70% square: 0.988 (1 wrong, 1 asked); plus a body quantile and the body's hue and chroma: 0.988 (1 wrong,
// 1 asked; 29 of 136 dice of no set asked about, was 22); the tray's colour around the box left out (fourth
// round): 1.0 (0 wrong, 0 asked; 28 of 136 dice of no set asked about). The floors below are the measured
// figures and may only tighten, except that the last was lowered from 29 to 28 by the fourth round (three
// dice of no set are now given to a set, two others asked; docs/calibration.md).
TEST(DiceSets, TestSplitDiceGoToTheRightPlayer) {
    MUSTER_REQUIRE_DICE_DATA(dir);
    ImageCache cache(dir);
    const SetScore s = score(learnTrainSets(cache), cache, "test");
    EXPECT_EQ(s.total, 172);
    EXPECT_EQ(s.right, 172);
    EXPECT_EQ(s.wrong, 0);
    EXPECT_EQ(s.unknown, 0);
    EXPECT_GE(s.othersUnknown, 28);
}

// A set is matched against each of its example dice: a die like one example is that set's even when it is far
// from the set's median colour, and the examples survive a profile's JSON round trip.
TEST(DiceSets, MatchesTheClosestExampleAndKeepsExamplesInProfiles) {
    mc::DiceSetModel model;
    // Yellow dice, some with an orange swirl: the median lies between the two shades.
    ASSERT_TRUE(
        model.addSet("yellow", "Anna",
                     {{{85, -5, 80}, {10, 0, 0}}, {{84, -4, 78}, {10, 0, 0}}, {{65, 35, 70}, {10, 0, 0}}}));
    ASSERT_TRUE(model.addSet("red", "Ben", {{{45, 60, 40}, {95, 0, 0}}}));
    cv::Mat orangeLab = cv::Mat(1, 1, CV_32FC3, cv::Scalar(65, 35, 70)).reshape(1, 1);
    const mc::SetMatch match = model.classifyPixels(orangeLab);
    EXPECT_EQ(match.player, "Anna");
    EXPECT_NEAR(match.cost, 0.0f, 1e-4f);

    const mc::TrayCalibration t = mt::straightDownTray({1280, 960}, 2.5, {210, 297}, 40);
    mc::CalibrationProfile p = mc::makeProfile("table", t, mc::Paper::A4);
    p.diceSets = model.sets();
    const auto back = mc::CalibrationProfile::fromJson(p.toJson());
    ASSERT_TRUE(back) << back.error().message;
    ASSERT_EQ(back->diceSets.size(), 2u);
    ASSERT_EQ(back->diceSets[0].examples.size(), 3u);
    EXPECT_NEAR(back->diceSets[0].examples[2].body[1], 35.0f, 1e-3f);
    mc::DiceSetModel restored;
    for (const mc::DiceSet& set : back->diceSets)
        restored.addSet(set);
    EXPECT_EQ(restored.classifyPixels(orangeLab).player, "Anna");
}

// Taught faces (the dice reader's text, opaque to calibration) travel with their set and, for dice of no set,
// with the profile; a profile whose faces are not text is refused whole.
TEST(DiceSets, TaughtFacesTravelInTheProfile) {
    const mc::TrayCalibration t = mt::straightDownTray({1280, 960}, 2.5, {210, 297}, 40);
    mc::CalibrationProfile p = mc::makeProfile("table", t, mc::Paper::A4);
    p.diceSets.push_back({"red", "Ann", {45, 60, 40}, {95, 0, 0}, 3});
    p.diceSets.push_back({"ivory", "", {90, 2, 12}, {15, 0, 0}, 4});
    p.diceSets[0].faces = "kind: star sixes\n";
    p.faces = "kind: skull ones\n";
    const auto back = mc::CalibrationProfile::fromJson(p.toJson());
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(back->diceSets[0].faces, "kind: star sixes\n");
    EXPECT_EQ(back->diceSets[1].faces, "");
    EXPECT_EQ(back->faces, "kind: skull ones\n");
    EXPECT_EQ(p.toJson().find("\"faces\": \"\""), std::string::npos) << "no faces, no key";

    nlohmann::json j = nlohmann::json::parse(p.toJson());
    j["faces"] = 12;
    const auto numeric = mc::CalibrationProfile::fromJson(j.dump());
    ASSERT_FALSE(numeric);
    EXPECT_NE(numeric.error().message.find("malformed"), std::string::npos) << numeric.error().message;
    j = nlohmann::json::parse(p.toJson());
    j["dice_sets"][0]["faces"] = nlohmann::json::array();
    EXPECT_FALSE(mc::CalibrationProfile::fromJson(j.dump()));
}

// classify() converts a die's pixels to Lab once and cuts describeDie()'s core from the matched square: the
// costs are those of sampling the two squares separately, to the bit, on the train dice (with the background
// kept: leaving it out changes which pixels are matched).
TEST(DiceSets, ClassifyMatchesSamplingEachSquareSeparately) {
    MUSTER_REQUIRE_DICE_DATA(dir);
    ImageCache cache(dir);
    mc::DiceSetOptions options;
    options.backgroundDistance = 0.0f;
    const mc::DiceSetModel model = learnTrainSets(cache, options);
    int dice = 0;
    for (const mt::SetLabel& l : mt::setLabels("train")) {
        const cv::Mat& image = cache.image(l.image);
        const cv::Rect2f box = cache.box(l.image, l.die);
        const auto match = model.classify(image, box);
        const auto pixels = mc::dieSampleLab(image, box, model.options().innerFraction);
        const auto colour = mc::describeDie(image, box, model.options());
        ASSERT_TRUE(match && pixels && colour) << l.image;
        const mc::SetMatch separate = model.classifyPixels(pixels.value(), colour->body);
        EXPECT_EQ(match->set, separate.set) << l.image << " die " << l.die;
        EXPECT_EQ(match->cost, separate.cost) << l.image << " die " << l.die;
        EXPECT_EQ(match->runnerUpCost, separate.runnerUpCost) << l.image << " die " << l.die;
        ++dice;
    }
    EXPECT_EQ(dice, 144);
}

namespace {

// The ring's median colour as sampling its squares separately gives it: the pixels of the outer square that
// are not in the inner one (a multiset difference: every inner pixel must be found in the outer square, to
// the bit), median per channel. Empty when a pixel of the inner square is not in the outer one.
std::optional<cv::Vec3f> ringMedian(const cv::Mat& outer, const cv::Mat& inner) {
    const auto sortedRows = [](const cv::Mat& lab) {
        std::vector<std::array<float, 3>> rows;
        for (int r = 0; r < lab.rows; ++r)
            rows.push_back({lab.at<float>(r, 0), lab.at<float>(r, 1), lab.at<float>(r, 2)});
        std::sort(rows.begin(), rows.end());
        return rows;
    };
    const std::vector<std::array<float, 3>> all = sortedRows(outer), hole = sortedRows(inner);
    std::vector<std::array<float, 3>> ring;
    std::set_difference(all.begin(), all.end(), hole.begin(), hole.end(), std::back_inserter(ring));
    if (ring.size() + hole.size() != all.size() || ring.empty())
        return std::nullopt;
    cv::Vec3f median;
    for (size_t c = 0; c < 3; ++c) {
        std::vector<float> channel;
        for (const auto& p : ring)
            channel.push_back(p[c]);
        std::nth_element(channel.begin(), channel.begin() + static_cast<long>(channel.size() / 2),
                         channel.end());
        median[static_cast<int>(c)] = channel[channel.size() / 2];
    }
    return median;
}

} // namespace

// With the background left out (the default), sampleDie() converts the ring's outer square to Lab once and
// cuts the matched square from it: the ring's colour, the pixels kept and classify()'s costs are those of
// converting each square on its own, to the bit, on the train dice.
TEST(DiceSets, LeavingOutTheBackgroundMatchesSamplingEachSquareSeparately) {
    MUSTER_REQUIRE_DICE_DATA(dir);
    ImageCache cache(dir);
    const mc::DiceSetOptions options;
    ASSERT_GT(options.backgroundDistance, 0.0f);
    const mc::DiceSetModel model = learnTrainSets(cache, options);
    int dice = 0, leftOut = 0;
    for (const mt::SetLabel& l : mt::setLabels("train")) {
        const cv::Mat& image = cache.image(l.image);
        const cv::Rect2f box = cache.box(l.image, l.die);
        const auto sample = mc::sampleDie(image, box, options);
        const auto outer = mc::dieSampleLab(image, box, 1.5f), inner = mc::dieSampleLab(image, box, 1.15f);
        const auto matched = mc::dieSampleLab(image, box, options.innerFraction);
        ASSERT_TRUE(sample && outer && inner && matched) << l.image;
        const std::optional<cv::Vec3f> ring = ringMedian(outer.value(), inner.value());
        ASSERT_TRUE(ring && sample->background) << l.image << " die " << l.die;
        for (int c = 0; c < 3; ++c)
            EXPECT_EQ((*sample->background)[c], (*ring)[c]) << l.image << " die " << l.die;
        // The matched square's pixels farther from the ring's colour than backgroundDistance, unless that
        // keeps under half of them.
        cv::Mat kept;
        for (int r = 0; r < matched->rows; ++r) {
            const float* p = matched->ptr<float>(r);
            const float d0 = p[0] - (*ring)[0], d1 = p[1] - (*ring)[1], d2 = p[2] - (*ring)[2];
            if (std::sqrt(d0 * d0 + d1 * d1 + d2 * d2) > options.backgroundDistance)
                kept.push_back(matched->row(r));
        }
        const cv::Mat expected = kept.rows * 2 >= matched->rows ? kept : matched.value();
        leftOut += expected.rows < matched->rows ? 1 : 0;
        ASSERT_EQ(sample->pixels.size(), expected.size()) << l.image << " die " << l.die;
        EXPECT_EQ(cv::norm(sample->pixels, expected, cv::NORM_INF), 0.0) << l.image << " die " << l.die;
        const auto match = model.classify(image, box);
        ASSERT_TRUE(match) << l.image;
        const mc::SetMatch separate = model.classifyPixels(expected, sample->colour.body);
        EXPECT_EQ(match->set, separate.set) << l.image << " die " << l.die;
        EXPECT_EQ(match->cost, separate.cost) << l.image << " die " << l.die;
        EXPECT_EQ(match->runnerUpCost, separate.runnerUpCost) << l.image << " die " << l.die;
        ++dice;
    }
    EXPECT_EQ(dice, 144);
    EXPECT_GT(leftOut, 0); // the background was really left out somewhere
}

TEST(DiceSets, GroupsAMixedThrowByBodyColour) {
    const std::vector<mc::DieColour> colours = {{{50, 60, 40}, {95, 0, 0}},
                                                {{20, 0, 0}, {90, 0, 0}},
                                                {{52, 58, 42}, {95, 0, 0}},
                                                {{48, 62, 38}, {95, 0, 0}},
                                                {{22, 1, -1}, {90, 0, 0}}};
    const auto groups = mc::groupByColour(colours, 15.0f);
    ASSERT_EQ(groups.size(), 2u);
    EXPECT_EQ(groups[0], (std::vector<int>{0, 2, 3}));
    EXPECT_EQ(groups[1], (std::vector<int>{1, 4}));
}

TEST(DiceSets, UnknownColourIsAskedNotGuessed) {
    mc::DiceSetModel model;
    ASSERT_TRUE(model.addSet("red", "Anna", {{{45, 60, 40}, {95, 0, 0}}}));
    ASSERT_TRUE(model.addSet("white", "Ben", {{{92, 0, 2}, {10, 0, 0}}}));
    // A green die: neither set explains it.
    cv::Mat image(40, 40, CV_8UC3, cv::Scalar(40, 160, 30));
    const auto match = model.classify(image, cv::Rect2f(5, 5, 30, 30));
    ASSERT_TRUE(match);
    EXPECT_TRUE(match->unknown());
    EXPECT_TRUE(match->player.empty());
    ASSERT_TRUE(model.assignPlayer(1, "Cleo"));
    EXPECT_EQ(model.sets()[1].player, "Cleo");
    EXPECT_FALSE(model.assignPlayer(5, "Dan"));
}

// A loose box lets the tray into the sampled square (here 44% of it). The pixels like the tray around the box
// are left out, so the die is as far from a tray-coloured set as with a tight box.
TEST(DiceSets, TheTrayInALooseBoxIsLeftOut) {
    cv::Mat image(100, 100, CV_8UC3, cv::Scalar(190, 195, 200));            // pale grey tray
    image(cv::Rect(38, 38, 24, 24)).setTo(cv::Scalar(40, 40, 200));         // a red die
    cv::circle(image, cv::Point(50, 50), 3, cv::Scalar(240, 240, 240), -1); // one white pip
    const cv::Rect2f tight(38, 38, 24, 24), loose(27, 27, 46, 46);
    mc::DiceSetOptions keepTray;
    keepTray.backgroundDistance = 0.0f;
    std::vector<float> whiteCost;
    for (const mc::DiceSetOptions& options : {mc::DiceSetOptions{}, keepTray}) {
        mc::DiceSetModel model(options);
        ASSERT_TRUE(model.addSet("red", "Anna", image, {tight}));
        ASSERT_TRUE(model.addSet("white", "Ben", {{{78, 0, 2}, {10, 0, 0}}}));
        const auto a = model.classify(image, tight), b = model.classify(image, loose);
        ASSERT_TRUE(a && b);
        std::printf(
            "[ measured ] background distance %.0f: tight box %s %.1f (white %.1f), loose box %s %.1f "
            "(white %.1f)\n",
            options.backgroundDistance, a->player.c_str(), a->cost, a->runnerUpCost, b->player.c_str(),
            b->cost, b->runnerUpCost);
        EXPECT_EQ(a->player, "Anna");
        EXPECT_EQ(b->player, "Anna");
        whiteCost.push_back(b->runnerUpCost);
    }
    EXPECT_GT(whiteCost[0], whiteCost[1] + 10.0f);
}

TEST(DiceSets, BadInputIsAnError) {
    mc::DiceSetModel model;
    const cv::Mat image(40, 40, CV_8UC3, cv::Scalar(0));
    const auto none = model.classify(image, cv::Rect2f(5, 5, 30, 30));
    ASSERT_FALSE(none);
    EXPECT_NE(none.error().message.find("calibration throw"), std::string::npos);
    EXPECT_FALSE(model.addSet("empty", "Anna", std::vector<mc::DieColour>{}));
    EXPECT_FALSE(mc::describeDie(cv::Mat(), cv::Rect2f(0, 0, 10, 10)));
    EXPECT_FALSE(mc::describeDie(image, cv::Rect2f(100, 100, 10, 10)));
}

// A mixed calibration throw on real dice: the 96 train examples of the eight sets, thrown "together", split
// by body colour alone. Every group must hold one set only (a set may split in two; the player then names
// both).
TEST(DiceSets, MixedThrowOfRealDiceSplitsIntoPureGroups) {
    MUSTER_REQUIRE_DICE_DATA(dir);
    ImageCache cache(dir);
    std::vector<mc::DieColour> colours;
    std::vector<std::string> sets;
    for (const mt::SetLabel& l : mt::setLabels("train")) {
        if (l.set == "other")
            continue;
        const auto c = mc::describeDie(cache.image(l.image), cache.box(l.image, l.die));
        ASSERT_TRUE(c);
        colours.push_back(c.value());
        sets.push_back(l.set);
    }
    const auto groups = mc::groupByColour(colours);
    int impure = 0;
    for (const std::vector<int>& g : groups) {
        std::map<std::string, int> count;
        for (int i : g)
            ++count[sets[static_cast<size_t>(i)]];
        if (count.size() > 1)
            ++impure;
    }
    std::printf("[ measured ] mixed throw of %zu real dice from 8 sets: %zu colour groups, %d mixed\n",
                colours.size(), groups.size(), impure);
    EXPECT_EQ(impure, 0);
    EXPECT_LE(groups.size(), 16u);
}
