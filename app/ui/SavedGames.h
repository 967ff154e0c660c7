#pragma once

// The games folder and the games saved in it, for Home's Resume list: one row per .muster file, newest
// first, read from each journal's header and last event. Also the "last game" memory that reopens the game
// after a crash.

#include "app/ui/GameController.h"

#include <QAbstractListModel>
#include <QPointer>
#include <QtQml/qqmlregistration.h>

#include <vector>

class QQmlEngine;
class QJSEngine;

namespace muster::app {

class SavedGames : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON
    // The game in play: the list is read again whenever it says the saved games changed (a game started,
    // opened or closed).
    Q_PROPERTY(muster::app::GameController* game READ game WRITE setGame NOTIFY gameChanged FINAL)
    Q_PROPERTY(int count READ count NOTIFY countChanged FINAL)
    Q_PROPERTY(QString gamesFolder READ gamesFolder CONSTANT FINAL)

public:
    enum Role {
        PathRole = Qt::UserRole + 1,
        NameRole,       // the file's base name
        LastPlayedRole, // "yyyy-MM-dd HH:mm", local time, of the journal's last event (else the file's time)
        RuleSetRole,
        ScenarioRole, // the scenario's own name
        TurnRole,
        PhaseRole,
        EventsRole,
        OkRole,    // the journal could be read; when not, ErrorRole says why
        ErrorRole, // "" when ok
    };
    Q_ENUM(Role)

    // No default argument on purpose: Qt 6.4 prefers a default constructor to create() for a QML singleton.
    explicit SavedGames(QObject* parent);
    // The QML singleton, working with the GameController singleton.
    static SavedGames* create(QQmlEngine* qmlEngine, QJSEngine* jsEngine);

    // Where games are kept: $MUSTER_GAMES_DIR, else the app's data folder + "/games".
    static QString gamesDirectory();
    // The game open last ("" for none: no game was open when the app stopped).
    static void rememberLast(const QString& path);
    static QString lastGame();

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    GameController* game() const { return m_game; }
    void setGame(GameController* game);
    int count() const { return static_cast<int>(m_games.size()); }
    QString gamesFolder() const { return gamesDirectory(); }

    // Reads the folder again.
    Q_INVOKABLE void refresh();

Q_SIGNALS:
    void gameChanged();
    void countChanged();

private:
    struct Saved {
        QString path;
        QString name;
        QString lastPlayed;
        QString ruleSet;
        QString scenario;
        int turn = 0;
        QString phase;
        qlonglong events = 0;
        bool ok = false;
        QString error;
    };
    std::vector<Saved> m_games;
    QPointer<GameController> m_game;
};

} // namespace muster::app
