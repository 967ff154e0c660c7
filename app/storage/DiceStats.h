#pragma once

// Dice fairness: face counts and Pearson's chi-square against a fair die, with its p-value from the
// regularised incomplete gamma function (written here; no maths dependency).

#include "common/DiceSource.h"

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

// Pearson's chi-square is trusted when every face's expected count is at least this.
constexpr int kMinExpectedPerFace = 5;

// The faces one player's dice of one kind (sides), made one way (source), have shown.
struct DiceTally {
    std::string player;
    int sides = 6;
    std::vector<std::int64_t> counts; // counts[f - 1] = how often face f came up
    // Camera, typed and virtual dice are kept apart: a bias of the reader or a habit at the keypad is not
    // the dice's.
    DiceSource source = DiceSource::None;
    std::int64_t total() const;
    // Pearson's statistic against the uniform expectation total/sides per face.
    double chiSquare() const;
    int degreesOfFreedom() const { return sides - 1; }
    double pValue() const { return chiSquarePValue(chiSquare(), degreesOfFreedom()); }
    void add(int face); // faces outside 1..sides are ignored, and every face when sides > kMaxDiceSides
    // Enough dice for the chi-square to mean something: total >= kMinExpectedPerFace x sides.
    bool testable() const;
    int neededForTest() const { return kMinExpectedPerFace * sides; }
    // The face that came up most often (the lowest of equals); 0 with no dice.
    int mostFrequentFace() const;
};

// What a tally says, in words: "12 dice: too few to test (needs 30)", "p = 0.41: no sign of bias" or
// "p = 0.003: these dice favour 6" (p below kUnlikelyP).
constexpr double kUnlikelyP = 0.01;
std::string fairnessVerdict(const DiceTally& tally);
// "Alice, d6, typed: 84 dice"; Muster's own draws said as such ("Muster's own draws, d6: 5 dice"), not as a
// player's dice.
std::string fairnessTitle(const DiceTally& tally);
// p to two significant figures ("0.41", "0.0031"), "< 0.0001" below that.
std::string pValueText(double p);

} // namespace muster::storage
