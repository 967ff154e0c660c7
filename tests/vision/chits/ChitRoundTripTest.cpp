// The round trip: print a scenario's chit sheet to PDF, render it with pdftoppm, cut the chits out,
// place them into synthetic 1920x1080 camera frames (perspective, rotation, blur, noise, JPEG, uneven light)
// at 2, 3 and 4 px per module, and read them back. Every Micro QR chit (the default) at >= 3 px per module
// must decode; QR v1 is held to a 97 % floor; the 2 px rates are reported.

#include "SyntheticChits.h"
#include "app/print/ChitSheet.h"
#include "vision/chits/ChitReader.h"
#include "vision/chits/ChitScenario.h"

#include <gtest/gtest.h>
#include <opencv2/imgcodecs.hpp>

#include <QGuiApplication>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <map>

namespace fs = std::filesystem;
namespace mv = muster::vision;
namespace ma = muster::app;
namespace ct = muster::chits_test;

namespace {

constexpr double kRenderDpi = 600.0;
constexpr int kFramesPerSize = 6;
constexpr int kChitsPerFrame = 24;

std::string scenarioPath() {
    for (const char* p : {MUSTER_CHITS_SCENARIO, MUSTER_CHITS_FIXTURE})
        if (fs::exists(p))
            return p;
    return {};
}

struct Rate {
    int placed = 0;
    int decoded = 0;
    int misread = 0;
    double ms = 0;
};

class ChitRoundTrip : public testing::TestWithParam<ma::ChitCode> {
protected:
    static std::map<std::pair<int, int>, Rate>& results() {
        static std::map<std::pair<int, int>, Rate> r;
        return r;
    }

    static void TearDownTestSuite() {
        std::cout << "\nround trip: chits decoded / placed (misread), 1920x1080 frames, " << kChitsPerFrame
                  << " chits a frame\n";
        for (const auto& [key, r] : results())
            std::cout << "  " << std::setw(12)
                      << (key.first == int(ma::ChitCode::QrCode) ? "QR v1" : "Micro QR M3") << "  "
                      << key.second << " px/module: " << r.decoded << "/" << r.placed << " (" << std::fixed
                      << std::setprecision(1) << 100.0 * r.decoded / std::max(1, r.placed) << " %, "
                      << r.misread << " misread), " << std::setprecision(1) << r.ms / kFramesPerSize
                      << " ms a frame\n";
    }
};

} // namespace

TEST_P(ChitRoundTrip, PrintRenderPlaceRead) {
    const std::string scenarioFile = scenarioPath();
    if (scenarioFile.empty())
        GTEST_SKIP() << "no scenario: neither " << MUSTER_CHITS_SCENARIO << " nor " << MUSTER_CHITS_FIXTURE;
    if (std::system("pdftoppm -v > /dev/null 2>&1") != 0)
        GTEST_SKIP() << "pdftoppm (poppler-utils) is not installed";
    const auto scenario = mv::loadChitScenario(scenarioFile);
    ASSERT_TRUE(scenario) << scenario.error().message;

    const ma::ChitCode code = GetParam();
    const fs::path dir = fs::temp_directory_path() / ("muster-chits-roundtrip-" + std::to_string(int(code)) +
                                                      "-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    ma::ChitSheetOptions options;
    options.code = code;
    options.title = scenario->name;
    const auto layout = ma::writeChitSheet(
        (dir / "sheet.pdf").string(), ma::labelsForScenario(scenario.value(), ct::mdChits(), 1), options);
    ASSERT_TRUE(layout) << layout.error().message;
    const std::string render = "pdftoppm -r " + std::to_string(int(kRenderDpi)) + " -png '" +
                               (dir / "sheet.pdf").string() + "' '" + (dir / "page").string() + "'";
    ASSERT_EQ(std::system(render.c_str()), 0) << render;

    // pdftoppm numbers pages page-1.png or page-01.png depending on the count.
    std::vector<cv::Mat> pages;
    for (int p = 1; p <= layout->pages; ++p) {
        cv::Mat page;
        for (const std::string& name :
             {"page-" + std::to_string(p) + ".png", std::string("page-0") + std::to_string(p) + ".png"})
            if (page.empty() && fs::exists(dir / name))
                page = cv::imread((dir / name).string(), cv::IMREAD_COLOR);
        ASSERT_FALSE(page.empty()) << "page " << p << " not rendered in " << dir;
        pages.push_back(page);
    }

    const double pxPerMm = kRenderDpi / 25.4;
    std::vector<ct::LabelImage> labels;
    for (const ma::LabelPlacement& place : layout->labels) {
        auto label =
            ct::cutLabel(pages[std::size_t(place.page)],
                         cv::Point2f(float(place.centreXMm * pxPerMm), float(place.centreYMm * pxPerMm)),
                         place.diameterMm * pxPerMm, place.codeSideMm / place.modules * pxPerMm,
                         place.modules, place.text);
        ASSERT_FALSE(label.bgr.empty()) << place.text;
        labels.push_back(std::move(label));
    }

    const bool keep = std::getenv("MUSTER_CHITS_KEEP") != nullptr;
    const mv::ChitReader reader;
    for (int px : {2, 3, 4}) {
        Rate& rate = results()[{int(code), px}];
        for (int f = 0; f < kFramesPerSize; ++f) {
            std::vector<ct::LabelImage> chosen;
            for (int i = 0; i < kChitsPerFrame; ++i)
                chosen.push_back(labels[std::size_t((f * kChitsPerFrame + i) % int(labels.size()))]);
            ct::SceneOptions so;
            so.pxPerModule = px;
            so.seed = std::uint32_t(1000 * px + f);
            const ct::Scene scene = ct::composeScene(chosen, so);
            const auto t0 = std::chrono::steady_clock::now();
            const mv::ChitFrame frame = reader.read(scene.frame);
            rate.ms +=
                std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
            if (keep)
                cv::imwrite(
                    (dir / ("frame-" + std::to_string(px) + "px-" + std::to_string(f) + ".jpg")).string(),
                    scene.frame);
            std::vector<bool> used(frame.sightings.size(), false);
            for (const ct::PlacedChit& placed : scene.chits) {
                ++rate.placed;
                bool found = false;
                for (std::size_t i = 0; i < frame.sightings.size() && !found; ++i) {
                    const auto& s = frame.sightings[i];
                    if (!used[i] && s.text == placed.text &&
                        std::hypot(s.centre.x - placed.centre.x, s.centre.y - placed.centre.y) < 30 * px) {
                        used[i] = found = true;
                    }
                }
                rate.decoded += found ? 1 : 0;
                if (!found && px >= 3 && code == ma::ChitCode::MicroQrCode)
                    ADD_FAILURE() << placed.text << " at " << px << " px/module not read in frame " << f
                                  << " near (" << placed.centre.x << ", " << placed.centre.y << ")";
            }
            for (std::size_t i = 0; i < used.size(); ++i)
                rate.misread += used[i] ? 0 : 1;
        }
        EXPECT_EQ(rate.misread, 0) << px << " px/module";
        // The default code, Micro QR M3, must read every chit at >= 3 px a module. QR version 1 is the
        // option; it missed 1 or 2 of 144 when measured (docs/chits.md), so it is held to a floor that may
        // only rise.
        if (px >= 3 && code == ma::ChitCode::QrCode) {
            EXPECT_GE(rate.decoded * 100, rate.placed * 97)
                << rate.decoded << "/" << rate.placed << " at " << px;
        }
        RecordProperty("decoded_" + std::to_string(px) + "px", rate.decoded);
        RecordProperty("placed_" + std::to_string(px) + "px", rate.placed);
    }
    if (!keep)
        fs::remove_all(dir);
}

// A unit gets a label for each chit code the rule set gives it, in the vocabulary's order; a unit the map
// does not name gets every chit, and so does each unit-less set.
TEST(ChitSheet, EachUnitGetsTheChitsItsRuleSetGivesIt) {
    mv::ChitScenario scenario;
    scenario.game = "K7";
    scenario.units = {{1, "US-G1", "gun", "us"}, {2, "US-C1", "dragoons", "us"}, {3, "MX-I1", "foot", "mx"}};
    const ma::ChitCodesByUnit codes{{"US-G1", {"L", "H", "U"}}, {"US-C1", {"D"}}};
    const auto labels = ma::labelsForScenario(scenario, ct::mdChits(), 1, codes);
    std::map<int, std::vector<std::string>> bySlot; // 0: unit-less
    for (const ma::ChitLabel& l : labels) {
        EXPECT_EQ(l.payload.game, "K7");
        EXPECT_EQ(l.order.code, l.payload.order);
        bySlot[l.payload.unitSlot.value_or(0)].push_back(l.payload.order);
    }
    EXPECT_EQ(bySlot[1], (std::vector<std::string>{"H", "L", "U"}));
    EXPECT_EQ(bySlot[2], (std::vector<std::string>{"D"}));
    EXPECT_EQ(bySlot[3].size(), 18u);
    EXPECT_EQ(bySlot[0].size(), 18u);
    EXPECT_EQ(bySlot[3], bySlot[0]);
    EXPECT_EQ(labels.size(), 3u + 1u + 18u + 18u);
}

INSTANTIATE_TEST_SUITE_P(Codes, ChitRoundTrip,
                         testing::Values(ma::ChitCode::MicroQrCode, ma::ChitCode::QrCode),
                         [](const testing::TestParamInfo<ma::ChitCode>& p) {
                             return p.param == ma::ChitCode::QrCode ? std::string("QrV1")
                                                                    : std::string("MicroQrM3");
                         });

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
