// The incomplete gamma function and chi-square p-values against published values.

#include "app/storage/DiceStats.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace muster::storage;

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
