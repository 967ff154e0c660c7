#pragma once

#include "rules/core/Feed.h"

#include <optional>
#include <string>

// Chances held in integer tenths (GEN-04) and the d10 that settles what is left over (AS-FIGHT-04,
// SD-FIGHT-04).
namespace muster::rules::hex {

// How the remainder of a total in tenths becomes a casualty (AMB-AS-01, AMB-SD-01).
enum class FractionRule {
    RoundHalfUpThenD10,  // r >= 5 adds 1 with no die; 1..4 adds 1 on d10 <= r (AS default)
    TakeHalfThenD10Rest, // r >= 5 adds 1 and leaves r - 5; what is left adds 1 on d10 <= it
    D10LeTenths,         // any r adds 1 on d10 <= r (SD default)
    D10GtTenMinusTenths, // any r adds 1 on d10 > 10 - r (the same odds from the other end)
};

// What a total T comes to before the die: the automatic casualties and the test, if any.
struct FractionTest {
    int automatic = 0; // floor(T / 10), plus a rounded half where the rule says
    int left = 0;      // tenths the d10 tests; 0: no die
    bool high = false; // success on d10 > 10 - left rather than d10 <= left
};

FractionTest fractionTest(int tenths, FractionRule rule);
// True when the d10 face (1..10, the "0" face counts as 10) succeeds for the test.
bool d10Succeeds(const FractionTest& test, int face);
// "a casualty on 1-3" / "a casualty on 8-10".
std::string successWords(const FractionTest& test);
// "2.8" for 28 tenths.
std::string tenthsText(int tenths);

// Asks the feed for the d10 of `test` and returns the casualties, or nothing when the feed ran out.
std::optional<int> settle(Feed& feed, const FractionTest& test, DiceRequest request);

} // namespace muster::rules::hex
