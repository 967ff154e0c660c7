// TurnSealer with the game: the input that ends turn 1 seals it, signed by this device (the journal's last
// event is the signature), the seal stays until dismissed, and a sealer without a game seals nothing.

#include "app/ui/TurnSealer.h"

#include "PlayStep.h"
#include "app/ui/GameController.h"

#include <gtest/gtest.h>

#include <QSignalSpy>

using namespace Qt::StringLiterals;
using muster::app::GameController;
using muster::app::TurnSealer;
using muster::app::test::playOneStep;

TEST(TurnSealer, TheEndOfATurnIsSealedUntilDismissed) {
    GameController game;
    game.seedAppDice(3);
    TurnSealer idle(nullptr); // watches no game
    TurnSealer sealer(nullptr);
    sealer.setGame(&game);
    EXPECT_EQ(sealer.game(), &game);
    QSignalSpy sealed(&sealer, &TurnSealer::sealChanged);
    const QVariantList players{QVariantMap{{u"name"_s, u"Ann"_s}, {u"side"_s, u"us"_s}},
                               QVariantMap{{u"name"_s, u"Bob"_s}, {u"side"_s, u"mx"_s}}};
    ASSERT_TRUE(game.startGame(u"md_small"_s, players, {}, {{u"dice"_s, u"virtual"_s}}))
        << game.lastError().toStdString();
    int steps = 0;
    for (; steps < 400 && game.turn() == 1; ++steps) {
        ASSERT_TRUE(sealer.turnSeal().isEmpty()) << "sealed before the turn ended, step " << steps;
        ASSERT_TRUE(playOneStep(game)) << game.lastError().toStdString();
    }
    ASSERT_EQ(game.turn(), 2);
    EXPECT_EQ(sealed.count(), 1);
    const QVariantMap seal = sealer.turnSeal();
    ASSERT_FALSE(seal.isEmpty());
    EXPECT_EQ(seal.value(u"turn"_s).toInt(), 1);
    const QString fingerprint = sealer.deviceFingerprint();
    ASSERT_FALSE(fingerprint.isEmpty()) << seal.value(u"unsignedReason"_s).toString().toStdString();
    EXPECT_EQ(seal.value(u"device"_s).toString(), fingerprint);
    EXPECT_TRUE(seal.value(u"unsignedReason"_s).toString().isEmpty());
    EXPECT_EQ(seal.value(u"qrText"_s).toString(),
              u"MUSTER SEAL %1 TURN 1 EVENT %2 DEVICE %3"_s.arg(seal.value(u"seal"_s).toString())
                  .arg(seal.value(u"seq"_s).toLongLong())
                  .arg(fingerprint));
    // The signature is the journal's newest event, its seq the seal's.
    const muster::app::LogModel& log = *game.log();
    ASSERT_GT(log.rowCount(), 0);
    const QModelIndex last = log.index(log.rowCount() - 1);
    EXPECT_EQ(last.data(muster::app::LogModel::KindRole).toString(), u"signature"_s);
    EXPECT_TRUE(idle.turnSeal().isEmpty());

    sealer.dismissSeal();
    EXPECT_TRUE(sealer.turnSeal().isEmpty());
    EXPECT_EQ(sealed.count(), 2);
    sealer.dismissSeal(); // nothing left to dismiss: no signal
    EXPECT_EQ(sealed.count(), 2);
    game.closeGame();
}
