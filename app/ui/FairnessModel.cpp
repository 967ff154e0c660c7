#include "app/ui/FairnessModel.h"

#include <QVariantList>

#include <algorithm>
#include <limits>

using namespace Qt::StringLiterals;

namespace muster::app {

FairnessModel::FairnessModel(QObject* parent)
    : QAbstractListModel(parent) {}

int FairnessModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

QString FairnessModel::title(const storage::DiceTally& tally) {
    return QString::fromStdString(storage::fairnessTitle(tally));
}

QVariant FairnessModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const storage::DiceTally& t = m_rows[static_cast<std::size_t>(index.row())];
    const double expected = t.sides > 0 ? static_cast<double>(t.total()) / t.sides : 0.0;
    switch (role) {
    case Qt::DisplayRole:
    case TitleRole:
        return title(t);
    case PlayerRole:
        return QString::fromStdString(t.player);
    case SidesRole:
        return t.sides;
    case SourceRole:
        return QString::fromUtf8(muster::toString(t.source));
    case TotalRole:
        return static_cast<qlonglong>(t.total());
    case CountsRole: {
        // int is room enough for one game's dice, and QML sees a QList<int> as an array of numbers.
        QList<int> counts;
        for (std::int64_t c : t.counts)
            counts << static_cast<int>(c);
        return QVariant::fromValue(counts);
    }
    case MaxCountRole: {
        double most = expected;
        for (std::int64_t c : t.counts)
            most = std::max(most, static_cast<double>(c));
        return most;
    }
    case ExpectedRole:
        return expected;
    case PValueRole:
        return t.testable() ? t.pValue() : std::numeric_limits<double>::quiet_NaN();
    case TestableRole:
        return t.testable();
    case VerdictRole:
        return QString::fromStdString(storage::fairnessVerdict(t));
    case UnlikelyRole:
        return t.testable() && t.pValue() < storage::kUnlikelyP;
    default:
        return {};
    }
}

QHash<int, QByteArray> FairnessModel::roleNames() const {
    return {{PlayerRole, "player"},     {SidesRole, "sides"},     {SourceRole, "source"},
            {TotalRole, "total"},       {CountsRole, "counts"},   {MaxCountRole, "maxCount"},
            {ExpectedRole, "expected"}, {PValueRole, "pValue"},   {TestableRole, "testable"},
            {TitleRole, "title"},       {VerdictRole, "verdict"}, {UnlikelyRole, "unlikely"}};
}

void FairnessModel::reset(std::vector<storage::DiceTally> tallies) {
    const bool countChanges = tallies.size() != m_rows.size();
    beginResetModel();
    m_rows = std::move(tallies);
    endResetModel();
    if (countChanges)
        Q_EMIT countChanged();
}

} // namespace muster::app
