// The Resume list (SavedGames) comes from the journal: the turn and phase of the last event
// and when it was played, not the file's time (a copy or a verify changes that), and a file that is no game
// is listed with the reason instead of hiding the others.

#include "app/ui/SavedGames.h"

#include "GameFixture.h"

#include <gtest/gtest.h>
#include <utime.h>

#include <QAbstractItemModelTester>
#include <QDateTime>
#include <QFile>

namespace mt = muster::tools::test;
using namespace Qt::StringLiterals;

TEST(SavedGames, TurnPhaseAndLastPlayedComeFromTheJournal) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    std::string path, lastTime, lastPhase;
    int lastTurn = 0;
    {
        auto session = mt::startSmallGame(dir);
        ASSERT_EQ(mt::playScript(session, 7), 7);
        path = session.journal().path();
        auto last = session.journal().lastEvent();
        ASSERT_TRUE(last && last->has_value());
        lastTime = (*last)->time;
        lastPhase = (*last)->phase;
        lastTurn = (*last)->turn;
    }
    // The file looks ten years old to the file system.
    const utimbuf old{1000000000, 1000000000};
    ASSERT_EQ(::utime(path.c_str(), &old), 0);
    QFile junk(dir.filePath(u"junk.muster"_s));
    ASSERT_TRUE(junk.open(QIODevice::WriteOnly));
    junk.write("not a game");
    junk.close();

    qputenv("MUSTER_GAMES_DIR", dir.path().toUtf8());
    using muster::app::SavedGames;
    SavedGames saved(nullptr);
    QAbstractItemModelTester tester(&saved, QAbstractItemModelTester::FailureReportingMode::Fatal);
    ASSERT_EQ(saved.rowCount(), 2);
    EXPECT_EQ(saved.count(), 2);
    // Every role by the name QML reads it.
    QVariantMap good, bad;
    const QHash<int, QByteArray> roles = saved.roleNames();
    for (int row = 0; row < saved.rowCount(); ++row) {
        QVariantMap game;
        for (auto it = roles.begin(); it != roles.end(); ++it)
            game.insert(QString::fromLatin1(it.value()), saved.index(row).data(it.key()));
        (game.value(u"ok"_s).toBool() ? good : bad) = game;
    }
    ASSERT_FALSE(good.isEmpty());
    const QString expected = QDateTime::fromString(QString::fromStdString(lastTime), Qt::ISODateWithMs)
                                 .toLocalTime()
                                 .toString(u"yyyy-MM-dd HH:mm"_s);
    ASSERT_FALSE(expected.isEmpty()) << lastTime;
    EXPECT_EQ(good.value(u"lastPlayed"_s).toString(), expected);
    EXPECT_EQ(good.value(u"turn"_s).toInt(), std::max(1, lastTurn));
    EXPECT_EQ(good.value(u"phase"_s).toString().toStdString(), lastPhase);
    EXPECT_EQ(good.value(u"events"_s).toLongLong(), 7);
    ASSERT_FALSE(bad.isEmpty());
    EXPECT_FALSE(bad.value(u"error"_s).toString().isEmpty());
}
