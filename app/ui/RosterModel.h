#pragma once

// The unit roster of the game in play, one row per unit, for the Roster and Orders pages.

#include "app/storage/JournalTypes.h"
#include "app/storage/Result.h"
#include "rules/Engine.h"

#include <QAbstractListModel>
#include <QtQml/qqmlregistration.h>

#include <vector>

namespace muster::app {

// The engine as a game began: its file's scenario snapshot and house rules, no input yet.
storage::Result<rules::Engine> startingEngine(const storage::GameInfo& game);
// Each unit's figures (officers + rank and file) when the game began, in unit order: what the roster measures
// losses against.
storage::Result<std::vector<int>> startingStrengths(const storage::GameInfo& game);

class RosterModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("The roster belongs to the GameController")
    Q_PROPERTY(QString sideFilter READ sideFilter WRITE setSideFilter NOTIFY sideFilterChanged FINAL)
    Q_PROPERTY(int count READ rowCount NOTIFY countChanged FINAL)

public:
    enum Role {
        UnitIdRole = Qt::UserRole + 1,
        NameRole,
        SideIdRole,
        SideNameRole,
        NationRole,
        ArmRole,
        TypeRole,
        GradeRole,
        FormationRole,
        FormedRole,
        MountedRole,
        LimberedRole,
        OfficersRole,
        RankAndFileRole,
        DlRole,
        CasualtiesRole,
        StartStrengthRole,
        StrengthRole,
        OrderRole,
        RemovedRole,
        LoadedRole,
        StatusRole,
    };
    Q_ENUM(Role)

    explicit RosterModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    QString sideFilter() const { return m_sideFilter; }
    void setSideFilter(const QString& side);

    // Replaces the rows with the units of `state`; `startStrength` holds each unit's figures at set-up.
    void reset(const rules::GameState* state, std::vector<int> startStrength);

Q_SIGNALS:
    void sideFilterChanged();
    void countChanged();

private:
    void rebuildRows();

    const rules::GameState* m_state = nullptr;
    std::vector<int> m_startStrength;
    std::vector<int> m_rows; // unit indices shown, after the filter
    QString m_sideFilter;
};

} // namespace muster::app
