#pragma once

// The table view in the app: turns the phones' read-only view of the game on and off (Settings, or
// `muster --table-view [ADDRESS:]PORT`), gives the link with its per-game secret, and feeds the server a
// snapshot of the game after every change. The server runs on its own thread; see
// app/tableview/TableViewServer.h for what it serves and refuses.

#include "app/ui/GameController.h"

#include <QByteArray>
#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QThread>
#include <QtQml/qqmlregistration.h>

class QQmlEngine;
class QJSEngine;

namespace muster::tableview {
class TableViewServer;
}

namespace muster::app {

class PhonesView : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON
    Q_PROPERTY(muster::app::GameController* game READ game WRITE setGame NOTIFY gameChanged FINAL)
    Q_PROPERTY(bool running READ running NOTIFY changed FINAL)
    // The link to open on a phone, with the game's secret ("http://192.168.1.20:8080/?key=…"); empty when
    // off.
    Q_PROPERTY(QString url READ url NOTIFY changed FINAL)
    Q_PROPERTY(QString error READ error NOTIFY changed FINAL)
    Q_PROPERTY(int viewers READ viewers NOTIFY changed FINAL)
    // The addresses this machine can be reached at on its networks (IPv4, not loopback), for the picker.
    Q_PROPERTY(QStringList addresses READ addresses CONSTANT FINAL)

public:
    explicit PhonesView(QObject* parent);
    ~PhonesView() override;
    static PhonesView* create(QQmlEngine* qmlEngine, QJSEngine* jsEngine);

    GameController* game() const { return m_game; }
    void setGame(GameController* game);
    bool running() const { return m_port != 0; }
    QString url() const;
    QString error() const { return m_error; }
    int viewers() const { return m_viewers; }
    QStringList addresses() const;

    // Listens on address (empty: the first of addresses(), else loopback) and port (0: any free one).
    Q_INVOKABLE bool start(const QString& address, int port);
    Q_INVOKABLE void stop();

    // The game as the phones see it, as JSON (what /state serves): turn, phase, who acts and what is asked,
    // each side's roster with the rule set's own columns, this turn's story with its big moments, the last
    // turn's summary and every seal.
    QByteArray snapshot() const;

    // The "photo" part of the snapshot from a throw's detections (the camera's JSON): the frame's size and
    // each die's centre, size, value and whether it is unsure; empty when the JSON holds no frame.
    static QJsonObject photoSummary(qlonglong seq, const QByteArray& detectionsJson);

Q_SIGNALS:
    void gameChanged();
    void changed();

private:
    void push();
    QByteArray secretFor(const QString& gamePath) const;

    QPointer<GameController> m_game;
    QThread m_thread;
    tableview::TableViewServer* m_server = nullptr; // lives on m_thread
    QString m_address;
    quint16 m_port = 0;
    QByteArray m_secret;
    QString m_error;
    int m_viewers = 0;
    qlonglong m_photoSeq = -1; // the throw whose photo the server holds
    bool m_reported = false;   // the server holds the report of this game's end
    QJsonObject m_photo;       // its part of the snapshot
};

} // namespace muster::app
