#include "app/ui/RosterModel.h"

#include "rules/io/Json.h"

#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;

namespace muster::app {

namespace {
QString q(const std::string& s) {
    return QString::fromStdString(s);
}

int strengthOf(const rules::md::Unit& u) {
    return u.officers + u.rf;
}
} // namespace

storage::Result<rules::Engine> startingEngine(const storage::GameInfo& game) {
    auto scenario = rules::io::parseScenario(game.scenarioJson, "scenario snapshot");
    if (!scenario)
        return storage::Error{scenario.error().message};
    const nlohmann::json house = nlohmann::json::parse(game.houseRulesJson, nullptr, false);
    auto rules = rules::io::houseRulesFromJson(house.is_discarded() ? nlohmann::json::object() : house);
    if (!rules)
        return storage::Error{"house rules: " + rules.error().message};
    auto engine = rules::Engine::create(*scenario, *rules);
    if (!engine)
        return storage::Error{engine.error().message};
    return std::move(engine.value());
}

storage::Result<std::vector<int>> startingStrengths(const storage::GameInfo& game) {
    auto engine = startingEngine(game);
    if (!engine)
        return engine.error();
    std::vector<int> out;
    for (const auto& u : engine->state().units)
        out.push_back(strengthOf(u));
    return out;
}

RosterModel::RosterModel(QObject* parent)
    : QAbstractListModel(parent) {}

int RosterModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

QVariant RosterModel::data(const QModelIndex& index, int role) const {
    if (!m_state || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const size_t unitIndex = static_cast<size_t>(m_rows[static_cast<size_t>(index.row())]);
    const rules::md::Unit& u = m_state->units[unitIndex];
    const rules::md::Side& side = m_state->sides[static_cast<size_t>(u.side)];
    switch (role) {
    case Qt::DisplayRole:
    case NameRole:
        return q(u.name.str());
    case UnitIdRole:
        return q(u.id);
    case SideIdRole:
        return q(side.id);
    case SideNameRole:
        return q(side.name);
    case NationRole:
        return q(rules::md::toString(u.nation));
    case ArmRole:
        return q(rules::md::toString(u.arm));
    case TypeRole:
        return q(u.type.str());
    case GradeRole:
        return q(rules::md::toString(rules::md::currentGrade(u)));
    case FormationRole:
        return q(rules::md::toString(u.formation));
    case FormedRole:
        return u.formed;
    case MountedRole:
        return u.mounted;
    case LimberedRole:
        return u.limbered;
    case OfficersRole:
        return u.officers;
    case RankAndFileRole:
        return u.rf;
    case DlRole:
        return u.dlRf + u.dlOfficers;
    case CasualtiesRole:
        return u.casualties;
    case StartStrengthRole:
        return unitIndex < m_startStrength.size() ? m_startStrength[unitIndex] : strengthOf(u);
    case StrengthRole:
        return strengthOf(u);
    case OrderRole:
        return q(rules::md::toString(u.order));
    case RemovedRole:
        return !rules::md::inPlay(u);
    case LoadedRole:
        return u.loaded;
    case StatusRole: {
        if (u.removed)
            return u"lost"_s;
        if (u.dispersed)
            return u"dispersed"_s;
        return u.formed ? u"formed"_s : u"unformed"_s;
    }
    default:
        return {};
    }
}

QHash<int, QByteArray> RosterModel::roleNames() const {
    return {
        {UnitIdRole, "unitId"},
        {NameRole, "name"},
        {SideIdRole, "sideId"},
        {SideNameRole, "sideName"},
        {NationRole, "nation"},
        {ArmRole, "arm"},
        {TypeRole, "unitType"},
        {GradeRole, "grade"},
        {FormationRole, "formation"},
        {FormedRole, "formed"},
        {MountedRole, "mounted"},
        {LimberedRole, "limbered"},
        {OfficersRole, "officers"},
        {RankAndFileRole, "rankAndFile"},
        {DlRole, "dl"},
        {CasualtiesRole, "casualties"},
        {StartStrengthRole, "startStrength"},
        {StrengthRole, "strength"},
        {OrderRole, "order"},
        {RemovedRole, "removed"},
        {LoadedRole, "loaded"},
        {StatusRole, "status"},
    };
}

void RosterModel::setSideFilter(const QString& side) {
    if (side == m_sideFilter)
        return;
    m_sideFilter = side;
    rebuildRows();
    Q_EMIT sideFilterChanged();
}

void RosterModel::reset(const rules::GameState* state, std::vector<int> startStrength) {
    m_state = state;
    m_startStrength = std::move(startStrength);
    rebuildRows();
}

void RosterModel::rebuildRows() {
    beginResetModel();
    m_rows.clear();
    if (m_state) {
        for (size_t i = 0; i < m_state->units.size(); ++i) {
            const auto& u = m_state->units[i];
            const auto& side = m_state->sides[static_cast<size_t>(u.side)];
            if (m_sideFilter.isEmpty() || m_sideFilter == q(side.id))
                m_rows.push_back(static_cast<int>(i));
        }
    }
    endResetModel();
    Q_EMIT countChanged();
}

} // namespace muster::app
