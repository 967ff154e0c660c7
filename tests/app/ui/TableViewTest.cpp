// The table view (issue 45): what the server answers and refuses, a live push within a second of an input,
// hundreds of viewers while the game is played, and the page itself in Debian's Chromium, driven through its
// DevTools protocol.

#include "PlayStep.h"
#include "app/tableview/TableViewServer.h"
#include "app/ui/GameController.h"
#include "app/ui/PhonesView.h"

#include <gtest/gtest.h>

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QUrl>
#include <QWebSocket>

#include <algorithm>
#include <atomic>
#include <ctime>
#include <memory>
#include <vector>

using namespace Qt::StringLiterals;
using muster::app::GameController;
using muster::app::PhonesView;
using muster::app::test::playOneStep;

namespace {

struct Reply {
    int status = 0; // 0: no answer before the connection closed or the time ran out
    QByteArray head, body;
    bool closed = false;
};

// Sends raw bytes and reads one HTTP answer (headers and Content-Length bytes of body).
Reply exchange(quint16 port, const QByteArray& request, int timeoutMs = 3000) {
    QTcpSocket s;
    s.connectToHost(u"127.0.0.1"_s, port);
    Reply r;
    if (!s.waitForConnected(timeoutMs))
        return r;
    s.write(request);
    QByteArray data;
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < timeoutMs) {
        if (s.state() != QAbstractSocket::ConnectedState && !s.bytesAvailable()) {
            r.closed = true;
            break;
        }
        s.waitForReadyRead(50);
        data += s.readAll();
        const qsizetype end = data.indexOf("\r\n\r\n");
        if (end < 0)
            continue;
        r.head = data.left(end);
        const QRegularExpressionMatch length =
            QRegularExpression(u"(?i)content-length: *(\\d+)"_s).match(QString::fromLatin1(r.head));
        const qsizetype want = length.hasMatch() ? length.captured(1).toLongLong() : 0;
        if (data.size() - end - 4 >= want) {
            r.body = data.mid(end + 4, want);
            r.status = QString::fromLatin1(r.head.mid(9, 3)).toInt();
            break;
        }
    }
    if (s.state() != QAbstractSocket::ConnectedState)
        r.closed = true;
    return r;
}

QByteArray get(const QByteArray& target) {
    return "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
}

class TableViewTest : public ::testing::Test {
protected:
    void SetUp() override {
        m_game.seedAppDice(5);
        const QVariantList players{QVariantMap{{u"name"_s, u"Ann"_s}, {u"side"_s, u"us"_s}},
                                   QVariantMap{{u"name"_s, u"Bob"_s}, {u"side"_s, u"mx"_s}}};
        ASSERT_TRUE(m_game.startGame(u"md_small"_s, players, {}, {{u"dice"_s, u"virtual"_s}}))
            << m_game.lastError().toStdString();
        m_view.setGame(&m_game);
        ASSERT_TRUE(m_view.start(u"127.0.0.1"_s, 0)) << m_view.error().toStdString();
        const QUrl url(m_view.url());
        m_port = static_cast<quint16>(url.port());
        m_key = url.query().mid(4).toLatin1(); // "key=…"
        ASSERT_EQ(m_key.size(), 32);
    }

    GameController m_game;
    PhonesView m_view{nullptr};
    quint16 m_port = 0;
    QByteArray m_key;
};

const QByteArray kUnit = "5th U.S. Infantry"; // a unit of md_small: game data the secret guards

} // namespace

TEST_F(TableViewTest, WithoutTheSecretNothingOfTheGameIsAnswered) {
    for (const QByteArray& target :
         QList<QByteArray>{"/state", "/state?key=", "/state?key=0123456789abcdef0123456789abcdef",
                           "/?key=wrong", "/", "/state?KEY=" + m_key, "/state?key=" + m_key + "0"}) {
        const Reply r = exchange(m_port, get(target));
        EXPECT_EQ(r.status, 403) << target.toStdString();
        EXPECT_FALSE(r.body.contains(kUnit)) << target.toStdString();
        EXPECT_FALSE(r.body.contains("Palo Alto")) << target.toStdString();
    }
    const Reply state = exchange(m_port, get("/state?key=" + m_key));
    ASSERT_EQ(state.status, 200) << state.head.toStdString();
    const QJsonObject snapshot = QJsonDocument::fromJson(state.body).object();
    EXPECT_EQ(snapshot.value(u"turn"_s).toInt(), 1);
    EXPECT_EQ(snapshot.value(u"question"_s).toString(), m_game.headline());
    EXPECT_TRUE(state.body.contains(kUnit));
    EXPECT_EQ(snapshot.value(u"sides"_s).toArray().size(), 2);
    const Reply page = exchange(m_port, get("/?key=" + m_key));
    ASSERT_EQ(page.status, 200);
    EXPECT_TRUE(page.head.contains("Content-Security-Policy: default-src 'none'; script-src 'self';"));
    EXPECT_TRUE(page.head.contains("Referrer-Policy: no-referrer"));
    EXPECT_TRUE(page.body.contains("<script src=\"/app.js\" defer></script>"));
    EXPECT_FALSE(page.body.contains("<script>")) << "no inline script: the CSP forbids it";
}

TEST_F(TableViewTest, OnlyTheExactPathsAreServedAndNothingWrites) {
    const QByteArray k = "?key=" + m_key;
    for (const QByteArray& target :
         QList<QByteArray>{"/../state" + k, "/%2e%2e/state" + k, "/state/" + k, "//state" + k, "/STATE" + k,
                           "/state%00" + k, "/\xff\xfe" + k, "/app.js/../state" + k, "/./state" + k,
                           "/etc/passwd", "/..%2f..%2fetc%2fpasswd", "/state%2f.." + k, "/live" + k}) {
        const Reply r = exchange(m_port, get(target));
        EXPECT_TRUE(r.status == 404 || r.status == 400) << target.toStdString() << " → " << r.status;
        EXPECT_FALSE(r.body.contains(kUnit)) << target.toStdString();
    }
    const Reply post =
        exchange(m_port, "POST /state" + k + " HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\n\r\nundo");
    EXPECT_EQ(post.status, 405);
    const Reply put = exchange(m_port, "PUT /" + k + " HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n");
    EXPECT_EQ(put.status, 405);
    EXPECT_EQ(m_game.turn(), 1);
    EXPECT_EQ(m_game.log()->rowCount(), 0) << "nothing a viewer sends is journalled";
}

TEST_F(TableViewTest, OversizedAndMalformedRequestsAreClosed) {
    // 64 KB of header: the connection is cut before any answer.
    const Reply huge = exchange(m_port, "GET /state?key=" + m_key + " HTTP/1.1\r\nHost: x\r\nX-Pad: " +
                                            QByteArray(64 * 1024, 'a') + "\r\n\r\n");
    EXPECT_EQ(huge.status, 0);
    EXPECT_TRUE(huge.closed);
    // Not HTTP at all.
    const Reply garbage = exchange(m_port, QByteArray(2000, '\x01') + "\r\n\r\n", 1500);
    EXPECT_NE(garbage.status, 200);
    // The game is still served.
    EXPECT_EQ(exchange(m_port, get("/state?key=" + m_key)).status, 200);
}

namespace {

// A server on a thread of its own, as in the app: the blocking client calls of the tests would otherwise
// stall it.
struct ServerThread {
    explicit ServerThread(muster::tableview::Limits limits) {
        auto* anchor = new QObject;
        anchor->moveToThread(&thread);
        QObject::connect(&thread, &QThread::finished, anchor, &QObject::deleteLater);
        thread.start();
        QMetaObject::invokeMethod(
            anchor,
            [&, anchor] {
                server = new muster::tableview::TableViewServer("k", limits, anchor);
                port = server->start(QHostAddress::LocalHost, 0, &error);
            },
            Qt::BlockingQueuedConnection);
    }
    ~ServerThread() {
        thread.quit();
        thread.wait();
    }
    QThread thread;
    muster::tableview::TableViewServer* server = nullptr;
    quint16 port = 0;
    QString error;
};

} // namespace

TEST(TableViewServer, ASlowClientIsClosedAndTooManyAreRefused) {
    muster::tableview::Limits limits;
    limits.httpIdleMs = 300;
    limits.maxConnections = 4;
    ServerThread running(limits);
    const quint16 port = running.port;
    ASSERT_NE(port, 0) << running.error.toStdString();
    // A slow-loris client: half a request line, then nothing.
    QTcpSocket loris;
    loris.connectToHost(u"127.0.0.1"_s, port);
    ASSERT_TRUE(loris.waitForConnected(2000));
    loris.write("GET /state?key=k HT");
    loris.flush();
    QElapsedTimer clock;
    clock.start();
    while (loris.state() == QAbstractSocket::ConnectedState && clock.elapsed() < 3000)
        loris.waitForDisconnected(50);
    EXPECT_NE(loris.state(), QAbstractSocket::ConnectedState) << "the slow client was never closed";
    EXPECT_LT(clock.elapsed(), 2000);
    // Four idle connections fill it; the fifth is told so and closed.
    std::vector<std::unique_ptr<QTcpSocket>> idle;
    for (int i = 0; i < 4; ++i) {
        idle.push_back(std::make_unique<QTcpSocket>());
        idle.back()->connectToHost(u"127.0.0.1"_s, port);
        ASSERT_TRUE(idle.back()->waitForConnected(2000));
    }
    QTest::qWait(100);
    const Reply refused = exchange(port, get("/state?key=k"), 2000);
    EXPECT_EQ(refused.status, 503);
    idle.clear();
    QTest::qWait(400);
    EXPECT_EQ(exchange(port, get("/state?key=k")).status, 200) << "room again once they left";
}

TEST(TableViewServer, TheLastThrowsPhotoIsServedOnlyWithTheKey) {
    ServerThread running({});
    ASSERT_NE(running.port, 0) << running.error.toStdString();
    EXPECT_EQ(exchange(running.port, get("/photo?key=k")).status, 404) << "no photo yet";
    const QByteArray jpeg = "\xff\xd8\xff\xe0 a photo's bytes";
    auto* server = running.server;
    QMetaObject::invokeMethod(
        server, [server, jpeg] { server->setPhoto(jpeg); }, Qt::BlockingQueuedConnection);
    const Reply photo = exchange(running.port, get("/photo?key=k&seq=12"));
    ASSERT_EQ(photo.status, 200);
    EXPECT_TRUE(photo.head.contains("Content-Type: image/jpeg"));
    EXPECT_EQ(photo.body, jpeg);
    const Reply stranger = exchange(running.port, get("/photo?key=x"));
    EXPECT_EQ(stranger.status, 403);
    EXPECT_FALSE(stranger.body.contains("photo's bytes"));
}

TEST_F(TableViewTest, AtTheEndThePhonesGetTheSummaryAndTheReport) {
    EXPECT_EQ(exchange(m_port, get("/report?key=" + m_key)).status, 404) << "no report before the end";
    for (int step = 0; step < 3000 && m_game.promptKind() != u"gameover"_s; ++step)
        ASSERT_TRUE(playOneStep(m_game)) << m_game.lastError().toStdString();
    ASSERT_EQ(m_game.promptKind(), u"gameover"_s);
    QTest::qWait(200); // the report goes to the server's thread
    const QJsonObject snapshot =
        QJsonDocument::fromJson(exchange(m_port, get("/state?key=" + m_key)).body).object();
    EXPECT_TRUE(snapshot.value(u"over"_s).toBool());
    EXPECT_TRUE(snapshot.value(u"report"_s).toBool());
    EXPECT_FALSE(snapshot.value(u"summary"_s).toString().isEmpty());
    const Reply report = exchange(m_port, get("/report?key=" + m_key));
    ASSERT_EQ(report.status, 200);
    EXPECT_TRUE(report.body.contains("Muster game report"));
    // Its own policy: its inline style, and no script at all.
    EXPECT_TRUE(
        report.head.contains("Content-Security-Policy: default-src 'none'; style-src 'unsafe-inline';"));
    EXPECT_FALSE(report.head.contains("script-src"));
    EXPECT_EQ(exchange(m_port, get("/report?key=x")).status, 403);
}

TEST(PhonesView, ThePhotoSummaryOutlinesEveryDieTheCameraFound) {
    const QByteArray detections = R"({"reader":"vision::DiceReader","frame":{"width":1280,"height":720},
        "dice":[{"value":5,"centre":[100.5,200],"size":40,"unsure":false},
                {"value":2,"centre":[640,360],"size":38,"unsure":true},
                {"value":0,"centre":[10,10],"size":30,"unsure":false,"maybeNotADie":true},
                {"value":3,"size":30}]})";
    const QJsonObject p = PhonesView::photoSummary(7, detections);
    EXPECT_EQ(p.value(u"seq"_s).toInteger(), 7);
    EXPECT_EQ(p.value(u"width"_s).toInt(), 1280);
    EXPECT_EQ(p.value(u"height"_s).toInt(), 720);
    const QJsonArray dice = p.value(u"dice"_s).toArray();
    ASSERT_EQ(dice.size(), 3) << "a find without a centre cannot be outlined";
    EXPECT_EQ(dice[0].toObject().value(u"x"_s).toDouble(), 100.5);
    EXPECT_EQ(dice[0].toObject().value(u"value"_s).toInt(), 5);
    EXPECT_FALSE(dice[0].toObject().value(u"unsure"_s).toBool());
    EXPECT_TRUE(dice[1].toObject().value(u"unsure"_s).toBool());
    EXPECT_TRUE(dice[2].toObject().value(u"unsure"_s).toBool())
        << "a find that may be no die is shown unsure";
    EXPECT_TRUE(PhonesView::photoSummary(7, "not json").isEmpty());
    EXPECT_TRUE(PhonesView::photoSummary(7, R"({"frame":{"width":0,"height":720},"dice":[]})").isEmpty());
}

TEST_F(TableViewTest, EachInputReachesALiveViewerWithinASecondAndTheLinkOutlivesARestart) {
    QWebSocket viewer;
    QSignalSpy messages(&viewer, &QWebSocket::textMessageReceived);
    viewer.open(QUrl(u"ws://127.0.0.1:%1/live?key=%2"_s.arg(m_port).arg(QString::fromLatin1(m_key))));
    ASSERT_TRUE(messages.wait(3000)) << "no snapshot on connecting";
    const QString before = QJsonDocument::fromJson(messages.last().first().toString().toUtf8())
                               .object()
                               .value(u"question"_s)
                               .toString();
    EXPECT_EQ(before, m_game.headline());
    messages.clear();
    QElapsedTimer clock;
    clock.start();
    ASSERT_TRUE(playOneStep(m_game));
    ASSERT_TRUE(messages.wait(1000)) << "no push within a second of the input";
    EXPECT_LT(clock.elapsed(), 1000);
    const QString after = QJsonDocument::fromJson(messages.last().first().toString().toUtf8())
                              .object()
                              .value(u"question"_s)
                              .toString();
    EXPECT_EQ(after, m_game.headline());
    EXPECT_NE(after, before);

    // The app stops and starts again on the same game: the same link works.
    const QString url = m_view.url();
    m_view.stop();
    EXPECT_FALSE(m_view.running());
    ASSERT_TRUE(m_view.start(u"127.0.0.1"_s, m_port)) << m_view.error().toStdString();
    EXPECT_EQ(m_view.url(), url);
    EXPECT_EQ(exchange(m_port, get("/state?key=" + m_key)).status, 200);

    // A viewer with a wrong key is closed without a snapshot.
    QWebSocket stranger;
    QSignalSpy strangerMessages(&stranger, &QWebSocket::textMessageReceived);
    QSignalSpy strangerClosed(&stranger, &QWebSocket::disconnected);
    stranger.open(QUrl(u"ws://127.0.0.1:%1/live?key=nope"_s.arg(m_port)));
    EXPECT_TRUE(strangerClosed.wait(3000));
    EXPECT_EQ(strangerMessages.count(), 0);
}

namespace {

long residentKb() {
    QFile status(u"/proc/self/status"_s);
    if (!status.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray& line : status.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').first().toLong();
    return 0;
}

} // namespace

// 200 viewers while the game is played. A short run in every test pass; with MUSTER_TABLEVIEW_SOAK_SECONDS
// set (ctest's app.table_view_soak, 60 s, Release only) the viewers stay while whole games are played again
// and again. Timings are printed, not asserted (docs/phones-view.md): the machine is shared.
TEST_F(TableViewTest, TwoHundredViewersDoNotStopTheGame) {
    const int soakSeconds = qEnvironmentVariableIntValue("MUSTER_TABLEVIEW_SOAK_SECONDS");
    // The same seeded game from its start, watched by the view.
    const auto startGame = [this](GameController& game) {
        game.seedAppDice(11);
        const QVariantList players{QVariantMap{{u"name"_s, u"Ann"_s}, {u"side"_s, u"us"_s}},
                                   QVariantMap{{u"name"_s, u"Bob"_s}, {u"side"_s, u"mx"_s}}};
        const bool started = game.startGame(u"md_small"_s, players, {}, {{u"dice"_s, u"virtual"_s}});
        m_view.setGame(&game);
        return started;
    };
    // Each input's time in microseconds, on the clock and in CPU time of this (the game's) thread: the CPU
    // time is what the viewers add to the game's own work; the clock also counts this thread waiting for a
    // core while the viewers' and the server's threads use them (two cores here).
    const auto threadMicros = [] {
        timespec t{};
        ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
        return qint64(t.tv_sec) * 1'000'000 + t.tv_nsec / 1000;
    };
    std::vector<qint64> quietCpu, busyCpu;
    bool busyPhase = false;
    const auto play = [&](GameController& game, std::vector<qint64>& micros, int maxInputs) {
        QElapsedTimer clock;
        for (int i = 0; i < maxInputs && game.promptKind() != u"gameover"_s; ++i) {
            clock.start();
            const qint64 cpu = threadMicros();
            if (!playOneStep(game))
                return false;
            micros.push_back(clock.nsecsElapsed() / 1000);
            (busyPhase ? busyCpu : quietCpu).push_back(threadMicros() - cpu);
        }
        return true;
    };
    const int inputsPerGame = soakSeconds > 0 ? 400 : 20;
    std::vector<qint64> quiet, busy;
    {
        GameController game;
        ASSERT_TRUE(startGame(game));
        ASSERT_TRUE(play(game, quiet, inputsPerGame)) << game.lastError().toStdString();
    }
    const long rssBefore = residentKb();
    busyPhase = true;
    QThread crowdThread;
    auto* crowd = new QObject;
    crowd->moveToThread(&crowdThread);
    QObject::connect(&crowdThread, &QThread::finished, crowd, &QObject::deleteLater);
    crowdThread.start();
    std::atomic<int> connected{0}, messages{0};
    const auto openCrowd = [&] {
        const QUrl live(u"ws://127.0.0.1:%1/live?key=%2"_s.arg(m_port).arg(QString::fromLatin1(m_key)));
        QMetaObject::invokeMethod(
            crowd,
            [&, crowd, live] {
                for (int i = 0; i < 200; ++i) {
                    auto* viewer = new QWebSocket(QString(), QWebSocketProtocol::VersionLatest, crowd);
                    QObject::connect(viewer, &QWebSocket::connected, [&connected] { ++connected; });
                    QObject::connect(viewer, &QWebSocket::textMessageReceived, [&messages] { ++messages; });
                    viewer->open(live);
                }
            },
            Qt::BlockingQueuedConnection);
    };
    long rssMax = rssBefore;
    int games = 0;
    QElapsedTimer soak;
    soak.start();
    do {
        GameController game;
        ASSERT_TRUE(startGame(game));
        m_key = QUrl(m_view.url()).query().mid(4).toLatin1();
        openCrowd();
        QTest::qWait(1500);
        ASSERT_TRUE(play(game, busy, inputsPerGame))
            << "with 200 viewers: " << game.lastError().toStdString();
        ++games;
        rssMax = std::max(rssMax, residentKb());
        EXPECT_LE(m_view.viewers(), 96) << "live clients are bounded";
        const int stateStatus = exchange(m_port, get("/state?key=" + m_key)).status;
        EXPECT_TRUE(stateStatus == 200 || stateStatus == 503) << stateStatus;
        QMetaObject::invokeMethod(
            crowd, [crowd] { qDeleteAll(crowd->findChildren<QWebSocket*>()); }, Qt::BlockingQueuedConnection);
    } while (soak.elapsed() < soakSeconds * 1000);
    QTest::qWait(500);
    EXPECT_GE(connected.load(), 50 * games);
    EXPECT_GT(messages.load(), 96 * games) << "the live viewers were pushed the inputs";
    crowdThread.quit();
    crowdThread.wait();
    const auto median = [](std::vector<qint64> v) {
        std::sort(v.begin(), v.end());
        return v.empty() ? qint64(0) : v[v.size() / 2];
    };
    std::printf(
        "200 viewers, %d game(s) in %lld s: %d connected, %d snapshots pushed; per input median (no viewer, "
        "%zu inputs / 200 viewers, %zu inputs): %lld / %lld us on the clock (ratio %.2f), %lld / %lld us of "
        "the "
        "game thread's CPU (ratio %.2f); resident memory %ld KB before the viewers, at most %ld KB with "
        "them\n",
        games, static_cast<long long>(soak.elapsed() / 1000), connected.load(), messages.load(), quiet.size(),
        busy.size(), static_cast<long long>(median(quiet)), static_cast<long long>(median(busy)),
        median(quiet) > 0 ? double(median(busy)) / double(median(quiet)) : 0.0,
        static_cast<long long>(median(quietCpu)), static_cast<long long>(median(busyCpu)),
        median(quietCpu) > 0 ? double(median(busyCpu)) / double(median(quietCpu)) : 0.0, rssBefore, rssMax);
    m_view.setGame(&m_game);
}

namespace {

// Debian's Chromium, headless, on one page, evaluated through the DevTools protocol.
class HeadlessPage {
public:
    bool open(const QString& url, QString* why) {
        m_process.setProgram(u"chromium"_s);
        m_process.setArguments({u"--headless=new"_s, u"--no-sandbox"_s, u"--disable-gpu"_s,
                                u"--no-first-run"_s, u"--user-data-dir="_s + m_profile.path(),
                                u"--remote-debugging-port=0"_s, u"--remote-allow-origins=*"_s,
                                u"--window-size=390,844"_s, url});
        m_process.start();
        if (!m_process.waitForStarted(10000)) {
            *why = u"chromium did not start: "_s + m_process.errorString();
            return false;
        }
        // Chromium writes its DevTools port to the profile folder.
        QFile portFile(m_profile.path() + u"/DevToolsActivePort"_s);
        QElapsedTimer clock;
        clock.start();
        while (!portFile.exists() && clock.elapsed() < 20000)
            QTest::qWait(100);
        if (!portFile.open(QIODevice::ReadOnly)) {
            *why = u"chromium gave no DevTools port"_s;
            return false;
        }
        const quint16 port = static_cast<quint16>(portFile.readLine().trimmed().toInt());
        QJsonArray targets;
        for (clock.restart(); targets.isEmpty() && clock.elapsed() < 10000; QTest::qWait(100)) {
            // Chromium builds the page's DevTools address from the Host header: give it the port too.
            const Reply list = exchange(
                port, "GET /json/list HTTP/1.1\r\nHost: 127.0.0.1:" + QByteArray::number(port) + "\r\n\r\n");
            for (const QJsonValue t : QJsonDocument::fromJson(list.body).array())
                if (t.toObject().value(u"type"_s).toString() == u"page"_s)
                    targets.append(t);
        }
        if (targets.isEmpty()) {
            *why = u"chromium lists no page"_s;
            return false;
        }
        QSignalSpy connected(&m_devtools, &QWebSocket::connected);
        const QString devtools = targets.first().toObject().value(u"webSocketDebuggerUrl"_s).toString();
        m_devtools.open(QUrl(devtools));
        if (!connected.wait(5000)) {
            *why = u"cannot reach chromium's DevTools at %1: %2"_s.arg(devtools, m_devtools.errorString());
            return false;
        }
        return true;
    }

    // document.getElementById(id).textContent, or "" when not there (yet).
    QString text(const QString& id) {
        const int call = ++m_call;
        QString value;
        bool done = false;
        auto c = QObject::connect(&m_devtools, &QWebSocket::textMessageReceived, [&](const QString& m) {
            const QJsonObject o = QJsonDocument::fromJson(m.toUtf8()).object();
            if (o.value(u"id"_s).toInt() == call) {
                value = o[u"result"_s].toObject()[u"result"_s].toObject()[u"value"_s].toString();
                done = true;
            }
        });
        const QString expression =
            u"(document.getElementById('%1') || {textContent: ''}).textContent"_s.arg(id);
        m_devtools.sendTextMessage(QString::fromUtf8(
            QJsonDocument(QJsonObject{{u"id"_s, call},
                                      {u"method"_s, u"Runtime.evaluate"_s},
                                      {u"params"_s, QJsonObject{{u"expression"_s, expression},
                                                                {u"returnByValue"_s, true}}}})
                .toJson(QJsonDocument::Compact)));
        QElapsedTimer clock;
        clock.start();
        while (!done && clock.elapsed() < 5000)
            QTest::qWait(10);
        QObject::disconnect(c);
        return value;
    }

    // Polls until the element's text satisfies `ok`, for at most ms; the time it took, or -1.
    template <class Ok>
    qint64 waitFor(const QString& id, Ok ok, int ms) {
        QElapsedTimer clock;
        clock.start();
        while (clock.elapsed() < ms) {
            if (ok(text(id)))
                return clock.elapsed();
            QTest::qWait(20);
        }
        return -1;
    }

    ~HeadlessPage() {
        m_devtools.close();
        m_process.terminate();
        if (!m_process.waitForFinished(5000))
            m_process.kill();
        m_process.waitForFinished(5000);
    }

private:
    QTemporaryDir m_profile;
    QProcess m_process;
    QWebSocket m_devtools;
    int m_call = 0;
};

} // namespace

// Chromium is installed by scripts/install-deps.sh: a machine without it fails here rather than skipping.
TEST_F(TableViewTest, ThePageInChromiumShowsTheGameAndFollowsItLive) {
    HeadlessPage page;
    QString why;
    ASSERT_TRUE(page.open(m_view.url(), &why)) << why.toStdString();
    ASSERT_GE(page.waitFor(
                  u"link"_s, [](const QString& t) { return t == u"live"_s; }, 20000),
              0)
        << "the page never went live: " << page.text(u"link"_s).toStdString();
    EXPECT_EQ(page.text(u"question"_s), m_game.headline());
    EXPECT_TRUE(page.text(u"roster"_s).contains(QString::fromLatin1(kUnit)));
    EXPECT_TRUE(page.text(u"sides"_s).contains(u"Army of Occupation"_s))
        << page.text(u"sides"_s).toStdString();

    // An input in the app: the page shows the new question within a second.
    const QString before = m_game.headline();
    ASSERT_TRUE(playOneStep(m_game));
    const QString now = m_game.headline();
    ASSERT_NE(now, before);
    const qint64 took = page.waitFor(
        u"question"_s, [&](const QString& t) { return t == now; }, 1000);
    EXPECT_GE(took, 0) << "the page still shows: " << page.text(u"question"_s).toStdString();
    std::printf("the page showed the new question %lld ms after the input\n", static_cast<long long>(took));

    // The app's server goes away and comes back on the same game: the page reconnects by itself.
    m_view.stop();
    ASSERT_GE(page.waitFor(
                  u"link"_s, [](const QString& t) { return t != u"live"_s; }, 5000),
              0);
    ASSERT_TRUE(playOneStep(m_game)); // an input while the page was cut off
    ASSERT_TRUE(m_view.start(u"127.0.0.1"_s, m_port)) << m_view.error().toStdString();
    const QString later = m_game.headline();
    EXPECT_GE(page.waitFor(
                  u"question"_s, [&](const QString& t) { return t == later; }, 15000),
              0)
        << "after the restart the page shows: " << page.text(u"question"_s).toStdString();
    EXPECT_EQ(page.text(u"link"_s), u"live"_s);
}

// The real app, killed and started again on the same game: the page on the phone comes back by itself, on the
// same link (the game's secret is kept), showing the game where it stands.
TEST(TableViewApp, ThePageSurvivesTheAppBeingKilledAndRestarted) {
    QString path, question;
    {
        GameController game;
        game.seedAppDice(9);
        const QVariantList players{QVariantMap{{u"name"_s, u"Ann"_s}, {u"side"_s, u"us"_s}},
                                   QVariantMap{{u"name"_s, u"Bob"_s}, {u"side"_s, u"mx"_s}}};
        ASSERT_TRUE(game.startGame(u"md_small"_s, players, {}, {{u"dice"_s, u"virtual"_s}}));
        for (int i = 0; i < 5; ++i)
            ASSERT_TRUE(playOneStep(game));
        path = game.gamePath();
        question = game.headline();
        game.closeGame();
    }
    // A port free now, used by both runs: the link a phone holds names it.
    quint16 port = 0;
    {
        QTcpServer probe;
        ASSERT_TRUE(probe.listen(QHostAddress::LocalHost, 0));
        port = probe.serverPort();
    }
    const auto startApp = [&path, port](QProcess& app, QString* url) {
        app.setProgram(QStringLiteral(MUSTER_APP_PATH));
        app.setArguments({u"--game"_s, path, u"--table-view"_s, u"127.0.0.1:%1"_s.arg(port)});
        app.start();
        QElapsedTimer clock;
        clock.start();
        QByteArray out;
        while (clock.elapsed() < 30000 && !out.contains("table view at ")) {
            app.waitForReadyRead(100);
            out += app.readAllStandardOutput();
        }
        const QRegularExpressionMatch m =
            QRegularExpression(u"table view at (\\S+)"_s).match(QString::fromUtf8(out));
        *url = m.hasMatch() ? m.captured(1) : QString();
        return !url->isEmpty();
    };
    QProcess first;
    QString url;
    ASSERT_TRUE(startApp(first, &url)) << first.readAllStandardError().toStdString();
    HeadlessPage page;
    QString why;
    ASSERT_TRUE(page.open(url, &why)) << why.toStdString();
    ASSERT_GE(page.waitFor(
                  u"link"_s, [](const QString& t) { return t == u"live"_s; }, 20000),
              0);
    EXPECT_EQ(page.text(u"question"_s), question);

    first.kill(); // as a flat battery would
    first.waitForFinished(5000);
    ASSERT_GE(page.waitFor(
                  u"link"_s, [](const QString& t) { return t != u"live"_s; }, 5000),
              0);

    // Started again on the same game and port: the same link, and the page the phone holds reconnects by
    // itself.
    QProcess second;
    QString again;
    ASSERT_TRUE(startApp(second, &again)) << second.readAllStandardError().toStdString();
    EXPECT_EQ(again, url) << "the link changed across a restart";
    ASSERT_GE(page.waitFor(
                  u"link"_s, [](const QString& t) { return t == u"live"_s; }, 20000),
              0)
        << "the page did not come back: " << page.text(u"link"_s).toStdString();
    EXPECT_EQ(page.text(u"question"_s), question);
    EXPECT_TRUE(page.text(u"roster"_s).contains(QString::fromLatin1(kUnit)));
    second.kill();
    second.waitForFinished(5000);
}
