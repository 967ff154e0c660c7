#pragma once

// The order chits of this turn's orders phase, as the Orders page lists them: chits read (and whether each
// became the unit's order), units still without an order, conflicts (two chits for one unit) and foreign or
// malformed codes. A chit becomes an order only through the engine, as an ordinary answer to
// "<unit>.order" with the source "camera", when the engine asks for that unit; conflicts and foreign codes
// are never applied.

#include "app/ui/VisionTypes.h"
#include "vision/chits/ChitScenario.h"

#include <QObject>
#include <QPointer>
#include <QVariantList>
#include <QtQml/qqmlregistration.h>

#include <map>
#include <optional>

namespace muster::app {

class GameController;

class ChitOrdersModel : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("The chit orders come from CameraService.chits")
    Q_PROPERTY(QVariantList chits READ chits NOTIFY changed FINAL)
    Q_PROPERTY(QVariantList waiting READ waiting NOTIFY changed FINAL)
    Q_PROPERTY(QVariantList conflicts READ conflicts NOTIFY changed FINAL)
    Q_PROPERTY(QVariantList rejected READ rejected NOTIFY changed FINAL)
    Q_PROPERTY(QVariantList unitless READ unitless NOTIFY changed FINAL)
    Q_PROPERTY(int framesSeen READ framesSeen NOTIFY changed FINAL)
    Q_PROPERTY(int appliedCount READ appliedCount NOTIFY changed FINAL)
    Q_PROPERTY(QString gameTag READ gameTag NOTIFY changed FINAL)

public:
    explicit ChitOrdersModel(QObject* parent = nullptr);

    void setGame(GameController* game);
    // Adds the chits of one frame and gives the engine every order it is asking for now.
    void addReading(const ChitReading& reading);
    Q_INVOKABLE void clear();

    QVariantList chits() const;
    QVariantList waiting() const;
    QVariantList conflicts() const;
    QVariantList rejected() const;
    QVariantList unitless() const;
    int framesSeen() const { return m_accumulator.framesSeen(); }
    int appliedCount() const;
    QString gameTag() const;
    const std::optional<vision::ChitScenario>& scenario() const { return m_scenario; }

Q_SIGNALS:
    void changed();

private:
    void onGameState();
    int applyPending();

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
