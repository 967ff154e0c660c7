#pragma once

// The order chits of this turn's orders phase, as the Orders page lists them: chits read (and whether each
// became the unit's order), units still without an order, conflicts (two chits for one unit) and foreign or
// malformed codes. A chit becomes an order only through the engine, as an ordinary answer to
// "<unit>.order" with the source "camera", when the engine asks for that unit; conflicts and foreign codes
// are never applied.

#include "app/ui/GameLists.h"
#include "app/ui/VisionTypes.h"
#include "vision/chits/ChitScenario.h"

#include <QObject>
#include <QPointer>
#include <QStringList>
#include <QtQml/qqmlregistration.h>

#include <map>
#include <optional>

namespace muster::app {

class GameController;

// The chits read, one row per unit with a chit of this game: unitId, unitName, order (the answer's value),
// orderLabel, applied (it became the unit's order), status (what became of it, in words).
class ChitsModel : public muster::app::MapListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("The chits belong to ChitOrdersModel")
public:
    explicit ChitsModel(QObject* parent = nullptr);
};

// Units with two different chits, never applied: unitId, unitName, orders (their labels, " / " between).
class ChitConflictsModel : public muster::app::MapListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("The conflicts belong to ChitOrdersModel")
public:
    explicit ChitConflictsModel(QObject* parent = nullptr);
};

// Codes that are not chits of this game, never applied: text (as read), reason.
class RejectedChitsModel : public muster::app::MapListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("The rejected codes belong to ChitOrdersModel")
public:
    explicit RejectedChitsModel(QObject* parent = nullptr);
};

// Chits that name no unit, counted per order: orderLabel, count.
class UnitlessChitsModel : public muster::app::MapListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("The unit-less chits belong to ChitOrdersModel")
public:
    explicit UnitlessChitsModel(QObject* parent = nullptr);
};

class ChitOrdersModel : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("The chit orders come from CameraService.chits")
    Q_PROPERTY(muster::app::ChitsModel* chits READ chits CONSTANT FINAL)
    // Units still without an order and without a chit (roles unitId, name).
    Q_PROPERTY(muster::app::AwaitingOrdersModel* waiting READ waiting CONSTANT FINAL)
    // Their names, in roster order, for the one-line summary under the chits.
    Q_PROPERTY(QStringList waitingNames READ waitingNames NOTIFY changed FINAL)
    Q_PROPERTY(muster::app::ChitConflictsModel* conflicts READ conflicts CONSTANT FINAL)
    Q_PROPERTY(muster::app::RejectedChitsModel* rejected READ rejected CONSTANT FINAL)
    Q_PROPERTY(muster::app::UnitlessChitsModel* unitless READ unitless CONSTANT FINAL)
    Q_PROPERTY(int framesSeen READ framesSeen NOTIFY changed FINAL)
    Q_PROPERTY(int appliedCount READ appliedCount NOTIFY changed FINAL)
    Q_PROPERTY(QString gameTag READ gameTag NOTIFY changed FINAL)

public:
    explicit ChitOrdersModel(QObject* parent = nullptr);

    void setGame(GameController* game);
    // Adds the chits of one frame and gives the engine every order it is asking for now.
    void addReading(const ChitReading& reading);
    Q_INVOKABLE void clear();

    ChitsModel* chits() const { return m_chits; }
    AwaitingOrdersModel* waiting() const { return m_waiting; }
    QStringList waitingNames() const;
    ChitConflictsModel* conflicts() const { return m_conflicts; }
    RejectedChitsModel* rejected() const { return m_rejected; }
    UnitlessChitsModel* unitless() const { return m_unitless; }
    int framesSeen() const { return m_accumulator.framesSeen(); }
    int appliedCount() const;
    QString gameTag() const;
    const std::optional<vision::ChitScenario>& scenario() const { return m_scenario; }

Q_SIGNALS:
    void changed();

private:
    void onGameState();
    int applyPending();
    // Sets the five lists from the chits seen and the game (each resets only if its rows changed), then
    // emits changed().
    void publish();
    QList<QVariantMap> chitRows() const;
    QList<QVariantMap> waitingRows() const;
    QList<QVariantMap> conflictRows() const;
    QList<QVariantMap> rejectedRows() const;
    QList<QVariantMap> unitlessRows() const;

    ChitsModel* m_chits;
    AwaitingOrdersModel* m_waiting;
    ChitConflictsModel* m_conflicts;
    RejectedChitsModel* m_rejected;
    UnitlessChitsModel* m_unitless;

    QPointer<GameController> m_game;
    std::optional<vision::ChitScenario> m_scenario;
    vision::ChitAccumulator m_accumulator;
    std::map<int, QByteArray> m_photo;       // unit slot -> the latest frame its chit was seen in
    std::map<int, std::string> m_seenAs;     // unit slot -> the chit's text
    std::map<std::string, QString> m_status; // unit id -> what became of its chit
    std::string m_scenarioJson;
    int m_turn = -1;
    bool m_applying = false;
};

} // namespace muster::app
