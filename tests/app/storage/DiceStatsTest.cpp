// The incomplete gamma function and chi-square p-values against published values.

#include "app/storage/DiceStats.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace muster::storage;
using muster::DiceSource;

TEST(DiceStats, GammaPWithShapeOneIsTheExponentialCdf) {
    for (double x : {0.01, 0.5, 1.0, 2.0, 7.5, 30.0})
        EXPECT_NEAR(regularisedGammaP(1.0, x), 1.0 - std::exp(-x), 1e-13) << x;
}

TEST(DiceStats, GammaQWithShapeHalfIsErfc) {
    for (double x : {0.001, 0.3, 1.0, 1.5, 4.0, 20.0})
        EXPECT_NEAR(regularisedGammaQ(0.5, x), std::erfc(std::sqrt(x)), 1e-13) << x;
}

TEST(DiceStats, KnownValues) {
    // Abramowitz & Stegun / standard tables: P(a, x) for integer and half-integer a.
    EXPECT_NEAR(regularisedGammaP(2.0, 1.0), 1.0 - 2.0 * std::exp(-1.0), 1e-13);
    EXPECT_NEAR(regularisedGammaP(3.0, 2.0), 1.0 - std::exp(-2.0) * (1.0 + 2.0 + 2.0), 1e-13);
    EXPECT_NEAR(regularisedGammaP(10.0, 10.0), 0.54207028552814779, 1e-12);
    EXPECT_NEAR(regularisedGammaQ(5.0, 0.0), 1.0, 0.0);
    EXPECT_NEAR(regularisedGammaP(5.0, 0.0), 0.0, 0.0);
    EXPECT_TRUE(std::isnan(regularisedGammaP(0.0, 1.0)));
}

TEST(DiceStats, ChiSquareCriticalValues) {
    // Critical values from the chi-square table: the p-value at each is the column's significance level.
    EXPECT_NEAR(chiSquarePValue(3.841459, 1), 0.05, 1e-6);
    EXPECT_NEAR(chiSquarePValue(6.634897, 1), 0.01, 1e-6);
    EXPECT_NEAR(chiSquarePValue(11.070498, 5), 0.05, 1e-6);
    EXPECT_NEAR(chiSquarePValue(15.086272, 5), 0.01, 1e-6);
    EXPECT_NEAR(chiSquarePValue(20.515006, 5), 0.001, 1e-6);
    EXPECT_NEAR(chiSquarePValue(1.145476, 5), 0.95, 1e-6);
    EXPECT_NEAR(chiSquarePValue(16.918978, 9), 0.05, 1e-6);
    EXPECT_NEAR(chiSquarePValue(30.143527, 19), 0.05, 1e-6);
    EXPECT_NEAR(chiSquarePValue(0.0, 5), 1.0, 1e-15);
}

TEST(DiceStats, TallyOfAFairAndALoadedDie) {
    DiceTally fair{"Ann", 6, {}};
    for (int i = 0; i < 600; ++i)
        fair.add(1 + i % 6);
    EXPECT_EQ(fair.total(), 600);
    EXPECT_DOUBLE_EQ(fair.chiSquare(), 0.0);
    EXPECT_NEAR(fair.pValue(), 1.0, 1e-12);

    DiceTally loaded{"Miguel", 6, {}};
    for (int i = 0; i < 600; ++i)
        loaded.add(i % 4 == 0 ? 6 : 1 + i % 6);
    // counts: face 6 gets its 100 plus a quarter of the others.
    EXPECT_GT(loaded.chiSquare(), 20.0);
    EXPECT_LT(loaded.pValue(), 0.001);
    loaded.add(0);
    loaded.add(7);
    EXPECT_EQ(loaded.total(), 600); // out-of-range faces ignored
}

TEST(DiceStats, TestableOnlyWithFiveExpectedPerFace) {
    DiceTally d6{"Ann", 6, {}, DiceSource::Typed};
    EXPECT_EQ(d6.neededForTest(), 30);
    for (int i = 0; i < 29; ++i)
        d6.add(1 + i % 6);
    EXPECT_FALSE(d6.testable());
    EXPECT_EQ(fairnessVerdict(d6), "29 dice: too few to test (needs 30)");
    d6.add(6);
    EXPECT_TRUE(d6.testable());
    EXPECT_EQ(fairnessVerdict(d6), "p = 1: no sign of bias");

    DiceTally d20{"Ann", 20, {}, DiceSource::Camera};
    EXPECT_EQ(d20.neededForTest(), 100);
    d20.add(3);
    EXPECT_FALSE(d20.testable());
    EXPECT_EQ(fairnessVerdict(d20), "1 die: too few to test (needs 100)");
    EXPECT_EQ(d20.mostFrequentFace(), 3);
    EXPECT_EQ(DiceTally{}.mostFrequentFace(), 0);
    EXPECT_FALSE((DiceTally{"Ann", 1, {}}).testable()) << "a d1 has nothing to test";
}

TEST(DiceStats, VerdictSaysWhichFaceTheDiceFavour) {
    // 70 dice, 10 more 4s than the rest: chi-square 50/7 with df 5, p = 0.210.
    DiceTally some{"Ann", 6, {10, 10, 10, 20, 10, 10}};
    EXPECT_NEAR(some.chiSquare(), 50.0 / 7.0, 1e-12);
    EXPECT_EQ(fairnessVerdict(some), "p = 0.21: no sign of bias");
    // 42 dice, 17 of them 6s: chi-square 120/7, p = 0.00424.
    DiceTally loaded{"Ann", 6, {5, 5, 5, 5, 5, 17}};
    EXPECT_NEAR(loaded.chiSquare(), 120.0 / 7.0, 1e-12);
    EXPECT_EQ(fairnessVerdict(loaded), "p = 0.0042: these dice favour 6");
    EXPECT_EQ(pValueText(0.41), "0.41");
    EXPECT_EQ(pValueText(0.00003), "< 0.0001");
}

TEST(DiceStats, TitleNamesPlayerSidesSourceAndCount) {
    EXPECT_EQ(fairnessTitle({"Alice", 6, {10, 14, 15, 15, 15, 15}, DiceSource::Typed}),
              "Alice, d6, typed: 84 dice");
    EXPECT_EQ(fairnessTitle({"Bob", 20, {1}, DiceSource::Camera}), "Bob, d20, camera: 1 die");
    EXPECT_EQ(fairnessTitle({"Muster", 6, {0, 2, 3}, DiceSource::App}), "Muster's own draws, d6: 5 dice");
}
