// Runs the tst_*.qml files with the Muster QML module available, as the app loads it.

#include "app/storage/CalibrationStore.h"
#include "calibration/CalibrationProfile.h"

#include <QDir>
#include <QFile>
#include <QQmlContext>
#include <QQmlEngine>
#include <QTemporaryDir>
#include <QtQml/qqmlextensionplugin.h>
#include <QtQuickTest/quicktest.h>

Q_IMPORT_QML_PLUGIN(MusterPlugin)

namespace {

// A table profile store with one profile, "Club table", whose two dice sets nobody throws yet: the New game
// test gives them to its players. The tray mapping is a plain scale (1280x960 camera, 4 px per mm).
QString writeProfileFixture(const QString& folder) {
    namespace mc = muster::calibration;
    mc::TrayCalibration tray;
    tray.resolution = {1280, 960};
    tray.imageToTray = cv::Matx33d(0.25, 0, 0, 0, 0.25, 0, 0, 0, 1);
    tray.trayToImage = tray.imageToTray.inv();
    tray.regionMm = {{0, 0}, {320, 0}, {320, 240}, {0, 240}};
    tray.regionPx = {{0, 0}, {1280, 0}, {1280, 960}, {0, 960}};
    tray.dieSizePx = 64.0f;
    tray.pxPerMm = 4.0;
    mc::CalibrationProfile profile = mc::makeProfile("Club table", tray);
    profile.diceSets = {{"red", "", {45, 60, 40}, {95, 0, 0}, 10},
                        {"ivory", "", {90, 2, 12}, {15, 0, 0}, 10}};
    const QString path = folder + QStringLiteral("/fixture-profiles.sqlite");
    auto store = muster::storage::CalibrationStore::open(path.toStdString());
    if (!store || !store->save(profile.name, 1280, 960, profile.toJson()))
        return {};
    return path;
}

// A photo folder holding one real photo of a throw (nell-byler test split), for the camera game test; "" when
// the shared data is not beside the checkout.
QString writePhotoFolder(const QString& folder) {
    QString data = qEnvironmentVariable("MUSTER_DATA_DIR");
    if (data.isEmpty())
        data = QStringLiteral(MUSTER_SHARED_DATA);
    const QString photo = QStringLiteral("IMG_20191208_111328.jpg");
    const QString from = data + QStringLiteral("/dice/nell-byler-d6/images/test/") + photo;
    const QString to = folder + QStringLiteral("/photos");
    if (!QFile::exists(from) || !QDir().mkpath(to) || !QFile::copy(from, to + QStringLiteral("/") + photo))
        return {};
    return to;
}

} // namespace

class Setup : public QObject {
    Q_OBJECT
public Q_SLOTS:
    // Games go to a folder of the test's own, never the user's.
    void applicationAvailable() { qputenv("MUSTER_GAMES_DIR", m_games.path().toUtf8()); }
    void qmlEngineAvailable(QQmlEngine* engine) {
        engine->addImportPath(QStringLiteral("qrc:/qt/qml"));
        // Test data only: where the fixture profiles are ("" if they could not be written).
        engine->rootContext()->setContextProperty(QStringLiteral("fixtureProfiles"),
                                                  writeProfileFixture(m_fixtures.path()));
        engine->rootContext()->setContextProperty(QStringLiteral("testPhotoFolder"),
                                                  writePhotoFolder(m_fixtures.path()));
    }

private:
    QTemporaryDir m_games;
    QTemporaryDir m_fixtures;
};

QUICK_TEST_MAIN_WITH_SETUP(muster_qml, Setup)

#include "main.moc"
