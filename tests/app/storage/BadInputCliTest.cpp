// Files that once aborted muster-cli: text that is not UTF-8 in a game, and images whose header claims more
// pixels than anyone photographs, or that are cut short or not images at all. Each is refused or printed
// with its text replaced, with the file named, and never aborts.

#include "CliRun.h"
#include "TestFiles.h"
#include "app/storage/DiceStats.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <opencv2/imgcodecs.hpp>

#include <sstream>

using namespace muster::storage;
using namespace muster::storage::test;
using Json = nlohmann::json;

namespace {

// A run that ended by itself: no abort, no uncaught exception.
void expectNoAbort(const Output& out) {
    EXPECT_NE(out.exitCode, -1) << out.text;
    EXPECT_EQ(out.text.find("terminate called"), std::string::npos) << out.text;
    EXPECT_EQ(out.text.find("Aborted"), std::string::npos) << out.text;
}

std::uint32_t crc32(const std::string& bytes) {
    std::uint32_t crc = 0xFFFFFFFFu;
    for (unsigned char b : bytes) {
        crc ^= b;
        for (int k = 0; k < 8; ++k)
            crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

std::string bigEndian32(std::uint32_t v) {
    return {char(v >> 24), char(v >> 16), char(v >> 8), char(v)};
}

// A 45-byte PNG: the signature and a valid IHDR claiming width x height (8-bit RGB), then IEND, no pixels.
std::string pngHeaderOnly(std::uint32_t width, std::uint32_t height) {
    const std::string ihdr =
        "IHDR" + bigEndian32(width) + bigEndian32(height) + std::string("\x08\x02\x00\x00\x00", 5);
    const std::string iend = "IEND";
    return std::string("\x89PNG\r\n\x1a\n", 8) + bigEndian32(13) + ihdr + bigEndian32(crc32(ihdr)) +
           bigEndian32(0) + iend + bigEndian32(crc32(iend));
}

class BadImages : public ::testing::Test {
protected:
    void SetUp() override {
        writeBytes(m_dir.file("huge.png"), pngHeaderOnly(30000, 30000));     // 900 MP: once 6.9 GB
        writeBytes(m_dir.file("over2e30.png"), pngHeaderOnly(50000, 50000)); // OpenCV throws over 2^30
        cv::Mat grey(480, 640, CV_8UC3, cv::Scalar(90, 120, 150));
        cv::randu(grey, 0, 255);
        std::vector<uchar> png;
        cv::imencode(".png", grey, png);
        writeBytes(m_dir.file("cut.png"), std::string(png.begin(), png.begin() + png.size() / 3));
        writeBytes(m_dir.file("garbage.png"), std::string(4096, '\x5a'));
    }
    ScratchDir m_dir;
};

} // namespace

TEST(BadText, NonUtf8TextIsPrintedReplacedByLogJsonAndReport) {
    ScratchDir dir;
    const std::string game = dir.file("latin1.muster");
    {
        NewGame g = sampleGame();
        g.players[0].name = "Ren\xe9";                                      // Latin-1, not UTF-8
        g.scenarioJson = "{\"name\":\"Bataille de Ren\xe9\",\"sides\":[]}"; // not JSON either, as UTF-8
        auto j = Journal::create(dir.file("written.muster"), g);
        ASSERT_TRUE(j) << j.message();
        ASSERT_TRUE(j->append(answerDraft(1, "MOVE", "Ren\xe9")));
        EventDraft odd = answerDraft(1, "HOLD");
        odd.phase = "ordres \xff";
        ASSERT_TRUE(j->append(odd));
        EventDraft dice = diceDraft(1, {3, 5});
        dice.payloadJson = R"({"faces":[3,5],"key":"fire:unit1","sides":"six"})"; // sides of the wrong type
        ASSERT_TRUE(j->append(dice));
        // Muster refuses a payload that is not UTF-8 JSON; another tool wrote this one (the chain still
        // holds).
        writeAsVersion2(*j, game, [](Event& e) {
            if (e.seq == 2)
                e.payloadJson = "{\"key\":\"order:unit1\",\"value\":\"tenir \xe0 tout prix\"}";
        });
    }
    ASSERT_EQ(cli("game verify '" + game + "'").exitCode, 0);
    const Output log = cli("game log '" + game + "' --json");
    expectNoAbort(log);
    ASSERT_EQ(log.exitCode, 0) << log.text;
    std::istringstream lines(log.text);
    int n = 0;
    for (std::string line; std::getline(lines, line); ++n) {
        const Json j = Json::parse(line, nullptr, false);
        ASSERT_FALSE(j.is_discarded()) << "not JSON (UTF-8): " << line;
        if (n == 0) {
            EXPECT_EQ(j["player"], "Ren\xef\xbf\xbd") << "the invalid byte is U+FFFD";
        }
    }
    EXPECT_EQ(n, 3);

    const Output text = cli("game log '" + game + "'");
    expectNoAbort(text);
    EXPECT_EQ(text.exitCode, 0) << text.text;

    const std::string out = dir.file("report");
    const Output report = cli("game report '" + game + "' --out '" + out + "'");
    expectNoAbort(report);
    EXPECT_EQ(report.exitCode, 0) << report.text;
    const Json j = Json::parse(readBytes(out + "/report.json"), nullptr, false);
    ASSERT_FALSE(j.is_discarded());
    EXPECT_FALSE(j["turns"].empty());
}

TEST(BadText, ATallyCountsNoMoreSidesThanItHolds) {
    DiceTally t;
    t.sides = kMaxDiceSides + 1;
    t.add(3);
    EXPECT_TRUE(t.counts.empty());
    EXPECT_EQ(t.total(), 0);
    t.sides = 6;
    t.add(3);
    EXPECT_EQ(t.total(), 1);
}

TEST_F(BadImages, EveryImageCommandRefusesThemNamingTheFile) {
    const std::vector<std::string> commands = {"chits read", "dice read", "calibrate tray", "calibrate light",
                                               "calibrate moved"};
    for (const std::string& command : commands)
        for (const std::string name : {"huge.png", "over2e30.png", "cut.png", "garbage.png", "missing.png"}) {
            const std::string path = m_dir.file(name);
            const Output out = cli(command + " '" + path + "'" +
                                   (command == "calibrate moved" ? " '" + m_dir.file("huge.png") + "'" : ""));
            SCOPED_TRACE(command + " " + name);
            expectNoAbort(out);
            EXPECT_EQ(out.exitCode, 2) << out.text;
            EXPECT_NE(out.text.find(command == "calibrate moved" ? m_dir.file("huge.png") : path),
                      std::string::npos)
                << out.text;
            if (name == std::string("huge.png") || name == std::string("over2e30.png")) {
                EXPECT_NE(out.text.find("over the 40 MP"), std::string::npos) << out.text;
            }
        }
}

// Issue 46, finding 8: a 1-pixel photo (or a 1-pixel-tall strip) reached OpenCV, and chits read and calibrate
// moved printed its assertion ("OpenCV(4.6.0) ./modules/imgproc/src/resize.cpp:4058: error: (-215...").
TEST_F(BadImages, TooSmallImagesAreRefusedInWordsByEveryCommand) {
    writeBytes(m_dir.file("dot.png"), [] {
        std::vector<uchar> png;
        cv::imencode(".png", cv::Mat(1, 1, CV_8UC3, cv::Scalar(0, 0, 255)), png);
        return std::string(png.begin(), png.end());
    }());
    writeBytes(m_dir.file("strip.bmp"), [] {
        std::vector<uchar> bmp;
        cv::imencode(".bmp", cv::Mat(1, 4000, CV_8UC3, cv::Scalar(0, 0, 255)), bmp);
        return std::string(bmp.begin(), bmp.end());
    }());
    for (const std::string command :
         {"chits read", "dice read", "calibrate tray", "calibrate light", "calibrate moved"})
        for (const std::string name : {"dot.png", "strip.bmp"}) {
            const std::string path = m_dir.file(name);
            const Output out =
                cli(command + " '" + path + "'" + (command == "calibrate moved" ? " '" + path + "'" : ""));
            SCOPED_TRACE(command + " " + name);
            expectNoAbort(out);
            EXPECT_EQ(out.exitCode, 2) << out.text;
            EXPECT_NE(out.text.find(path), std::string::npos) << out.text;
            EXPECT_NE(out.text.find("too small to read anything from"), std::string::npos) << out.text;
            EXPECT_EQ(out.text.find("OpenCV("), std::string::npos) << out.text;
        }
}
