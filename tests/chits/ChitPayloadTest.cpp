// The chit payload codec: every order and slot round-trips, and each way of being wrong has its reason.

#include "vision/chits/ChitPayload.h"

#include <gtest/gtest.h>

namespace mv = muster::vision;

TEST(ChitPayload, EveryOrderAndSlotRoundTrips) {
    for (const mv::MdOrderInfo& info : mv::mdOrders()) {
        for (int slot = 1; slot <= mv::kMaxUnitSlot; ++slot) {
            const mv::ChitPayload payload{"K7", slot, info.order};
            const std::string text = mv::encodeChit(payload);
            ASSERT_FALSE(text.empty());
            ASSERT_LE(text.size(), mv::kMaxPayloadLength) << text;
            const auto parsed = mv::parseChit(text);
            ASSERT_TRUE(parsed) << text << ": " << parsed.error().message;
            EXPECT_EQ(parsed.value(), payload);
        }
        const mv::ChitPayload unitless{"00", std::nullopt, info.order};
        const auto parsed = mv::parseChit(mv::encodeChit(unitless));
        ASSERT_TRUE(parsed);
        EXPECT_EQ(parsed.value(), unitless);
    }
}

TEST(ChitPayload, DocumentedExamples) {
    EXPECT_EQ(mv::encodeChit({"K7", 3, mv::MdOrder::FirstFire}), "M1/K7/3/FF");
    EXPECT_EQ(mv::encodeChit({"K7", 36, mv::MdOrder::Move}), "M1/K7/10/M");
    EXPECT_EQ(mv::encodeChit({"K7", mv::kMaxUnitSlot, mv::MdOrder::ChangeFormation}), "M1/K7/ZZ/CF");
    EXPECT_EQ(mv::encodeChit({"K7", std::nullopt, mv::MdOrder::Wheel}), "M1/K7/*/W");
    // Every payload is in the QR alphanumeric set, so it costs 5.5 bits a character.
    for (char c : mv::encodeChit({"AZ", 1295, mv::MdOrder::ChangeFormation}))
        EXPECT_NE(std::string("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:").find(c), std::string::npos);
}

TEST(ChitPayload, OrderColoursFollowMdOrd02) {
    using O = mv::MdOrder;
    EXPECT_EQ(mv::orderInfo(O::Move).rgb[1], 150);                                            // green
    EXPECT_EQ(mv::orderInfo(O::ChangeFormation).rgb, (std::array<std::uint8_t, 3>{0, 0, 0})); // black
    EXPECT_GT(mv::orderInfo(O::FirstFire).rgb[0], 200);                                       // yellow
    EXPECT_GT(mv::orderInfo(O::Fire).rgb[2], 150);                                            // blue
    EXPECT_TRUE(mv::orderInfo(O::Hold).blank);                                                // blank
    EXPECT_GT(mv::orderInfo(O::Charge).rgb[0], 200);                                          // red
    EXPECT_GT(mv::orderInfo(O::Wheel).rgb[0], mv::orderInfo(O::Wheel).rgb[2]);                // gold
    for (const auto& info : mv::mdOrders())
        EXPECT_EQ(info.blank, info.order == O::Hold);
}

TEST(ChitPayload, OrderNames) {
    EXPECT_EQ(mv::orderFromName("FIRST FIRE"), mv::MdOrder::FirstFire);
    EXPECT_EQ(mv::orderFromName("change_formation"), mv::MdOrder::ChangeFormation);
    EXPECT_EQ(mv::orderFromName("Wheel"), mv::MdOrder::Wheel);
    EXPECT_EQ(mv::orderFromName("CF"), mv::MdOrder::ChangeFormation);
    EXPECT_FALSE(mv::orderFromName("DISMOUNT"));
}

struct Rejection {
    const char* text;
    mv::ChitErrorKind kind;
    const char* reasonPart;
};

class ChitPayloadRejects : public testing::TestWithParam<Rejection> {};

TEST_P(ChitPayloadRejects, WithTheReason) {
    const Rejection& r = GetParam();
    const auto parsed = mv::parseChit(r.text);
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
    EXPECT_EQ(mv::encodeChit({"k7", 1, mv::MdOrder::Fire}), "");
    EXPECT_EQ(mv::encodeChit({"K7", 0, mv::MdOrder::Fire}), "");
    EXPECT_EQ(mv::encodeChit({"K7", mv::kMaxUnitSlot + 1, mv::MdOrder::Fire}), "");
}

TEST(ChitPayload, GameTagIsStableAndValid) {
    EXPECT_EQ(mv::gameTagFor("Palo Alto"), mv::gameTagFor("Palo Alto"));
    EXPECT_NE(mv::gameTagFor("Palo Alto"), mv::gameTagFor("Resaca"));
    EXPECT_TRUE(mv::isValidGameTag(mv::gameTagFor("")));
}

TEST(ChitPayload, BinaryGarbageGivesAPrintableReason) {
    const std::string text("M1/\x01\xff/3/F", 10);
    const auto parsed = mv::parseChit(text);
    ASSERT_FALSE(parsed);
    for (char c : parsed.error().message)
        EXPECT_TRUE(c >= 0x20 && c < 0x7f);
}
