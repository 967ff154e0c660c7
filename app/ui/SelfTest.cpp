#include "app/ui/SelfTest.h"

#include "app/ui/GameController.h"
#include "app/ui/ScenarioCatalog.h"

#include <QEventLoop>
#include <QGuiApplication>
#include <QQuickItem>
#include <QQuickWindow>
#include <QTemporaryDir>
#include <QTimer>

#include <cstdio>

using namespace Qt::StringLiterals;

namespace muster::app {

namespace {

QStringList g_failures;
QtMessageHandler g_previous = nullptr;

// A message counts against the self-test when it comes from QML or JavaScript, or is critical/fatal from
// anywhere.
bool isQmlProblem(QtMsgType type, const QMessageLogContext& context, const QString& message) {
    if (type == QtCriticalMsg || type == QtFatalMsg)
        return true;
    if (type != QtWarningMsg)
        return false;
    const QString category = QString::fromUtf8(context.category ? context.category : "");
    const QString file = QString::fromUtf8(context.file ? context.file : "");
    return category.startsWith(u"qml"_s) || category.startsWith(u"js"_s) || file.startsWith(u"qrc:"_s) ||
           message.contains(u"qrc:/"_s) || message.contains(u".qml"_s);
}

void handler(QtMsgType type, const QMessageLogContext& context, const QString& message) {
    if (isQmlProblem(type, context, message))
        g_failures << message;
    if (g_previous)
        g_previous(type, context, message);
}

// Waits until the window has rendered a frame after a change, or a timeout passes. Returns whether it
// rendered.
bool waitForFrame(QQuickWindow* window, int timeoutMs) {
    bool swapped = false;
    QEventLoop loop;
    QTimer timeout;
    timeout.setSingleShot(true);
    QObject::connect(&timeout, &QTimer::timeout, &loop, &QEventLoop::quit);
    const auto c = QObject::connect(window, &QQuickWindow::frameSwapped, &loop, [&] {
        swapped = true;
        loop.quit();
    });
    window->requestUpdate();
    timeout.start(timeoutMs);
    loop.exec();
    QObject::disconnect(c);
    return swapped;
}

} // namespace

QStringList SelfTest::pageNames() {
    return {u"home"_s, u"game"_s, u"dice"_s, u"orders"_s, u"roster"_s, u"log"_s, u"settings"_s, u"newgame"_s};
}

void SelfTest::begin() {
    g_previous = qInstallMessageHandler(handler);
}

int SelfTest::run(QGuiApplication& app, QQuickWindow* window, GameController* game, int steps) {
    Q_UNUSED(app);
    window->show();
    if (!waitForFrame(window, 10000))
        g_failures << u"the window rendered no frame within 10 s"_s;
    int checked = visitPages(window);

    // The same pages with a game in progress, in a throwaway games folder.
    QTemporaryDir games;
    qputenv("MUSTER_GAMES_DIR", games.path().toUtf8());
    const QStringList scenarios = ScenarioCatalog::bundledScenarios();
    if (scenarios.isEmpty()) {
        g_failures << u"no bundled scenario"_s;
    } else if (!game->startGame(scenarios.constFirst(), {})) {
        g_failures << u"could not start %1: %2"_s.arg(scenarios.constFirst(), game->lastError());
    } else {
        int played = 0;
        for (; played < steps && game->promptKind() != u"gameover"_s; ++played) {
            bool ok = false;
            if (game->promptKind() == u"dice"_s) {
                ok = game->submitDice(game->rollVirtual(), u"virtual"_s);
            } else {
                const QList<QVariantMap> options = game->options()->rows();
                const QVariantMap option = options.value(played % std::max<qsizetype>(1, options.size()));
                ok = game->answer(option.value(u"value"_s).toString());
            }
            if (!ok) {
                g_failures << u"step %1 refused: %2"_s.arg(played).arg(game->lastError());
                break;
            }
        }
        checked += visitPages(window);
        std::printf("self-test: played %d steps of %s\n", played, qPrintable(scenarios.constFirst()));
        game->closeGame();
    }
    qunsetenv("MUSTER_GAMES_DIR");

    if (!g_failures.isEmpty()) {
        std::fprintf(stderr, "self-test: FAILED with %lld problem(s):\n",
                     static_cast<long long>(g_failures.size()));
        for (const QString& f : std::as_const(g_failures))
            std::fprintf(stderr, "  %s\n", qPrintable(f));
        return 1;
    }
    std::printf("self-test: OK, %d page views, no QML warnings\n", checked);
    return 0;
}

int SelfTest::visitPages(QQuickWindow* window) {
    int checked = 0;
    for (const QSize size : {QSize(1280, 800), QSize(1920, 1080), QSize(800, 1280)}) {
        window->resize(size);
        for (const QString& page : pageNames()) {
            window->setProperty("currentPage", page);
            if (!waitForFrame(window, 5000))
                g_failures << u"page '%1' rendered no frame at %2x%3"_s.arg(page)
                                  .arg(size.width())
                                  .arg(size.height());
            QVariant item;
            QMetaObject::invokeMethod(window, "pageItem", Q_RETURN_ARG(QVariant, item),
                                      Q_ARG(QVariant, page));
            auto* pageItem = qvariant_cast<QQuickItem*>(item);
            if (!pageItem || !pageItem->isVisible() || pageItem->width() <= 0 || pageItem->height() <= 0)
                g_failures
                    << u"page '%1' did not show at %2x%3"_s.arg(page).arg(size.width()).arg(size.height());
            ++checked;
        }
    }
    return checked;
}

} // namespace muster::app
