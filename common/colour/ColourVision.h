#pragma once

// Side colours as colour-blind players see them. A colour is simulated for the three dichromacies
// (Machado, Oliveira and Fernandes 2009, severity 1, applied to linear sRGB) and compared in CIELAB:
// two sides are told apart when their colours differ by at least kMinDeltaE under normal vision and under
// each simulation, and by at least kMinLightness in L* under normal vision (so they differ in lightness as
// well as hue, and survive a grey print or a dim screen).

#include "common/Result.h"

#include <array>
#include <string>
#include <vector>

namespace muster::colour {

enum class Vision { Normal, Protanopia, Deuteranopia, Tritanopia };
inline constexpr std::array<Vision, 4> kVisions = {Vision::Normal, Vision::Protanopia, Vision::Deuteranopia,
                                                   Vision::Tritanopia};
std::string toString(Vision v);

struct Rgb {
    int r = 0, g = 0, b = 0; // 0-255, sRGB
};
struct Lab {
    double l = 0, a = 0, b = 0;
};

inline constexpr double kMinDeltaE = 20.0;
inline constexpr double kMinLightness = 10.0;

// "#rrggbb" (case-insensitive); anything else is an error naming the text.
Result<Rgb> parseHex(const std::string& text);
std::string toHex(Rgb c);

// The colour as a person with `v` sees it, in sRGB.
Rgb simulate(Rgb c, Vision v);
Lab toLab(Rgb c);
double deltaE(Lab x, Lab y); // CIE76: the Euclidean distance in CIELAB

struct PairCheck {
    double worstDeltaE = 0; // the smallest difference over the four visions
    Vision worstVision = Vision::Normal;
    double lightnessDelta = 0; // |L*a - L*b| under normal vision
    bool distinct() const { return worstDeltaE >= kMinDeltaE && lightnessDelta >= kMinLightness; }
};
PairCheck checkPair(Rgb x, Rgb y);

// Every pair of `colours` ("#rrggbb"), with `names` for the message: an error saying which pair is too close
// and for whom, or the first malformed colour.
Result<void> checkSides(const std::vector<std::string>& colours, const std::vector<std::string>& names);

} // namespace muster::colour
