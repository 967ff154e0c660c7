// The calibration's hints reach the dice reader's own hint type unchanged.

#include "app/camera/VisionHints.h"

#include <gtest/gtest.h>

namespace mc = muster::calibration;

TEST(VisionHints, CopiesRegionAndDieSize) {
    const mc::ReaderHints hints{{{1, 2}, {30, 2}, {30, 40}}, 37.5f};
    const muster::vision::DiceHints out = muster::camera::toDiceHints(hints);
    EXPECT_EQ(out.trayPolygon, hints.trayPolygon);
    EXPECT_FLOAT_EQ(out.dieSizePx, 37.5f);
}
