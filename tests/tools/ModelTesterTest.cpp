// Every list model the QML binds to, checked by Qt's own QAbstractItemModelTester (Fatal) while the model
// goes through what the app does to it: a game played through GameController (answers, virtual dice, undo,
// redo, log filters, close and reopen) for the roster and the log, and a camera read corrected and struck out
// for the live dice. The tester checks rowCount/index/data/roleNames and the begin/end signal pairs of every
// change.

#include "app/ui/GameController.h"
#include "app/ui/LiveDiceModel.h"
#include "app/ui/LogModel.h"
#include "app/ui/RosterModel.h"

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

} // namespace

TEST(ModelTester, RosterAndLogThroughAGameWithUndoRedoFiltersAndReopen) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    qputenv("MUSTER_GAMES_DIR", dir.path().toUtf8());
    GameController game;
    Tester rosterTester(game.roster(), Tester::FailureReportingMode::Fatal);
    Tester logTester(game.log(), Tester::FailureReportingMode::Fatal);
    game.seedAppDice(11);
    const QVariantList players{QVariantMap{{u"name"_s, u"Ann"_s}, {u"side"_s, u"us"_s}},
                               QVariantMap{{u"name"_s, u"Bob"_s}, {u"side"_s, u"mx"_s}}};
    ASSERT_TRUE(game.startGame(u"md_small"_s, players, {}, {{u"dice"_s, u"virtual"_s}}))
        << game.lastError().toStdString();
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
