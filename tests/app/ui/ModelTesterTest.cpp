// Every list model the QML binds to, checked by Qt's own QAbstractItemModelTester (Fatal) while the model
// goes through what the app does to it: a game played through GameController (answers, virtual dice, undo,
// redo, log filters, close and reopen) for the roster and the log, and a camera read corrected and struck out
// for the live dice; GameController's own lists (options, recent answers, history, phases, players, units
// awaiting orders) through a played game. The tester checks rowCount/index/data/roleNames and the begin/end
// signal pairs of every change.

#include "app/ui/GameController.h"
#include "app/ui/LiveDiceModel.h"
#include "app/ui/LogModel.h"
#include "app/ui/RosterModel.h"
#include "app/ui/SavedGames.h"

#include <gtest/gtest.h>

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTemporaryDir>

#include <algorithm>
#include <memory>
#include <vector>

using namespace Qt::StringLiterals;
using muster::app::GameController;
using Tester = QAbstractItemModelTester;

namespace {

// One step of play by the first option or a virtual throw; false when the game is over or refused the step.
bool playOneStep(GameController& game) {
    if (game.promptKind() == u"question"_s) {
        const QList<QVariantMap> options = game.options()->rows();
        return !options.isEmpty() && game.answer(options.front().value(u"value"_s).toString());
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

namespace {

// Each row read through the model's roles is the row get() gives, and every role of the model is in it.
void expectRolesMatchRows(const muster::app::MapListModel& model) {
    const QHash<int, QByteArray> roles = model.roleNames();
    for (int r = 0; r < model.rowCount(); ++r) {
        const QVariantMap row = model.get(r);
        ASSERT_EQ(row.size(), roles.size()) << "row " << r;
        for (auto it = roles.begin(); it != roles.end(); ++it)
            EXPECT_EQ(model.index(r).data(it.key()), row.value(QString::fromLatin1(it.value())))
                << it.value().toStdString() << " of row " << r;
    }
    EXPECT_TRUE(model.get(model.rowCount()).isEmpty());
    EXPECT_TRUE(model.get(-1).isEmpty());
}

} // namespace

TEST(ModelTester, GameListsThroughAGameWithUndoRedoAndReopen) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    qputenv("MUSTER_GAMES_DIR", dir.path().toUtf8());
    GameController game;
    const std::vector<muster::app::MapListModel*> lists{game.options(), game.recentAnswers(), game.history(),
                                                        game.phases(), game.players()};
    std::vector<std::unique_ptr<Tester>> testers;
    for (muster::app::MapListModel* m : lists)
        testers.push_back(std::make_unique<Tester>(m, Tester::FailureReportingMode::Fatal));
    QSignalSpy playersReset(game.players(), &QAbstractItemModel::modelReset);
    QSignalSpy phasesReset(game.phases(), &QAbstractItemModel::modelReset);
    QSignalSpy playersCount(game.players(), &muster::app::MapListModel::countChanged);
    game.seedAppDice(3);
    ASSERT_TRUE(startSmallGame(game)) << game.lastError().toStdString();
    ASSERT_EQ(game.players()->count(), 2);
    EXPECT_EQ(game.players()->get(1).value(u"name"_s).toString(), u"Bob"_s);
    EXPECT_EQ(game.players()->get(1).value(u"side"_s).toString(), u"mx"_s);
    ASSERT_GT(game.phases()->count(), 0);
    EXPECT_EQ(playersReset.count(), 1);
    EXPECT_EQ(phasesReset.count(), 1);
    EXPECT_EQ(playersCount.count(), 1);
    ASSERT_EQ(game.promptKind(), u"question"_s);
    ASSERT_GT(game.options()->count(), 0);

    // A refresh that changes nothing resets no list (delegates are not made again).
    {
        QSignalSpy optionsReset(game.options(), &QAbstractItemModel::modelReset);
        game.setAutoDraw(false);
        game.setAutoDraw(true);
        EXPECT_EQ(optionsReset.count(), 0);
    }

    bool sawHistory = false, sawRecent = false;
    int steps = 0;
    // Orders of first fire, so fire is resolved and the history has lines.
    for (; steps < 120 && game.promptKind() != u"gameover"_s; ++steps) {
        bool ok = false;
        if (game.promptKind() == u"dice"_s) {
            ok = game.submitDice(game.rollVirtual(), u"virtual"_s);
        } else {
            QString wanted = game.options()->get(0).value(u"value"_s).toString();
            for (const QVariantMap& o : game.options()->rows())
                if (o.value(u"value"_s).toString() == u"first_fire"_s)
                    wanted = u"first_fire"_s;
            ok = game.answer(wanted);
        }
        ASSERT_TRUE(ok) << game.lastError().toStdString();
        if (steps % 7 == 6) {
            ASSERT_TRUE(game.undoLast(u"test: take it back"_s)) << game.lastError().toStdString();
            ASSERT_TRUE(game.redo()) << game.lastError().toStdString();
        }
        EXPECT_LE(game.recentAnswers()->count(), 3);
        EXPECT_EQ(game.options()->count() > 0, game.promptKind() == u"question"_s);
        sawHistory = sawHistory || game.history()->count() > 0;
        sawRecent = sawRecent || game.recentAnswers()->count() > 0;
        for (const muster::app::MapListModel* m : lists)
            expectRolesMatchRows(*m);
    }
    EXPECT_GE(steps, 40);
    EXPECT_TRUE(sawHistory);
    EXPECT_TRUE(sawRecent);
    // The players and the sequence of play do not change in a game: never reset while it is played.
    EXPECT_EQ(playersReset.count(), 1);
    EXPECT_EQ(phasesReset.count(), 1);

    const QString path = game.gamePath();
    game.closeGame();
    for (const muster::app::MapListModel* m : lists)
        EXPECT_EQ(m->count(), 0);
    EXPECT_EQ(playersCount.count(), 2);
    ASSERT_TRUE(game.openGame(path)) << game.lastError().toStdString();
    EXPECT_EQ(game.players()->count(), 2);
    EXPECT_GT(game.phases()->count(), 0);
    for (const muster::app::MapListModel* m : lists)
        expectRolesMatchRows(*m);
    game.closeGame();
}

// The units awaiting orders through md_small's first orders phase: every unit of the roster at first, in
// roster order; each order given takes exactly that unit out, an undo puts it back, and none are left once
// the phase is over. A refresh that leaves them as they were does not reset the model.
TEST(ModelTester, AwaitingOrdersThroughTheOrdersPhase) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    qputenv("MUSTER_GAMES_DIR", dir.path().toUtf8());
    GameController game;
    muster::app::AwaitingOrdersModel* awaiting = game.awaitingOrders();
    Tester tester(awaiting, Tester::FailureReportingMode::Fatal);
    EXPECT_EQ(awaiting->count(), 0);
    ASSERT_TRUE(startSmallGame(game)) << game.lastError().toStdString();
    ASSERT_EQ(game.promptTag(), u"order"_s);
    QList<QVariantMap> expected;
    for (const muster::rules::RosterRow& row : game.rosterView().rows)
        expected << QVariantMap{{u"unitId"_s, QString::fromStdString(row.id)},
                                {u"name"_s, QString::fromStdString(row.name)}};
    ASSERT_GT(expected.size(), 2);
    EXPECT_EQ(awaiting->rows(), expected);
    expectRolesMatchRows(*awaiting);
    {
        QSignalSpy resets(awaiting, &QAbstractItemModel::modelReset);
        game.setAutoDraw(false);
        game.setAutoDraw(true);
        EXPECT_EQ(resets.count(), 0);
    }

    const QList<QVariantMap> everyUnit = expected;
    const int firstTurn = game.turn();
    bool undone = false;
    while (game.promptTag() == u"order"_s && game.turn() == firstTurn) {
        const QString key = game.promptKey();
        ASSERT_TRUE(key.endsWith(u".order"_s)) << key.toStdString();
        const QString unit = key.chopped(6);
        const auto at = std::find_if(expected.begin(), expected.end(),
                                     [&](const QVariantMap& r) { return r.value(u"unitId"_s) == unit; });
        ASSERT_NE(at, expected.end()) << unit.toStdString() << " is asked for but not awaited";
        const QList<QVariantMap> before = expected;
        expected.erase(at);
        ASSERT_TRUE(game.answer(game.options()->get(0).value(u"value"_s).toString()))
            << game.lastError().toStdString();
        if (game.turn() != firstTurn)
            break;
        EXPECT_EQ(awaiting->rows(), expected) << "after " << unit.toStdString();
        if (!undone) {
            undone = true;
            ASSERT_TRUE(game.undoLast(u"test: take it back"_s)) << game.lastError().toStdString();
            EXPECT_EQ(awaiting->rows(), before);
            ASSERT_TRUE(game.redo()) << game.lastError().toStdString();
            EXPECT_EQ(awaiting->rows(), expected);
        }
        expectRolesMatchRows(*awaiting);
    }
    EXPECT_TRUE(undone);
    EXPECT_TRUE(expected.isEmpty());
    // Everyone holds, so nothing else is asked and the next turn's orders phase awaits every unit again.
    ASSERT_EQ(game.turn(), firstTurn + 1);
    EXPECT_EQ(awaiting->rows(), everyUnit);
    for (int steps = 0; steps < 400 && playOneStep(game);)
        ++steps;
    ASSERT_EQ(game.promptKind(), u"gameover"_s) << game.lastError().toStdString();
    EXPECT_EQ(awaiting->count(), 0) << "outside the orders phase";
    game.closeGame();
    EXPECT_EQ(awaiting->count(), 0);
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
        QString wanted = game.options()->get(0).value(u"value"_s).toString();
        for (const QVariantMap& o : game.options()->rows())
            if (o.value(u"value"_s).toString() == u"first_fire"_s)
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
