#pragma once

// The unit roster of the game in play, one row per unit, for the Roster and Orders pages.

#include "app/storage/JournalTypes.h"
#include "app/storage/Result.h"
#include "rules/Engine.h"

#include <QAbstractListModel>
#include <QtQml/qqmlregistration.h>

#include <vector>

namespace muster::app {

// The roster of any rule set (rules::RosterView): the columns every game has as roles, and the rule set's own
// columns as `details` ({label, value} for each column with a value) and as a role by column key through
// value().
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
        SideColourRole,
        ArmRole,
        StartStrengthRole,
        StrengthRole,
        CasualtiesRole, // the rule set's "casualties" column, else figures lost against set-up
        OrderRole,      // the rule set's "order" column, or empty
        RemovedRole,
        StatusRole,
        DetailsRole,     // [{label, value}] of the rule set's columns that have a value
        DetailsTextRole, // the same as one line: "Grade veteran · Formation line · …"
    };
    Q_ENUM(Role)

    explicit RosterModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    QString sideFilter() const { return m_sideFilter; }
    void setSideFilter(const QString& side);

    // Replaces the rows with those of `view`.
    void reset(rules::RosterView view);
    // The rule set's column `key` of the unit `unitId` ("" when either is unknown).
    Q_INVOKABLE QString value(const QString& unitId, const QString& key) const;

Q_SIGNALS:
    void sideFilterChanged();
    void countChanged();

private:
    void rebuildRows();

    QString column(const rules::RosterRow& row, const char* key) const;

    rules::RosterView m_view;
    std::vector<int> m_rows; // indices into m_view.rows shown, after the filter
    QString m_sideFilter;
};

} // namespace muster::app
