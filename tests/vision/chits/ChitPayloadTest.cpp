// The chit payload codec: every order and slot round-trips, and each way of being wrong has its reason.

#include "vision/chits/ChitPayload.h"

#include "SyntheticChits.h"

#include <gtest/gtest.h>

namespace mv = muster::vision;
namespace ct = muster::chits_test;

TEST(ChitPayload, EveryOrderAndSlotRoundTrips) {
    for (const muster::ChitOrderSpec& info : ct::mdChits().orders) {
        for (int slot = 1; slot <= mv::kMaxUnitSlot; ++slot) {
            const mv::ChitPayload payload{"K7", slot, info.code};
            const std::string text = mv::encodeChit(payload);
            ASSERT_FALSE(text.empty());
            ASSERT_LE(text.size(), mv::kMaxPayloadLength) << text;
            const auto parsed = mv::parseChit(text, &ct::mdChits());
            ASSERT_TRUE(parsed) << text << ": " << parsed.error().message;
            EXPECT_EQ(parsed.value(), payload);
        }
        const mv::ChitPayload unitless{"00", std::nullopt, info.code};
        const auto parsed = mv::parseChit(mv::encodeChit(unitless));
        ASSERT_TRUE(parsed);
        EXPECT_EQ(parsed.value(), unitless);
    }
}

TEST(ChitPayload, DocumentedExamples) {
    EXPECT_EQ(mv::encodeChit({"K7", 3, "FF"}), "M1/K7/3/FF");
    EXPECT_EQ(mv::encodeChit({"K7", 36, "M"}), "M1/K7/10/M");
    EXPECT_EQ(mv::encodeChit({"K7", mv::kMaxUnitSlot, "CF"}), "M1/K7/ZZ/CF");
    EXPECT_EQ(mv::encodeChit({"K7", std::nullopt, "W"}), "M1/K7/*/W");
    // Every payload is in the QR alphanumeric set, so it costs 5.5 bits a character.
    for (char c : mv::encodeChit({"AZ", 1295, "CF"}))
        EXPECT_NE(std::string("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:").find(c), std::string::npos);
}

TEST(ChitPayload, OrderNames) {
    const muster::ChitVocabulary& md = ct::mdChits();
    ASSERT_NE(mv::orderFromName(md, "FIRST FIRE"), nullptr);
    EXPECT_EQ(mv::orderFromName(md, "FIRST FIRE")->code, "FF");
    EXPECT_EQ(mv::orderFromName(md, "change_formation")->code, "CF");
    EXPECT_EQ(mv::orderFromName(md, "Wheel")->code, "W");
    EXPECT_EQ(mv::orderFromName(md, "CF")->code, "CF");
    EXPECT_EQ(mv::orderFromName(md, "DISMOUNT")->code, "D");
    EXPECT_EQ(mv::orderFromName(md, "forced march + limber")->code, "XL");
    EXPECT_EQ(mv::orderFromName(md, "SURRENDER"), nullptr);
    EXPECT_EQ(mv::orderFromName(muster::ChitVocabulary{}, "FF"), nullptr);
}

// Without a vocabulary any well-formed code parses; with one, only its codes do.
TEST(ChitPayload, TheVocabularyDecidesWhichOrdersAreKnown) {
    EXPECT_TRUE(mv::parseChit("M1/K7/3/X"));
    const auto withMd = mv::parseChit("M1/K7/3/X", &ct::mdChits());
    ASSERT_FALSE(withMd);
    EXPECT_EQ(withMd.error().kind, mv::ChitErrorKind::UnknownOrder);
    EXPECT_NE(withMd.error().message.find("M, CF, FF, F, H, C, W"), std::string::npos)
        << withMd.error().message;
}

struct Rejection {
    const char* text;
    mv::ChitErrorKind kind;
    const char* reasonPart;
};

class ChitPayloadRejects : public testing::TestWithParam<Rejection> {};

TEST_P(ChitPayloadRejects, WithTheReason) {
    const Rejection& r = GetParam();
    const auto parsed = mv::parseChit(r.text, &ct::mdChits());
    ASSERT_FALSE(parsed) << r.text;
    EXPECT_EQ(parsed.error().kind, r.kind) << r.text << ": " << parsed.error().message;
    EXPECT_NE(parsed.error().message.find(r.reasonPart), std::string::npos) << parsed.error().message;
}

INSTANTIATE_TEST_SUITE_P(
    Foreign, ChitPayloadRejects,
    testing::Values(Rejection{"https://example.org/", mv::ChitErrorKind::Foreign, "not a Muster chit"},
                    Rejection{"4006381333931", mv::ChitErrorKind::Foreign, "not a Muster chit"},
                    Rejection{"", mv::ChitErrorKind::Foreign, "not a Muster chit"},
                    Rejection{"M", mv::ChitErrorKind::Foreign, "not a Muster chit"},
                    Rejection{"MX/K7/3/F", mv::ChitErrorKind::Foreign, "not a Muster chit"},
                    Rejection{"m1/K7/3/F", mv::ChitErrorKind::Foreign, "not a Muster chit"},
                    Rejection{"M1", mv::ChitErrorKind::Foreign, "not a Muster chit"}));

INSTANTIATE_TEST_SUITE_P(
    Malformed, ChitPayloadRejects,
    testing::Values(Rejection{"M2/K7/3/F", mv::ChitErrorKind::WrongVersion, "version 2"},
                    Rejection{"M10/K7/3/F", mv::ChitErrorKind::WrongVersion, "version 10"},
                    Rejection{"M1/K7/3", mv::ChitErrorKind::Malformed, "4 fields"},
                    Rejection{"M1/K7/3/F/", mv::ChitErrorKind::Malformed, "4 fields"},
                    Rejection{"M1/K7/3/F/X", mv::ChitErrorKind::Malformed, "4 fields"},
                    Rejection{"M1/K7/3/FFFFFFF", mv::ChitErrorKind::Malformed, "longer than"},
                    Rejection{"M1/k7/3/F", mv::ChitErrorKind::BadGame, "game tag"},
                    Rejection{"M1/K/3/F", mv::ChitErrorKind::BadGame, "game tag"},
                    Rejection{"M1/K77/3/F", mv::ChitErrorKind::BadGame, "game tag"},
                    Rejection{"M1/K7/0/F", mv::ChitErrorKind::BadUnit, "unit \"0\""},
                    Rejection{"M1/K7/03/F", mv::ChitErrorKind::BadUnit, "unit \"03\""},
                    Rejection{"M1/K7/ZZZ/F", mv::ChitErrorKind::BadUnit, "unit"},
                    Rejection{"M1/K7//F", mv::ChitErrorKind::BadUnit, "unit"},
                    Rejection{"M1/K7/a/F", mv::ChitErrorKind::BadUnit, "unit"},
                    Rejection{"M1/K7/3/X", mv::ChitErrorKind::UnknownOrder, "order \"X\""},
                    Rejection{"M1/K7/3/", mv::ChitErrorKind::UnknownOrder, "order"},
                    Rejection{"M1/K7/3/ff", mv::ChitErrorKind::UnknownOrder, "order"}));

TEST(ChitPayload, EncodeRefusesWhatCannotBeParsed) {
    EXPECT_EQ(mv::encodeChit({"k7", 1, "F"}), "");
    EXPECT_EQ(mv::encodeChit({"K7", 0, "F"}), "");
    EXPECT_EQ(mv::encodeChit({"K7", mv::kMaxUnitSlot + 1, "F"}), "");
}

TEST(ChitPayload, GameTagIsStableAndValid) {
    EXPECT_EQ(mv::gameTagFor("Palo Alto"), mv::gameTagFor("Palo Alto"));
    EXPECT_NE(mv::gameTagFor("Palo Alto"), mv::gameTagFor("Resaca"));
    EXPECT_TRUE(mv::isValidGameTag(mv::gameTagFor("")));
}

TEST(ChitPayload, BinaryGarbageGivesAPrintableReason) {
    // 10 bytes: the literal's closing NUL is part of the garbage. NOLINTNEXTLINE(bugprone-string-constructor)
    const std::string text("M1/\x01\xff/3/F", 10);
    const auto parsed = mv::parseChit(text);
    ASSERT_FALSE(parsed);
    for (char c : parsed.error().message)
        EXPECT_TRUE(c >= 0x20 && c < 0x7f);
}
