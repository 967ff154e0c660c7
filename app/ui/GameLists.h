#pragma once

// The lists GameController shows beside its single values (the prompt's options, the fix chips, this turn's
// history, the sequence of play, the players, the units awaiting orders), as list models: a delegate binds to
// named roles, and a list that did not change is not reset, so its delegates are not made again on every
// refresh.

#include <QAbstractListModel>
#include <QByteArray>
#include <QList>
#include <QVariantMap>
#include <QtQml/qqmlregistration.h>

namespace muster::app {

// Rows of named values, one role per name (from Qt::UserRole + 1, in the order the subclass names them).
class MapListModel : public QAbstractListModel {
    Q_OBJECT
    QML_ANONYMOUS
    Q_PROPERTY(int count READ count NOTIFY countChanged FINAL)

public:
    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    int count() const { return static_cast<int>(m_rows.size()); }
    // Row `row` as a map of its roles, empty out of range: scripts and tests read a row as they read the
    // list.
    Q_INVOKABLE QVariantMap get(int row) const;
    const QList<QVariantMap>& rows() const { return m_rows; }
    // The rows as a list of maps, for a script or test that reads them all at once (the Quick Tests do);
    // views bind to the model's roles instead.
    Q_INVOKABLE QVariantList toList() const; // a list of maps on purpose: see above

    // Replaces the rows; resets the model only if they differ. Each row holds the roles' names (a name the
    // model has no role for is a programming error, caught in debug builds). True if the rows changed.
    bool setRows(QList<QVariantMap> rows);

Q_SIGNALS:
    void countChanged();

protected:
    MapListModel(QList<QByteArray> roles, QObject* parent);

private:
    QList<QByteArray> m_roles;
    QList<QVariantMap> m_rows;
};

// The lists, each with its own role names. Each names its base in full: Qt 6.4's qmltyperegistrar looks the
// base up by the name as written, and without the namespace qmllint would not see count, get() and toList().

// The answers the prompt's question offers: value, label.
class OptionsModel : public muster::app::MapListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("The options belong to the GameController")
public:
    explicit OptionsModel(QObject* parent = nullptr);
};

// The latest answers still in force, newest first (at most 3): seq, question, label, tag (the prompt key).
class RecentAnswersModel : public muster::app::MapListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("The recent answers belong to the GameController")
public:
    explicit RecentAnswersModel(QObject* parent = nullptr);
};

// What happened this turn, newest first: turn, text (one sentence of the rules), big (a big moment).
class HistoryModel : public muster::app::MapListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("The history belongs to the GameController")
public:
    explicit HistoryModel(QObject* parent = nullptr);
};

// The rule set's sequence of play: key, label, group (the half of the turn it belongs to, may be empty).
class PhasesModel : public muster::app::MapListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("The phases belong to the GameController")
public:
    explicit PhasesModel(QObject* parent = nullptr);
};

// The game's players: name, side, diceColour (the name of the player's dice set, may be empty).
class PlayersModel : public muster::app::MapListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("The players belong to the GameController")
public:
    explicit PlayersModel(QObject* parent = nullptr);
};

// Units in play without an order yet this turn, in roster order: unitId, name (empty outside the orders
// phase).
class AwaitingOrdersModel : public muster::app::MapListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("The units awaiting orders belong to the GameController")
public:
    explicit AwaitingOrdersModel(QObject* parent = nullptr);
};

} // namespace muster::app
