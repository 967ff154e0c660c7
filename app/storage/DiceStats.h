#pragma once

// Dice fairness: face counts and Pearson's chi-square against a fair die, with its p-value from the
// regularised incomplete gamma function (written here; no maths dependency).

#include <cstdint>
#include <string>
#include <vector>

namespace muster::storage {

// P(a, x) and Q(a, x) = 1 - P(a, x), the regularised lower and upper incomplete gamma functions, for a > 0, x
// >= 0.
double regularisedGammaP(double a, double x);
double regularisedGammaQ(double a, double x);

// Upper-tail probability of the chi-square distribution with df degrees of freedom.
double chiSquarePValue(double chiSquare, int degreesOfFreedom);

// The most sides a tally counts (a d1000 is already a curiosity): sides come from files, and a tally holds
// one count per face.
constexpr int kMaxDiceSides = 1000;

// The faces one player's dice of one kind (sides) have shown.
struct DiceTally {
    std::string player;
    int sides = 6;
    std::vector<std::int64_t> counts; // counts[f - 1] = how often face f came up
    std::int64_t total() const;
    // Pearson's statistic against the uniform expectation total/sides per face.
    double chiSquare() const;
    int degreesOfFreedom() const { return sides - 1; }
    double pValue() const { return chiSquarePValue(chiSquare(), degreesOfFreedom()); }
    void add(int face); // faces outside 1..sides are ignored, and every face when sides > kMaxDiceSides
};

} // namespace muster::storage
