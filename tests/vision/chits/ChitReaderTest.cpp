// ChitReader on synthetic frames drawn with OpenCV: chits with positions, foreign and malformed codes with
// reasons, conflicts, and the accumulator counting a chit seen in many frames once.

#include "vision/chits/ChitReader.h"

#include "SyntheticChits.h"
#include "app/print/MicroQr.h"
#include "vision/chits/ZXingAdapter.h"

#include <gtest/gtest.h>
#include <opencv2/imgproc.hpp>

#include <cmath>

namespace mv = muster::vision;
namespace ct = muster::chits_test;

namespace {

ct::LabelImage qrLabel(const std::string& text) {
    const auto parsed = mv::parseChit(text);
    return ct::drawLabel(text, parsed ? parsed->order : std::string("H"),
                         mv::zxing::encodeQrCode(text, mv::zxing::QrEcLevel::Q));
}

ct::LabelImage microLabel(const std::string& text) {
    const auto parsed = mv::parseChit(text);
    return ct::drawLabel(text, parsed ? parsed->order : std::string("H"), muster::app::encodeMicroQr(text));
}

ct::SceneOptions clean(double pxPerModule) {
    ct::SceneOptions o;
    o.pxPerModule = pxPerModule;
    o.maxKeystone = 0;
    o.blurSigmaMin = o.blurSigmaMax = 0.3;
    o.noiseSigma = 1;
    o.lightMin = 0.9;
    o.jpegQuality = 95;
    return o;
}

} // namespace

TEST(ZXingAdapter, WritesTheSymbolSizesWePrint) {
    EXPECT_EQ(mv::zxing::encodeQrCode("M1/K7/ZZ/CF", mv::zxing::QrEcLevel::Q).width, 21);
    EXPECT_EQ(muster::app::encodeMicroQr("M1/K7/ZZ/CF").width, 15);
    EXPECT_TRUE(muster::app::encodeMicroQr("M1/K7/ZZ/CF/TOO-LONG").empty());
    EXPECT_EQ(mv::zxing::encodeEan13("400638133393").height, 1);
}

TEST(ZXingAdapter, QrChitsUseLevelQAndMicroQrLevelM) {
    for (const bool micro : {false, true}) {
        const auto sym = micro ? muster::app::encodeMicroQr("M1/K7/ZZ/CF")
                               : mv::zxing::encodeQrCode("M1/K7/ZZ/CF", mv::zxing::QrEcLevel::Q);
        const auto label = ct::drawPlainCode(sym, 6);
        const auto symbols = mv::zxing::readSymbols(label.bgr, {});
        ASSERT_EQ(symbols.size(), 1u);
        EXPECT_EQ(symbols[0].text, "M1/K7/ZZ/CF");
        EXPECT_EQ(symbols[0].ecLevel, micro ? "M" : "Q");
        EXPECT_EQ(symbols[0].format,
                  micro ? mv::zxing::SymbolFormat::MicroQrCode : mv::zxing::SymbolFormat::QrCode);
    }
}

TEST(ChitReader, ReadsEveryChitWithItsPosition) {
    std::vector<ct::LabelImage> labels = {qrLabel("M1/K7/1/M"),     qrLabel("M1/K7/2/CF"),
                                          microLabel("M1/K7/3/FF"), microLabel("M1/K7/4/F"),
                                          qrLabel("M1/K7/*/H"),     microLabel("M1/K7/ZZ/W")};
    const ct::Scene scene = ct::composeScene(labels, clean(4));
    const mv::ChitFrame frame = mv::ChitReader().read(scene.frame);
    ASSERT_EQ(frame.chits().size(), labels.size());
    EXPECT_TRUE(frame.rejected().empty());
    EXPECT_TRUE(frame.conflicts.empty());
    for (const ct::PlacedChit& placed : scene.chits) {
        const mv::ChitSighting* found = nullptr;
        for (const mv::ChitSighting* s : frame.chits())
            if (s->text == placed.text)
                found = s;
        ASSERT_NE(found, nullptr) << placed.text;
        EXPECT_LT(std::hypot(found->centre.x - placed.centre.x, found->centre.y - placed.centre.y), 6.0)
            << placed.text;
        EXPECT_NEAR(found->modulePx, 4.0, 0.6) << placed.text;
    }
}

TEST(ChitReader, RejectsForeignAndMalformedCodesWithTheReason) {
    std::vector<ct::LabelImage> labels = {
        ct::drawPlainCode(mv::zxing::encodeQrCode("https://example.org/muster", mv::zxing::QrEcLevel::M), 5),
        qrLabel("M2/K7/3/F"), qrLabel("M1/K7/0/F"), qrLabel("M1/K7/3/X"), qrLabel("M1/K7/5/C")};
    const ct::Scene scene = ct::composeScene(labels, clean(4));
    mv::ChitReaderOptions withOrders;
    withOrders.vocabulary = ct::mdChits(); // "X" is not one of the game's order codes
    const mv::ChitFrame frame = mv::ChitReader(withOrders).read(scene.frame);
    ASSERT_EQ(frame.sightings.size(), 5u);
    ASSERT_EQ(frame.chits().size(), 1u);
    EXPECT_EQ(frame.chits()[0]->text, "M1/K7/5/C");
    std::map<std::string, const mv::ChitSighting*> byText;
    for (const mv::ChitSighting* s : frame.rejected())
        byText[s->text] = s;
    ASSERT_EQ(byText.size(), 4u);
    EXPECT_EQ(byText.at("https://example.org/muster")->kind, mv::ChitSighting::Kind::Foreign);
    EXPECT_NE(byText.at("https://example.org/muster")->reason.find("not a Muster chit"), std::string::npos);
    EXPECT_EQ(byText.at("M2/K7/3/F")->kind, mv::ChitSighting::Kind::Malformed);
    EXPECT_NE(byText.at("M2/K7/3/F")->reason.find("version 2"), std::string::npos);
    EXPECT_NE(byText.at("M1/K7/0/F")->reason.find("unit"), std::string::npos);
    EXPECT_NE(byText.at("M1/K7/3/X")->reason.find("order"), std::string::npos);
    for (const mv::ChitSighting* s : frame.rejected())
        EXPECT_FALSE(s->payload) << "a rejected code must never carry an order";
}

TEST(ChitReader, AnEanBarcodeIsNeverAChit) {
    const auto ean = mv::zxing::encodeEan13("400638133393");
    ASSERT_FALSE(ean.empty());
    std::vector<ct::LabelImage> labels = {ct::drawPlainCode(ean, 3), qrLabel("M1/K7/1/F")};
    ct::SceneOptions upright = clean(3); // ZXing reads linear codes only near 0/90/180/270 degrees
    upright.maxRotationDeg = 0;
    const ct::Scene scene = ct::composeScene(labels, upright);

    // The default reader looks only for the QR formats we print: the EAN is not even seen.
    const mv::ChitFrame qrOnly = mv::ChitReader().read(scene.frame);
    ASSERT_EQ(qrOnly.sightings.size(), 1u);
    EXPECT_EQ(qrOnly.sightings[0].text, "M1/K7/1/F");

    // With every format on, it is seen and reported as foreign, with its format in the reason.
    mv::ChitReaderOptions all;
    all.otherFormats = true;
    const mv::ChitFrame allFormats = mv::ChitReader(all).read(scene.frame);
    ASSERT_EQ(allFormats.chits().size(), 1u);
    ASSERT_EQ(allFormats.rejected().size(), 1u);
    EXPECT_EQ(allFormats.rejected()[0]->kind, mv::ChitSighting::Kind::Foreign);
    EXPECT_NE(allFormats.rejected()[0]->reason.find("EAN-13"), std::string::npos)
        << allFormats.rejected()[0]->reason;
}

TEST(ChitReader, ChitsOfAnotherGameAreRejected) {
    mv::ChitReaderOptions options;
    options.game = "K7";
    const mv::ChitReader reader(options);
    EXPECT_EQ(reader.classify("M1/K7/3/F").kind, mv::ChitSighting::Kind::Chit);
    const mv::ChitSighting other = reader.classify("M1/AB/3/F");
    EXPECT_EQ(other.kind, mv::ChitSighting::Kind::Malformed);
    EXPECT_NE(other.reason.find("game AB"), std::string::npos);
    EXPECT_FALSE(other.payload);
}

TEST(ChitReader, TwoOrdersForOneUnitAreAConflict) {
    std::vector<ct::LabelImage> labels = {qrLabel("M1/K7/3/F"), microLabel("M1/K7/3/C"), qrLabel("M1/K7/4/M"),
                                          microLabel("M1/K7/4/M")};
    const mv::ChitFrame frame = mv::ChitReader().read(ct::composeScene(labels, clean(4)).frame);
    ASSERT_EQ(frame.chits().size(), 4u);
    ASSERT_EQ(frame.conflicts.size(), 1u); // unit 4 has two chits but the same order: no conflict
    EXPECT_EQ(frame.conflicts[0].unitSlot, 3);
    EXPECT_EQ(frame.conflicts[0].orders, (std::vector<std::string>{"C", "F"})); // by code
}

TEST(ChitAccumulator, CountsAChitSeenInManyFramesOnce) {
    const mv::ChitReader reader;
    auto sighting = [&](const std::string& text) {
        return reader.classify(text);
    };
    mv::ChitAccumulator acc;
    for (int i = 0; i < 10; ++i) {
        mv::ChitFrame f;
        f.sightings = {sighting("M1/K7/1/M"), sighting("M1/K7/2/FF"), sighting("M1/K7/*/W"),
                       sighting("http://x")};
        if (i == 7)
            f.sightings.push_back(sighting("M1/K7/*/W")); // a second unit-less WHEEL chit comes into view
        acc.add(f);
    }
    EXPECT_EQ(acc.framesSeen(), 10);
    EXPECT_EQ(acc.orders(), (std::map<int, std::string>{{1, "M"}, {2, "FF"}}));
    EXPECT_TRUE(acc.conflicts().empty());
    EXPECT_EQ(acc.unitlessCounts().at("W"), 2);
    EXPECT_EQ(acc.rejected().size(), 1u);

    mv::ChitFrame later;
    later.sightings = {sighting("M1/K7/1/C")};
    acc.add(later);
    ASSERT_EQ(acc.conflicts().size(), 1u);
    EXPECT_EQ(acc.conflicts()[0].unitSlot, 1);
    EXPECT_EQ(acc.orders().count(1), 0u) << "a conflicting unit gets no order until it is resolved";
    acc.clear();
    EXPECT_TRUE(acc.orders().empty());
}

TEST(ChitReader, EmptyOrOddFramesAreEmpty) {
    EXPECT_TRUE(mv::ChitReader().read(cv::Mat()).sightings.empty());
    EXPECT_TRUE(mv::ChitReader().read(cv::Mat(100, 100, CV_32FC1, cv::Scalar(0.5))).sightings.empty());
    EXPECT_TRUE(mv::ChitReader().read(cv::Mat(100, 100, CV_8UC2, cv::Scalar(9, 9))).sightings.empty());
}

TEST(ChitReader, ReadsGreyAndBgraFrames) {
    const ct::Scene scene = ct::composeScene({microLabel("M1/K7/1/M"), qrLabel("M1/K7/2/F")}, clean(4));
    cv::Mat grey, bgra;
    cv::cvtColor(scene.frame, grey, cv::COLOR_BGR2GRAY);
    cv::cvtColor(scene.frame, bgra, cv::COLOR_BGR2BGRA);
    EXPECT_EQ(mv::ChitReader().read(grey).chits().size(), 2u);
    EXPECT_EQ(mv::ChitReader().read(bgra).chits().size(), 2u);
}

// A chit held close to the camera: one chit, from 3 to 30 px a module in a 1080p frame (a QR chit 63 to 630
// px across), is read; a foreign code of any size is reported as foreign, never missed.
TEST(ChitReader, ReadsOneChitAtEverySizeFrom3To30PxAModule) {
    std::vector<std::string> missed;
    for (int px = 3; px <= 30; ++px)
        for (const bool micro : {false, true}) {
            ct::SceneOptions o;
            o.pxPerModule = px;
            o.seed = std::uint32_t(px * 2 + micro);
            const std::string text = micro ? "M1/K7/3/FF" : "M1/K7/ZZ/CF";
            const ct::Scene scene = ct::composeScene({micro ? microLabel(text) : qrLabel(text)}, o);
            const mv::ChitFrame frame = mv::ChitReader().read(scene.frame);
            if (frame.chits().size() != 1 || frame.chits()[0]->text != text || !frame.rejected().empty())
                missed.push_back(std::string(micro ? "Micro QR " : "QR ") + std::to_string(px) + " px (" +
                                 std::to_string(frame.chits().size()) + " chits, " +
                                 std::to_string(frame.rejected().size()) + " rejected)");
        }
    EXPECT_TRUE(missed.empty()) << ::testing::PrintToString(missed);
}

TEST(ChitReader, AForeignCodeOfAnySizeIsReportedAsForeign) {
    const auto url = mv::zxing::encodeQrCode("https://example.org/muster", mv::zxing::QrEcLevel::M);
    std::vector<std::string> missed;
    for (int px = 3; px <= 30; ++px) {
        ct::SceneOptions o;
        o.pxPerModule = px * 21.0 / url.width; // the same size across as a chit of px a module
        o.seed = std::uint32_t(100 + px);
        const ct::Scene scene = ct::composeScene({ct::drawPlainCode(url, 8)}, o);
        const mv::ChitFrame frame = mv::ChitReader().read(scene.frame);
        if (frame.sightings.size() != 1 || frame.sightings[0].kind != mv::ChitSighting::Kind::Foreign)
            missed.push_back(std::to_string(px) + " px (" + std::to_string(frame.sightings.size()) +
                             " codes)");
    }
    EXPECT_TRUE(missed.empty()) << ::testing::PrintToString(missed);
}
