#include "app/ui/LiveDiceModel.h"

#include <nlohmann/json.hpp>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace muster::app {

LiveDiceModel::LiveDiceModel(QObject* parent)
    : QAbstractListModel(parent) {}

int LiveDiceModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_dice.size());
}

int LiveDiceModel::count() const {
    return static_cast<int>(
        std::count_if(m_dice.begin(), m_dice.end(), [](const Die& d) { return !d.removed; }));
}

QVariant LiveDiceModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Die& d = m_dice[static_cast<size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
    case ValueRole:
        return d.value;
    case ReadValueRole:
        return d.mark.value;
    case ConfidenceRole:
        return d.mark.confidence;
    case UnsureRole:
        return d.mark.unsure;
    case MaybeNotADieRole:
        return d.mark.maybeNotADie;
    case ResolvedRole:
        return d.resolved;
    case CorrectedRole:
        return d.changed();
    case RemovedRole:
        return d.removed;
    case ReasonRole:
        return d.reason;
    case XRole:
        return d.mark.x;
    case YRole:
        return d.mark.y;
    case SideRole:
        return d.mark.side;
    case AngleRole:
        return d.mark.angle;
    case OwnerRole:
        return d.mark.owner;
    case SetNameRole:
        return d.mark.setName;
    case OwnerUnknownRole:
        return d.mark.ownerUnknown;
    case OwnerTextRole:
        if (!m_reading.owned)
            return QString();
        if (d.mark.ownerUnknown)
            return u"whose?"_s;
        return d.mark.owner.isEmpty() ? d.mark.setName : d.mark.owner;
    default:
        return {};
    }
}

QHash<int, QByteArray> LiveDiceModel::roleNames() const {
    return {{ValueRole, "value"},
            {ReadValueRole, "readValue"},
            {ConfidenceRole, "confidence"},
            {UnsureRole, "unsure"},
            {MaybeNotADieRole, "maybeNotADie"},
            {ResolvedRole, "resolved"},
            {CorrectedRole, "corrected"},
            {RemovedRole, "removed"},
            {ReasonRole, "reason"},
            {XRole, "centreX"},
            {YRole, "centreY"},
            {SideRole, "side"},
            {AngleRole, "angle"},
            {OwnerRole, "owner"},
            {SetNameRole, "setName"},
            {OwnerUnknownRole, "ownerUnknown"},
            {OwnerTextRole, "ownerText"}};
}

void LiveDiceModel::setReading(DiceReading reading) {
    beginResetModel();
    m_reading = std::move(reading);
    m_dice.clear();
    // Left to right, then top to bottom in rows about a die high, so "die 3" means the same to everyone.
    std::vector<DieMark> marks = m_reading.dice;
    double row = 0.05; // a row's height as a fraction of the frame: the median die's
    if (!marks.empty()) {
        std::vector<double> sides;
        for (const DieMark& m : marks)
            sides.push_back(m.side);
        std::nth_element(sides.begin(), sides.begin() + static_cast<long>(sides.size() / 2), sides.end());
        row = std::max(0.02,
                       sides[sides.size() / 2] * m_reading.frameWidth / std::max(1, m_reading.frameHeight));
    }
    std::sort(marks.begin(), marks.end(), [row](const DieMark& a, const DieMark& b) {
        const auto ra = static_cast<int>(a.y / row), rb = static_cast<int>(b.y / row);
        return ra != rb ? ra < rb : a.x < b.x;
    });
    for (const DieMark& m : marks)
        m_dice.push_back({m, m.value, !m.unsure, false, {}});
    m_has = true;
    endResetModel();
    Q_EMIT readingChanged();
}

void LiveDiceModel::clear() {
    if (!m_has)
        return;
    beginResetModel();
    m_reading = {};
    m_dice.clear();
    m_has = false;
    endResetModel();
    Q_EMIT readingChanged();
}

int LiveDiceModel::unresolvedCount() const {
    return static_cast<int>(
        std::count_if(m_dice.begin(), m_dice.end(), [](const Die& d) { return !d.resolved; }));
}

int LiveDiceModel::unknownOwnerCount() const {
    return static_cast<int>(std::count_if(m_dice.begin(), m_dice.end(),
                                          [](const Die& d) { return !d.removed && d.mark.ownerUnknown; }));
}

QStringList LiveDiceModel::owners() const {
    QStringList out;
    for (const Die& d : m_dice)
        if (!d.removed && !d.mark.owner.isEmpty() && !out.contains(d.mark.owner))
            out << d.mark.owner;
    return out;
}

int LiveDiceModel::correctedCount() const {
    return static_cast<int>(
        std::count_if(m_dice.begin(), m_dice.end(), [](const Die& d) { return d.changed(); }));
}

double LiveDiceModel::frameAspect() const {
    return m_reading.frameHeight > 0 ? static_cast<double>(m_reading.frameWidth) / m_reading.frameHeight
                                     : 4.0 / 3.0;
}

bool LiveDiceModel::setFace(int row, int value, const QString& reason) {
    if (row < 0 || row >= rowCount() || value < 1 || value > 6)
        return false;
    Die& d = m_dice[static_cast<size_t>(row)];
    const bool correction = value != d.mark.value;
    if (correction && reason.trimmed().isEmpty())
        return false;
    d.value = value;
    d.resolved = true;
    d.removed = false;
    d.reason = correction ? reason.trimmed() : QString();
    const QModelIndex i = index(row);
    Q_EMIT dataChanged(i, i);
    Q_EMIT readingChanged();
    return true;
}

bool LiveDiceModel::setNotADie(int row, const QString& reason) {
    if (row < 0 || row >= rowCount() || reason.trimmed().isEmpty())
        return false;
    Die& d = m_dice[static_cast<size_t>(row)];
    d.removed = true;
    d.resolved = true;
    d.value = d.mark.value;
    d.reason = reason.trimmed();
    const QModelIndex i = index(row);
    Q_EMIT dataChanged(i, i);
    Q_EMIT readingChanged();
    return true;
}

QList<int> LiveDiceModel::faces() const {
    QList<int> out;
    for (const Die& d : m_dice)
        if (!d.removed)
            out << d.value;
    return out;
}

std::vector<int> LiveDiceModel::readFaces() const {
    std::vector<int> out;
    for (const Die& d : m_dice)
        if (!d.removed)
            out.push_back(d.mark.value);
    return out;
}

std::vector<int> LiveDiceModel::finalFaces() const {
    std::vector<int> out;
    for (const Die& d : m_dice)
        if (!d.removed)
            out.push_back(d.value);
    return out;
}

QString LiveDiceModel::removedDetections() const {
    if (std::none_of(m_dice.begin(), m_dice.end(), [](const Die& d) { return d.removed; }))
        return m_reading.detectionsJson;
    nlohmann::json doc = nlohmann::json::parse(m_reading.detectionsJson.toStdString(), nullptr, false);
    if (!doc.is_object() || !doc.contains("dice") || !doc["dice"].is_array())
        doc = nlohmann::json{{"dice", nlohmann::json::array()}};
    nlohmann::json& dice = doc["dice"];
    for (const Die& d : m_dice) {
        if (!d.removed)
            continue;
        if (d.mark.detection >= 0 && d.mark.detection < static_cast<int>(dice.size()))
            dice[static_cast<size_t>(d.mark.detection)]["notADie"] = d.reason.toStdString();
        else // a read without the detection (not from the worker): keep the person's word all the same
            doc["notADie"].push_back({{"x", d.mark.x}, {"y", d.mark.y}, {"reason", d.reason.toStdString()}});
    }
    return QString::fromStdString(doc.dump());
}

QString LiveDiceModel::correctionReason() const {
    QStringList parts;
    for (size_t i = 0; i < m_dice.size(); ++i) {
        const Die& d = m_dice[i];
        if (d.removed)
            parts << u"die %1: not a die (%2)"_s.arg(i + 1).arg(d.reason);
        else if (d.value != d.mark.value)
            parts << u"die %1: camera read %2, set to %3 (%4)"_s.arg(i + 1)
                         .arg(d.mark.value)
                         .arg(d.value)
                         .arg(d.reason);
    }
    return parts.join(u"; "_s);
}

} // namespace muster::app
