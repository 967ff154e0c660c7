#include "app/ui/TurnSealer.h"

#include "app/storage/Seal.h"
#include "app/storage/SealCorrections.h"
#include "app/ui/GameCompanion.h"

#include <QQmlEngine>

using namespace Qt::StringLiterals;

namespace muster::app {

TurnSealer::TurnSealer(QObject* parent)
    : QObject(parent) {}

TurnSealer* TurnSealer::create(QQmlEngine* qmlEngine, QJSEngine*) {
    return makeGameCompanion<TurnSealer>(qmlEngine);
}

void TurnSealer::setGame(GameController* game) {
    if (m_game == game)
        return;
    if (m_game)
        disconnect(m_game, nullptr, this, nullptr);
    m_game = game;
    // Direct: the seal is made before the game refreshes, while the event is still the journal's head.
    if (m_game)
        connect(m_game, &GameController::inputCommitted, this, &TurnSealer::sealIfTurnEnded,
                Qt::DirectConnection);
    Q_EMIT gameChanged();
}

const storage::DeviceKey* TurnSealer::deviceKey() const {
    if (!m_keyTried) {
        m_keyTried = true;
        if (auto key = storage::DeviceKey::loadOrCreate(storage::DeviceKey::defaultPath()))
            m_deviceKey = *key;
        else
            m_keyProblem = QString::fromStdString(key.message());
    }
    return m_deviceKey ? &*m_deviceKey : nullptr;
}

QString TurnSealer::deviceFingerprint() const {
    const storage::DeviceKey* key = deviceKey();
    return key ? QString::fromStdString(key->fingerprint()) : QString();
}

void TurnSealer::sealIfTurnEnded(const storage::Event& event) {
    storage::GameSession* session = m_game ? m_game->session() : nullptr;
    if (!session || !(session->engine().gameOver() || session->prompt().turn > event.turn))
        return;
    storage::Event head = event;
    QString device, unsignedReason;
    if (const storage::DeviceKey* key = deviceKey()) {
        if (auto signedHead = session->signHead(*key)) {
            head = *signedHead;
            device = QString::fromStdString(key->fingerprint());
        } else {
            unsignedReason = QString::fromStdString(signedHead.message());
        }
    } else {
        unsignedReason = m_keyProblem;
    }
    const QString seal = QString::fromStdString(storage::sealOf(head.seq, head.hash));
    // What this turn changed in turns sealed before it (issue 46): every fix or undo since the previous seal
    // of an input that seal covers, and the roster lines it changed.
    QStringList corrections;
    if (auto events = session->journal().events()) {
        std::int64_t previous = 0;
        for (const storage::TurnSeal& t : storage::turnSeals(*events, event.turn))
            previous = t.seq;
        if (previous > 0) {
            const storage::SealCorrections sc =
                storage::correctionsAfter(session->journal(), *events, previous);
            for (const storage::SealCorrection& c : sc.corrections)
                corrections << QString::fromStdString(storage::describe(c));
            for (const std::string& line : sc.rosterChanges)
                corrections << QString::fromStdString(line);
        }
    }
    m_turnSeal = QVariantMap{{u"turn"_s, event.turn},
                             {u"seq"_s, qlonglong(head.seq)},
                             {u"seal"_s, seal},
                             {u"device"_s, device},
                             {u"unsignedReason"_s, unsignedReason},
                             {u"corrections"_s, corrections},
                             {u"qrText"_s, u"MUSTER SEAL %1 TURN %2 EVENT %3%4"_s.arg(seal)
                                               .arg(event.turn)
                                               .arg(head.seq)
                                               .arg(device.isEmpty() ? QString() : u" DEVICE "_s + device)}};
    Q_EMIT sealChanged();
}

void TurnSealer::dismissSeal() {
    if (m_turnSeal.isEmpty())
        return;
    m_turnSeal.clear();
    Q_EMIT sealChanged();
}

} // namespace muster::app
