// Every list model the QML binds to, checked by Qt's own QAbstractItemModelTester (Fatal) while the model
// goes through what the app does to it: a game played through GameController (answers, virtual dice, undo,
// redo, log filters, close and reopen) for the roster and the log, and a camera read corrected and struck out
// for the live dice. The tester checks rowCount/index/data/roleNames and the begin/end signal pairs of every
// change.

#include "app/ui/GameController.h"
#include "app/ui/LiveDiceModel.h"
#include "app/ui/LogModel.h"
#include "app/ui/RosterModel.h"
#include "app/ui/SavedGames.h"

#include <gtest/gtest.h>

#include <QAbstractItemModelTester>
#include <QTemporaryDir>

using namespace Qt::StringLiterals;
using muster::app::GameController;
using Tester = QAbstractItemModelTester;

namespace {

// One step of play by the first option or a virtual throw; false when the game is over or refused the step.
bool playOneStep(GameController& game) {
    if (game.promptKind() == u"question"_s) {
        const QVariantList options = game.options();
        return !options.isEmpty() && game.answer(options.front().toMap().value(u"value"_s).toString());
    }
    if (game.promptKind() == u"dice"_s)
        return game.submitDice(game.rollVirtual(), u"virtual"_s);
    return false;
}

// md_small for Ann (us) and Bob (mx), with virtual dice.
bool startSmallGame(GameController& game) {
    const QVariantList players{QVariantMap{{u"name"_s, u"Ann"_s}, {u"side"_s, u"us"_s}},
                               QVariantMap{{u"name"_s, u"Bob"_s}, {u"side"_s, u"mx"_s}}};
    return game.startGame(u"md_small"_s, players, {}, {{u"dice"_s, u"virtual"_s}});
}

} // namespace

TEST(ModelTester, RosterAndLogThroughAGameWithUndoRedoFiltersAndReopen) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    qputenv("MUSTER_GAMES_DIR", dir.path().toUtf8());
    GameController game;
    Tester rosterTester(game.roster(), Tester::FailureReportingMode::Fatal);
    Tester logTester(game.log(), Tester::FailureReportingMode::Fatal);
    game.seedAppDice(11);
    ASSERT_TRUE(startSmallGame(game)) << game.lastError().toStdString();
    ASSERT_GT(game.roster()->rowCount(), 0);
    int steps = 0;
    for (; steps < 400 && playOneStep(game); ++steps) {
        if (steps % 9 == 8) {
            ASSERT_TRUE(game.undoLast(u"test: take it back"_s)) << game.lastError().toStdString();
            ASSERT_TRUE(game.redo()) << game.lastError().toStdString();
        }
        if (steps % 13 == 12) {
            game.log()->setTurnFilter(1);
            game.log()->setPlayerFilter(u"Bob"_s);
            game.log()->setTurnFilter(-1);
            game.log()->setPlayerFilter({});
        }
    }
    // md_small with every first option (everyone holds) ends in a draw after its last turn.
    EXPECT_EQ(game.promptKind(), u"gameover"_s)
        << "stopped at " << game.headline().toStdString() << ": " << game.lastError().toStdString();
    EXPECT_GE(steps, 40);
    // Undo at the end of the game reopens its last prompt; redo ends it again.
    ASSERT_TRUE(game.undoLast(u"test: the last one again"_s)) << game.lastError().toStdString();
    ASSERT_TRUE(game.redo()) << game.lastError().toStdString();
    EXPECT_GE(game.log()->rowCount(), steps);
    const QString path = game.gamePath();
    game.closeGame();
    EXPECT_EQ(game.log()->rowCount(), 0);
    ASSERT_TRUE(game.openGame(path)) << game.lastError().toStdString();
    EXPECT_GE(game.log()->rowCount(), steps);
    game.closeGame();
}

// Every unit on first fire, so the fire phases ask for dice: the fairness rows come and go with the game.
TEST(ModelTester, FairnessThroughAGameWithDiceUndoAndClose) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    qputenv("MUSTER_GAMES_DIR", dir.path().toUtf8());
    GameController game;
    Tester tester(game.fairness(), Tester::FailureReportingMode::Fatal);
    game.seedAppDice(5);
    ASSERT_TRUE(startSmallGame(game)) << game.lastError().toStdString();
    EXPECT_EQ(game.fairness()->rowCount(), 0);
    int throws = 0;
    for (int step = 0; step < 400 && throws < 6; ++step) {
        if (game.promptKind() == u"dice"_s) {
            ASSERT_TRUE(game.submitDice(game.rollVirtual(), u"virtual"_s)) << game.lastError().toStdString();
            if (++throws == 3) {
                ASSERT_TRUE(game.undoLast(u"test: take it back"_s)) << game.lastError().toStdString();
                ASSERT_TRUE(game.redo()) << game.lastError().toStdString();
            }
            continue;
        }
        ASSERT_EQ(game.promptKind(), u"question"_s);
        QString wanted = game.options().front().toMap().value(u"value"_s).toString();
        for (const QVariant& o : game.options())
            if (o.toMap().value(u"value"_s).toString() == u"first_fire"_s)
                wanted = u"first_fire"_s;
        ASSERT_TRUE(game.answer(wanted)) << game.lastError().toStdString();
    }
    ASSERT_EQ(throws, 6);
    const muster::app::FairnessModel& fairness = *game.fairness();
    ASSERT_GT(fairness.rowCount(), 0);
    for (int r = 0; r < fairness.rowCount(); ++r) {
        const QString source = fairness.index(r).data(muster::app::FairnessModel::SourceRole).toString();
        EXPECT_TRUE(source == u"virtual"_s || source == u"app"_s) << source.toStdString();
    }
    game.closeGame();
    EXPECT_EQ(game.fairness()->rowCount(), 0);
}

// The Resume list follows the game: a game started, closed and opened again is read in each time, and the
// "last game" memory names the open game and nothing once it is closed.
TEST(ModelTester, SavedGamesFollowTheGame) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    qputenv("MUSTER_GAMES_DIR", dir.path().toUtf8());
    GameController game;
    muster::app::SavedGames saved(nullptr);
    Tester tester(&saved, Tester::FailureReportingMode::Fatal);
    EXPECT_EQ(saved.rowCount(), 0);
    saved.setGame(&game);
    EXPECT_EQ(saved.game(), &game);
    ASSERT_TRUE(startSmallGame(game)) << game.lastError().toStdString();
    ASSERT_EQ(saved.rowCount(), 1);
    const QModelIndex first = saved.index(0);
    EXPECT_EQ(first.data(muster::app::SavedGames::PathRole).toString(), game.gamePath());
    EXPECT_TRUE(first.data(muster::app::SavedGames::OkRole).toBool());
    EXPECT_EQ(first.data(muster::app::SavedGames::RuleSetRole).toString(), u"md"_s);
    EXPECT_EQ(muster::app::SavedGames::lastGame(), game.gamePath());
    ASSERT_TRUE(startSmallGame(game)) << game.lastError().toStdString();
    EXPECT_EQ(saved.count(), 2);
    const QString path = game.gamePath();
    game.closeGame();
    EXPECT_EQ(muster::app::SavedGames::lastGame(), QString());
    EXPECT_FALSE(game.resumeLast());
    ASSERT_TRUE(game.openGame(path)) << game.lastError().toStdString();
    game.closeGame();
    muster::app::SavedGames::rememberLast(path);
    ASSERT_TRUE(game.resumeLast()) << game.lastError().toStdString();
    EXPECT_EQ(game.gamePath(), path);
    EXPECT_EQ(saved.count(), 2);
    game.closeGame();
}

TEST(ModelTester, LiveDiceThroughAReadACorrectionAStrikeAndAClear) {
    muster::app::LiveDiceModel dice;
    Tester tester(&dice, Tester::FailureReportingMode::Fatal);
    muster::app::DiceReading reading;
    reading.frameWidth = 640;
    reading.frameHeight = 480;
    for (int i = 0; i < 5; ++i) {
        muster::app::DieMark m;
        m.value = i + 1;
        m.confidence = i == 2 ? 0.5f : 0.99f;
        m.unsure = i == 2;
        m.x = 0.1 + 0.15 * i;
        m.y = 0.5;
        m.side = 0.05;
        m.detection = i;
        reading.dice.push_back(m);
    }
    reading.detectionsJson = uR"({"dice":[{},{},{},{},{}]})"_s;
    dice.setReading(reading);
    EXPECT_EQ(dice.rowCount(), 5);
    EXPECT_TRUE(dice.setFace(2, 4, u"the camera read a 3"_s));
    EXPECT_TRUE(dice.setNotADie(4, u"a bead"_s));
    EXPECT_EQ(dice.count(), 4);
    dice.setReading(reading); // the next throw
    dice.clear();
    EXPECT_EQ(dice.rowCount(), 0);
}
