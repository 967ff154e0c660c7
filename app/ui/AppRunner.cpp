#include "app/ui/AppRunner.h"

#include "app/ui/CameraService.h"
#include "app/ui/GameController.h"
#include "app/ui/PhonesView.h"
#include "app/ui/ScenarioCatalog.h"
#include "app/ui/SelfTest.h"

#include <unistd.h>

#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QGuiApplication>
#include <QQmlApplicationEngine>
#include <QQuickStyle>
#include <QQuickWindow>
#include <QSize>
#include <QStandardPaths>
#include <QTimer>
#include <QUrl>

#include <cstdio>
#include <cstring>
#include <string>

using namespace Qt::StringLiterals;

namespace muster::app {

namespace {

bool hasArg(int argc, char** argv, const char* name) {
    for (int i = 1; i < argc; ++i)
        if (std::strcmp(argv[i], name) == 0)
            return true;
    return false;
}

// Headless modes must not need a display, and the ffmpeg media backend is the one that neither crashes nor
// hangs on a minimal install (TOOLCHAIN.md). Both have to be set before QGuiApplication exists.
void preparePlatform(int argc, char** argv) {
    // --version and --help only print: without a display they must not make Qt abort looking for one.
    bool headless = false;
    for (const char* arg : {"--self-test", "--screenshot", "--version", "-v", "--help", "-h"})
        headless = headless || hasArg(argc, argv, arg);
    if (headless && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    if (qEnvironmentVariableIsEmpty("QT_MEDIA_BACKEND"))
        qputenv("QT_MEDIA_BACKEND", "ffmpeg");
    if (qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR")) {
        const QByteArray dir = QDir::tempPath().toUtf8() + "/muster-runtime-" + QByteArray::number(getuid());
        QDir().mkpath(QString::fromUtf8(dir));
        QFile::setPermissions(QString::fromUtf8(dir), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        qputenv("XDG_RUNTIME_DIR", dir);
    }
    // Names, reasons and paths on a touch screen: Qt Virtual Keyboard, unless another input method is asked
    // for (QT_IM_MODULE) or the table has a keyboard (--hardware-keyboard). Headless runs type nothing.
    if (!headless && !hasArg(argc, argv, "--hardware-keyboard") &&
        qEnvironmentVariableIsEmpty("QT_IM_MODULE"))
        qputenv("QT_IM_MODULE", "qtvirtualkeyboard");
    // A dark, high-contrast theme for table lighting.
    QQuickStyle::setStyle(u"Material"_s);
    if (qEnvironmentVariableIsEmpty("QT_QUICK_CONTROLS_MATERIAL_THEME"))
        qputenv("QT_QUICK_CONTROLS_MATERIAL_THEME", "Dark");
}

bool parseSize(const QString& text, QSize* size) {
    const QStringList parts = text.split(u'x');
    if (parts.size() != 2)
        return false;
    bool okW = false, okH = false;
    const int w = parts[0].toInt(&okW), h = parts[1].toInt(&okH);
    if (!okW || !okH || w < 320 || h < 320 || w > 7680 || h > 4320)
        return false;
    *size = QSize(w, h);
    return true;
}

// Renders the window once it has shown a frame and saves it. A static scene renders only once or twice, so
// wait for the first frameSwapped and then a short settle time rather than counting frames (TOOLCHAIN.md).
int takeScreenshot(QGuiApplication& app, QQuickWindow* window, const QString& file) {
    int result = 1;
    bool armed = false;
    QObject::connect(window, &QQuickWindow::frameSwapped, window, [&] {
        if (armed)
            return;
        armed = true;
        QTimer::singleShot(400, window, [&] {
            const QImage image = window->grabWindow();
            if (image.isNull()) {
                std::fprintf(stderr, "muster: could not grab the window\n");
            } else if (!image.save(file)) {
                std::fprintf(stderr, "muster: could not write %s\n", qPrintable(file));
            } else {
                std::printf("muster: wrote %s (%dx%d)\n", qPrintable(file), image.width(), image.height());
                result = 0;
            }
            app.quit();
        });
    });
    QTimer::singleShot(20000, &app, [&] {
        std::fprintf(stderr, "muster: no frame rendered within 20 s\n");
        app.exit(1);
    });
    window->show();
    app.exec();
    return result;
}

} // namespace

int run(int argc, char** argv) {
    preparePlatform(argc, argv);
    QElapsedTimer startup;
    startup.start();

    SelfTest selfTest; // installs its message handler only when the mode is on
    if (hasArg(argc, argv, "--self-test"))
        selfTest.begin();

    QGuiApplication app(argc, argv);
    QGuiApplication::setApplicationName(u"Muster"_s);
    QGuiApplication::setOrganizationName(u"Muster"_s);
    QGuiApplication::setApplicationVersion(QStringLiteral(MUSTER_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(u"Muster: a table-side companion for miniature wargames."_s);
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption selfTestOpt(u"self-test"_s,
                                         u"Load every page, fail on any QML warning, exit 0 or 1."_s);
    const QCommandLineOption shotOpt(u"screenshot"_s, u"Render a page offscreen to a PNG and exit."_s,
                                     u"file"_s);
    const QCommandLineOption pageOpt(
        u"page"_s, u"Page to show: home, game, dice, orders, roster, log, settings, newgame."_s, u"name"_s,
        u"home"_s);
    const QCommandLineOption sizeOpt(u"size"_s, u"Window size, WxH (default 1280x800)."_s, u"WxH"_s,
                                     u"1280x800"_s);
    const QCommandLineOption demoOpt(u"demo"_s, u"Use the demo dice feed even when a camera is present."_s);
    const QCommandLineOption keyboardOpt(u"hardware-keyboard"_s,
                                         u"Type on a keyboard: no on-screen keyboard for text fields."_s);
    const QCommandLineOption gameOpt(
        u"game"_s, u"Open this game file (.muster) instead of resuming the last one."_s, u"file"_s);
    const QCommandLineOption scenarioOpt(
        u"scenario"_s, u"Preselect this bundled scenario on New game (e.g. omtb_fallen_timbers)."_s,
        u"name"_s);
    const QCommandLineOption tableViewOpt(
        u"table-view"_s,
        u"Serve the players' read-only view of the game on [ADDRESS:]PORT (the address of this machine on "
        u"the "
        "table's network; the first one found if left out) and print its link with the game's secret."_s,
        u"[address:]port"_s);
    parser.addOptions(
        {selfTestOpt, shotOpt, pageOpt, sizeOpt, demoOpt, keyboardOpt, gameOpt, scenarioOpt, tableViewOpt});
    parser.process(app);

    QSize size;
    if (!parseSize(parser.value(sizeOpt), &size)) {
        std::fprintf(stderr, "muster: --size wants WxH between 320x320 and 7680x4320, got '%s'\n",
                     qPrintable(parser.value(sizeOpt)));
        return 2;
    }
    const QString page = parser.value(pageOpt).toLower();
    if (!SelfTest::pageNames().contains(page)) {
        std::fprintf(stderr, "muster: unknown page '%s' (one of: %s)\n", qPrintable(page),
                     qPrintable(SelfTest::pageNames().join(u", "_s)));
        return 2;
    }
    CameraService::setForceDemo(parser.isSet(demoOpt));

    // Before the QML exists, so New game is built with it (changing the box of a page not yet shown can crash
    // Qt 6.4's layouts).
    if (parser.isSet(scenarioOpt)) {
        if (!ScenarioCatalog::bundledScenarios().contains(parser.value(scenarioOpt))) {
            std::fprintf(stderr, "muster: no bundled scenario '%s' (see New game)\n",
                         qPrintable(parser.value(scenarioOpt)));
            return 2;
        }
        ScenarioCatalog::setStartupScenario(parser.value(scenarioOpt));
    }

    QQmlApplicationEngine engine;
    engine.addImportPath(u"qrc:/qt/qml"_s);
    engine.load(QUrl(u"qrc:/qt/qml/Muster/Main.qml"_s));
    if (engine.rootObjects().isEmpty()) {
        std::fprintf(stderr, "muster: the user interface failed to load\n");
        return 1;
    }
    auto* window = qobject_cast<QQuickWindow*>(engine.rootObjects().constFirst());
    if (!window) {
        std::fprintf(stderr, "muster: Main.qml is not a window\n");
        return 1;
    }
    window->resize(size);

    // The game in play: the one named on the command line, else (interactive only) the last one, so a crash
    // or a flat battery resumes at the same prompt. Headless modes stay deterministic unless --game is given.
    auto* game = engine.singletonInstance<GameController*>(qmlTypeId("Muster", 1, 0, "GameController"));
    if (!game) {
        std::fprintf(stderr, "muster: the GameController is missing from the QML module\n");
        return 1;
    }
    const bool headless = parser.isSet(selfTestOpt) || parser.isSet(shotOpt);
    if (parser.isSet(gameOpt)) {
        if (!game->openGame(parser.value(gameOpt))) {
            std::fprintf(stderr, "muster: %s\n", qPrintable(game->lastError()));
            return 2;
        }
    } else if (!headless) {
        game->resumeLast();
    }
    window->setProperty("currentPage", parser.isSet(pageOpt) || !game->active() ? page : u"game"_s);

    if (parser.isSet(tableViewOpt)) {
        const QString spec = parser.value(tableViewOpt);
        const qsizetype colon = spec.lastIndexOf(u':');
        bool portOk = false;
        const int port = spec.mid(colon + 1).toInt(&portOk);
        auto* view = engine.singletonInstance<PhonesView*>(qmlTypeId("Muster", 1, 0, "PhonesView"));
        if (!portOk || !view || !view->start(colon < 0 ? QString() : spec.left(colon), port)) {
            std::fprintf(stderr, "muster: --table-view %s: %s\n", qPrintable(spec),
                         qPrintable(view && portOk ? view->error() : u"expected [ADDRESS:]PORT"_s));
            return 2;
        }
        std::printf("muster: table view at %s\n", qPrintable(view->url()));
        std::fflush(stdout);
    }

    if (parser.isSet(selfTestOpt))
        return selfTest.run(app, window, game);
    if (parser.isSet(shotOpt))
        return takeScreenshot(app, window, parser.value(shotOpt));

    QObject::connect(window, &QQuickWindow::frameSwapped, window, [&startup] {
        static bool first = true;
        if (first && qEnvironmentVariableIsSet("MUSTER_TIMING")) {
            std::printf("muster: first frame after %lld ms\n", static_cast<long long>(startup.elapsed()));
            std::fflush(stdout);
        }
        first = false;
    });
    window->show();
    return app.exec();
}

} // namespace muster::app
