// Reports from the app: the game in play written as the CLI's HTML/JSON report into the games folder and
// listed on Home; without a game, a clear refusal.

#include "app/ui/GameController.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <QFile>
#include <QSignalSpy>

using namespace Qt::StringLiterals;
using muster::app::GameController;

TEST(Reports, WritesTheGameInPlayAndListsIt) {
    GameController game;
    EXPECT_FALSE(game.writeReport());
    EXPECT_TRUE(game.lastError().contains(u"No game"_s)) << game.lastError().toStdString();

    const QVariantList players{QVariantMap{{u"name"_s, u"Ann"_s}, {u"side"_s, u"us"_s}},
                               QVariantMap{{u"name"_s, u"Beto"_s}, {u"side"_s, u"mx"_s}}};
    ASSERT_TRUE(game.startGame(u"md_small"_s, players)) << game.lastError().toStdString();
    // Three decisions, so the report has events to show (orders by whatever the prompt offers first).
    for (int i = 0; i < 3; ++i) {
        ASSERT_EQ(game.promptKind(), u"question"_s);
        const QVariantList options = game.options();
        ASSERT_FALSE(options.isEmpty());
        ASSERT_TRUE(game.answer(options.front().toMap().value(u"value"_s).toString()))
            << game.lastError().toStdString();
    }
    QSignalSpy changed(&game, &GameController::reportsChanged);
    ASSERT_TRUE(game.writeReport()) << game.lastError().toStdString();
    EXPECT_EQ(changed.count(), 1);

    const QVariantList reports = game.recentReports();
    ASSERT_EQ(reports.size(), 1);
    const QVariantMap r = reports.front().toMap();
    const QString html = r.value(u"url"_s).toUrl().toLocalFile();
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
