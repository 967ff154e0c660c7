// ScenarioCatalog, the scenarios New game offers: titles (kept once parsed, a file's read again when it
// changes), sides with their colours, and an unreadable scenario named in lastError.

#include "app/ui/ScenarioCatalog.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <QAbstractItemModelTester>
#include <QDateTime>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>

#include <fstream>
#include <memory>

using namespace Qt::StringLiterals;
using muster::app::ScenarioCatalog;

namespace {

// md_small as bundled, under another name, written to `path`.
bool writeNamed(const QString& path, const std::string& name) {
    QFile bundled(u":/scenarios/md_small.json"_s);
    if (!bundled.open(QIODevice::ReadOnly))
        return false;
    nlohmann::json scenario = nlohmann::json::parse(bundled.readAll().toStdString());
    scenario["name"] = name;
    std::ofstream(path.toStdString()) << scenario.dump();
    return true;
}

} // namespace

TEST(ScenarioCatalog, TitlesOfBundledScenariosAndFilesFollowTheFile) {
    ScenarioCatalog catalog;
    ASSERT_TRUE(catalog.scenarios().contains(u"md_small"_s));
    EXPECT_EQ(catalog.scenarios(), ScenarioCatalog::bundledScenarios());
    const QString small = catalog.scenarioTitle(u"md_small"_s);
    EXPECT_NE(small, u"md_small"_s) << "md_small has a name of its own";
    EXPECT_EQ(catalog.scenarioTitle(u"md_small"_s), small);

    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString path = dir.filePath(u"mine.json"_s);
    ASSERT_TRUE(writeNamed(path, "First name"));
    EXPECT_EQ(catalog.scenarioTitle(path), u"First name"_s);
    // Edited later: the new name shows, not the one kept.
    ASSERT_TRUE(writeNamed(path, "Second name"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::ReadWrite));
    ASSERT_TRUE(
        file.setFileTime(QDateTime::currentDateTime().addSecs(60), QFileDevice::FileModificationTime));
    file.close();
    EXPECT_EQ(catalog.scenarioTitle(path), u"Second name"_s);
    // Nothing to read: the name given stands, so the list still shows something to pick.
    EXPECT_EQ(catalog.scenarioTitle(u"/nowhere/at/all.json"_s), u"/nowhere/at/all.json"_s);
}

TEST(ScenarioCatalog, SidesDetailsAndAnUnreadableScenario) {
    ScenarioCatalog catalog;
    const std::unique_ptr<muster::app::ScenarioSidesModel> sides(catalog.scenarioSides(u"md_small"_s));
    QAbstractItemModelTester tester(sides.get(), QAbstractItemModelTester::FailureReportingMode::Fatal);
    ASSERT_EQ(sides->count(), 2);
    EXPECT_EQ(sides->get(0).value(u"side"_s).toString(), u"us"_s);
    EXPECT_EQ(sides->get(1).value(u"side"_s).toString(), u"mx"_s);
    EXPECT_TRUE(sides->get(0).value(u"colour"_s).toString().startsWith(u'#'));
    EXPECT_EQ(sides->data(sides->index(1), sides->roleNames().key("side")).toString(), u"mx"_s);
    EXPECT_EQ(catalog.scenarioDetails(u"md_small"_s).value(u"ruleSet"_s).toString(), u"md"_s);
    EXPECT_TRUE(catalog.lastError().isEmpty());

    QSignalSpy errors(&catalog, &ScenarioCatalog::errorChanged);
    EXPECT_EQ(
        std::unique_ptr<muster::app::ScenarioSidesModel>(catalog.scenarioSides(u"/nowhere/at/all.json"_s))
            ->count(),
        0);
    EXPECT_EQ(errors.count(), 1);
    EXPECT_FALSE(catalog.lastError().isEmpty());
    EXPECT_TRUE(catalog.scenarioDetails(u"/nowhere/at/all.json"_s).isEmpty());

    QSignalSpy preferred(&catalog, &ScenarioCatalog::preferredScenarioChanged);
    catalog.setPreferredScenario(u"md_large"_s);
    EXPECT_EQ(catalog.preferredScenario(), u"md_large"_s);
    EXPECT_EQ(preferred.count(), 1);
}
