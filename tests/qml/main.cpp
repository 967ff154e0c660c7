// Runs the tst_*.qml files with the Muster QML module available, as the app loads it.

#include <QQmlEngine>
#include <QTemporaryDir>
#include <QtQml/qqmlextensionplugin.h>
#include <QtQuickTest/quicktest.h>

Q_IMPORT_QML_PLUGIN(MusterPlugin)

class Setup : public QObject {
    Q_OBJECT
public Q_SLOTS:
    // Games go to a folder of the test's own, never the user's.
    void applicationAvailable() { qputenv("MUSTER_GAMES_DIR", m_games.path().toUtf8()); }
    void qmlEngineAvailable(QQmlEngine* engine) { engine->addImportPath(QStringLiteral("qrc:/qt/qml")); }

private:
    QTemporaryDir m_games;
};

QUICK_TEST_MAIN_WITH_SETUP(muster_qml, Setup)

#include "main.moc"
