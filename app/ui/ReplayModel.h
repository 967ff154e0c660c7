#pragma once

// Dispute replay: a game file opened read-only, its log filtered by turn, player or unit as the Log page
// does, and one step at a time the roster as it stood right after that event (the engine fed the inputs in
// force at that moment). It never writes to the game.

#include "app/storage/Journal.h"
#include "app/ui/LogModel.h"
#include "app/ui/RosterModel.h"
#include "rules/Engine.h"

#include <QObject>
#include <QUrl>
#include <QtQml/qqmlregistration.h>

#include <memory>
#include <optional>
#include <vector>

namespace muster::app {

class ReplayModel : public QObject {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(QString gamePath READ gamePath WRITE setGamePath NOTIFY gameChanged FINAL)
    Q_PROPERTY(muster::app::LogModel* steps READ steps CONSTANT FINAL)
    Q_PROPERTY(muster::app::RosterModel* roster READ roster CONSTANT FINAL)
    Q_PROPERTY(int currentRow READ currentRow WRITE setCurrentRow NOTIFY stepChanged FINAL)
    Q_PROPERTY(qlonglong currentSeq READ currentSeq NOTIFY stepChanged FINAL)
    Q_PROPERTY(QString stepText READ stepText NOTIFY stepChanged FINAL)
    Q_PROPERTY(QString outcome READ outcome NOTIFY stepChanged FINAL)
    Q_PROPERTY(QString stateAfter READ stateAfter NOTIFY stepChanged FINAL)
    Q_PROPERTY(QString error READ error NOTIFY stepChanged FINAL)

public:
    explicit ReplayModel(QObject* parent = nullptr);
    ~ReplayModel() override;

    QString gamePath() const { return m_path; }
    void setGamePath(const QString& path);
    LogModel* steps() const { return m_steps; }
    RosterModel* roster() const { return m_roster; }
    int currentRow() const { return m_row; }
    // Shows the state right after the event on that row of `steps` (-1: before anything is chosen).
    void setCurrentRow(int row);
    qlonglong currentSeq() const { return m_seq; }
    QString stepText() const { return m_stepText; }
    QString outcome() const { return m_outcome; }
    QString stateAfter() const { return m_stateAfter; }
    QString error() const { return m_error; }

    // Reads the game file again (after more play); keeps the filters and goes back to no step.
    Q_INVOKABLE bool reload();
    Q_INVOKABLE void next();
    Q_INVOKABLE void previous();
    // A file URL of the first photo of event `seq` (written to a temporary file), or "" if it has none.
    Q_INVOKABLE QUrl photoUrl(qlonglong seq) const;
    // The number of events in the file (for tests: replaying must not add any).
    Q_INVOKABLE int eventCount() const { return static_cast<int>(m_events.size()); }

Q_SIGNALS:
    void gameChanged();
    void stepChanged();

private:
    void clearStep();
    bool replayTo(std::int64_t seq);

    QString m_path;
    std::optional<storage::Journal> m_journal;
    std::vector<storage::Event> m_events;
    std::optional<rules::Engine> m_engine;
    LogModel* m_steps;
    RosterModel* m_roster;
    int m_row = -1;
    qlonglong m_seq = 0;
    QString m_stepText, m_outcome, m_stateAfter, m_error;
};

} // namespace muster::app
