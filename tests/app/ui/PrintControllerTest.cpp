// PrintController: chit sheets for a bundled scenario and for the game in play (the same chits: the game
// keeps a snapshot of its scenario), written where it says, and refusals with a reason.

#include "app/ui/PrintController.h"

#include "GameFixture.h"

#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

namespace mt = muster::tools::test;
using muster::app::PrintController;
using namespace Qt::StringLiterals;

namespace {
bool isPdf(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) && f.read(5).startsWith("%PDF");
}

QString gameTag(const QString& message) {
    const auto m = QRegularExpression(u"game tag (\\w+)"_s).match(message);
    return m.hasMatch() ? m.captured(1) : QString();
}
} // namespace

TEST(PrintController, BundledScenarioAndTheGameInPlayPrintTheSameChits) {
    QTemporaryDir dir;
    PrintController p;
    p.setFolder(dir.path());
    p.setPaper(u"letter"_s);
    ASSERT_TRUE(p.printScenarioChits(u"md_small"_s)) << p.message().toStdString();
    EXPECT_EQ(p.lastPath(), dir.filePath(u"chits-md_small-letter.pdf"_s));
    EXPECT_TRUE(p.message().startsWith(u"PDF written to "_s + p.lastPath())) << p.message().toStdString();
    EXPECT_TRUE(isPdf(p.lastPath()));
    const QString bundledTag = gameTag(p.message());
    EXPECT_EQ(bundledTag.size(), 2) << p.message().toStdString();

    std::string gamePath;
    {
        auto session = mt::startSmallGame(dir);
        gamePath = session.journal().path();
    }
    p.setLabelMm(24.26);
    p.setCode(u"qr"_s);
    ASSERT_TRUE(p.printGameChits(QString::fromStdString(gamePath))) << p.message().toStdString();
    EXPECT_TRUE(isPdf(p.lastPath()));
    EXPECT_EQ(gameTag(p.message()), bundledTag) << "chits of the game and of its scenario must read the same";
    // 8 units x 7 MD orders (MD-ORD-02) + one set of 7 unit-less chits.
    EXPECT_TRUE(p.message().contains(u": 80 chits for 8 units"_s)) << p.message().toStdString();
}

TEST(PrintController, RefusesWithAReason) {
    QTemporaryDir dir;
    PrintController p;
    p.setFolder(dir.path());
    EXPECT_FALSE(p.printScenarioChits(u"no_such_scenario"_s));
    EXPECT_TRUE(p.failed());
    EXPECT_TRUE(p.message().contains(u"no_such_scenario"_s)) << p.message().toStdString();
    EXPECT_FALSE(p.printGameChits({}));
    EXPECT_TRUE(p.message().contains(u"No game"_s)) << p.message().toStdString();
    p.setLabelMm(5.0);
    EXPECT_FALSE(p.printScenarioChits(u"md_small"_s));
    EXPECT_TRUE(p.message().contains(u"label diameter"_s)) << p.message().toStdString();
    p.setFolder(dir.filePath(u"missing/folder"_s));
    p.setLabelMm(19.05);
    EXPECT_FALSE(p.printScenarioChits(u"md_small"_s));
    EXPECT_FALSE(p.message().isEmpty());
    EXPECT_EQ(QDir(dir.path()).entryList({u"*.pdf"_s}).size(), 0);
}
