#include "app/ui/LogModel.h"

#include "app/storage/Seal.h"
#include "app/storage/StruckOut.h"
#include "app/storage/TurnSignature.h"

#include <nlohmann/json.hpp>

#include <map>

using namespace Qt::StringLiterals;
using Json = nlohmann::json;

namespace muster::app {

namespace {

QString q(const std::string& s) {
    return QString::fromStdString(s);
}

std::string str(const Json& j, const char* key) {
    return j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : std::string();
}

QString facesText(const Json& faces) {
    QStringList parts;
    if (faces.is_array())
        for (const Json& f : faces)
            if (f.is_number_integer())
                parts << QString::number(f.get<int>());
    return parts.join(u' ');
}

} // namespace

LogModel::LogModel(QObject* parent)
    : QAbstractListModel(parent) {}

int LogModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

QVariant LogModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row& r = m_all[static_cast<size_t>(m_rows[static_cast<size_t>(index.row())])];
    const storage::Event& e = r.event;
    switch (role) {
    case Qt::DisplayRole:
    case TextRole:
        return r.text;
    case SeqRole:
        return static_cast<qlonglong>(e.seq);
    case TurnRole:
        return e.turn;
    case PhaseRole:
        return q(e.phase);
    case KindRole:
        return q(e.kind);
    case DetailRole:
        return r.detail;
    case PlayerRole:
        return q(e.player);
    case SourceRole:
        return q(std::string(storage::toString(e.source)));
    case RuleIdRole:
        return r.ruleId;
    case UnitsRole:
        return r.units;
    case FacesRole:
        return QVariant::fromValue(r.faces);
    case UndoneRole:
        return r.undone;
    case OverriddenRole:
        return r.overridden;
    case HasPhotoRole:
        return e.evidenceCount > 0;
    case TimeRole:
        return q(e.time);
    case SetAsideRole:
        return r.setAsideBy != 0;
    case SetAsideByRole:
        return static_cast<qlonglong>(r.setAsideBy);
    case FixableRole:
        return r.fixable;
    case SealNoteRole:
        return r.sealNote;
    default:
        return {};
    }
}

QHash<int, QByteArray> LogModel::roleNames() const {
    return {{SeqRole, "seq"},
            {TurnRole, "turn"},
            {PhaseRole, "phase"},
            {KindRole, "kind"},
            {TextRole, "text"},
            {DetailRole, "detail"},
            {PlayerRole, "player"},
            {SourceRole, "source"},
            {RuleIdRole, "ruleId"},
            {UnitsRole, "units"},
            {FacesRole, "faces"},
            {UndoneRole, "undone"},
            {OverriddenRole, "overridden"},
            {HasPhotoRole, "hasPhoto"},
            {TimeRole, "time"},
            {SetAsideRole, "setAside"},
            {SetAsideByRole, "setAsideBy"},
            {FixableRole, "fixable"},
            {SealNoteRole, "sealNote"}};
}

void LogModel::setTurnFilter(int turn) {
    if (turn == m_turnFilter)
        return;
    m_turnFilter = turn;
    rebuildRows();
    Q_EMIT filterChanged();
}

void LogModel::setPlayerFilter(const QString& player) {
    if (player == m_playerFilter)
        return;
    m_playerFilter = player;
    rebuildRows();
    Q_EMIT filterChanged();
}

void LogModel::setUnitFilter(const QString& unit) {
    if (unit == m_unitFilter)
        return;
    m_unitFilter = unit;
    rebuildRows();
    Q_EMIT filterChanged();
}

// Turns each event's payload into one line a person reads at the table, and a second line with the detail.
void LogModel::reset(std::vector<storage::Event> events, const std::set<std::int64_t>& inForce,
                     const std::set<std::int64_t>& overridden,
                     const std::map<std::int64_t, std::vector<std::string>>& struckOut,
                     const std::map<std::int64_t, QString>& sealNotes) {
    m_all.clear();
    m_maxTurn = 0;
    // Inputs a fix set aside: named by the override that did it (docs/journal.md).
    std::map<std::int64_t, std::int64_t> setAsideBy;
    for (const storage::Event& e : events) {
        if (e.kind != storage::kind::Override)
            continue;
        const Json p = Json::parse(e.payloadJson, nullptr, false);
        if (p.is_object() && p.contains("setAside") && p["setAside"].is_array())
            for (const Json& s : p["setAside"])
                if (s.is_number_integer())
                    setAsideBy[s.get<std::int64_t>()] = e.seq;
    }
    for (storage::Event& e : events) {
        Row row;
        const Json p = Json::parse(e.payloadJson, nullptr, false);
        const bool isInput = e.kind == storage::kind::Answer || e.kind == storage::kind::Dice;
        const auto aside = setAsideBy.find(e.seq);
        row.setAsideBy = isInput && aside != setAsideBy.end() && !inForce.count(e.seq) ? aside->second : 0;
        row.undone = isInput && !inForce.count(e.seq) && row.setAsideBy == 0;
        row.overridden = overridden.count(e.seq) > 0;
        row.fixable = isInput && inForce.count(e.seq) > 0;
        if (p.is_object()) {
            row.ruleId = q(str(p, "ruleId"));
            if (p.contains("units") && p["units"].is_array())
                for (const Json& u : p["units"])
                    if (u.is_string())
                        row.units << q(u.get<std::string>());
            if (e.kind == storage::kind::Answer) {
                const std::string label = str(p, "label");
                row.text = q(label.empty() ? str(p, "value") : label);
                row.detail = q(str(p, "question"));
            } else if (e.kind == storage::kind::Dice) {
                row.text = u"Rolled %1"_s.arg(facesText(p.value("faces", Json::array())));
                if (p.contains("faces"))
                    for (const Json& f : p["faces"])
                        row.faces << f.get<int>();
                row.detail = q(str(p, "purpose"));
            } else if (e.kind == storage::kind::Undo) {
                row.text = u"Undo of #%1"_s.arg(p.value("target", 0));
                row.detail = q(str(p, "reason"));
            } else if (e.kind == storage::kind::Override) {
                const bool answer = p.contains("new") && p["new"].is_string();
                row.text = u"%1 of #%2: %3 \u2192 %4"_s.arg(answer ? u"Fix"_s : u"Override"_s)
                               .arg(p.value("target", 0))
                               .arg(answer ? q(str(p, "old")) : facesText(p.value("old", Json::array())),
                                    answer ? q(str(p, "new")) : facesText(p.value("new", Json::array())));
                row.detail = q(str(p, "reason"));
                if (p.contains("setAside") && p["setAside"].is_array() && !p["setAside"].empty())
                    row.detail +=
                        (p["setAside"].size() == 1 ? u" \u00b7 sets aside 1 later input, #%2"_s
                                                   : u" \u00b7 sets aside %1 later inputs from #%2"_s)
                            .arg(p["setAside"].size())
                            .arg(p["setAside"][0].get<std::int64_t>());
            } else if (e.kind == storage::kind::Calibration) {
                // Written by the calibration wizard; the profile text itself is not for the log.
                row.text = u"Calibration \"%1\" attached"_s.arg(q(str(p, "name")));
                row.detail = u"camera %1x%2"_s.arg(p.value("width", 0)).arg(p.value("height", 0));
            } else if (e.kind == storage::kind::Signature) {
                // The turn's end: its seal (of this very event) as the players noted it, and who signed.
                row.text = u"Turn %1 sealed: %2"_s.arg(e.turn).arg(q(storage::sealOf(e.seq, e.hash)));
                row.detail = u"signed by device %1"_s.arg(q(storage::signerOf(e.payloadJson)));
            } else {
                row.text = q(e.kind);
            }
        } else {
            row.text = q(e.kind);
        }
        if (const auto struck = struckOut.find(e.seq); struck != struckOut.end()) {
            const QString said = q(storage::struckOutText(struck->second));
            row.detail = row.detail.isEmpty() ? said : row.detail + u" \u00b7 "_s + said;
        }
        if (const auto note = sealNotes.find(e.seq); note != sealNotes.end())
            row.sealNote = note->second;
        m_maxTurn = std::max(m_maxTurn, e.turn);
        row.event = std::move(e);
        m_all.push_back(std::move(row));
    }
    rebuildRows();
}

bool LogModel::accepts(const Row& row) const {
    if (m_turnFilter >= 0 && row.event.turn != m_turnFilter)
        return false;
    if (!m_playerFilter.isEmpty() && q(row.event.player) != m_playerFilter)
        return false;
    if (!m_unitFilter.isEmpty() && !row.units.contains(m_unitFilter))
        return false;
    return true;
}

void LogModel::rebuildRows() {
    beginResetModel();
    m_rows.clear();
    for (size_t i = 0; i < m_all.size(); ++i)
        if (accepts(m_all[i]))
            m_rows.push_back(static_cast<int>(i));
    endResetModel();
    Q_EMIT countChanged();
}

} // namespace muster::app
