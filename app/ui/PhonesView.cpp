#include "app/ui/PhonesView.h"

#include "app/report/Report.h"
#include "app/storage/Seal.h"
#include "app/tableview/TableViewServer.h"
#include "app/ui/GameCompanion.h"

#include <QCryptographicHash>
#include <QFile>
#include <QHostAddress>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkInterface>
#include <QRandomGenerator>
#include <QSettings>
#include <QTemporaryDir>

using namespace Qt::StringLiterals;

namespace muster::app {

namespace {

QString q(const std::string& s) {
    return QString::fromStdString(s);
}

} // namespace

PhonesView::PhonesView(QObject* parent)
    : QObject(parent) {
    m_thread.setObjectName(u"table view"_s);
}

PhonesView::~PhonesView() {
    stop();
}

PhonesView* PhonesView::create(QQmlEngine* qmlEngine, QJSEngine*) {
    return makeGameCompanion<PhonesView>(qmlEngine);
}

void PhonesView::setGame(GameController* game) {
    if (m_game == game)
        return;
    if (m_game)
        disconnect(m_game, nullptr, this, nullptr);
    m_game = game;
    if (m_game) {
        connect(m_game, &GameController::stateChanged, this, &PhonesView::push);
        // Another game, another secret: a link to the last game shows nothing of this one.
        connect(m_game, &GameController::gameChanged, this, [this] {
            if (running())
                start(m_address, m_port);
        });
    }
    Q_EMIT gameChanged();
}

QStringList PhonesView::addresses() const {
    QStringList out;
    for (const QHostAddress& a : QNetworkInterface::allAddresses())
        if (a.protocol() == QAbstractSocket::IPv4Protocol && !a.isLoopback())
            out << a.toString();
    return out;
}

QString PhonesView::url() const {
    if (!running())
        return {};
    return u"http://%1:%2/?key=%3"_s.arg(m_address).arg(m_port).arg(QString::fromLatin1(m_secret));
}

QByteArray PhonesView::secretFor(const QString& gamePath) const {
    // Kept per game, so a phone's link still works after the app restarts on the same game.
    QSettings settings;
    const QString name =
        u"tableView/secret-"_s +
        QString::fromLatin1(
            QCryptographicHash::hash(gamePath.toUtf8(), QCryptographicHash::Sha256).toHex().left(16));
    QByteArray secret = settings.value(name).toByteArray();
    if (secret.size() != 32) {
        QByteArray raw(16, '\0');
        QRandomGenerator::system()->generate(raw.begin(), raw.end());
        secret = raw.toHex();
        settings.setValue(name, secret);
    }
    return secret;
}

bool PhonesView::start(const QString& address, int port) {
    stop();
    m_photoSeq = -1; // a new server holds no photo and no report yet
    m_reported = false;
    QString chosen = address.trimmed();
    if (chosen.isEmpty())
        chosen = addresses().value(0, u"127.0.0.1"_s);
    const QHostAddress host(chosen);
    if (host.isNull() || port < 0 || port > 65535) {
        m_error = u"'%1:%2' is not an address and port to listen on"_s.arg(chosen).arg(port);
        Q_EMIT changed();
        return false;
    }
    m_secret = secretFor(m_game ? m_game->gamePath() : QString());
    // Everything of the server is made on its own thread: Qt's HTTP server keeps objects of its own (its
    // WebSocket server) that a moveToThread would leave behind.
    auto* anchor = new QObject;
    anchor->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, anchor, &QObject::deleteLater);
    m_thread.start();
    tableview::TableViewServer* server = nullptr;
    quint16 listening = 0;
    QString error;
    const QByteArray secret = m_secret;
    QMetaObject::invokeMethod(
        anchor,
        [&, anchor] {
            server = new tableview::TableViewServer(secret, {}, anchor);
            listening = server->start(host, static_cast<quint16>(port), &error);
        },
        Qt::BlockingQueuedConnection);
    connect(server, &tableview::TableViewServer::liveClientsChanged, this, [this](int count) {
        m_viewers = count;
        Q_EMIT changed();
    });
    if (!listening) {
        m_thread.quit();
        m_thread.wait();
        m_error = error;
        Q_EMIT changed();
        return false;
    }
    m_server = server;
    m_address = chosen;
    m_port = listening;
    m_error.clear();
    push();
    Q_EMIT changed();
    return true;
}

void PhonesView::stop() {
    if (!m_thread.isRunning())
        return;
    m_thread.quit();
    m_thread.wait();
    m_server = nullptr;
    m_port = 0;
    m_viewers = 0;
    Q_EMIT changed();
}

QJsonObject PhonesView::photoSummary(qlonglong seq, const QByteArray& detectionsJson) {
    const QJsonObject doc = QJsonDocument::fromJson(detectionsJson).object();
    const QJsonObject frame = doc.value(u"frame"_s).toObject();
    const int width = frame.value(u"width"_s).toInt();
    const int height = frame.value(u"height"_s).toInt();
    if (width <= 0 || height <= 0)
        return {};
    QJsonArray dice;
    for (const QJsonValue v : doc.value(u"dice"_s).toArray()) {
        const QJsonObject d = v.toObject();
        const QJsonArray centre = d.value(u"centre"_s).toArray();
        if (centre.size() != 2)
            continue;
        dice.append(
            QJsonObject{{u"x"_s, centre.at(0).toDouble()},
                        {u"y"_s, centre.at(1).toDouble()},
                        {u"size"_s, d.value(u"size"_s).toDouble()},
                        {u"value"_s, d.value(u"value"_s).toInt()},
                        {u"unsure"_s, d.value(u"unsure"_s).toBool() || d.value(u"maybeNotADie"_s).toBool()}});
    }
    return QJsonObject{{u"seq"_s, seq}, {u"width"_s, width}, {u"height"_s, height}, {u"dice"_s, dice}};
}

void PhonesView::push() {
    if (!m_server)
        return;
    tableview::TableViewServer* server = m_server;
    // The last throw's photo goes to the server once, when the last throw changes.
    storage::GameSession* session = m_game ? m_game->session() : nullptr;
    const qlonglong seq = session ? m_game->lastThrowSeq() : 0;
    if (seq != m_photoSeq) {
        m_photoSeq = seq;
        m_photo = {};
        QByteArray jpeg;
        if (seq > 0)
            if (auto photos = session->journal().evidence(seq); photos && !photos->empty()) {
                const storage::Evidence& first = photos->front();
                jpeg = QByteArray(reinterpret_cast<const char*>(first.jpeg.data()),
                                  static_cast<qsizetype>(first.jpeg.size()));
                m_photo = photoSummary(seq, QByteArray::fromStdString(first.detectionsJson));
                if (m_photo.isEmpty() &&
                    !jpeg.isEmpty()) // a photo without the camera's finds (chits, a typed throw)
                    m_photo = QJsonObject{{u"seq"_s, seq}, {u"dice"_s, QJsonArray()}};
            }
        QMetaObject::invokeMethod(
            server, [server, jpeg] { server->setPhoto(jpeg); }, Qt::QueuedConnection);
    }
    // At the game's end the report, once (it renders every photo): the phones link to it.
    const bool over = session && session->engine().gameOver();
    if (over != m_reported) {
        QByteArray html;
        if (over) {
            QTemporaryDir folder;
            if (folder.isValid()) {
                if (auto files =
                        report::writeReport(session->journal().path(), folder.path().toStdString())) {
                    QFile f(QString::fromStdString(files->html.string()));
                    if (f.open(QIODevice::ReadOnly))
                        html = f.readAll();
                } else {
                    qWarning("table view: no report for the phones: %s", files.error().message.c_str());
                }
            }
        }
        m_reported = over && !html.isEmpty();
        QMetaObject::invokeMethod(
            server, [server, html] { server->setReport(html); }, Qt::QueuedConnection);
    }
    const QByteArray json = snapshot();
    QMetaObject::invokeMethod(
        server, [server, json] { server->setSnapshot(json); }, Qt::QueuedConnection);
}

QByteArray PhonesView::snapshot() const {
    QJsonObject out;
    GameController* game = m_game;
    storage::GameSession* session = game ? game->session() : nullptr;
    if (!game || !session) {
        out[u"sides"_s] = QJsonArray();
        out[u"scenario"_s] = u"No game in play"_s;
        return QJsonDocument(out).toJson(QJsonDocument::Compact);
    }
    out[u"scenario"_s] = game->scenarioName();
    out[u"turn"_s] = game->turn();
    out[u"maxTurns"_s] = game->maxTurns();
    out[u"phase"_s] = game->phaseLabel();
    out[u"sideName"_s] = game->currentSideName();
    out[u"sideColour"_s] = game->currentSideColour();
    out[u"player"_s] = game->currentPlayer();
    out[u"question"_s] = game->headline();
    out[u"summary"_s] = game->turnSummary();
    out[u"winner"_s] = game->winner();
    out[u"over"_s] = session->engine().gameOver();

    // The roster from the engine itself (the Roster page's model may be filtered to one side).
    const rules::RosterView roster = session->engine().roster();
    QJsonArray sides, rows;
    QStringList seen;
    for (const rules::RosterRow& r : roster.rows) {
        if (!seen.contains(q(r.side))) {
            seen << q(r.side);
            sides.append(QJsonObject{
                {u"id"_s, q(r.side)}, {u"name"_s, q(r.sideName)}, {u"colour"_s, q(r.sideColour)}});
        }
        QStringList details;
        for (std::size_t k = 0; k < r.values.size() && k < roster.columns.size(); ++k)
            if (!r.values[k].empty()) // a value the engine keeps as an id ("us_dragoons") read as words
                details << q(roster.columns[k].label) + u" "_s + q(r.values[k]).replace(u'_', u' ');
        rows.append(QJsonObject{{u"id"_s, q(r.id)},
                                {u"name"_s, q(r.name)},
                                {u"side"_s, q(r.side)},
                                {u"strength"_s, r.strength},
                                {u"start"_s, r.startStrength},
                                {u"status"_s, q(r.status)},
                                {u"removed"_s, r.removed},
                                {u"details"_s, details.join(u" · "_s)}});
    }
    out[u"sides"_s] = sides;
    out[u"roster"_s] = rows;
    if (session->engine().gameOver()) {
        // The rules name the winner by its side's id: the phones say the side's name.
        QString winner = game->winner();
        for (const QJsonValue side : sides)
            if (side.toObject().value(u"id"_s).toString() == winner)
                winner = side.toObject().value(u"name"_s).toString();
        out[u"winner"_s] = winner;
        out[u"question"_s] = winner.isEmpty() ? u"Game over: a draw"_s : u"Game over: %1 wins"_s.arg(winner);
    }

    QJsonArray story;
    for (const QVariant& line : game->history()->toList()) {
        const QVariantMap m = line.toMap();
        story.append(
            QJsonObject{{u"text"_s, m.value(u"text"_s).toString()}, {u"big"_s, m.value(u"big"_s).toBool()}});
    }
    out[u"story"_s] = story;

    QJsonArray seals;
    for (const storage::TurnSeal& t : game->seals())
        seals.append(QJsonObject{{u"turn"_s, t.turn}, {u"seal"_s, q(t.seal)}});
    out[u"seals"_s] = seals;
    if (!m_photo.isEmpty())
        out[u"photo"_s] = m_photo;
    out[u"report"_s] = m_reported;
    return QJsonDocument(out).toJson(QJsonDocument::Compact);
}

} // namespace muster::app
