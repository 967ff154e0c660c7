#include "app/ui/GameLists.h"

#include <utility>

namespace muster::app {

MapListModel::MapListModel(QList<QByteArray> roles, QObject* parent)
    : QAbstractListModel(parent)
    , m_roles(std::move(roles)) {}

int MapListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : count();
}

QVariant MapListModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const qsizetype at = role - (Qt::UserRole + 1);
    if (at < 0 || at >= m_roles.size())
        return {};
    return m_rows.at(index.row()).value(QString::fromLatin1(m_roles.at(at)));
}

QHash<int, QByteArray> MapListModel::roleNames() const {
    QHash<int, QByteArray> names;
    for (qsizetype i = 0; i < m_roles.size(); ++i)
        names.insert(Qt::UserRole + 1 + static_cast<int>(i), m_roles.at(i));
    return names;
}

QVariantMap MapListModel::get(int row) const {
    return row >= 0 && row < count() ? m_rows.at(row) : QVariantMap();
}

QVariantList MapListModel::toList() const {
    QVariantList out;
    out.reserve(m_rows.size());
    for (const QVariantMap& row : m_rows)
        out << row;
    return out;
}

bool MapListModel::setRows(QList<QVariantMap> rows) {
#ifndef QT_NO_DEBUG
    for (const QVariantMap& row : rows)
        for (auto it = row.keyBegin(); it != row.keyEnd(); ++it)
            Q_ASSERT_X(m_roles.contains(it->toLatin1()), "MapListModel::setRows", "a key with no role");
#endif
    if (rows == m_rows)
        return false;
    const bool countChanges = rows.size() != m_rows.size();
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
    if (countChanges)
        Q_EMIT countChanged();
    return true;
}

OptionsModel::OptionsModel(QObject* parent)
    : MapListModel({"value", "label"}, parent) {}

RecentAnswersModel::RecentAnswersModel(QObject* parent)
    : MapListModel({"seq", "question", "label", "tag"}, parent) {}

HistoryModel::HistoryModel(QObject* parent)
    : MapListModel({"turn", "text", "big"}, parent) {}

PhasesModel::PhasesModel(QObject* parent)
    : MapListModel({"key", "label", "group"}, parent) {}

PlayersModel::PlayersModel(QObject* parent)
    : MapListModel({"name", "side", "diceColour"}, parent) {}

AwaitingOrdersModel::AwaitingOrdersModel(QObject* parent)
    : MapListModel({"unitId", "name"}, parent) {}

} // namespace muster::app
