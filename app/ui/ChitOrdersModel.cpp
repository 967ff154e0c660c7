#include "app/ui/ChitOrdersModel.h"

#include "app/ui/GameController.h"

#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;

namespace muster::app {

namespace {

QString q(const std::string& s) {
    return QString::fromStdString(s);
}

// The order's name in the game's vocabulary ("FIRST FIRE"), or its code when the vocabulary lacks it.
QString orderLabel(const ChitVocabulary& vocabulary, const std::string& code) {
    const ChitOrderSpec* o = findChitOrder(vocabulary, code);
    return q(o ? o->name : code);
}

std::string orderValue(const ChitVocabulary& vocabulary, const std::string& code) {
    const ChitOrderSpec* o = findChitOrder(vocabulary, code);
    return o ? o->value : std::string();
}

} // namespace

ChitsModel::ChitsModel(QObject* parent)
    : MapListModel({"unitId", "unitName", "order", "orderLabel", "applied", "status"}, parent) {}

ChitConflictsModel::ChitConflictsModel(QObject* parent)
    : MapListModel({"unitId", "unitName", "orders"}, parent) {}

RejectedChitsModel::RejectedChitsModel(QObject* parent)
    : MapListModel({"text", "reason"}, parent) {}

UnitlessChitsModel::UnitlessChitsModel(QObject* parent)
    : MapListModel({"orderLabel", "count"}, parent) {}

ChitOrdersModel::ChitOrdersModel(QObject* parent)
    : QObject(parent)
    , m_chits(new ChitsModel(this))
    , m_waiting(new AwaitingOrdersModel(this))
    , m_conflicts(new ChitConflictsModel(this))
    , m_rejected(new RejectedChitsModel(this))
    , m_unitless(new UnitlessChitsModel(this)) {}

void ChitOrdersModel::publish() {
    m_chits->setRows(chitRows());
    m_waiting->setRows(waitingRows());
    m_conflicts->setRows(conflictRows());
    m_rejected->setRows(rejectedRows());
    m_unitless->setRows(unitlessRows());
    Q_EMIT changed();
}

QStringList ChitOrdersModel::waitingNames() const {
    QStringList names;
    for (const QVariantMap& row : m_waiting->rows())
        names << row.value(u"name"_s).toString();
    return names;
}

void ChitOrdersModel::setGame(GameController* game) {
    if (m_game)
        disconnect(m_game, nullptr, this, nullptr);
    m_game = game;
    if (m_game) {
        connect(m_game, &GameController::stateChanged, this, &ChitOrdersModel::onGameState);
        connect(m_game, &GameController::gameChanged, this, &ChitOrdersModel::onGameState);
    }
    onGameState();
}

void ChitOrdersModel::clear() {
    m_accumulator.clear();
    m_photo.clear();
    m_seenAs.clear();
    m_status.clear();
    publish();
}

QString ChitOrdersModel::gameTag() const {
    return m_scenario ? q(m_scenario->game) : QString();
}

// A new game brings a new scenario (and chit tag); a new turn's orders phase starts with no chits seen.
void ChitOrdersModel::onGameState() {
    if (m_applying)
        return;
    const std::string json = m_game ? m_game->scenarioJson() : std::string();
    if (json != m_scenarioJson) {
        m_scenarioJson = json;
        m_scenario.reset();
        if (!json.empty())
            if (auto parsed = vision::parseChitScenario(json))
                m_scenario = std::move(parsed.value());
        m_turn = -1;
        clear();
    }
    if (m_game && m_game->promptTag() == u"order"_s && m_game->turn() != m_turn) {
        m_turn = m_game->turn();
        clear();
    }
    applyPending();
    publish();
}

void ChitOrdersModel::addReading(const ChitReading& reading) {
    m_accumulator.add(reading.chits);
    for (const vision::ChitSighting* s : reading.chits.chits())
        if (s->payload && s->payload->unitSlot) {
            m_photo[*s->payload->unitSlot] = reading.jpeg;
            m_seenAs[*s->payload->unitSlot] = s->text;
        }
    applyPending();
    publish();
}

// Answers every "<unit>.order" the engine asks for now with the unit's chit, one after another, and stops at
// the first prompt no chit answers (a unit without a chit, a charge target, the end of the phase).
int ChitOrdersModel::applyPending() {
    if (!m_game || !m_scenario || m_applying)
        return 0;
    m_applying = true;
    std::map<std::string, std::pair<int, std::string>> byKey; // key -> slot, value
    for (const auto& [slot, order] : m_accumulator.orders())
        if (const vision::ChitUnit* unit = m_scenario->unitBySlot(slot))
            byKey[unit->id + ".order"] = {slot, orderValue(m_game->chitVocabulary(), order)};
    int applied = 0;
    for (int guard = 0; guard < 10000; ++guard) {
        if (m_game->promptTag() != u"order"_s || m_game->promptKind() != u"question"_s)
            break;
        const auto it = byKey.find(m_game->promptKey().toStdString());
        if (it == byKey.end())
            break;
        const auto [slot, value] = it->second;
        const std::string unitId = it->first.substr(0, it->first.size() - 6);
        const nlohmann::json detections = {{"source", "camera"},
                                           {"reader", "vision::ChitReader"},
                                           {"chit", m_seenAs[slot]},
                                           {"unit", unitId},
                                           {"order", value}};
        storage::EvidenceDraft evidence;
        const QByteArray& jpeg = m_photo[slot];
        evidence.jpeg.assign(jpeg.begin(), jpeg.end());
        evidence.detectionsJson = detections.dump();
        if (!m_game->answerFromCamera(q(it->first), q(value), std::move(evidence))) {
            m_status[unitId] = u"refused: %1"_s.arg(m_game->lastError());
            byKey.erase(it);
            break;
        }
        m_status[unitId] = u"applied"_s;
        byKey.erase(it);
        ++applied;
    }
    m_applying = false;
    return applied;
}

int ChitOrdersModel::appliedCount() const {
    int n = 0;
    for (const auto& [unit, status] : m_status)
        n += status == u"applied"_s;
    return n;
}

QList<QVariantMap> ChitOrdersModel::chitRows() const {
    QList<QVariantMap> out;
    if (!m_scenario || !m_game)
        return out;
    const ChitVocabulary& vocabulary = m_game->chitVocabulary();
    QStringList awaiting;
    for (const QVariantMap& row : m_game->awaitingOrders()->rows())
        awaiting << row.value(u"unitId"_s).toString();
    for (const auto& [slot, order] : m_accumulator.orders()) {
        const vision::ChitUnit* unit = m_scenario->unitBySlot(slot);
        if (!unit)
            continue; // listed with the rejected codes
        QString status;
        if (const auto it = m_status.find(unit->id); it != m_status.end())
            status = it->second;
        else if (awaiting.contains(q(unit->id)))
            status = u"waiting for the engine to ask for this unit"_s;
        else
            status = u"not applied: the unit already has its order"_s;
        out << QVariantMap{{u"unitId"_s, q(unit->id)},
                           {u"unitName"_s, q(unit->name)},
                           {u"order"_s, q(orderValue(vocabulary, order))},
                           {u"orderLabel"_s, orderLabel(vocabulary, order)},
                           {u"applied"_s, status == u"applied"_s},
                           {u"status"_s, status}};
    }
    return out;
}

QList<QVariantMap> ChitOrdersModel::waitingRows() const {
    QList<QVariantMap> out;
    if (!m_game)
        return out;
    // Units with a chit, or with chits in conflict (listed as conflicts), are not "without an order" here.
    std::set<std::string> withChit;
    if (m_scenario) {
        for (const auto& [slot, order] : m_accumulator.orders())
            if (const vision::ChitUnit* unit = m_scenario->unitBySlot(slot))
                withChit.insert(unit->id);
        for (const vision::ChitConflict& c : m_accumulator.conflicts())
            if (const vision::ChitUnit* unit = m_scenario->unitBySlot(c.unitSlot))
                withChit.insert(unit->id);
    }
    for (const QVariantMap& row : m_game->awaitingOrders()->rows())
        if (!withChit.count(row.value(u"unitId"_s).toString().toStdString()))
            out << row;
    return out;
}

QList<QVariantMap> ChitOrdersModel::conflictRows() const {
    QList<QVariantMap> out;
    const ChitVocabulary vocabulary = m_game ? m_game->chitVocabulary() : ChitVocabulary{};
    for (const vision::ChitConflict& c : m_accumulator.conflicts()) {
        const vision::ChitUnit* unit = m_scenario ? m_scenario->unitBySlot(c.unitSlot) : nullptr;
        QStringList orders;
        for (const std::string& o : c.orders)
            orders << orderLabel(vocabulary, o);
        out << QVariantMap{{u"unitId"_s, unit ? q(unit->id) : QString::number(c.unitSlot)},
                           {u"unitName"_s, unit ? q(unit->name) : u"unit %1"_s.arg(c.unitSlot)},
                           {u"orders"_s, orders.join(u" / "_s)}};
    }
    return out;
}

QList<QVariantMap> ChitOrdersModel::rejectedRows() const {
    QList<QVariantMap> out;
    for (const auto& [text, reason] : m_accumulator.rejected())
        out << QVariantMap{{u"text"_s, q(text)}, {u"reason"_s, q(reason)}};
    if (m_scenario)
        for (const auto& [slot, order] : m_accumulator.orders())
            if (!m_scenario->unitBySlot(slot))
                out << QVariantMap{{u"text"_s, m_seenAs.count(slot) ? q(m_seenAs.at(slot)) : QString()},
                                   {u"reason"_s, u"this scenario has no unit %1"_s.arg(slot)}};
    return out;
}

QList<QVariantMap> ChitOrdersModel::unitlessRows() const {
    QList<QVariantMap> out;
    const ChitVocabulary vocabulary = m_game ? m_game->chitVocabulary() : ChitVocabulary{};
    for (const auto& [order, count] : m_accumulator.unitlessCounts())
        out << QVariantMap{{u"orderLabel"_s, orderLabel(vocabulary, order)}, {u"count"_s, count}};
    return out;
}

} // namespace muster::app
