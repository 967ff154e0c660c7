#pragma once

// Reports of games from the app, for Home: the game in play written as `muster-cli game report` writes it,
// into the games folder's reports/<game>/, and the reports written there, newest first.

#include "app/ui/GameController.h"

#include <QAbstractListModel>
#include <QDateTime>
#include <QPointer>
#include <QUrl>
#include <QtQml/qqmlregistration.h>

#include <vector>

class QQmlEngine;
class QJSEngine;

namespace muster::app {

// The latest reports in the games folder (at most five), newest first.
class RecentReports : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("The recent reports belong to GameReports")
    Q_PROPERTY(int count READ count NOTIFY countChanged FINAL)

public:
    enum Role {
        NameRole = Qt::UserRole + 1, // the game's file name, without .muster
        UrlRole,                     // a file URL of report.html
        PathRole,                    // the same file as a native path, for a file manager
        WrittenRole,                 // "yyyy-MM-dd HH:mm", local time
    };
    Q_ENUM(Role)

    explicit RecentReports(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;
    int count() const { return static_cast<int>(m_reports.size()); }

    // Reads the reports folder again.
    void refresh();

Q_SIGNALS:
    void countChanged();

private:
    struct Report {
        QString name;
        QUrl url;
        QString path;
        QString written;
    };
    std::vector<Report> m_reports;
};

class GameReports : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON
    // The game whose report writeReport() writes.
    Q_PROPERTY(muster::app::GameController* game READ game WRITE setGame NOTIFY gameChanged FINAL)
    Q_PROPERTY(muster::app::RecentReports* recentReports READ recentReports CONSTANT FINAL)
    // Why the latest writeReport() failed.
    Q_PROPERTY(QString lastError READ lastError NOTIFY errorChanged FINAL)

public:
    // No default argument on purpose: Qt 6.4 prefers a default constructor to create() for a QML singleton.
    explicit GameReports(QObject* parent);
    // The QML singleton, working with the GameController singleton.
    static GameReports* create(QQmlEngine* qmlEngine, QJSEngine* jsEngine);

    GameController* game() const { return m_game; }
    void setGame(GameController* game);
    RecentReports* recentReports() const { return m_recent; }
    QString lastError() const { return m_lastError; }

    // Writes the game in play's report (the same HTML and JSON as `muster-cli game report`: every event, the
    // photos, dice statistics per player) into the games folder's reports/<game>/; false (lastError) if not.
    Q_INVOKABLE bool writeReport();

Q_SIGNALS:
    void gameChanged();
    void errorChanged();
    // A report was written: recentReports has been read again.
    void reportsChanged();

private:
    bool fail(const QString& message);

    QPointer<GameController> m_game;
    RecentReports* m_recent;
    QString m_lastError;
};

} // namespace muster::app
