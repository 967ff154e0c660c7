#include "app/ui/TappedOrders.h"

#include "app/ui/GameController.h"
#include "rules/RuleSets.h"
#include "rules/io/Json.h"

#include <QQmlEngine>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace muster::app {

namespace {

QString q(const std::string& s) {
    return QString::fromStdString(s);
}

const char* const kOrderSuffix = ".order";

// "US-TXVOL" for the prompt key "US-TXVOL.order"; "" for any other key.
std::string unitOfOrderKey(const std::string& key) {
    const std::string suffix = kOrderSuffix;
    if (key.size() <= suffix.size() || key.compare(key.size() - suffix.size(), suffix.size(), suffix) != 0)
        return {};
    return key.substr(0, key.size() - suffix.size());
}

bool offers(const QVariantList& options, const QString& value) {
    return std::any_of(options.begin(), options.end(),
                       [&](const QVariant& o) { return o.toMap().value(u"value"_s).toString() == value; });
}

} // namespace

TappedOrders::TappedOrders(QObject* parent)
    : QObject(parent) {}

TappedOrders* TappedOrders::create(QQmlEngine* qmlEngine, QJSEngine*) {
    auto* orders = new TappedOrders(nullptr);
    const int gameType = qmlTypeId("Muster", 1, 0, "GameController");
    if (qmlEngine && gameType >= 0)
        orders->setGame(qmlEngine->singletonInstance<GameController*>(gameType));
    return orders;
}

void TappedOrders::setGame(GameController* game) {
    if (m_game)
        disconnect(m_game, nullptr, this, nullptr);
    m_game = game;
    if (m_game) {
        connect(m_game, &GameController::gameChanged, this, &TappedOrders::onGameChanged);
        connect(m_game, &GameController::stateChanged, this, &TappedOrders::onState);
    }
    onGameChanged();
}

void TappedOrders::onGameChanged() {
    const std::string json = m_game ? m_game->scenarioJson() : std::string();
    if (json != m_scenarioJson) {
        m_scenarioJson = json;
        m_codes.clear();
        m_waiting.clear();
        m_problem.clear();
        m_turn = -1;
        // Which chits each unit can get; a scenario the rules cannot read leaves every order to every unit.
        if (!json.empty())
            if (auto scenario = rules::io::parseScenario(json, "the game's scenario"))
                if (auto codes = rules::chitCodesOf(*scenario))
                    m_codes = std::move(codes).value();
    }
    onState();
}

void TappedOrders::onState() {
    if (m_giving)
        return;
    const int turn = m_game && m_game->active() ? m_game->turn() : -1;
    if (turn != m_turn) {
        // A new turn's orders start from nothing, as its chits do.
        m_turn = turn;
        m_waiting.clear();
        m_problem.clear();
    }
    giveWaiting();
    Q_EMIT changed();
}

std::vector<TappedOrders::Choice> TappedOrders::laterChoices(const std::string& unitId) const {
    std::vector<Choice> out;
    if (!m_game)
        return out;
    const auto codes = m_codes.find(unitId);
    for (const ChitOrderSpec& spec : m_game->chitVocabulary().orders)
        if (codes == m_codes.end() ||
            std::find(codes->second.begin(), codes->second.end(), spec.code) != codes->second.end())
            out.push_back({spec.value, spec.name});
    return out;
}

QVariantMap TappedOrders::choicesFor(const QString& unitId) const {
    QVariantMap out{{u"unitId"_s, unitId}, {u"state"_s, u"none"_s}, {u"options"_s, QVariantList{}}};
    if (!m_game || !m_game->active()) {
        out[u"why"_s] = u"No game is in progress."_s;
        return out;
    }
    const std::string id = unitId.toStdString();
    const rules::RosterView roster = m_game->rosterView();
    const auto row = std::find_if(roster.rows.begin(), roster.rows.end(),
                                  [&](const rules::RosterRow& r) { return r.id == id; });
    if (row == roster.rows.end()) {
        out[u"why"_s] = u"%1 is not a unit of this game."_s.arg(unitId);
        return out;
    }
    const QString name = q(row->name);
    out[u"name"_s] = name;
    if (row->removed) {
        out[u"why"_s] = u"%1 is out of play."_s.arg(name);
        return out;
    }
    if (m_game->promptKind() == u"question"_s && m_game->promptKey().toStdString() == id + kOrderSuffix) {
        out[u"state"_s] = u"asked"_s;
        out[u"options"_s] = m_game->options()->toList();
        return out;
    }
    const std::map<std::string, qlonglong> given = m_game->ordersGivenThisTurn();
    if (auto it = given.find(id); it != given.end()) {
        out[u"state"_s] = u"given"_s;
        out[u"seq"_s] = it->second;
        return out;
    }
    if (m_game->promptTag() != u"order"_s || m_game->chitVocabulary().empty()) {
        out[u"why"_s] = u"Orders are set in the orders phase, as the rules ask for them."_s;
        return out;
    }
    QVariantList options;
    for (const Choice& c : laterChoices(id))
        options << QVariantMap{{u"value"_s, q(c.value)}, {u"label"_s, q(c.label)}};
    out[u"state"_s] = u"later"_s;
    out[u"options"_s] = options;
    if (auto it = m_waiting.find(id); it != m_waiting.end())
        out[u"waiting"_s] = q(it->second);
    return out;
}

bool TappedOrders::set(const QString& unitId, const QString& value) {
    const QVariantMap c = choicesFor(unitId);
    const QString state = c.value(u"state"_s).toString();
    auto refuse = [this](const QString& why) {
        m_problem = why;
        Q_EMIT changed();
        return false;
    };
    if (state == u"none"_s || state == u"given"_s)
        return refuse(state == u"given"_s
                          ? u"%1 has its order this turn: fix that answer to change it."_s.arg(
                                c.value(u"name"_s).toString())
                          : c.value(u"why"_s).toString());
    if (!offers(c.value(u"options"_s).toList(), value))
        return refuse(u"%1 cannot be given the order %2."_s.arg(c.value(u"name"_s).toString(), value));
    m_problem.clear();
    if (state == u"asked"_s) {
        if (!m_game->answer(value))
            return refuse(m_game->lastError());
        return true;
    }
    m_waiting[unitId.toStdString()] = value.toStdString();
    Q_EMIT changed();
    return true;
}

void TappedOrders::forget(const QString& unitId) {
    if (m_waiting.erase(unitId.toStdString()) > 0)
        Q_EMIT changed();
}

void TappedOrders::giveWaiting() {
    if (!m_game || m_giving || m_waiting.empty())
        return;
    m_giving = true;
    while (m_game->promptTag() == u"order"_s && m_game->promptKind() == u"question"_s) {
        const std::string unit = unitOfOrderKey(m_game->promptKey().toStdString());
        const auto it = m_waiting.find(unit);
        if (unit.empty() || it == m_waiting.end())
            break;
        const QString value = q(it->second);
        m_waiting.erase(it);
        // The order was chosen from every order the unit can get in a game; the engine knows what it can
        // take now (a limbered gun cannot FIRE), so one it cannot take is said and the question stays.
        if (!offers(m_game->options()->toList(), value)) {
            const QString name = choicesFor(q(unit)).value(u"name"_s).toString();
            m_problem =
                u"%1 cannot take %2 now: choose its order."_s.arg(name, value.toUpper().replace(u'_', u' '));
            break;
        }
        if (!m_game->answer(value)) {
            m_problem = m_game->lastError();
            break;
        }
    }
    m_giving = false;
}

QVariantMap TappedOrders::waiting() const {
    QVariantMap out;
    if (!m_game)
        return out;
    const ChitVocabulary& vocabulary = m_game->chitVocabulary();
    for (const auto& [unit, value] : m_waiting) {
        const std::string& wanted = value; // clang 14 cannot capture a structured binding
        const auto spec = std::find_if(vocabulary.orders.begin(), vocabulary.orders.end(),
                                       [&wanted](const ChitOrderSpec& o) { return o.value == wanted; });
        out[q(unit)] = spec != vocabulary.orders.end() ? q(spec->name) : q(value);
    }
    return out;
}

} // namespace muster::app
