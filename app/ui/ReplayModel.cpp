#include "app/ui/ReplayModel.h"

#include "app/storage/GameSession.h"
#include "app/ui/EvidencePhoto.h"
#include "rules/io/Json.h"

#include <nlohmann/json.hpp>

#include <QCoreApplication>
#include <QDir>
#include <QFile>

using namespace Qt::StringLiterals;

namespace muster::app {

namespace {

// The engine as a game began: its file's scenario snapshot and house rules, no input yet.
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

QString q(const std::string& s) {
    return QString::fromStdString(s);
}

} // namespace

ReplayModel::ReplayModel(QObject* parent)
    : QObject(parent)
    , m_steps(new LogModel(this))
    , m_roster(new RosterModel(this)) {
    // A new filter renumbers the rows, so the step shown no longer has a row.
    connect(m_steps, &LogModel::filterChanged, this, &ReplayModel::clearStep);
}

ReplayModel::~ReplayModel() = default;

void ReplayModel::setGamePath(const QString& path) {
    if (path == m_path)
        return;
    m_path = path;
    reload();
    Q_EMIT gameChanged();
}

bool ReplayModel::reload() {
    m_journal.reset();
    m_events.clear();
    m_engine.reset();
    m_roster->reset({});
    auto fail = [this](const QString& message) {
        m_steps->reset({}, {}, {});
        clearStep();
        m_error = message;
        Q_EMIT stepChanged();
        return false;
    };
    if (m_path.isEmpty())
        return fail({});
    // Read-only and without the full integrity scan: the game in play may hold the file open for writing.
    auto journal = storage::Journal::open(m_path.toStdString(), {storage::OpenMode::ReadOnly, false});
    if (!journal)
        return fail(q(journal.message()));
    auto events = journal->events();
    if (!events)
        return fail(q(events.message()));
    auto inForce = journal->effectiveInputs();
    if (!inForce)
        return fail(q(inForce.message()));
    std::set<std::int64_t> seqs, overridden;
    for (const auto& in : *inForce) {
        seqs.insert(in.event.seq);
        if (in.overriddenFaces)
            overridden.insert(in.event.seq);
    }
    m_events = events.value();
    m_journal.emplace(std::move(journal.value()));
    m_steps->reset(std::move(events.value()), seqs, overridden);
    clearStep();
    m_error.clear();
    Q_EMIT stepChanged();
    return true;
}

void ReplayModel::clearStep() {
    m_row = -1;
    m_seq = 0;
    m_stepText.clear();
    m_outcome.clear();
    m_stateAfter.clear();
    m_engine.reset();
    m_roster->reset({});
    Q_EMIT stepChanged();
}

void ReplayModel::setCurrentRow(int row) {
    if (row < 0 || row >= m_steps->rowCount()) {
        clearStep();
        return;
    }
    const QModelIndex index = m_steps->index(row);
    m_row = row;
    m_seq = m_steps->data(index, LogModel::SeqRole).toLongLong();
    m_stepText = m_steps->data(index, LogModel::TextRole).toString();
    if (!replayTo(m_seq)) {
        m_roster->reset({});
        m_outcome.clear();
        m_stateAfter.clear();
    }
    Q_EMIT stepChanged();
}

void ReplayModel::next() {
    setCurrentRow(std::min(m_row + 1, m_steps->rowCount() - 1));
}

void ReplayModel::previous() {
    setCurrentRow(std::max(m_row - 1, 0));
}

// The journal up to and including `seq`, folded as it stood then: an answer undone later still counts here,
// an undo or override recorded later does not.
bool ReplayModel::replayTo(std::int64_t seq) {
    m_error.clear();
    std::vector<storage::Event> prefix;
    for (const storage::Event& e : m_events)
        if (e.seq <= seq)
            prefix.push_back(e);
    auto inputs = storage::foldEffective(std::move(prefix));
    if (!inputs) {
        m_error = q(inputs.message());
        return false;
    }
    auto engine = startingEngine(m_journal->game());
    if (!engine) {
        m_error = q(engine.message());
        return false;
    }
    for (const storage::EffectiveInput& in : *inputs) {
        auto input = storage::GameSession::inputOf(in);
        if (!input) {
            m_error = q(input.message());
            return false;
        }
        if (auto applied = engine->apply(*input); !applied) {
            m_error = u"event #%1 does not replay: %2"_s.arg(in.event.seq).arg(q(applied.error().message));
            return false;
        }
    }
    m_engine.emplace(std::move(engine.value()));
    m_roster->reset(m_engine->roster());
    const std::string winner = m_engine->turnView().winner;
    QStringList lines;
    for (const std::string& line : m_engine->events())
        lines << q(line);
    m_outcome = lines.join(u'\n');
    const rules::Prompt next = m_engine->prompt();
    m_stateAfter = winner.empty() ? u"Next: %1"_s.arg(q(next.headline)) : u"Game over: %1"_s.arg(q(winner));
    return true;
}

QUrl ReplayModel::photoUrl(qlonglong seq) const {
    return m_journal ? evidencePhotoUrl(*m_journal, seq) : QUrl();
}

} // namespace muster::app
