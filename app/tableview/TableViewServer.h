#pragma once

// The table view's server: a read-only page of the game in play for the players' phones, over the local
// network. It serves five things and writes nothing: the page (HTML, script, style), the game's snapshot as
// JSON, the last throw's photo, the report at the game's end, and a WebSocket that pushes each new snapshot. Everything about the game
// needs the table's secret (the key in the link the app shows); without it the answer is 403 and holds
// nothing of the game.
//
// Made for a hostile network: bounded connections, WebSocket clients and bytes a client may send; HTTP
// connections that linger are closed; only GET (and HEAD) of the exact paths is answered. It lives on its own
// thread (TableView moves it there), so a flood of clients never stalls the game.

#include <QAbstractHttpServer>
#include <QByteArray>
#include <QHostAddress>
#include <QHttpServerResponder>
#include <QList>
#include <QPointer>

#include <memory>
#include <vector>

class QTcpServer;
class QWebSocket;

namespace muster::tableview {

struct Limits {
    int maxConnections = 128;                 // TCP connections open at once; more are closed on arrival
    int maxLiveClients = 96;                  // WebSocket clients at once
    qint64 maxBytesPerConnection = 16 * 1024; // a phone sends a few requests; more is an attack
    int httpIdleMs = 10'000;                  // an HTTP connection is closed this long after it opened
};

class TableViewServer : public QAbstractHttpServer {
    Q_OBJECT

public:
    explicit TableViewServer(QByteArray secret, Limits limits = {}, QObject* parent = nullptr);
    ~TableViewServer() override;

    // Listens on address:port (port 0: any free one). Returns the port, 0 with *error set on failure.
    quint16 start(const QHostAddress& address, quint16 port, QString* error);

    // Connections open now: HTTP ones and live clients.
    int openConnections() const;
    int liveClients() const { return static_cast<int>(m_live.size()); }
    const QByteArray& snapshot() const { return m_snapshot; }

    // Constant-time comparison of a key from a request with the secret.
    bool keyMatches(const QByteArray& key) const;

public Q_SLOTS:
    // The game's state as JSON: served at /state and pushed to every live client at once.
    void setSnapshot(const QByteArray& json);
    // The last throw's photo (JPEG), served at /photo; empty when it has none.
    void setPhoto(const QByteArray& jpeg);
    // The game's report (self-contained HTML, no script), served at /report once the game is over.
    void setReport(const QByteArray& html);

Q_SIGNALS:
    void liveClientsChanged(int count);

protected:
    bool handleRequest(const QHttpServerRequest& request, QTcpSocket* socket) override;
    void missingHandler(const QHttpServerRequest& request, QTcpSocket* socket) override;

private:
    void takeWebSockets();
    // What a request gets: its status, content type and body (for a WebSocket upgrade that may go ahead,
    // SwitchingProtocols and nothing else).
    QHttpServerResponder::StatusCode answerTo(const QHttpServerRequest& request, QByteArray* type,
                                              QByteArray* body) const;

    QByteArray m_secret;
    Limits m_limits;
    QByteArray m_snapshot = "{}";
    QByteArray m_photo;
    QByteArray m_report;
    std::vector<std::unique_ptr<QWebSocket>> m_live;
    QTcpServer* m_tcp = nullptr;
};

} // namespace muster::tableview
