// The calibration kept with a game (GameController::attachCalibration): only a payload whose profile the
// calibration module accepts is attached, and a resumed game brings back the latest one attached.

#include "app/ui/GameController.h"
#include "calibration/CalibrationProfile.h"
#include "tests/common/TrayFixture.h"

#include <gtest/gtest.h>

#include <QSignalSpy>

using namespace Qt::StringLiterals;
using muster::app::GameController;
namespace mc = muster::calibration;

namespace {

mc::CalibrationProfile profileNamed(const std::string& name, float dieSizePx) {
    return mc::makeProfile(name, mc::test::straightDownTray({640, 480}, 2.0, {300, 220}, dieSizePx));
}

QString payloadOf(const mc::CalibrationProfile& profile) {
    return QString::fromStdString(profile.toGamePayload());
}

QVariantList twoPlayers() {
    return {QVariantMap{{u"name"_s, u"Ann"_s}, {u"side"_s, u"us"_s}},
            QVariantMap{{u"name"_s, u"Beto"_s}, {u"side"_s, u"mx"_s}}};
}

} // namespace

TEST(GameCalibration, OnlyAValidProfileIsAttached) {
    GameController game;
    EXPECT_FALSE(game.attachCalibration(payloadOf(profileNamed("club", 32))));
    EXPECT_TRUE(game.lastError().contains(u"No game"_s)) << qPrintable(game.lastError());
    ASSERT_TRUE(game.startGame(u"md_small"_s, twoPlayers(), {}, {{u"dice"_s, u"virtual"_s}}))
        << qPrintable(game.lastError());
    QSignalSpy changed(&game, &GameController::calibrationChanged);

    EXPECT_FALSE(game.attachCalibration(u"{\"name\": \"club\"}"_s));
    EXPECT_EQ(
        game.lastError(),
        u"The calibration cannot be attached: the calibration payload carries no calibration profile."_s);
    // A payload with a profile text that is not a valid profile is refused too (it used to be kept).
    EXPECT_FALSE(game.attachCalibration(u"{\"profile\": \"{}\"}"_s));
    EXPECT_EQ(game.lastError(),
              u"The calibration cannot be attached: the calibration payload's profile: this "
              u"is not a Muster calibration profile."_s);
    mc::CalibrationProfile bad = profileNamed("club", 32);
    bad.tray.dieSizePx = 0;
    EXPECT_FALSE(game.attachCalibration(payloadOf(bad)));
    EXPECT_TRUE(game.lastError().contains(u"die size"_s)) << qPrintable(game.lastError());
    EXPECT_TRUE(game.calibrationPayload().isEmpty());
    EXPECT_EQ(changed.count(), 0);

    ASSERT_TRUE(game.attachCalibration(payloadOf(profileNamed("club", 32)))) << qPrintable(game.lastError());
    EXPECT_EQ(game.calibrationPayload(), payloadOf(profileNamed("club", 32)));
    EXPECT_EQ(changed.count(), 1);
}

// Resuming finds the latest calibration event with one query (Journal::latestOfKind) after the replay.
TEST(GameCalibration, AResumedGameBringsBackTheLatestCalibration) {
    QString path;
    {
        GameController game;
        ASSERT_TRUE(game.startGame(u"md_small"_s, twoPlayers(), {}, {{u"dice"_s, u"virtual"_s}}))
            << qPrintable(game.lastError());
        path = game.gamePath();
        ASSERT_TRUE(game.attachCalibration(payloadOf(profileNamed("first", 30))));
        ASSERT_TRUE(game.attachCalibration(payloadOf(profileNamed("second", 34))));
        game.closeGame();
        EXPECT_TRUE(game.calibrationPayload().isEmpty());
    }
    GameController resumed;
    ASSERT_TRUE(resumed.openGame(path)) << qPrintable(resumed.lastError());
    EXPECT_EQ(resumed.calibrationPayload(), payloadOf(profileNamed("second", 34)));
    const auto profile = mc::CalibrationProfile::fromGamePayload(resumed.calibrationPayload().toStdString());
    ASSERT_TRUE(profile) << profile.error().message;
    EXPECT_EQ(profile->name, "second");

    GameController fresh;
    ASSERT_TRUE(fresh.startGame(u"md_small"_s, twoPlayers(), {}, {{u"dice"_s, u"virtual"_s}}));
    const QString freshPath = fresh.gamePath();
    fresh.closeGame();
    ASSERT_TRUE(fresh.openGame(freshPath));
    EXPECT_TRUE(fresh.calibrationPayload().isEmpty()) << "a game without calibration has none";
}
