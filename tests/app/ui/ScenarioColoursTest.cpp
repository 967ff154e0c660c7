// New game says when a scenario's side colours are too close for some players
// (ScenarioCatalog::scenarioDetails "colourWarning", from common/colour's check): every bundled scenario
// passes, a file with the old blue and green pair is named with the vision that loses it.

#include "GameFixture.h"
#include "app/ui/ScenarioCatalog.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <QFile>
#include <QTemporaryDir>

#include <fstream>

namespace mt = muster::tools::test;
using namespace Qt::StringLiterals;

TEST(ScenarioColours, BundledScenariosPassAndACloseFilePairIsNamed) {
    muster::app::ScenarioCatalog catalog;
    for (const QString& name : catalog.scenarios()) {
        const QVariantMap details = catalog.scenarioDetails(name);
        ASSERT_FALSE(details.isEmpty()) << name.toStdString();
        EXPECT_EQ(details.value(u"colourWarning"_s).toString(), QString()) << name.toStdString();
    }

    std::ifstream in(mt::scenarioPath("md_small"));
    nlohmann::json scenario = nlohmann::json::parse(in);
    scenario["sides"][0]["colour"] = "#5b8def";
    scenario["sides"][1]["colour"] = "#3fae6a";
    QTemporaryDir dir;
    const QString path = dir.filePath(u"close.json"_s);
    std::ofstream(path.toStdString()) << scenario.dump();
    const QString warning = catalog.scenarioDetails(path).value(u"colourWarning"_s).toString();
    EXPECT_TRUE(warning.contains(u"Army of Occupation (#5b8def)"_s)) << warning.toStdString();
    EXPECT_TRUE(warning.contains(u"tritanopia"_s)) << warning.toStdString();
}
