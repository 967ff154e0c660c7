// ReplayModel: the roster after each step equals the engine fed the same inputs, undo and override are
// replayed as they stood at the time, filters work as the log's, and the game file is never written.

#include "app/ui/ReplayModel.h"

#include "GameFixture.h"
#include "rules/md/MdRuleSet.h"

#include <QAbstractItemModelTester>
#include <QCryptographicHash>
#include <QFile>

namespace mt = muster::tools::test;
using namespace Qt::StringLiterals;
using muster::app::LogModel;
using muster::app::ReplayModel;
using muster::app::RosterModel;

namespace {

QByteArray fileHash(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
}

// Each unit's strength, casualties and DLs as the roster model shows them.
std::vector<std::array<int, 3>> rosterFigures(const RosterModel& roster) {
    std::vector<std::array<int, 3>> out;
    for (int r = 0; r < roster.rowCount(); ++r) {
        const QModelIndex i = roster.index(r);
        out.push_back({roster.data(i, RosterModel::StrengthRole).toInt(),
                       roster.data(i, RosterModel::CasualtiesRole).toInt(),
                       roster.value(roster.data(i, RosterModel::UnitIdRole).toString(), u"dl"_s).toInt()});
    }
    return out;
}

std::vector<std::array<int, 3>> engineFigures(const muster::rules::Engine& engine) {
    std::vector<std::array<int, 3>> out;
    for (const auto& u : muster::rules::md::stateOf(engine)->units)
        out.push_back({u.officers + u.rf, u.casualties, u.dlRf + u.dlOfficers});
    return out;
}

} // namespace

TEST(ReplayModel, EachStepShowsTheRosterAsTheEngineHadIt) {
    QTemporaryDir dir;
    auto session = mt::startSmallGame(dir);
    // Record the engine's figures after every input, as the table saw them.
    std::vector<std::vector<std::array<int, 3>>> expected;
    while (session.engine().turnView().turn < 2 &&
           session.prompt().kind != muster::rules::PromptKind::GameOver) {
        if (mt::playScript(session, 1) != 1)
            break;
        expected.push_back(engineFigures(session.engine()));
    }
    ASSERT_GT(expected.size(), 20u);
    const QString path = QString::fromStdString(session.journal().path());

    ReplayModel replay;
    QAbstractItemModelTester stepsTester(replay.steps(),
                                         QAbstractItemModelTester::FailureReportingMode::Fatal);
    QAbstractItemModelTester rosterTester(replay.roster(),
                                          QAbstractItemModelTester::FailureReportingMode::Fatal);
    replay.setGamePath(path);
    ASSERT_TRUE(replay.error().isEmpty()) << replay.error().toStdString();
    ASSERT_EQ(replay.steps()->rowCount(), static_cast<int>(expected.size()));
    EXPECT_EQ(replay.roster()->rowCount(), 0) << "no step chosen yet";
    for (int row = 0; row < replay.steps()->rowCount(); ++row) {
        replay.setCurrentRow(row);
        ASSERT_TRUE(replay.error().isEmpty()) << replay.error().toStdString();
        EXPECT_EQ(replay.currentSeq(), row + 1);
        ASSERT_EQ(rosterFigures(*replay.roster()), expected[static_cast<size_t>(row)])
            << "after step " << row;
    }
    // The last step of turn 1 leaves the game in turn 2.
    EXPECT_TRUE(replay.stateAfter().startsWith(u"Next: Turn 2"_s)) << replay.stateAfter().toStdString();
}

TEST(ReplayModel, UndoneAndOverriddenInputsReplayAsTheyStoodThen) {
    QTemporaryDir dir;
    auto session = mt::startSmallGame(dir);
    // The first order (one that is not the default hold), then undo it and give another.
    const auto first = session.prompt();
    ASSERT_EQ(first.kind, muster::rules::PromptKind::Question);
    std::string given;
    for (const auto& o : first.question->options)
        if (given.empty() && o.value != "hold")
            given = o.value;
    ASSERT_FALSE(given.empty());
    ASSERT_TRUE(session.submit(muster::rules::Input::answer(first.key(), given, "Ann")));
    ASSERT_TRUE(session.undoLast("Ann", "wrong chit"));
    mt::playScript(session, 200);
    // Override the latest throw still in force.
    auto inputs = session.journal().effectiveInputs();
    ASSERT_TRUE(inputs);
    ASSERT_EQ(inputs->back().event.kind, "dice") << "the script ends on a throw";
    const auto thrown = muster::storage::facesOf(inputs->back().event.payloadJson);
    ASSERT_TRUE(thrown);
    const std::int64_t thrownSeq = inputs->back().event.seq;
    ASSERT_TRUE(session.overrideLast("Bob", "misread die", std::vector<int>(thrown->size(), 1)));

    ReplayModel replay;
    replay.setGamePath(QString::fromStdString(session.journal().path()));
    ASSERT_TRUE(replay.error().isEmpty()) << replay.error().toStdString();
    LogModel* steps = replay.steps();
    // Step 1 (the order later undone) is marked undone, yet the replay right after it shows it in force.
    EXPECT_TRUE(steps->data(steps->index(0), LogModel::UndoneRole).toBool());
    replay.setCurrentRow(0);
    const QString unit = QString::fromStdString(first.key().substr(0, first.key().find('.')));
    auto orderOf = [&](const QString& id) {
        for (int r = 0; r < replay.roster()->rowCount(); ++r)
            if (replay.roster()->data(replay.roster()->index(r), RosterModel::UnitIdRole).toString() == id)
                return replay.roster()->data(replay.roster()->index(r), RosterModel::OrderRole).toString();
        return QString(u"?"_s);
    };
    EXPECT_EQ(orderOf(unit), QString::fromStdString(given));
    // Step 2 is the undo: the order is gone again.
    EXPECT_EQ(steps->data(steps->index(1), LogModel::KindRole).toString(), u"undo"_s);
    replay.setCurrentRow(1);
    ASSERT_TRUE(replay.error().isEmpty()) << replay.error().toStdString();
    EXPECT_NE(orderOf(unit), QString::fromStdString(given));

    // The overridden throw is marked, and both it and the override replay.
    const int last = steps->rowCount() - 1;
    EXPECT_EQ(steps->data(steps->index(last), LogModel::KindRole).toString(), u"override"_s);
    EXPECT_EQ(steps->data(steps->index(last - 1), LogModel::SeqRole).toLongLong(), thrownSeq);
    EXPECT_TRUE(steps->data(steps->index(last - 1), LogModel::OverriddenRole).toBool());
    replay.setCurrentRow(last - 1);
    EXPECT_TRUE(replay.error().isEmpty()) << replay.error().toStdString();
    replay.setCurrentRow(last);
    EXPECT_TRUE(replay.error().isEmpty()) << replay.error().toStdString();
    EXPECT_EQ(replay.currentSeq(), thrownSeq + 1);
}

TEST(ReplayModel, FiltersAsTheLogAndNeverWritesTheGame) {
    QTemporaryDir dir;
    auto session = mt::startSmallGame(dir);
    mt::playScript(session, 400);
    ASSERT_EQ(session.engine().turnView().turn, 2);
    mt::playScript(session, 6, 3); // a few inputs of turn 2
    const QString path = QString::fromStdString(session.journal().path());
    const auto eventsBefore = session.journal().eventCount();
    const QByteArray before = fileHash(path);

    ReplayModel replay;
    replay.setGamePath(path);
    const int all = replay.steps()->rowCount();
    EXPECT_EQ(all, eventsBefore);
    replay.steps()->setTurnFilter(2);
    EXPECT_EQ(replay.steps()->rowCount(), 6);
    replay.steps()->setTurnFilter(1);
    EXPECT_EQ(replay.steps()->rowCount(), all - 6);
    replay.steps()->setUnitFilter(u"MX-GUN"_s);
    const int gun = replay.steps()->rowCount();
    EXPECT_GT(gun, 0);
    EXPECT_LT(gun, all - 6);
    for (int r = 0; r < gun; ++r)
        EXPECT_TRUE(replay.steps()
                        ->data(replay.steps()->index(r), LogModel::UnitsRole)
                        .toStringList()
                        .contains(u"MX-GUN"_s));
    for (int r = 0; r < gun; ++r)
        replay.setCurrentRow(r);
    // A filter change drops the step shown.
    replay.steps()->setUnitFilter({});
    EXPECT_EQ(replay.currentRow(), -1);
    replay.next();
    EXPECT_EQ(replay.currentRow(), 0);

    EXPECT_EQ(replay.eventCount(), eventsBefore);
    EXPECT_EQ(session.journal().eventCount(), eventsBefore);
    EXPECT_EQ(fileHash(path), before) << "replay changed the game file";
}

TEST(ReplayModel, MissingOrForeignFileIsAClearError) {
    QTemporaryDir dir;
    ReplayModel replay;
    replay.setGamePath(dir.filePath(u"nowhere.muster"_s));
    EXPECT_FALSE(replay.error().isEmpty());
    EXPECT_EQ(replay.steps()->rowCount(), 0);
    QFile junk(dir.filePath(u"junk.muster"_s));
    ASSERT_TRUE(junk.open(QIODevice::WriteOnly));
    junk.write("not a game");
    junk.close();
    replay.setGamePath(junk.fileName());
    EXPECT_FALSE(replay.error().isEmpty());
    EXPECT_EQ(replay.steps()->rowCount(), 0);
    replay.setCurrentRow(0);
    EXPECT_EQ(replay.currentRow(), -1);
}
