// The accept gate of a camera throw, in the order the page meets its reasons; and the owners' notice.

#include "app/camera/AcceptGate.h"

#include <gtest/gtest.h>

using muster::camera::acceptBlockedReason;
using muster::camera::AcceptQuestion;
using muster::camera::ownerNotice;

namespace {

// A throw that may be accepted: 3d6 asked, 3 dice read, all sure.
AcceptQuestion acceptable() {
    AcceptQuestion q;
    q.gameOpen = true;
    q.askedCount = 3;
    q.askedSides = 6;
    q.live = true;
    q.hasReading = true;
    q.seen = 3;
    return q;
}

} // namespace

TEST(AcceptGate, AcceptsTheAskedCountWithNothingUnsure) {
    EXPECT_EQ(acceptBlockedReason(acceptable()), "");
}

TEST(AcceptGate, NoGameOrNoRequest) {
    AcceptQuestion q = acceptable();
    q.gameOpen = false;
    EXPECT_EQ(acceptBlockedReason(q), "No game is open.");
    q = acceptable();
    q.askedCount = 0;
    EXPECT_EQ(acceptBlockedReason(q), "The game is not asking for dice now.");
}

TEST(AcceptGate, TheCameraReadsD6Only) {
    AcceptQuestion q = acceptable();
    q.askedSides = 10;
    EXPECT_EQ(acceptBlockedReason(q), "The camera reads d6 only: type the d10 on the keypad.");
}

TEST(AcceptGate, AMovedCameraBlocksEvenAGoodRead) {
    AcceptQuestion q = acceptable();
    q.cameraMoved = true;
    EXPECT_EQ(acceptBlockedReason(q),
              "The camera moved since it was calibrated: recalibrate in Settings, or type the dice.");
}

TEST(AcceptGate, NoReadingYet) {
    AcceptQuestion q = acceptable();
    q.hasReading = false;
    EXPECT_EQ(acceptBlockedReason(q), "Throw the dice and let them settle.");
    q.live = false;
    EXPECT_EQ(acceptBlockedReason(q), "No camera reading: type the dice.");
}

TEST(AcceptGate, TheCountMustMatch) {
    AcceptQuestion q = acceptable();
    q.seen = 4;
    EXPECT_EQ(acceptBlockedReason(q),
              "Asked for 3, see 4: tap anything that is not a die to strike it out, or Reroll.");
    q.seen = 2;
    EXPECT_EQ(acceptBlockedReason(q), "Asked for 3, see 2: spread the dice so each shows, or Reroll.");
    q.seen = 2;
    q.unresolved = 1;
    EXPECT_NE(acceptBlockedReason(q).find("see 2"), std::string::npos)
        << "the count is said before the doubt";
}

TEST(AcceptGate, UnsureDiceWaitForAPerson) {
    AcceptQuestion q = acceptable();
    q.unresolved = 1;
    EXPECT_EQ(acceptBlockedReason(q), "1 unsure die: tap it to confirm or correct it.");
    q.unresolved = 2;
    EXPECT_EQ(acceptBlockedReason(q), "2 unsure dice: tap each to confirm or correct it.");
}

TEST(AcceptGate, OwnerNoticeSaysWhatTheColoursTell) {
    EXPECT_EQ(ownerNotice(false, 2, {"Bob"}, "Ann"), "") << "without dice sets, nothing";
    EXPECT_EQ(ownerNotice(true, 0, {"Ann"}, "Ann"), "");
    EXPECT_EQ(ownerNotice(true, 1, {}, ""), "1 die of a colour nobody owns: whose?");
    EXPECT_EQ(ownerNotice(true, 3, {"Ann"}, "Ann"), "3 dice of a colour nobody owns: whose?");
    EXPECT_EQ(ownerNotice(true, 0, {"Ann", "Bob", "Cy"}, "Ann"),
              "These look like Bob and Cy's dice, but the game asks Ann to roll.");
    EXPECT_EQ(
        ownerNotice(true, 1, {"Bob"}, "Ann"),
        "1 die of a colour nobody owns: whose? These look like Bob's dice, but the game asks Ann to roll.");
    EXPECT_EQ(ownerNotice(true, 0, {"Bob"}, ""), "") << "nobody asked to roll: nobody else's dice";
}
