#include "rules/mf/Tables.h"

namespace muster::rules::mf {

using hex::Arm;

int allowance(Arm arm) {
    switch (arm) {
    case Arm::Infantry:
        return 2; // MF-MOVE-01
    case Arm::Cavalry:
        return 5;
    case Arm::Artillery:
        return 3;
    default:
        return 0;
    }
}

int maxRange(Arm arm) {
    switch (arm) {
    case Arm::Artillery:
        return 5; // MF-FIRE-03
    case Arm::Infantry:
    case Arm::Cavalry:
        return 2;
    default:
        return 0;
    }
}

int firepowerPer(Arm arm, int range) {
    if (range < 1)
        return 0;
    switch (arm) {
    case Arm::Artillery:
        return range <= 5 ? 20 : 0; // MF-FIRE-03
    case Arm::Infantry:
        return range <= 2 ? 2 : 0;
    case Arm::Cavalry:
        return range == 1 ? 3 : range == 2 ? 1 : 0;
    default:
        return 0;
    }
}

int roundHalves(int halves, Rounding rounding) {
    switch (rounding) {
    case Rounding::Floor:
        return halves - halves % 2;
    case Rounding::Ceil:
        return halves + halves % 2;
    case Rounding::Exact:
        return halves; // a .5 is kept and compared with the bands as it is
    }
    return halves;
}

int halve(int halves, Rounding rounding) {
    return roundHalves(halves / 2, rounding);
}

int band(int halves) {
    // MF-FIRE-05 bands over whole firepower 1-20, 21-60, 61-100, 101+ (AMB-MF-01: "> 20" read as 1-20).
    if (halves <= 0)
        return -1;
    if (halves <= 40)
        return 0;
    if (halves <= 120)
        return 1;
    if (halves <= 200)
        return 2;
    return 3;
}

std::string bandLabel(int b) {
    static const char* const kLabels[] = {"1-20", "21-60", "61-100", "101+"};
    return b >= 0 && b < 4 ? kLabels[b] : "none";
}

int casualties(int b, int face) {
    // MF-FIRE-05, one row per band, d6 faces 1..6.
    static const int kTable[4][6] = {
        {0, 0, 0, 1, 2, 3}, {0, 1, 2, 3, 5, 7}, {0, 1, 3, 5, 8, 14}, {1, 3, 5, 7, 11, 21}};
    if (b < 0 || b > 3 || face < 1 || face > 6)
        return 0;
    return kTable[b][face - 1];
}

} // namespace muster::rules::mf
