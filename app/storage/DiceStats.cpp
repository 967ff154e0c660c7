#include "app/storage/DiceStats.h"

#include <cmath>
#include <cstdio>
#include <limits>

namespace muster::storage {

namespace {

constexpr int kMaxIterations = 500;
constexpr double kEpsilon = 1e-15;

// Series expansion, converges quickly for x < a + 1 (Numerical Recipes 6.2.5 in form; code our own).
double gammaPSeries(double a, double x) {
    double term = 1.0 / a;
    double sum = term;
    for (int n = 1; n < kMaxIterations; ++n) {
        term *= x / (a + n);
        sum += term;
        if (std::fabs(term) < std::fabs(sum) * kEpsilon)
            break;
    }
    return sum * std::exp(-x + a * std::log(x) - std::lgamma(a));
}

// Continued fraction for Q, evaluated with the modified Lentz method; converges for x >= a + 1.
double gammaQContinuedFraction(double a, double x) {
    const double tiny = std::numeric_limits<double>::min() / kEpsilon;
    double b = x + 1.0 - a;
    double c = 1.0 / tiny;
    double d = 1.0 / b;
    double h = d;
    for (int i = 1; i < kMaxIterations; ++i) {
        const double an = -i * (i - a);
        b += 2.0;
        d = an * d + b;
        if (std::fabs(d) < tiny)
            d = tiny;
        c = b + an / c;
        if (std::fabs(c) < tiny)
            c = tiny;
        d = 1.0 / d;
        const double delta = d * c;
        h *= delta;
        if (std::fabs(delta - 1.0) < kEpsilon)
            break;
    }
    return std::exp(-x + a * std::log(x) - std::lgamma(a)) * h;
}

} // namespace

double regularisedGammaP(double a, double x) {
    if (!(a > 0.0) || x < 0.0 || std::isnan(x))
        return std::numeric_limits<double>::quiet_NaN();
    if (x == 0.0)
        return 0.0;
    return x < a + 1.0 ? gammaPSeries(a, x) : 1.0 - gammaQContinuedFraction(a, x);
}

double regularisedGammaQ(double a, double x) {
    if (!(a > 0.0) || x < 0.0 || std::isnan(x))
        return std::numeric_limits<double>::quiet_NaN();
    if (x == 0.0)
        return 1.0;
    return x < a + 1.0 ? 1.0 - gammaPSeries(a, x) : gammaQContinuedFraction(a, x);
}

double chiSquarePValue(double chiSquare, int degreesOfFreedom) {
    if (degreesOfFreedom <= 0)
        return std::numeric_limits<double>::quiet_NaN();
    return regularisedGammaQ(degreesOfFreedom / 2.0, chiSquare / 2.0);
}

std::int64_t DiceTally::total() const {
    std::int64_t n = 0;
    for (std::int64_t c : counts)
        n += c;
    return n;
}

double DiceTally::chiSquare() const {
    const std::int64_t n = total();
    if (n == 0 || sides < 2)
        return 0.0;
    const double expected = static_cast<double>(n) / sides;
    double chi = 0.0;
    for (std::int64_t c : counts)
        chi += (c - expected) * (c - expected) / expected;
    return chi;
}

void DiceTally::add(int face) {
    if (sides > kMaxDiceSides)
        return;
    if (counts.size() != static_cast<std::size_t>(sides))
        counts.resize(static_cast<std::size_t>(sides > 0 ? sides : 0), 0);
    if (face >= 1 && face <= sides)
        ++counts[static_cast<std::size_t>(face - 1)];
}

bool DiceTally::testable() const {
    return sides >= 2 && sides <= kMaxDiceSides && total() >= neededForTest();
}

int DiceTally::mostFrequentFace() const {
    int best = 0;
    for (std::size_t i = 0; i < counts.size(); ++i)
        if (counts[i] > 0 && (best == 0 || counts[i] > counts[static_cast<std::size_t>(best - 1)]))
            best = static_cast<int>(i) + 1;
    return best;
}

std::string pValueText(double p) {
    if (std::isnan(p))
        return "-";
    if (p < 0.0001)
        return "< 0.0001";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2g", p);
    return buf;
}

std::string fairnessVerdict(const DiceTally& tally) {
    if (!tally.testable())
        return std::to_string(tally.total()) + (tally.total() == 1 ? " die" : " dice") +
               ": too few to test (needs " + std::to_string(tally.neededForTest()) + ")";
    const double p = tally.pValue();
    const std::string said = p < 0.0001 ? "p " + pValueText(p) : "p = " + pValueText(p);
    if (p < kUnlikelyP)
        return said + ": these dice favour " + std::to_string(tally.mostFrequentFace());
    return said + ": no sign of bias";
}

std::string fairnessTitle(const DiceTally& tally) {
    const std::string dice = std::to_string(tally.total()) + (tally.total() == 1 ? " die" : " dice");
    if (tally.source == DiceSource::App)
        return "Muster's own draws, d" + std::to_string(tally.sides) + ": " + dice;
    return tally.player + ", d" + std::to_string(tally.sides) + ", " + std::string(toString(tally.source)) +
           ": " + dice;
}

} // namespace muster::storage
