// Reports from the app: the game in play written as the CLI's HTML/JSON report into the games folder and
// listed on Home; without a game, a clear refusal.

#include "app/ui/GameController.h"
#include "app/ui/GameReports.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <QAbstractItemModelTester>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>

using namespace Qt::StringLiterals;
using muster::app::GameController;
using muster::app::GameReports;
using muster::app::RecentReports;

TEST(Reports, WritesTheGameInPlayAndListsIt) {
    GameController game;
    GameReports reports(nullptr);
    QAbstractItemModelTester tester(reports.recentReports(),
                                    QAbstractItemModelTester::FailureReportingMode::Fatal);
    EXPECT_FALSE(reports.writeReport());
    EXPECT_TRUE(reports.lastError().contains(u"No game"_s)) << reports.lastError().toStdString();
    reports.setGame(&game);
    EXPECT_FALSE(reports.writeReport());
    EXPECT_TRUE(reports.lastError().contains(u"No game"_s)) << reports.lastError().toStdString();
    const int before = reports.recentReports()->count();

    const QVariantList players{QVariantMap{{u"name"_s, u"Ann"_s}, {u"side"_s, u"us"_s}},
                               QVariantMap{{u"name"_s, u"Beto"_s}, {u"side"_s, u"mx"_s}}};
    ASSERT_TRUE(game.startGame(u"md_small"_s, players)) << game.lastError().toStdString();
    // Three decisions, so the report has events to show (orders by whatever the prompt offers first).
    for (int i = 0; i < 3; ++i) {
        ASSERT_EQ(game.promptKind(), u"question"_s);
        const QList<QVariantMap> options = game.options()->rows();
        ASSERT_FALSE(options.isEmpty());
        ASSERT_TRUE(game.answer(options.front().value(u"value"_s).toString()))
            << game.lastError().toStdString();
    }
    QSignalSpy changed(&reports, &GameReports::reportsChanged);
    ASSERT_TRUE(reports.writeReport()) << reports.lastError().toStdString();
    EXPECT_EQ(changed.count(), 1);
    EXPECT_TRUE(reports.lastError().isEmpty());

    // The newest report first, named after the game's file.
    const RecentReports& recent = *reports.recentReports();
    ASSERT_EQ(recent.count(), std::min(before + 1, 5));
    const QModelIndex newest = recent.index(0);
    EXPECT_EQ(newest.data(RecentReports::NameRole).toString(), QFileInfo(game.gamePath()).completeBaseName());
    const QString html = newest.data(RecentReports::UrlRole).toUrl().toLocalFile();
    EXPECT_EQ(newest.data(RecentReports::PathRole).toString(), QDir::toNativeSeparators(html));
    ASSERT_TRUE(QFile::exists(html)) << html.toStdString();
    EXPECT_TRUE(html.endsWith(u"/report.html"_s));
    QFile json(html.left(html.size() - 4) + u"json"_s);
    ASSERT_TRUE(json.open(QIODevice::ReadOnly));
    const auto report = nlohmann::json::parse(json.readAll().toStdString());
    // The three answers are in the report's turn 1, in the orders phase.
    int events = 0;
    for (const auto& turn : report.at("turns"))
        for (const auto& phase : turn.at("phases"))
            events += static_cast<int>(phase.at("events").size());
    EXPECT_EQ(events, 3);
}
