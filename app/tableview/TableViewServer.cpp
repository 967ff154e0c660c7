#include "app/tableview/TableViewServer.h"

#include <QFile>
#include <QHttpServerRequest>
#include <QHttpServerResponder>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>
#include <QUrlQuery>
#include <QWebSocket>

#include <algorithm>
#include <functional>

using namespace Qt::StringLiterals;

namespace muster::tableview {

namespace {

using Status = QHttpServerResponder::StatusCode;

// Nothing but our own script and style; no inline code, so an escaped name can never run.
constexpr char kCsp[] = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
                        "img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

// The report is our own HTML with its style inline and no script at all.
constexpr char kReportCsp[] =
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; "
    "form-action 'none'; frame-ancestors 'none'";

void reply(QHttpServerResponder&& responder, bool head, Status status, const QByteArray& type,
           const QByteArray& body) {
    const bool report = type == "text/html; charset=utf-8; report";
    // The link holds the secret: no referrer, no cache.
    responder.write(head ? QByteArray() : body,
                    {{"Content-Type", report ? QByteArray("text/html; charset=utf-8") : type},
                     {"Content-Security-Policy", report ? kReportCsp : kCsp},
                     {"X-Content-Type-Options", "nosniff"},
                     {"Referrer-Policy", "no-referrer"},
                     {"Cache-Control", "no-store"}},
                    status);
}

QByteArray resource(const QString& name) {
    QFile f(u":/tableview/"_s + name);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Accepts connections up to the limit and watches each one: the bytes it sends and, for plain HTTP, how
// long it stays.
class BoundedTcpServer : public QTcpServer {
public:
    BoundedTcpServer(const Limits& limits, std::function<int()> open, QObject* parent)
        : QTcpServer(parent)
        , m_limits(limits)
        , m_open(std::move(open)) {}

protected:
    void incomingConnection(qintptr descriptor) override {
        auto* socket = new QTcpSocket(this);
        if (!socket->setSocketDescriptor(descriptor)) {
            delete socket;
            return;
        }
        if (m_open() >= m_limits.maxConnections) { // refused politely, and closed whatever it does
            socket->write(
                "HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
            socket->disconnectFromHost();
            connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
            QTimer::singleShot(1000, socket, [socket] { socket->abort(); });
            return;
        }
        connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
        const qint64 maxBytes = m_limits.maxBytesPerConnection;
        connect(socket, &QTcpSocket::readyRead, socket, [socket, maxBytes] {
            const qint64 seen = socket->property("musterBytes").toLongLong() + socket->bytesAvailable();
            socket->setProperty("musterBytes", seen);
            if (seen > maxBytes)
                socket->abort();
        });
        // Plain HTTP has no reason to linger (a slow-loris client would); a WebSocket is marked and stays.
        QTimer::singleShot(m_limits.httpIdleMs, socket, [socket] {
            if (!socket->property("musterLive").toBool())
                socket->abort();
        });
        addPendingConnection(socket);
    }

private:
    Limits m_limits;
    std::function<int()> m_open;
};

} // namespace

TableViewServer::TableViewServer(QByteArray secret, Limits limits, QObject* parent)
    : QAbstractHttpServer(parent)
    , m_secret(std::move(secret))
    , m_limits(limits) {
    connect(this, &QAbstractHttpServer::newWebSocketConnection, this, &TableViewServer::takeWebSockets);
}

TableViewServer::~TableViewServer() {
    m_live.clear();
}

int TableViewServer::openConnections() const {
    // HTTP connections still open (a connection that became a WebSocket is counted as a live client: Qt's
    // server takes such a socket's signals away, so it is counted where it ends up).
    int open = liveClients();
    if (m_tcp)
        for (const QTcpSocket* s : m_tcp->findChildren<QTcpSocket*>(Qt::FindDirectChildrenOnly))
            if (s->state() != QAbstractSocket::UnconnectedState && !s->property("musterLive").toBool())
                ++open;
    return open;
}

quint16 TableViewServer::start(const QHostAddress& address, quint16 port, QString* error) {
    m_tcp = new BoundedTcpServer(
        m_limits, [this] { return openConnections(); }, this);
    if (!m_tcp->listen(address, port)) {
        if (error)
            *error =
                u"cannot listen on %1:%2: %3"_s.arg(address.toString()).arg(port).arg(m_tcp->errorString());
        delete m_tcp;
        m_tcp = nullptr;
        return 0;
    }
    bind(m_tcp);
    return m_tcp->serverPort();
}

bool TableViewServer::keyMatches(const QByteArray& key) const {
    if (key.size() != m_secret.size() || m_secret.isEmpty())
        return false;
    unsigned char diff = 0;
    for (qsizetype i = 0; i < key.size(); ++i)
        diff |= static_cast<unsigned char>(key[i] ^ m_secret[i]);
    return diff == 0;
}

void TableViewServer::setReport(const QByteArray& html) {
    m_report = html;
}

void TableViewServer::setPhoto(const QByteArray& jpeg) {
    m_photo = jpeg;
}

void TableViewServer::setSnapshot(const QByteArray& json) {
    m_snapshot = json;
    for (const auto& ws : m_live)
        ws->sendTextMessage(QString::fromUtf8(m_snapshot));
}

namespace {

bool isWebSocketUpgrade(const QHttpServerRequest& request) {
    return request.value("upgrade").compare("websocket", Qt::CaseInsensitive) == 0;
}

} // namespace

Status TableViewServer::answerTo(const QHttpServerRequest& request, QByteArray* type,
                                 QByteArray* body) const {
    const auto method = request.method();
    *type = "text/plain; charset=utf-8";
    if (method != QHttpServerRequest::Method::Get && method != QHttpServerRequest::Method::Head) {
        *body = "This view is read-only.\n";
        return Status::MethodNotAllowed;
    }
    // The exact path as sent, not a decoded or normalised one: "/../", "%2e%2e" and the like match nothing.
    const QString path = request.url().path(QUrl::FullyEncoded);
    const bool upgrade = isWebSocketUpgrade(request);
    if (!upgrade && (path == u"/app.js"_s || path == u"/app.css"_s)) {
        *type = path.endsWith(u".js"_s) ? "text/javascript; charset=utf-8" : "text/css; charset=utf-8";
        *body = resource(path.mid(1));
        return Status::Ok;
    }
    if (upgrade ? path != u"/live"_s
                : (path != u"/"_s && path != u"/state"_s && path != u"/photo"_s && path != u"/report"_s)) {
        *body = "Not here.\n";
        return Status::NotFound;
    }
    if (!keyMatches(request.query().queryItemValue(u"key"_s, QUrl::FullyEncoded).toLatin1())) {
        *body = "This table view needs the link shown on the table's Muster (Settings, Table view).\n";
        return Status::Forbidden;
    }
    if (upgrade)
        return Status::SwitchingProtocols;
    if (path == u"/"_s) {
        *type = "text/html; charset=utf-8";
        *body = resource(u"index.html"_s);
    } else if (path == u"/report"_s) {
        if (m_report.isEmpty()) {
            *body = "The report is there once the game is over.\n";
            return Status::NotFound;
        }
        *type = "text/html; charset=utf-8; report"; // reply() gives it the report's own policy
        *body = m_report;
    } else if (path == u"/photo"_s) {
        if (m_photo.isEmpty()) {
            *body = "The last throw has no photo.\n";
            return Status::NotFound;
        }
        *type = "image/jpeg";
        *body = m_photo;
    } else {
        *type = "application/json";
        *body = m_snapshot;
    }
    return Status::Ok;
}

bool TableViewServer::handleRequest(const QHttpServerRequest& request, QTcpSocket* socket) {
    QByteArray type, body;
    const Status status = answerTo(request, &type, &body);
    // Qt 6.4 asks here before it upgrades a WebSocket: true with nothing written lets it upgrade; false
    // sends the request to missingHandler (which refuses it) and closes the connection.
    if (isWebSocketUpgrade(request))
        return status == Status::SwitchingProtocols;
    reply(makeResponder(request, socket), request.method() == QHttpServerRequest::Method::Head, status, type,
          body);
    return true;
}

void TableViewServer::missingHandler(const QHttpServerRequest& request, QTcpSocket* socket) {
    QByteArray type, body;
    Status status = answerTo(request, &type, &body);
    if (status == Status::SwitchingProtocols || status == Status::Ok) // an upgrade Qt would not make
        status = Status::BadRequest;
    reply(makeResponder(request, socket), false, status, type, body);
}

void TableViewServer::takeWebSockets() {
    while (hasPendingWebSocketConnections()) {
        std::unique_ptr<QWebSocket> ws = nextPendingWebSocketConnection();
        if (!ws)
            continue;
        // Its TCP connection stays open past the HTTP idle limit.
        for (QTcpSocket* s : m_tcp ? m_tcp->findChildren<QTcpSocket*>() : QList<QTcpSocket*>{})
            if (s->peerPort() == ws->peerPort() && s->peerAddress() == ws->peerAddress())
                s->setProperty("musterLive", true);
        const QUrl url = ws->requestUrl();
        const bool allowed =
            url.path(QUrl::FullyEncoded) == u"/live"_s &&
            keyMatches(QUrlQuery(url).queryItemValue(u"key"_s, QUrl::FullyEncoded).toLatin1());
        if (!allowed) {
            ws->close(QWebSocketProtocol::CloseCodePolicyViolated, u"needs the table's link"_s);
            ws.release()->deleteLater();
            continue;
        }
        if (liveClients() >= m_limits.maxLiveClients) {
            ws->close(QWebSocketProtocol::CloseCodePolicyViolated, u"too many viewers"_s);
            ws.release()->deleteLater();
            continue;
        }
        // Nothing a viewer sends is read: the view is read-only, and a client that talks much is cut off.
        ws->setMaxAllowedIncomingFrameSize(1024);
        ws->setMaxAllowedIncomingMessageSize(1024);
        QWebSocket* raw = ws.get();
        connect(raw, &QWebSocket::textMessageReceived, raw, [raw] { raw->abort(); });
        connect(raw, &QWebSocket::binaryMessageReceived, raw, [raw] { raw->abort(); });
        connect(raw, &QWebSocket::disconnected, this, [this, raw] {
            const auto it =
                std::find_if(m_live.begin(), m_live.end(), [raw](const auto& p) { return p.get() == raw; });
            if (it != m_live.end()) {
                it->release()->deleteLater();
                m_live.erase(it);
                Q_EMIT liveClientsChanged(liveClients());
            }
        });
        raw->sendTextMessage(QString::fromUtf8(m_snapshot));
        m_live.push_back(std::move(ws));
        Q_EMIT liveClientsChanged(liveClients());
    }
}

} // namespace muster::tableview
