// Side colours for colour-blind players (issue 23): the simulation, the check, and every bundled scenario.
#include "common/colour/ColourVision.h"

#include "rules/Scenario.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

namespace mc = muster::colour;

namespace {

mc::Rgb hex(const std::string& s) {
    auto c = mc::parseHex(s);
    EXPECT_TRUE(c) << s;
    return c ? *c : mc::Rgb{};
}

} // namespace

TEST(ColourVision, ParsesOnlyHashRrggbb) {
    EXPECT_EQ(mc::toHex(hex("#0072B2")), "#0072b2");
    for (const char* bad : {"", "0072b2", "#0072b", "#0072b2ff", "#00g2b2", "blue"}) {
        auto c = mc::parseHex(bad);
        ASSERT_FALSE(c) << bad;
        EXPECT_NE(c.message().find("#rrggbb"), std::string::npos);
    }
}

TEST(ColourVision, GreysStayGreyAndNormalVisionChangesNothing) {
    for (mc::Vision v : mc::kVisions)
        for (int g : {0, 60, 128, 200, 255}) {
            const mc::Rgb s = mc::simulate({g, g, g}, v);
            EXPECT_NEAR(s.r, g, 2) << mc::toString(v);
            EXPECT_NEAR(s.g, g, 2) << mc::toString(v);
            EXPECT_NEAR(s.b, g, 2) << mc::toString(v);
        }
    const mc::Rgb c{12, 200, 99};
    EXPECT_EQ(mc::toHex(mc::simulate(c, mc::Vision::Normal)), "#0cc863");
}

TEST(ColourVision, RedAndGreenMeetForRedGreenBlindness) {
    // Pure red and a green of its lightness are far apart in normal vision and close for protanopes and
    // deuteranopes; blue and yellow stay apart for them.
    const mc::Lab white = mc::toLab({255, 255, 255});
    EXPECT_NEAR(white.l, 100.0, 0.01);
    EXPECT_NEAR(white.a, 0.0, 0.05);
    const mc::Rgb red{200, 40, 40}, green{80, 120, 30};
    const double normal = mc::deltaE(mc::toLab(red), mc::toLab(green));
    const double deutan = mc::deltaE(mc::toLab(mc::simulate(red, mc::Vision::Deuteranopia)),
                                     mc::toLab(mc::simulate(green, mc::Vision::Deuteranopia)));
    EXPECT_GT(normal, 60);
    EXPECT_LT(deutan, 25);
    EXPECT_GT(mc::checkPair(hex("#0072b2"), hex("#f0e442")).worstDeltaE, 50);
}

TEST(ColourVision, TheOldBlueAndGreenFailForTritanopes) {
    // The palette the issue found: blue and green of one lightness, both teal to a tritanope.
    const mc::PairCheck p = mc::checkPair(hex("#5b8def"), hex("#3fae6a"));
    EXPECT_EQ(p.worstVision, mc::Vision::Tritanopia);
    EXPECT_NEAR(p.worstDeltaE, 18, 1);
    EXPECT_LT(p.lightnessDelta, 5);
    EXPECT_FALSE(p.distinct());
    auto r = mc::checkSides({"#5b8def", "#3fae6a"}, {"Americans", "Mexicans"});
    ASSERT_FALSE(r);
    EXPECT_EQ(r.message(),
              "Americans (#5b8def) and Mexicans (#3fae6a) differ by only 18 (at least 20 is needed) "
              "under tritanopia");
    auto grey = mc::checkSides({"#777777", "#7a6f80"}, {});
    ASSERT_FALSE(grey);
    EXPECT_NE(grey.message().find("side 1 (#777777) and side 2"), std::string::npos);
    auto bad = mc::checkSides({"#0072b2", "navy"}, {});
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.message().find("'navy'"), std::string::npos);
}

TEST(ColourVision, TheDefaultPaletteKeepsTwoSidesApart) {
    const std::string a = muster::rules::sideColour(std::string(), 0);
    const std::string b = muster::rules::sideColour(std::string(), 1);
    const mc::PairCheck p = mc::checkPair(hex(a), hex(b));
    EXPECT_TRUE(p.distinct()) << a << " " << b << ": " << p.worstDeltaE << " under "
                              << mc::toString(p.worstVision);
    EXPECT_GT(p.lightnessDelta, 20);
}

TEST(ColourVision, EveryBundledScenarioKeepsItsSidesApart) {
    int scenarios = 0;
    for (const auto& entry : std::filesystem::directory_iterator(MUSTER_SCENARIOS_DIR)) {
        if (entry.path().extension() != ".json")
            continue;
        std::ifstream in(entry.path());
        const nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
        ASSERT_TRUE(j.is_object()) << entry.path();
        std::vector<std::string> colours, names;
        std::size_t i = 0;
        for (const auto& side : j.at("sides")) {
            colours.push_back(muster::rules::sideColour(side.value("colour", std::string()), i++));
            names.push_back(side.value("name", side.value("id", std::string())));
        }
        ASSERT_GE(colours.size(), 2u) << entry.path();
        auto r = mc::checkSides(colours, names);
        EXPECT_TRUE(r) << entry.path().filename() << ": " << (r ? "" : r.message());
        ++scenarios;
    }
    EXPECT_GE(scenarios, 6);
}
