// CalibrationController: the wizard's steps on real tray photos (with the sheet laid in them synthetically),
// and every refusal (no markers, unreadable file, another camera resolution) says why and stores nothing.

#include "app/ui/CalibrationController.h"

#include "GameFixture.h"
#include "TestData.h" // tests/calibration: synthetic views of a real tray photo with the sheet in it
#include "app/storage/CalibrationStore.h"
#include "app/ui/CameraService.h"
#include "app/ui/GameController.h"
#include "app/ui/LogModel.h"
#include "tests/common/TrayFixture.h"
#include "vision/DiceReader.h"
#include "vision/DiceSet.h"

#include <nlohmann/json.hpp>
#include <opencv2/imgproc.hpp>

#include <QAbstractItemModelTester>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QSet>
#include <QSignalSpy>

namespace mt = muster::tools::test;
namespace mc = muster::calibration;
using muster::app::CalibrationController;
using namespace Qt::StringLiterals;

namespace {

const char* kTrayPhoto = "train/IMG_20191208_111228.jpg"; // a real photo of dice in the grey-felt tray

// A 1280x960 camera view of the tray photo with the A4 sheet lying in it, written as a PNG in `dir`.
QString sheetInTrayPhoto(const std::string& photoDir, const QTemporaryDir& dir) {
    const cv::Mat photo = cv::imread(photoDir + "/" + kTrayPhoto);
    if (photo.empty())
        return {};
    const mc::SheetLayout layout = mc::SheetLayout::standard(mc::Paper::A4);
    const auto view = mc::test::syntheticView(photo, layout, cv::Size(1280, 960),
                                              {{250, 60}, {1060, 90}, {1120, 900}, {190, 880}}, 420.0f, 8.0f,
                                              cv::Point2f(5, -5));
    const QString path = dir.filePath(u"sheet-in-tray.png"_s);
    return cv::imwrite(path.toStdString(), view.image) ? path : QString();
}

int storedProfiles(const QString& storePath) {
    if (!QFileInfo::exists(storePath))
        return 0;
    auto store = muster::storage::CalibrationStore::open(storePath.toStdString());
    return store && store->list() ? static_cast<int>(store->list()->size()) : -1;
}

} // namespace

TEST(CalibrationController, WritesTheSheetPdfAndSaysWhere) {
    QTemporaryDir dir;
    CalibrationController c;
    c.setPaper(u"letter"_s);
    ASSERT_TRUE(c.writeSheet(dir.path())) << c.message().toStdString();
    const QString pdf = dir.filePath(u"calibration-sheet-letter.pdf"_s);
    EXPECT_EQ(c.sheetPath(), pdf);
    EXPECT_TRUE(c.message().contains(pdf)) << c.message().toStdString();
    QFile f(pdf);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    EXPECT_TRUE(f.read(5).startsWith("%PDF"));
}

TEST(CalibrationController, AFolderThatCannotBeWrittenIsSaid) {
    QTemporaryDir dir;
    CalibrationController c;
    const QString missing = dir.filePath(u"no-such-folder"_s);
    EXPECT_FALSE(c.writeSheet(missing));
    EXPECT_TRUE(c.failed());
    EXPECT_EQ(c.message().toStdString(), "cannot write " + missing.toStdString() +
                                             "/calibration-sheet-a4.pdf: No such file or directory");
    EXPECT_TRUE(c.sheetPath().isEmpty());
}

TEST(CalibrationController, RealPhotoWithoutTheSheetIsRefusedAndNothingStored) {
    MUSTER_REQUIRE_TRAY_PHOTOS(photos);
    QTemporaryDir dir;
    CalibrationController c;
    c.setStorePath(dir.filePath(u"profiles.sqlite"_s));
    EXPECT_FALSE(c.usePhoto(QString::fromStdString(photos + "/" + kTrayPhoto)));
    EXPECT_TRUE(c.failed());
    EXPECT_TRUE(c.message().contains(u"no calibration-sheet markers"_s)) << c.message().toStdString();
    EXPECT_FALSE(c.hasResult());
    EXPECT_FALSE(c.saveProfile(u"kitchen"_s));
    EXPECT_TRUE(c.message().contains(u"calibrate"_s)) << c.message().toStdString();
    EXPECT_EQ(storedProfiles(c.storePath()), 0);
}

TEST(CalibrationController, UnreadableFileIsRefused) {
    QTemporaryDir dir;
    QFile junk(dir.filePath(u"photo.jpg"_s));
    ASSERT_TRUE(junk.open(QIODevice::WriteOnly));
    junk.write("this is not a JPEG");
    junk.close();
    CalibrationController c;
    c.setStorePath(dir.filePath(u"profiles.sqlite"_s));
    EXPECT_FALSE(c.usePhoto(QUrl::fromLocalFile(junk.fileName()).toString()));
    EXPECT_TRUE(c.message().startsWith(u"Cannot read"_s)) << c.message().toStdString();
    EXPECT_FALSE(c.usePhoto(dir.filePath(u"missing.png"_s)));
    EXPECT_FALSE(c.hasResult());
    EXPECT_EQ(storedProfiles(c.storePath()), 0);
}

TEST(CalibrationController, NoCameraFrameSendsToAPhoto) {
    CalibrationController c;
    QObject notACamera;
    c.setCamera(&notACamera);
    EXPECT_FALSE(c.capture());
    EXPECT_TRUE(c.message().contains(u"use a photo"_s)) << c.message().toStdString();
}

TEST(CalibrationController, CalibratesSavesReloadsRescalesAndRefusesAnotherAspect) {
    MUSTER_REQUIRE_TRAY_PHOTOS(photos);
    QTemporaryDir dir;
    const QString image = sheetInTrayPhoto(photos, dir);
    ASSERT_FALSE(image.isEmpty());
    CalibrationController c;
    c.setStorePath(dir.filePath(u"profiles.sqlite"_s));
    QSignalSpy changed(&c, &CalibrationController::changed);
    ASSERT_TRUE(c.usePhoto(image)) << c.message().toStdString();
    EXPECT_GE(changed.count(), 1);
    EXPECT_EQ(c.markersFound(), 4);
    EXPECT_LT(c.cornerErrorMm(), 1.0);
    EXPECT_EQ(c.resolution(), u"1280x960"_s);
    EXPECT_GT(c.dieSizePx(), 20.0);
    EXPECT_TRUE(QFileInfo::exists(c.overlayUrl().toLocalFile())) << "the result is drawn over the frame";
    std::printf("[ measured ] %s: %d markers, worst corner %.3f mm, RMS %.3f px, die %.1f px, %.3f px/mm\n",
                kTrayPhoto, c.markersFound(), c.cornerErrorMm(), c.rmsErrorPx(), c.dieSizePx(), c.pxPerMm());

    EXPECT_FALSE(c.saveProfile(u"  "_s)) << "a profile needs a name";
    ASSERT_TRUE(c.saveProfile(u"kitchen table"_s)) << c.message().toStdString();
    EXPECT_EQ(c.profiles(), QStringList{u"kitchen table"_s});
    const double die = c.dieSizePx();

    // Same aspect ratio: rescaled, and said so.
    ASSERT_TRUE(c.loadProfile(u"kitchen table"_s, 640, 480)) << c.message().toStdString();
    EXPECT_TRUE(c.message().contains(u"rescaled"_s)) << c.message().toStdString();
    EXPECT_EQ(c.resolution(), u"640x480"_s);
    EXPECT_NEAR(c.dieSizePx(), die / 2, 0.01);

    // Another aspect ratio: refused, the calibration in use stays as it was.
    EXPECT_FALSE(c.loadProfile(u"kitchen table"_s, 1280, 720));
    EXPECT_TRUE(c.failed());
    EXPECT_TRUE(c.message().contains(u"refused"_s) && c.message().contains(u"1280x720"_s))
        << c.message().toStdString();
    EXPECT_EQ(c.resolution(), u"640x480"_s);
    EXPECT_FALSE(c.loadProfile(u"no such table"_s));
    EXPECT_EQ(storedProfiles(c.storePath()), 1);
}

TEST(CalibrationController, ProfileAttachedToAGameComesBackOnResume) {
    MUSTER_REQUIRE_TRAY_PHOTOS(photos);
    QTemporaryDir dir;
    const QString image = sheetInTrayPhoto(photos, dir);
    std::string gamePath;
    {
        auto session = mt::startSmallGame(dir);
        mt::playScript(session, 5);
        gamePath = session.journal().path();
    }
    CalibrationController c;
    c.setStorePath(dir.filePath(u"profiles.sqlite"_s));
    qputenv("MUSTER_GAMES_DIR", dir.path().toUtf8()); // the game remembers itself as the last one there
    muster::app::GameController game;
    EXPECT_FALSE(c.attachTo(&game)) << "nothing to attach yet";
    ASSERT_TRUE(c.usePhoto(image)) << c.message().toStdString();
    ASSERT_TRUE(c.saveProfile(u"club"_s));
    EXPECT_FALSE(c.attachTo(&game)) << "no game in play";
    EXPECT_TRUE(c.message().contains(u"No game"_s)) << c.message().toStdString();
    ASSERT_TRUE(game.openGame(QString::fromStdString(gamePath))) << game.lastError().toStdString();
    EXPECT_TRUE(game.calibrationPayload().isEmpty());
    ASSERT_TRUE(c.attachTo(&game)) << c.message().toStdString();
    EXPECT_FALSE(game.calibrationPayload().isEmpty());
    game.closeGame();

    // The game still replays (the rules ignore the calibration event) and the log names it.
    // Read-only: a writer holds the game alone, and the app opens it for play below.
    auto reopened = muster::storage::GameSession::open(gamePath, {muster::storage::OpenMode::ReadOnly, true});
    ASSERT_TRUE(reopened) << reopened.message();
    EXPECT_EQ(reopened->journal().eventCount(), 6);
    muster::app::LogModel log;
    auto events = reopened->journal().events();
    ASSERT_TRUE(events);
    log.reset(events.value(), {}, {});
    EXPECT_EQ(log.data(log.index(5), muster::app::LogModel::TextRole).toString(),
              u"Calibration \"club\" attached"_s);

    // Resuming the game brings the payload back; the calibration made from it is the one attached.
    muster::app::GameController resumedGame;
    ASSERT_TRUE(resumedGame.openGame(QString::fromStdString(gamePath)));
    CalibrationController resumed;
    ASSERT_TRUE(resumed.loadFromPayload(resumedGame.calibrationPayload())) << resumed.message().toStdString();
    EXPECT_EQ(resumed.profileName(), u"club"_s);
    EXPECT_EQ(resumed.resolution(), u"1280x960"_s);
    EXPECT_NEAR(resumed.dieSizePx(), c.dieSizePx(), 1e-6);
    // A camera at another aspect ratio is refused, not silently misapplied.
    CalibrationController wide;
    EXPECT_FALSE(wide.loadFromPayload(resumedGame.calibrationPayload(), 1920, 1080));
    EXPECT_TRUE(wide.message().contains(u"refused"_s)) << wide.message().toStdString();
    EXPECT_FALSE(wide.hasResult());
    // A payload that is not a calibration is an error, and nothing is adopted.
    EXPECT_FALSE(wide.loadFromPayload(u"{\"name\":\"x\"}"_s));
    EXPECT_TRUE(wide.failed());
    EXPECT_FALSE(wide.hasResult());
    EXPECT_FALSE(resumed.loadFromPayload({}, 0, 0, true));
}

TEST(CalibrationController, LearnsDiceSetsFromARealThrowAndAssignsThem) {
    MUSTER_REQUIRE_TRAY_PHOTOS(photos);
    QTemporaryDir dir;
    CalibrationController c;
    EXPECT_FALSE(c.learnDiceSets(QString::fromStdString(photos + "/" + kTrayPhoto))) << "needs a calibration";
    ASSERT_TRUE(c.usePhoto(sheetInTrayPhoto(photos, dir))) << c.message().toStdString();
    if (!muster::vision::DiceReader::load(muster::vision::DiceReader::defaultModelDir()))
        GTEST_SKIP() << "dice models not found in " << muster::vision::DiceReader::defaultModelDir();
    ASSERT_TRUE(c.learnDiceSets(QString::fromStdString(photos + "/" + kTrayPhoto)))
        << c.message().toStdString();
    const QList<QVariantMap> sets = c.diceSets()->rows();
    ASSERT_GE(sets.size(), 1);
    std::printf("[ measured ] %s: %s\n", kTrayPhoto, c.message().toStdString().c_str());
    for (const QVariantMap& s : sets) {
        EXPECT_TRUE(s.value(u"player"_s).toString().isEmpty()) << "nobody owns a set until asked";
        EXPECT_TRUE(s.value(u"body"_s).value<QColor>().isValid());
    }
    ASSERT_TRUE(c.assignSet(0, u"Ann"_s));
    EXPECT_EQ(c.diceSets()->get(0).value(u"player"_s).toString(), u"Ann"_s);
    EXPECT_FALSE(c.assignSet(99, u"Bob"_s));
}

// The dice sets of a stored profile as the list model the pages show: one row per set in the profile's
// order, a set given to a player changes that row only, a profile without sets empties the list.
TEST(CalibrationController, DiceSetsOfAProfileAsAModel) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const mc::TrayCalibration tray = mc::test::straightDownTray({1280, 960}, 4.0, {320, 240}, 64.0f);
    mc::CalibrationProfile withSets = mc::makeProfile("Club table", tray);
    withSets.diceSets = {{"red", "", {45, 60, 40}, {95, 0, 0}, 10},
                         {"ivory", "Bob", {90, 2, 12}, {15, 0, 0}, 7}};
    const mc::CalibrationProfile bare = mc::makeProfile("Bare table", tray);
    const QString storePath = dir.filePath(u"profiles.sqlite"_s);
    {
        auto store = muster::storage::CalibrationStore::open(storePath.toStdString());
        ASSERT_TRUE(store) << store.message();
        ASSERT_TRUE(store->save(withSets.name, 1280, 960, withSets.toJson()));
        ASSERT_TRUE(store->save(bare.name, 1280, 960, bare.toJson()));
    }

    CalibrationController c;
    muster::app::DiceSetsModel* sets = c.diceSets();
    QAbstractItemModelTester tester(sets, QAbstractItemModelTester::FailureReportingMode::Fatal);
    EXPECT_EQ(sets->count(), 0);
    c.setStorePath(storePath);
    ASSERT_TRUE(c.loadProfile(u"Club table"_s)) << c.message().toStdString();
    ASSERT_EQ(sets->count(), 2);
    const QHash<int, QByteArray> roles = sets->roleNames();
    EXPECT_EQ(QSet<QByteArray>(roles.begin(), roles.end()),
              (QSet<QByteArray>{"name", "player", "body", "pip", "samples", "faces"}));
    const auto row = [&](int r, const char* role) {
        return sets->data(sets->index(r), roles.key(role));
    };
    EXPECT_EQ(row(0, "name").toString(), u"red"_s);
    EXPECT_EQ(row(0, "player").toString(), QString());
    EXPECT_EQ(row(0, "samples").toInt(), 10);
    EXPECT_TRUE(row(0, "body").value<QColor>().isValid());
    EXPECT_TRUE(row(0, "pip").value<QColor>().isValid());
    EXPECT_EQ(row(1, "name").toString(), u"ivory"_s);
    EXPECT_EQ(row(1, "player").toString(), u"Bob"_s);
    EXPECT_EQ(row(1, "samples").toInt(), 7);
    EXPECT_NE(row(0, "body").value<QColor>(), row(1, "body").value<QColor>());

    // Another message with the same sets resets nothing; giving a set to a player changes its row.
    QSignalSpy resets(sets, &QAbstractItemModel::modelReset);
    c.setDieSizeMm(17.0);
    EXPECT_EQ(resets.count(), 0);
    ASSERT_TRUE(c.assignSet(0, u"Ann"_s));
    EXPECT_EQ(resets.count(), 1);
    EXPECT_EQ(row(0, "player").toString(), u"Ann"_s);
    EXPECT_EQ(row(1, "player").toString(), u"Bob"_s);
    EXPECT_FALSE(c.assignSet(2, u"Cy"_s));
    EXPECT_EQ(resets.count(), 1);

    ASSERT_TRUE(c.loadProfile(u"Bare table"_s)) << c.message().toStdString();
    EXPECT_EQ(sets->count(), 0);
}

// Teaching faces from throws of real dice (plain pips here: FaceTeachingTest has the symbol faces): the
// throw in hand as a model, taps, throws kept until every face has two, the faces kept in the profile and the
// game's payload, and every refusal said.
TEST(CalibrationController, TeachesFacesFromThrowsAndKeepsThemInTheProfile) {
    MUSTER_REQUIRE_TRAY_PHOTOS(photos);
    QTemporaryDir dir;
    CalibrationController c;
    const QString first = QString::fromStdString(photos + "/" + kTrayPhoto);
    EXPECT_FALSE(c.teachThrow(first)) << "needs a calibration";
    EXPECT_TRUE(c.message().contains(u"Calibrate the tray first"_s)) << c.message().toStdString();
    ASSERT_TRUE(c.usePhoto(sheetInTrayPhoto(photos, dir))) << c.message().toStdString();
    if (!muster::vision::DiceReader::load(muster::vision::DiceReader::defaultModelDir()))
        GTEST_SKIP() << "dice models not found in " << muster::vision::DiceReader::defaultModelDir();
    EXPECT_FALSE(c.keepThrow()) << "no throw in hand";
    EXPECT_FALSE(c.teachFaces(-1));
    EXPECT_TRUE(c.message().contains(u"no throws kept"_s)) << c.message().toStdString();
    EXPECT_FALSE(c.teachThrow(dir.filePath(u"missing.jpg"_s)));

    muster::app::TeachDiceModel* dice = c.teachDice();
    QAbstractItemModelTester tester(dice, QAbstractItemModelTester::FailureReportingMode::Fatal);
    ASSERT_TRUE(c.teachThrow(first)) << c.message().toStdString();
    ASSERT_GT(dice->count(), 0);
    EXPECT_TRUE(c.teachPhotoUrl().isLocalFile());
    const QVariantMap die = dice->get(0);
    EXPECT_GT(die.value(u"boxW"_s).toDouble(), 0.0);
    EXPECT_LT(die.value(u"boxX"_s).toDouble() + die.value(u"boxW"_s).toDouble(), 1.01);
    EXPECT_EQ(die.value(u"face"_s).toInt(), 0);
    // A tap relabels the die; "leave it out" leaves it out; a face or die that is not there is refused.
    const int read = die.value(u"read"_s).toInt();
    ASSERT_TRUE(c.tapFace(0, read == 6 ? 5 : 6));
    EXPECT_EQ(dice->get(0).value(u"label"_s).toInt(), read == 6 ? 5 : 6);
    ASSERT_TRUE(c.tapFace(0, -1));
    EXPECT_EQ(dice->get(0).value(u"label"_s).toInt(), 0);
    EXPECT_FALSE(c.tapFace(0, 7));
    EXPECT_FALSE(c.tapFace(dice->count(), 2));
    ASSERT_TRUE(c.tapFace(0, 0));
    c.forgetTeaching();
    EXPECT_EQ(dice->count(), 0);

    // Throws until every face has two examples, each die as read (these are pip dice).
    const QStringList train =
        QDir(QString::fromStdString(photos + "/train")).entryList({u"*.jpg"_s}, QDir::Files, QDir::Name);
    int throws = 0;
    const auto enough = [&] {
        for (const QVariant& n : c.teachCounts())
            if (n.toInt() < 2)
                return false;
        return c.teachCounts().size() == 6;
    };
    for (const QString& name : train) {
        if (enough())
            break;
        if (!c.teachThrow(QString::fromStdString(photos + "/train/") + name))
            continue;
        ASSERT_TRUE(c.keepThrow()) << c.message().toStdString();
        ++throws;
    }
    ASSERT_TRUE(enough()) << "the train photos show every face twice";
    EXPECT_EQ(c.teachThrows(), throws);
    EXPECT_TRUE(c.message().contains(u"Every face has two"_s)) << c.message().toStdString();
    EXPECT_FALSE(c.teachFaces(3)) << "there is no dice set 4";
    ASSERT_TRUE(c.teachFaces(-1)) << c.message().toStdString();
    std::printf("[ measured ] taught from %d throws: %s\n", throws, c.message().toStdString().c_str());
    // Pips dice need no taught face: the set says so, and is kept with the profile and the game.
    EXPECT_TRUE(c.tableFaces().contains(u"by its pips"_s)) << c.tableFaces().toStdString();
    EXPECT_EQ(c.teachThrows(), 0) << "the examples are forgotten once taught";
    const auto payload = mc::CalibrationProfile::fromGamePayload(c.gamePayload().toStdString());
    ASSERT_TRUE(payload) << payload.error().message;
    EXPECT_FALSE(payload->faces.empty());
    EXPECT_TRUE(muster::vision::diceSetFromText(payload->faces));
    ASSERT_TRUE(c.clearFaces(-1));
    EXPECT_TRUE(c.tableFaces().isEmpty());
    EXPECT_FALSE(c.clearFaces(2));
}

TEST(CalibrationController, CameraWithoutFramesSendsToAPhoto) {
    muster::app::CameraService camera(nullptr); // no frame has arrived (and there is no camera here)
    CalibrationController c;
    c.setCamera(&camera);
    EXPECT_FALSE(c.capture());
    EXPECT_TRUE(c.message().contains(u"use a photo"_s)) << c.message().toStdString();
    EXPECT_FALSE(c.hasResult());
}

// The watched region is the tray the person measured, with the sheet in its middle or a corner; a tray
// smaller than the sheet is refused.
TEST(CalibrationController, WatchedRegionIsTheTrayAroundTheSheet) {
    MUSTER_REQUIRE_TRAY_PHOTOS(photos);
    QTemporaryDir dir;
    const QString image = sheetInTrayPhoto(photos, dir);
    ASSERT_FALSE(image.isEmpty());
    CalibrationController c;
    ASSERT_TRUE(c.usePhoto(image)) << c.message().toStdString();
    EXPECT_EQ(c.regionText(), u"the sheet only"_s);
    const auto regionPx = [&c] {
        const auto payload = nlohmann::json::parse(c.gamePayload().toStdString());
        auto profile = mc::CalibrationProfile::fromJson(payload["profile"].get<std::string>());
        return profile ? profile->tray.regionPx : std::vector<cv::Point2f>{};
    };
    const double sheetArea = cv::contourArea(regionPx());

    c.setTrayWidthMm(420);
    c.setTrayHeightMm(420);
    c.setSheetAt(u"middle"_s);
    ASSERT_TRUE(c.usePhoto(image)) << c.message().toStdString();
    EXPECT_EQ(c.regionText(), u"the tray, 420 x 420 mm"_s);
    EXPECT_TRUE(c.message().contains(u"watching the tray, 420 x 420 mm"_s)) << c.message().toStdString();
    const double trayArea = cv::contourArea(regionPx());
    // 420 x 420 mm against 210 x 297 mm: 2.83 times the area (the view is nearly square-on).
    EXPECT_NEAR(trayArea / sheetArea, 420.0 * 420.0 / (210.0 * 297.0), 0.35);

    c.setSheetAt(u"top-left"_s);
    ASSERT_TRUE(c.usePhoto(image));
    EXPECT_EQ(c.sheetAt(), u"top-left"_s);
    // The tray's top-left corner is the sheet's: the region starts at the sheet's corner in the frame.
    const auto corner = regionPx();
    ASSERT_EQ(corner.size(), 4u);
    EXPECT_NEAR(cv::contourArea(corner), trayArea, trayArea * 0.15);

    c.setTrayWidthMm(150);
    EXPECT_FALSE(c.usePhoto(image));
    EXPECT_TRUE(c.message().contains(u"at least as large as the sheet"_s)) << c.message().toStdString();
}
