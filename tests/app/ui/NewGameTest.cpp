// A new game from the app's GameController: the house-rule register as the New game page shows it, chosen
// options in force and in the journal header, the play setup recorded, and a refused option value leaving no
// game behind.

#include "app/storage/Journal.h"
#include "app/ui/GameController.h"
#include "app/ui/SavedGames.h"
#include "app/ui/ScenarioCatalog.h"
#include "rules/RuleSets.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <QDir>
#include <QSignalSpy>

#include <algorithm>
#include <set>
#include <string>

using namespace Qt::StringLiterals;
using muster::app::GameController;
using muster::app::SavedGames;
using muster::app::ScenarioCatalog;

namespace {

QVariantList twoPlayers() {
    return {QVariantMap{{u"name"_s, u"Ann"_s}, {u"side"_s, u"us"_s}, {u"diceColour"_s, u"red"_s}},
            QVariantMap{{u"name"_s, u"Beto"_s}, {u"side"_s, u"mx"_s}}};
}

int gameFiles() {
    return static_cast<int>(
        QDir(SavedGames::gamesDirectory()).entryList({u"*.muster"_s}, QDir::Files).size());
}

QString houseRule(const GameController& game, const QString& key) {
    for (const muster::app::HouseRule& rule : game.houseRules())
        if (rule.key == key)
            return rule.value;
    return {};
}

const std::vector<muster::rules::OptionSpec>& mdOptions() {
    return muster::rules::findRuleSet("md")->options();
}

} // namespace

TEST(NewGame, HouseRuleOptionsForThePage) {
    ScenarioCatalog catalog;
    const QList<muster::app::HouseRuleOption> options = catalog.houseRuleOptions(u"md"_s);
    ASSERT_EQ(options.size(), static_cast<qsizetype>(mdOptions().size()));
    const QStringList groups = catalog.houseRuleGroups(u"md"_s);
    int defaults = 0;
    for (const muster::app::HouseRuleOption& o : options) {
        EXPECT_TRUE(groups.contains(o.group)) << qPrintable(o.key);
        EXPECT_FALSE(o.rules.isEmpty());
        if (o.kind == u"choice"_s)
            for (const muster::app::Choice& c : o.choices)
                defaults += c.isDefault ? 1 : 0;
        else
            EXPECT_TRUE(o.choices.isEmpty()) << qPrintable(o.key);
    }
    // md.men_per_figure, md.wheel_max_deg, md.general_radius_in and md.vs_cav_bonus are numbers.
    EXPECT_EQ(defaults, options.size() - 4) << "each reading list marks exactly one default";
    const auto bonus =
        std::find_if(options.begin(), options.end(),
                     [](const muster::app::HouseRuleOption& o) { return o.key == u"md.vs_cav_bonus"_s; });
    ASSERT_NE(bonus, options.end());
    EXPECT_EQ(bonus->kind, u"integers"_s);
    EXPECT_EQ(bonus->parts.size(), 3);
    EXPECT_EQ(bonus->defaultValue, u"3,0,0"_s);
    EXPECT_TRUE(catalog.houseRuleOptions(u"chess"_s).isEmpty());
}

// Chosen options are in force, kept in the journal header with the rest of the register, and the play
// setup says the game was started in the app and how it rolls.
TEST(NewGame, HouseRulesAndPlaySetupGoIntoTheJournalHeader) {
    GameController game;
    ASSERT_TRUE(game.startGame(u"md_small"_s, twoPlayers(),
                               {{u"md.cav_officers"_s, u"by_grade"_s}, {u"md.vs_cav_bonus"_s, u"4,1,0"_s}},
                               {{u"dice"_s, u"virtual"_s}, {u"table"_s, u"Club table"_s}}))
        << qPrintable(game.lastError());
    EXPECT_EQ(houseRule(game, u"md.cav_officers"_s), u"by_grade"_s);
    EXPECT_EQ(houseRule(game, u"md.vs_cav_bonus"_s), u"4,1,0"_s);
    EXPECT_EQ(houseRule(game, u"md.melee_rounds"_s), u"until_decided"_s)
        << "an option left alone keeps its default";
    EXPECT_EQ(game.playSetup().value(u"dice"_s).toString(), u"virtual"_s);
    EXPECT_TRUE(game.playSetup().value(u"app"_s).toBool());
    EXPECT_EQ(game.players()->get(0).value(u"diceColour"_s).toString(), u"red"_s);
    const std::string path = game.gamePath().toStdString();
    game.closeGame();

    auto journal = muster::storage::Journal::open(path, {muster::storage::OpenMode::ReadOnly});
    ASSERT_TRUE(journal) << journal.message();
    const auto rules = nlohmann::json::parse(journal->game().houseRulesJson);
    EXPECT_EQ(rules.value("md.cav_officers", ""), "by_grade");
    EXPECT_EQ(rules.value("md.vs_cav_bonus", ""), "4,1,0");
    EXPECT_EQ(rules.size(), mdOptions().size());
    const auto setup = nlohmann::json::parse(journal->game().playSetupJson);
    EXPECT_EQ(setup, (nlohmann::json{{"dice", "virtual"}, {"app", true}, {"table", "Club table"}}));
}

TEST(NewGame, WithoutASetupTheGameIsRecordedAsTyped) {
    GameController game;
    ASSERT_TRUE(game.startGame(u"md_small"_s, twoPlayers())) << qPrintable(game.lastError());
    EXPECT_EQ(game.playSetup().value(u"dice"_s).toString(), u"typed"_s);
    EXPECT_TRUE(game.playSetup().value(u"app"_s).toBool());
    EXPECT_FALSE(game.playSetup().contains(u"table"_s));
    game.closeGame();
}

// A value the register does not offer is refused with the register's message, and no game file is made.
TEST(NewGame, ABadOptionValueIsRefusedAndNoGameIsMade) {
    GameController game;
    QSignalSpy errors(&game, &GameController::errorChanged);
    const int before = gameFiles();
    EXPECT_FALSE(game.startGame(u"md_small"_s, twoPlayers(), {{u"md.cav_officers"_s, u"three"_s}}));
    EXPECT_FALSE(game.active());
    EXPECT_EQ(errors.count(), 1);
    EXPECT_EQ(game.lastError(),
              u"House rules: house-rule option 'md.cav_officers' cannot be 'three' (one of: one, "
              u"by_grade)"_s);
    EXPECT_FALSE(game.startGame(u"md_small"_s, twoPlayers(), {{u"md.vs_cav_bonus"_s, u"3,0"_s}}));
    EXPECT_TRUE(game.lastError().contains(u"three integers"_s)) << qPrintable(game.lastError());
    EXPECT_FALSE(game.startGame(u"md_small"_s, twoPlayers(), {{u"md.no_such_rule"_s, u"true"_s}}));
    EXPECT_TRUE(game.lastError().contains(u"unknown house-rule option 'md.no_such_rule'"_s));
    EXPECT_FALSE(game.startGame(u"md_small"_s, twoPlayers(), {}, {{u"dice"_s, u"telepathy"_s}}));
    EXPECT_TRUE(game.lastError().contains(u"telepathy"_s));
    EXPECT_EQ(gameFiles(), before);
}
