#pragma once

// Orders set by tapping a unit on the Orders page, in any sequence. The engine asks for orders one unit at a
// time (MD-ORD-01); an order tapped for a unit it has not reached yet waits here and is given, as that unit's
// ordinary answer, the moment the engine asks for it. A unit already given its order this turn is fixed
// through the journal's fix of an earlier answer instead (FixDialog), so the change is journalled with a
// reason. Waiting orders are not journalled: like chits face down on the table, they count once revealed.

#include "rules/core/RuleSet.h"

#include <QObject>
#include <QPointer>
#include <QVariantMap>
#include <QtQml/qqmlregistration.h>

#include <map>
#include <string>
#include <vector>

class QQmlEngine;
class QJSEngine;

namespace muster::app {

class GameController;

class TappedOrders : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON
    // unit id -> the name of the order that waits for it ("MOVE").
    Q_PROPERTY(QVariantMap waiting READ waiting NOTIFY changed FINAL)
    // Why the last waiting order could not be given ("" when it could).
    Q_PROPERTY(QString problem READ problem NOTIFY changed FINAL)

public:
    // No default argument: Qt 6.4 prefers a default constructor to create() for a QML singleton.
    explicit TappedOrders(QObject* parent);
    // The QML singleton, working with the GameController singleton.
    static TappedOrders* create(QQmlEngine* qmlEngine, QJSEngine* jsEngine);

    void setGame(GameController* game);

    // What a tap on `unitId` offers: {unitId, name, state, seq, options: [{value, label}], waiting}. state is
    // "asked" (the engine asks for this unit now: options are the question's), "given" (its order this turn
    // is in the journal: seq is that answer's, to fix), "later" (not asked yet: options are the orders it can
    // be given in some turn, checked when it is asked) or "none" (no orders to set now; `why` says so).
    Q_INVOKABLE QVariantMap choicesFor(const QString& unitId) const;
    // Gives the order now if the engine asks for this unit, else keeps it until it does; false (problem) if
    // the unit cannot be given orders now or the order is not one of its choices.
    Q_INVOKABLE bool set(const QString& unitId, const QString& value);
    Q_INVOKABLE void forget(const QString& unitId);

    QVariantMap waiting() const;
    QString problem() const { return m_problem; }

Q_SIGNALS:
    void changed();

private:
    void onGameChanged();
    void onState();
    // Gives every waiting order the engine asks for now, one after another.
    void giveWaiting();
    struct Choice {
        std::string value;
        std::string label;
    };
    std::vector<Choice> laterChoices(const std::string& unitId) const;

    QPointer<GameController> m_game;
    std::map<std::string, std::string> m_waiting; // unit id -> order value
    std::map<std::string, std::vector<std::string>>
        m_codes; // unit id -> chit codes (RuleSet::chitCodesByUnit)
    std::string m_scenarioJson;
    QString m_problem;
    int m_turn = -1;
    bool m_giving = false;
};

} // namespace muster::app
