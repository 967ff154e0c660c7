#pragma once

// The game's journal as the Log page shows it: one row per event, newest last, with undone inputs and
// overrides marked, filtered by turn, player or unit.

#include "app/storage/JournalTypes.h"

#include <QAbstractListModel>
#include <QtQml/qqmlregistration.h>

#include <map>
#include <set>
#include <vector>

namespace muster::app {

class LogModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("The log belongs to the GameController")
    Q_PROPERTY(int turnFilter READ turnFilter WRITE setTurnFilter NOTIFY filterChanged FINAL)
    Q_PROPERTY(QString playerFilter READ playerFilter WRITE setPlayerFilter NOTIFY filterChanged FINAL)
    Q_PROPERTY(QString unitFilter READ unitFilter WRITE setUnitFilter NOTIFY filterChanged FINAL)
    Q_PROPERTY(int count READ rowCount NOTIFY countChanged FINAL)
    Q_PROPERTY(int maxTurn READ maxTurn NOTIFY countChanged FINAL)

public:
    enum Role {
        SeqRole = Qt::UserRole + 1,
        TurnRole,
        PhaseRole,
        KindRole,
        TextRole,
        DetailRole,
        PlayerRole,
        SourceRole,
        RuleIdRole,
        UnitsRole,
        FacesRole,
        UndoneRole,
        OverriddenRole,
        HasPhotoRole,
        TimeRole,
        SetAsideRole,   // an input a fix of an earlier one set aside (kept in the journal, not in force)
        SetAsideByRole, // the override event that set it aside, 0 if none
        FixableRole,    // an input still in force: it can be fixed (GameController::fixAnswer, fixThrow)
        SealNoteRole,   // a fix of a turn already sealed: which seal it changes and the roster lines
    };
    Q_ENUM(Role)

    explicit LogModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    int turnFilter() const { return m_turnFilter; }
    void setTurnFilter(int turn);
    QString playerFilter() const { return m_playerFilter; }
    void setPlayerFilter(const QString& player);
    QString unitFilter() const { return m_unitFilter; }
    void setUnitFilter(const QString& unit);
    int maxTurn() const { return m_maxTurn; }

    // Replaces the rows: every event of the journal, and the seqs of the inputs still in force; struckOut
    // holds the reasons of camera finds struck out as not a die, by event (storage::struckOutBySeq).
    void reset(std::vector<storage::Event> events, const std::set<std::int64_t>& inForce,
               const std::set<std::int64_t>& overridden,
               const std::map<std::int64_t, std::vector<std::string>>& struckOut = {},
               const std::map<std::int64_t, QString>& sealNotes = {});

Q_SIGNALS:
    void filterChanged();
    void countChanged();

private:
    struct Row {
        storage::Event event;
        QString text, detail, ruleId, sealNote;
        QStringList units;
        QList<int> faces;
        bool undone = false;
        bool overridden = false;
        bool fixable = false;
        std::int64_t setAsideBy = 0;
    };
    void rebuildRows();
    bool accepts(const Row& row) const;

    std::vector<Row> m_all;
    std::vector<int> m_rows;
    int m_turnFilter = -1; // -1: every turn
    QString m_playerFilter, m_unitFilter;
    int m_maxTurn = 0;
};

} // namespace muster::app
