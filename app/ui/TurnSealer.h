#pragma once

// Turn-end seals, for the seal card: when an input ends its turn (or the game), the journal's head is signed
// with this device's key and the turn's seal is shown until the players dismiss it (docs/journal.md, Device
// signatures).

#include "app/storage/DeviceKey.h"
#include "app/ui/GameController.h"

#include <QObject>
#include <QPointer>
#include <QVariantMap>
#include <QtQml/qqmlregistration.h>

#include <optional>

class QQmlEngine;
class QJSEngine;

namespace muster::app {

class TurnSealer : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON
    // The game whose inputs are watched: every committed input that ends a turn is sealed.
    Q_PROPERTY(muster::app::GameController* game READ game WRITE setGame NOTIFY gameChanged FINAL)
    // The seal of the turn that has just ended, until dismissed: {turn, seq, seal, device, unsignedReason,
    // qrText, corrections (what this turn fixed in turns sealed before it, in sentences)}; empty when there
    // is none to show.
    Q_PROPERTY(QVariantMap turnSeal READ turnSeal NOTIFY sealChanged FINAL)
    // This device's key fingerprint ("" if it has no usable key); see docs/journal.md, Device signatures.
    Q_PROPERTY(QString deviceFingerprint READ deviceFingerprint NOTIFY sealChanged FINAL)

public:
    // No default argument on purpose: Qt 6.4 prefers a default constructor to create() for a QML singleton.
    explicit TurnSealer(QObject* parent);
    // The QML singleton, working with the GameController singleton.
    static TurnSealer* create(QQmlEngine* qmlEngine, QJSEngine* jsEngine);

    GameController* game() const { return m_game; }
    void setGame(GameController* game);
    QVariantMap turnSeal() const { return m_turnSeal; }
    QString deviceFingerprint() const;

    // The players have noted the seal: the card goes away.
    Q_INVOKABLE void dismissSeal();

    // After `event` was committed to the game's journal: if it ended its turn (or the game), signs the head
    // with the device key and shows the turn's seal (turnSeal).
    void sealIfTurnEnded(const storage::Event& event);

Q_SIGNALS:
    void gameChanged();
    void sealChanged();

private:
    // The device key, read or made on first use; null (and m_keyProblem set) when there is none.
    const storage::DeviceKey* deviceKey() const;

    QPointer<GameController> m_game;
    QVariantMap m_turnSeal;
    mutable std::optional<storage::DeviceKey> m_deviceKey;
    mutable QString m_keyProblem;
    mutable bool m_keyTried = false;
};

} // namespace muster::app
