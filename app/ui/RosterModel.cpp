#include "app/ui/RosterModel.h"

using namespace Qt::StringLiterals;

namespace muster::app {

namespace {
QString q(const std::string& s) {
    return QString::fromStdString(s);
}
} // namespace

RosterModel::RosterModel(QObject* parent)
    : QAbstractListModel(parent) {}

int RosterModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

QString RosterModel::column(const rules::RosterRow& row, const char* key) const {
    for (std::size_t c = 0; c < m_view.columns.size() && c < row.values.size(); ++c)
        if (m_view.columns[c].key == key)
            return q(row.values[c]);
    return {};
}

QVariant RosterModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const rules::RosterRow& u = m_view.rows[static_cast<size_t>(m_rows[static_cast<size_t>(index.row())])];
    switch (role) {
    case Qt::DisplayRole:
    case NameRole:
        return q(u.name);
    case UnitIdRole:
        return q(u.id);
    case SideIdRole:
        return q(u.side);
    case SideNameRole:
        return q(u.sideName);
    case SideColourRole:
        return q(u.sideColour);
    case ArmRole:
        return q(u.arm);
    case StartStrengthRole:
        return u.startStrength;
    case StrengthRole:
        return u.strength;
    case CasualtiesRole: {
        const QString c = column(u, "casualties");
        return c.isEmpty() ? std::max(0, u.startStrength - u.strength) : c.toInt();
    }
    case OrderRole:
        return column(u, "order");
    case RemovedRole:
        return u.removed;
    case StatusRole:
        return q(u.status);
    case DetailsRole: {
        QVariantList out;
        for (std::size_t c = 0; c < m_view.columns.size() && c < u.values.size(); ++c)
            if (!u.values[c].empty())
                out << QVariantMap{{u"key"_s, q(m_view.columns[c].key)},
                                   {u"label"_s, q(m_view.columns[c].label)},
                                   {u"value"_s, q(u.values[c])}};
        return out;
    }
    case DetailsTextRole: {
        QStringList parts;
        for (std::size_t c = 0; c < m_view.columns.size() && c < u.values.size(); ++c)
            if (!u.values[c].empty() && m_view.columns[c].key != "casualties" &&
                m_view.columns[c].key != "order")
                parts << q(m_view.columns[c].label) + u' ' + q(u.values[c]).replace(u'_', u' ');
        return parts.join(u" \u00b7 "_s);
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
        {SideColourRole, "sideColour"},
        {ArmRole, "arm"},
        {StartStrengthRole, "startStrength"},
        {StrengthRole, "strength"},
        {CasualtiesRole, "casualties"},
        {OrderRole, "order"},
        {RemovedRole, "removed"},
        {StatusRole, "status"},
        {DetailsRole, "details"},
        {DetailsTextRole, "detailsText"},
    };
}

QString RosterModel::value(const QString& unitId, const QString& key) const {
    const std::string k = key.toStdString();
    for (const rules::RosterRow& row : m_view.rows)
        if (q(row.id) == unitId)
            return column(row, k.c_str());
    return {};
}

void RosterModel::setSideFilter(const QString& side) {
    if (side == m_sideFilter)
        return;
    m_sideFilter = side;
    rebuildRows();
    Q_EMIT sideFilterChanged();
}

void RosterModel::reset(rules::RosterView view) {
    m_view = std::move(view);
    rebuildRows();
}

void RosterModel::rebuildRows() {
    beginResetModel();
    m_rows.clear();
    for (size_t i = 0; i < m_view.rows.size(); ++i)
        if (m_sideFilter.isEmpty() || m_sideFilter == q(m_view.rows[i].side))
            m_rows.push_back(static_cast<int>(i));
    endResetModel();
    Q_EMIT countChanged();
}

} // namespace muster::app
