#include "rules/hex/Tenths.h"

namespace muster::rules::hex {

FractionTest fractionTest(int tenths, FractionRule rule) {
    FractionTest t;
    if (tenths <= 0)
        return t;
    t.automatic = tenths / 10;
    int r = tenths % 10;
    switch (rule) {
    case FractionRule::RoundHalfUpThenD10:
        if (r >= 5) {
            ++t.automatic;
            r = 0;
        }
        break;
    case FractionRule::TakeHalfThenD10Rest:
        if (r >= 5) {
            ++t.automatic;
            r -= 5;
        }
        break;
    case FractionRule::D10LeTenths:
        break;
    case FractionRule::D10GtTenMinusTenths:
        t.high = true;
        break;
    }
    t.left = r;
    return t;
}

bool d10Succeeds(const FractionTest& test, int face) {
    if (test.left <= 0)
        return false;
    return test.high ? face > 10 - test.left : face <= test.left;
}

std::string successWords(const FractionTest& test) {
    if (test.left <= 0)
        return "no die";
    if (test.high)
        return "a casualty on " + std::to_string(11 - test.left) + (test.left > 1 ? "-10" : "");
    return "a casualty on 1" + (test.left > 1 ? "-" + std::to_string(test.left) : std::string());
}

std::string tenthsText(int tenths) {
    return std::to_string(tenths / 10) + "." + std::to_string(tenths % 10);
}

std::optional<int> settle(Feed& feed, const FractionTest& test, DiceRequest request) {
    if (test.left <= 0)
        return test.automatic;
    request.count = 1;
    request.sides = 10;
    auto faces = feed.roll(request);
    if (!faces)
        return std::nullopt;
    const int face = faces->front();
    const bool hit = d10Succeeds(test, face);
    feed.note("d10 " + std::to_string(face) + ": " + (hit ? "one more casualty" : "no more"));
    return test.automatic + (hit ? 1 : 0);
}

} // namespace muster::rules::hex
