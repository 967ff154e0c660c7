#include "app/ui/GameController.h"

#include "app/report/GameRecords.h"
#include "app/report/TurnStory.h"
#include "app/storage/PayloadFields.h"
#include "app/storage/Seal.h"
#include "app/storage/StruckOut.h"
#include "app/ui/EvidencePhoto.h"
#include "app/ui/SavedGames.h"
#include "app/ui/ScenarioCatalog.h"
#include "calibration/CalibrationProfile.h"
#include "rules/RuleSets.h"
#include "rules/core/Feed.h"

#include <nlohmann/json.hpp>

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <chrono>
#include <map>

using namespace Qt::StringLiterals;

namespace muster::app {

namespace {

QString q(const std::string& s) {
    return QString::fromStdString(s);
}
std::string s(const QString& text) {
    return text.toStdString();
}

QString unitOfKey(const std::string& key) {
    const auto dot = key.find('.');
    return dot == std::string::npos ? QString() : q(key.substr(0, dot));
}

} // namespace

GameController::GameController(QObject* parent)
    : QObject(parent)
    , m_roster(new RosterModel(this))
    , m_log(new LogModel(this))
    , m_fairness(new FairnessModel(this))
    , m_options(new OptionsModel(this))
    , m_recentAnswers(new RecentAnswersModel(this))
    , m_history(new HistoryModel(this))
    , m_phases(new PhasesModel(this))
    , m_players(new PlayersModel(this))
    , m_awaitingOrders(new AwaitingOrdersModel(this))
    , m_virtualDice(static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count())) {
}

GameController::~GameController() = default;

bool GameController::fail(const QString& message) {
    m_lastError = message;
    Q_EMIT errorChanged();
    return false;
}

QString GameController::gamePath() const {
    return m_session ? q(m_session->journal().path()) : QString();
}

QString GameController::scenarioName() const {
    if (!m_session)
        return {};
    return q(m_session->engine().scenarioName());
}

int GameController::turn() const {
    return m_session ? m_session->engine().turnView().turn : 0;
}
int GameController::maxTurns() const {
    return m_session ? m_session->engine().turnView().maxTurns : 0;
}
QString GameController::phase() const {
    return m_session ? q(m_session->prompt().phase) : QString();
}

QString GameController::phaseLabel() const {
    if (!m_session)
        return {};
    const rules::TurnView view = m_session->engine().turnView();
    if (view.over)
        return u"Game over"_s;
    for (const auto& p : view.phases)
        if (p.id == view.phase)
            return q(p.label);
    return q(view.phase);
}

QString GameController::phaseGroup() const {
    if (!m_session)
        return {};
    const rules::TurnView view = m_session->engine().turnView();
    for (const auto& p : view.phases)
        if (p.id == view.phase)
            return q(p.group);
    return {};
}

QString GameController::activeSide() const {
    if (!m_session)
        return {};
    const std::string side = m_session->prompt().side();
    return q(side.empty() ? m_session->engine().turnView().activeSide : side);
}

QString GameController::promptTag() const {
    return m_session ? q(m_session->prompt().tag()) : QString();
}

const ChitVocabulary& GameController::chitVocabulary() const {
    static const ChitVocabulary kNone;
    return m_session ? m_session->engine().ruleSet().chits() : kNone;
}

bool GameController::hasChits() const {
    return m_session && !m_session->engine().ruleSet().chits().empty();
}

QString GameController::promptKind() const {
    if (!m_session)
        return u"none"_s;
    switch (m_session->prompt().kind) {
    case rules::PromptKind::Question:
        return u"question"_s;
    case rules::PromptKind::Dice:
        return u"dice"_s;
    case rules::PromptKind::GameOver:
        return u"gameover"_s;
    }
    return u"none"_s;
}

QString GameController::promptKey() const {
    return m_session ? q(m_session->prompt().key()) : QString();
}
QString GameController::headline() const {
    return m_session ? q(m_session->prompt().headline) : QString();
}

QString GameController::questionText() const {
    if (!m_session || !m_session->prompt().question)
        return {};
    return q(m_session->prompt().question->text);
}

QString GameController::ruleId() const {
    if (!m_session)
        return {};
    const rules::Prompt p = m_session->prompt();
    if (p.question)
        return q(p.question->ruleId);
    if (p.dice)
        return q(p.dice->ruleId);
    return {};
}

int GameController::diceCount() const {
    return m_session && m_session->prompt().dice ? m_session->prompt().dice->count : 0;
}
int GameController::diceSides() const {
    return m_session && m_session->prompt().dice ? m_session->prompt().dice->sides : 0;
}
QString GameController::dicePurpose() const {
    return m_session && m_session->prompt().dice ? q(m_session->prompt().dice->purpose) : QString();
}
bool GameController::dicePool() const {
    return m_session && m_session->prompt().dice && m_session->prompt().dice->pool;
}
QList<int> GameController::diceScoringFaces() const {
    QList<int> out;
    if (!m_session)
        return out;
    const auto prompt = m_session->prompt(); // a copy: iterating the temporary's faces would dangle
    if (prompt.dice)
        for (int f : prompt.dice->scoringFaces)
            out.push_back(f);
    return out;
}
QString GameController::diceRoller() const {
    return m_session && m_session->prompt().dice ? q(m_session->prompt().dice->roller) : QString();
}

QString GameController::currentPlayer() const {
    return m_session ? q(playerForKey(m_session->prompt().key())) : QString();
}

std::pair<QString, QString> GameController::actingSide() const {
    if (!m_session)
        return {};
    const std::string side = m_session->prompt().side();
    const rules::RosterView roster = m_session->engine().roster();
    for (const rules::RosterRow& row : roster.rows)
        if (!side.empty() && row.side == side)
            return {q(row.sideName), q(row.sideColour)};
    return {};
}

QString GameController::currentSideName() const {
    return actingSide().first;
}

QString GameController::currentSideColour() const {
    return actingSide().second;
}

QString GameController::lastResult() const {
    if (!m_session)
        return {};
    QStringList lines;
    for (const std::string& line : m_session->engine().events())
        lines << q(line);
    return lines.join(u'\n');
}

QString GameController::winner() const {
    return m_session ? q(m_session->engine().turnView().winner) : QString();
}

QList<HouseRule> GameController::houseRules() const {
    QList<HouseRule> out;
    if (!m_session)
        return out;
    for (const auto& [key, value] : m_session->engine().houseRules().values)
        out << HouseRule{q(key), q(value)};
    return out;
}

QVariantMap GameController::playSetup() const {
    QVariantMap out;
    if (!m_session)
        return out;
    const nlohmann::json setup =
        nlohmann::json::parse(m_session->journal().game().playSetupJson, nullptr, false);
    if (!setup.is_object())
        return out;
    for (const auto& [key, value] : setup.items()) {
        if (value.is_string())
            out.insert(q(key), q(value.get<std::string>()));
        else if (value.is_boolean())
            out.insert(q(key), value.get<bool>());
        else if (value.is_number_integer())
            out.insert(q(key), static_cast<qlonglong>(value.get<std::int64_t>()));
    }
    return out;
}

QUrl GameController::photoUrl(qlonglong seq) const {
    return m_session ? evidencePhotoUrl(m_session->journal(), seq) : QUrl();
}

bool GameController::startGame(const QString& scenario, const QVariantList& players,
                               const QVariantMap& houseRules, const QVariantMap& playSetup) {
    auto parsed = ScenarioCatalog::readScenario(scenario);
    if (!parsed)
        return fail(q(parsed.error().message));

    // House rules chosen at the table go over the scenario's own (GEN-08); checked against the register
    // before any file is made, so a refused value leaves nothing behind.
    rules::HouseRules chosen;
    for (auto it = houseRules.begin(); it != houseRules.end(); ++it)
        chosen.values[s(it.key())] = s(it.value().toString().trimmed());
    if (const rules::RuleSet* rules = rules::findRuleSet(parsed->ruleSet)) {
        rules::HouseRules merged = parsed->houseRules;
        for (const auto& [key, value] : chosen.values)
            merged.values[key] = value;
        auto resolved = rules->resolveOptions(merged);
        if (!resolved)
            return fail(u"House rules: %1"_s.arg(q(resolved.error().message)));
    }

    const QString dice = playSetup.value(u"dice"_s, u"typed"_s).toString();
    if (dice != u"camera"_s && dice != u"typed"_s && dice != u"virtual"_s)
        return fail(u"Unknown way to roll '%1' (camera, typed or virtual)."_s.arg(dice));
    nlohmann::json setup = {{"dice", s(dice)}, {"app", true}};
    const QString table = playSetup.value(u"table"_s).toString().trimmed();
    if (!table.isEmpty())
        setup["table"] = s(table);

    std::vector<storage::Player> list;
    for (const QVariant& v : players) {
        const QVariantMap m = v.toMap();
        if (!m.value(u"name"_s).toString().trimmed().isEmpty())
            list.push_back({s(m.value(u"name"_s).toString().trimmed()), s(m.value(u"side"_s).toString()),
                            s(m.value(u"diceColour"_s).toString())});
    }
    const QString base = QFileInfo(scenario).completeBaseName();
    const QString path =
        SavedGames::gamesDirectory() +
        u"/%1-%2.muster"_s.arg(base, QDateTime::currentDateTime().toString(u"yyyyMMdd-HHmmss-zzz"_s));
    auto session = storage::GameSession::start(s(path), *parsed, chosen, std::move(list), setup.dump());
    if (!session)
        return fail(q(session.message()));
    return adopt(std::move(session.value()));
}

bool GameController::openGame(const QString& path) {
    auto session = storage::GameSession::open(s(path));
    if (!session)
        return fail(q(session.message()));
    return adopt(std::move(session.value()));
}

bool GameController::resumeLast() {
    const QString path = SavedGames::lastGame();
    if (path.isEmpty() || !QFile::exists(path))
        return false;
    return openGame(path);
}

void GameController::closeGame() {
    m_session.reset();
    m_canUndo = m_canOverride = m_canRedo = false;
    m_redoText.clear();
    m_recentAnswers->setRows({});
    m_lastFix.clear();
    m_appDraws.clear();
    m_history->setRows({});
    m_turnSummary.clear();
    m_roster->reset({});
    m_log->reset({}, {}, {});
    m_fairness->reset({});
    refreshLists();
    SavedGames::rememberLast({});
    m_calibrationPayload.clear();
    Q_EMIT calibrationChanged();
    Q_EMIT gameChanged();
    Q_EMIT stateChanged();
    Q_EMIT savedGamesChanged();
}

bool GameController::adopt(storage::GameSession session) {
    m_session.emplace(std::move(session));
    SavedGames::rememberLast(gamePath());
    m_calibrationPayload = latestCalibration();
    m_lastError.clear();
    Q_EMIT errorChanged();
    refresh();
    Q_EMIT calibrationChanged();
    Q_EMIT gameChanged();
    Q_EMIT savedGamesChanged();
    return true;
}

void GameController::setAutoDraw(bool on) {
    if (on == m_autoDraw)
        return;
    m_autoDraw = on;
    refresh();
}

void GameController::seedAppDice(qlonglong seed) {
    m_virtualDice = rules::VirtualDice(static_cast<std::uint64_t>(seed));
}

void GameController::drawForApp() {
    if (!m_autoDraw)
        return;
    std::vector<std::string> words, faces;
    for (int guard = 0; m_session && guard < 1000; ++guard) {
        const rules::Prompt p = m_session->prompt();
        if (!p.dice || !p.dice->appDraws)
            break;
        // A draw undone a moment ago comes back as it fell, so undo and redo give the same game.
        storage::Result<storage::Event> event = storage::Error{"no draw"};
        std::vector<int> drawn;
        if (auto undone = m_session->redoable(); undone && undone->has_value() &&
                                                 (*undone)->input.source == rules::DiceSource::App &&
                                                 !rules::checkAnswers(p, (*undone)->input)) {
            drawn = (*undone)->input.faces;
            event = m_session->redo();
        } else {
            drawn = m_virtualDice.roll(*p.dice);
            event = m_session->submit(rules::Input::dice(p.key(), drawn, rules::DiceSource::App, "Muster"));
        }
        if (!event) {
            fail(q(event.message()));
            break;
        }
        Q_EMIT inputCommitted(*event); // a draw can be a turn's last input
        for (int f : drawn) {
            faces.push_back(report::drawnFace(*p.dice, f));
            words.push_back(report::faceWord(*p.dice, f));
        }
    }
    if (!faces.empty())
        m_appDraws = q(report::drawsSentence(words, faces));
}

void GameController::rebuildHistory(const std::vector<storage::SealedFix>& fixes, std::int64_t lastSealSeq) {
    m_turnSummary.clear();
    if (!m_session) {
        m_history->setRows({});
        return;
    }
    // The last two turns input by input (cost): the current turn's lines, newest first, and the summary of
    // the turn that ended last.
    const int turn = m_session->engine().turnView().turn;
    auto story = report::turnStory(*m_session, turn - 1);
    if (!story) {
        m_history->setRows({});
        return;
    }
    // A fix of a sealed turn is a big moment of the turn it was made in: the table saw another outcome
    // sealed. Said where it came, among the story's lines (which keep their own order).
    std::vector<std::pair<std::int64_t, QVariantMap>> fixLines;
    for (const storage::SealedFix& fix : fixes) {
        if (fix.correction.seq <= lastSealSeq)
            continue;
        QString text = q(storage::tableSentence(fix.correction, fix.seal.seal));
        if (!fix.rosterChanges.empty())
            text += u" "_s + q(fix.rosterChanges.front()) +
                    (fix.rosterChanges.size() > 1 ? u" (and %1 more)"_s.arg(fix.rosterChanges.size() - 1)
                                                  : u"."_s);
        fixLines.emplace_back(fix.correction.seq,
                              QVariantMap{{u"turn"_s, turn}, {u"text"_s, text}, {u"big"_s, true}});
    }
    QList<QVariantMap> newestFirst;
    auto nextFix = fixLines.begin();
    for (const report::StoryLine& line : *story) {
        if (line.kind == report::StoryLine::Kind::TurnSummary) {
            m_turnSummary = q(line.text);
            continue;
        }
        for (; nextFix != fixLines.end() && nextFix->first < line.seq; ++nextFix)
            newestFirst.prepend(nextFix->second);
        if (line.turn == turn)
            newestFirst.prepend(
                QVariantMap{{u"turn"_s, line.turn}, {u"text"_s, q(line.text)}, {u"big"_s, line.big}});
    }
    for (; nextFix != fixLines.end(); ++nextFix)
        newestFirst.prepend(nextFix->second);
    m_history->setRows(std::move(newestFirst));
}

void GameController::refresh() {
    drawForApp();
    auto events = m_session ? m_session->journal().events()
                            : storage::Result<std::vector<storage::Event>>(std::vector<storage::Event>{});
    std::vector<storage::SealedFix> sealedFixes;
    std::int64_t lastSealSeq = 0;
    if (m_session && events) {
        const rules::Engine& engine = m_session->engine();
        const int nextTurn = engine.prompt().turn + (engine.gameOver() ? 1 : 0);
        sealedFixes = storage::sealedFixes(m_session->journal(), *events, nextTurn);
        m_seals = storage::turnSeals(*events, nextTurn);
        if (!m_seals.empty())
            lastSealSeq = m_seals.back().seq;
    } else {
        m_seals.clear();
    }
    rebuildHistory(sealedFixes, lastSealSeq);
    m_canRedo = false;
    m_redoText.clear();
    QList<QVariantMap> recent;
    if (m_session) {
        m_roster->reset(m_session->engine().roster());
        auto inForce = m_session->journal().effectiveInputs();
        std::set<std::int64_t> seqs, overridden;
        if (inForce)
            for (const auto& in : *inForce) {
                seqs.insert(in.event.seq);
                if (in.overriddenFaces || in.overriddenValue)
                    overridden.insert(in.event.seq);
            }
        // The newest answers in force, for the fix chips of the prompt card.
        if (inForce)
            for (auto it = inForce->rbegin(); it != inForce->rend() && recent.size() < 3; ++it) {
                if (it->event.kind != storage::kind::Answer)
                    continue;
                const nlohmann::json p = nlohmann::json::parse(it->event.payloadJson, nullptr, false);
                if (!p.is_object())
                    continue;
                std::string label = p.value("label", p.value("value", std::string()));
                if (it->overriddenValue)
                    label = *it->overriddenValue;
                recent << QVariantMap{{u"seq"_s, static_cast<qlonglong>(it->event.seq)},
                                      {u"question"_s, q(p.value("question", std::string()))},
                                      {u"label"_s, q(label)},
                                      {u"tag"_s, q(p.value("key", std::string()))}};
            }
        auto struck = storage::struckOutBySeq(m_session->journal());
        std::map<std::int64_t, QString> sealNotes;
        for (const storage::SealedFix& fix : sealedFixes) {
            QStringList note{u"Changes turn %1 after its seal %2"_s.arg(fix.seal.turn).arg(q(fix.seal.seal))};
            for (const std::string& line : fix.rosterChanges)
                note << q(line);
            sealNotes[fix.correction.seq] = note.join(u" \u00b7 "_s);
        }
        m_log->reset(events ? std::move(events.value()) : std::vector<storage::Event>{}, seqs, overridden,
                     struck ? *struck : std::map<std::int64_t, std::vector<std::string>>{}, sealNotes);
        auto records = report::loadRecords(m_session->journal());
        m_fairness->reset(records ? std::move(records->tallies) : std::vector<storage::DiceTally>{});
        // Read the journal once per change, not once per binding that asks.
        const bool any = inForce && !inForce->empty();
        m_canUndo = any;
        m_canOverride = any && inForce->back().event.kind == storage::kind::Dice;
        if (auto undone = m_session->redoable(); undone && undone->has_value()) {
            const rules::Input& in = (*undone)->input;
            if (!rules::checkAnswers(m_session->prompt(), in)) {
                m_canRedo = true;
                QStringList faces;
                for (int f : in.faces)
                    faces << QString::number(f);
                m_redoText = in.kind == rules::InputKind::Answer
                                 ? u"%1: %2"_s.arg(q(in.key), q(in.value))
                                 : u"%1: %2"_s.arg(q(in.key), faces.join(u' '));
            }
        }
    } else {
        m_canUndo = m_canOverride = false;
    }
    m_recentAnswers->setRows(std::move(recent));
    refreshLists();
    Q_EMIT stateChanged();
}

void GameController::refreshLists() {
    QList<QVariantMap> options;
    if (m_session) {
        const rules::Prompt prompt = m_session->prompt(); // by value: keep it alive for the loop
        if (prompt.question)
            for (const rules::Option& o : prompt.question->options)
                options << QVariantMap{{u"value"_s, q(o.value)}, {u"label"_s, q(o.label)}};
    }
    m_options->setRows(std::move(options));

    QList<QVariantMap> phases, players;
    if (m_session) {
        for (const rules::PhaseView& p : m_session->engine().turnView().phases)
            phases << QVariantMap{{u"key"_s, q(p.id)}, {u"label"_s, q(p.label)}, {u"group"_s, q(p.group)}};
        for (const storage::Player& p : m_session->journal().game().players)
            players << QVariantMap{
                {u"name"_s, q(p.name)}, {u"side"_s, q(p.side)}, {u"diceColour"_s, q(p.diceColour)}};
    }
    m_phases->setRows(std::move(phases));
    m_players->setRows(std::move(players));
    m_awaitingOrders->setRows(awaitingOrderRows());
}

std::string GameController::playerForKey(const std::string& key) const {
    if (!m_session)
        return {};
    const rules::Prompt prompt = m_session->prompt();
    // The rule set says who answers; for an input that is not the current prompt's, the unit its key names.
    std::string sideId = prompt.key() == key ? prompt.side() : std::string();
    if (sideId.empty()) {
        std::string unit = s(unitOfKey(key));
        if (prompt.dice && !prompt.dice->roller.empty())
            unit = prompt.dice->roller;
        for (const rules::RosterRow& row : m_session->engine().roster().rows)
            if (row.id == unit)
                sideId = row.side;
        for (const storage::Player& p : m_session->journal().game().players)
            if (sideId.empty() && p.side == unit)
                sideId = unit;
    }
    for (const storage::Player& p : m_session->journal().game().players)
        if (p.side == sideId)
            return p.name;
    return {};
}

QString GameController::playerForSide(const QString& side) const {
    if (!m_session)
        return {};
    for (const storage::Player& p : m_session->journal().game().players)
        if (q(p.side) == side)
            return q(p.name);
    return {};
}

bool GameController::answer(const QString& value) {
    if (!m_session)
        return fail(u"No game is open."_s);
    const rules::Prompt p = m_session->prompt();
    if (p.kind != rules::PromptKind::Question)
        return fail(u"The game is waiting for dice, not an answer."_s);
    return commit(rules::Input::answer(p.key(), s(value), playerForKey(p.key())));
}

bool GameController::commit(const rules::Input& input, std::vector<storage::EvidenceDraft> evidence) {
    return written(m_session->submit(input, std::move(evidence)));
}

bool GameController::written(const storage::Result<storage::Event>& event) {
    if (!event)
        return fail(q(event.message()));
    m_lastError.clear();
    Q_EMIT errorChanged();
    Q_EMIT inputCommitted(*event);
    refresh();
    return true;
}

bool GameController::submitDice(const QList<int>& faces, const QString& source) {
    if (!m_session)
        return fail(u"No game is open."_s);
    const rules::Prompt p = m_session->prompt();
    if (p.kind != rules::PromptKind::Dice || !p.dice)
        return fail(u"The game is not waiting for dice."_s);
    rules::DiceSource src;
    if (!rules::diceSourceFromString(s(source), src) || src == rules::DiceSource::Override)
        return fail(u"Unknown dice source '%1'."_s.arg(source));
    std::vector<int> values(faces.begin(), faces.end());
    if (src == rules::DiceSource::Typed)
        values = rules::typedFaces(std::move(values), p.dice->sides);
    return commit(rules::Input::dice(p.key(), values, src, playerForKey(p.key())));
}

QList<int> GameController::rollVirtual() {
    if (!m_session || !m_session->prompt().dice)
        return {};
    const std::vector<int> faces = m_virtualDice.roll(*m_session->prompt().dice);
    return {faces.begin(), faces.end()};
}

bool GameController::undoLast(const QString& reason) {
    if (!m_session)
        return fail(u"No game is open."_s);
    const std::string who = playerForKey(m_session->prompt().key());
    // The draws Muster made after a person's step go back with it: one undo takes back that step.
    for (;;) {
        auto inputs = m_session->journal().effectiveInputs();
        const bool app =
            inputs && !inputs->empty() && inputs->back().event.source == storage::DiceSource::App;
        auto event = m_session->undoLast(who, s(reason.trimmed()));
        if (!event)
            return fail(q(event.message()));
        if (!app)
            break;
    }
    m_appDraws.clear();
    refresh();
    return true;
}

bool GameController::redo() {
    if (!m_session)
        return fail(u"No game is open."_s);
    return written(m_session->redo());
}

FixChoices GameController::fixChoices(qlonglong seq) {
    if (!m_session) {
        fail(u"No game is open."_s);
        return {};
    }
    auto prompt = m_session->promptOf(seq);
    if (!prompt) {
        fail(q(prompt.message()));
        return {};
    }
    FixChoices out;
    out.seq = seq;
    auto inputs = m_session->journal().effectiveInputs();
    if (!inputs) {
        fail(q(inputs.message()));
        return {};
    }
    for (const auto& in : *inputs) {
        if (in.event.seq != seq)
            continue;
        auto input = storage::GameSession::inputOf(in);
        if (!input) {
            fail(q(input.message()));
            return {};
        }
        out.value = q(input->value);
        out.faces = QList<int>(input->faces.begin(), input->faces.end());
        out.turn = in.event.turn;
        out.musterDraw = in.event.source == storage::DiceSource::App;
    }
    // The seal shown when the input's turn ended: a fix of it changes what that seal's turn counts for.
    if (auto events = m_session->journal().events()) {
        const rules::Engine& engine = m_session->engine();
        for (const storage::TurnSeal& t :
             storage::turnSeals(*events, engine.prompt().turn + (engine.gameOver() ? 1 : 0)))
            if (t.turn == out.turn)
                out.seal = q(t.seal);
    }
    if (prompt->question) {
        out.kind = u"answer"_s;
        out.question = q(prompt->question->text);
        out.ruleId = q(prompt->question->ruleId);
        for (const rules::Option& o : prompt->question->options)
            out.options << Choice{q(o.value), q(o.label), false};
    } else if (prompt->dice) {
        out.kind = u"dice"_s;
        out.question = q(prompt->dice->purpose);
        out.purpose = q(prompt->dice->purpose);
        out.ruleId = q(prompt->dice->ruleId);
        out.count = prompt->dice->count;
        out.sides = prompt->dice->sides;
    }
    return out;
}

bool GameController::applyFix(qlonglong seq, const std::string& value, const std::vector<int>& faces,
                              const QString& reason) {
    if (!m_session)
        return fail(u"No game is open."_s);
    if (reason.trimmed().isEmpty())
        return fail(u"A fix needs a reason."_s);
    std::string who = playerForKey(m_session->prompt().key());
    if (who.empty())
        who = "table";
    auto fixed = m_session->fix(seq, who, s(reason.trimmed()), value, faces);
    if (!fixed)
        return fail(q(fixed.message()));
    m_lastFix =
        fixed->setAside.empty()
            ? u"Fixed #%1: every later input still fits and is kept."_s.arg(seq)
            : (fixed->setAside.size() == 1
                   ? u"Fixed #%1: 1 later input no longer fits and is set aside (#%3); play resumes there."_s
                   : u"Fixed #%1: %2 later inputs no longer fit and are set aside (from #%3); play resumes "
                     u"there."_s)
                  .arg(seq)
                  .arg(fixed->setAside.size())
                  .arg(fixed->setAside.front());
    m_lastError.clear();
    Q_EMIT errorChanged();
    refresh();
    return true;
}

bool GameController::fixAnswer(qlonglong seq, const QString& value, const QString& reason) {
    return applyFix(seq, s(value), {}, reason);
}

bool GameController::fixThrow(qlonglong seq, const QList<int>& faces, const QString& reason) {
    return applyFix(seq, {}, {faces.begin(), faces.end()}, reason);
}

std::optional<storage::EffectiveInput> GameController::lastThrow() const {
    if (!m_session)
        return std::nullopt;
    auto inputs = m_session->journal().effectiveInputs();
    if (!inputs || inputs->empty() || inputs->back().event.kind != storage::kind::Dice)
        return std::nullopt;
    return inputs->back();
}

QList<int> GameController::lastDiceFaces() const {
    const auto last = lastThrow();
    if (!last)
        return {};
    auto faces = last->overriddenFaces ? storage::Result<std::vector<int>>(*last->overriddenFaces)
                                       : storage::facesOf(last->event.payloadJson);
    return faces ? QList<int>(faces->begin(), faces->end()) : QList<int>();
}

qlonglong GameController::lastThrowSeq() const {
    const auto last = lastThrow();
    return last ? static_cast<qlonglong>(last->event.seq) : 0;
}

bool GameController::overrideLast(const QList<int>& faces, const QString& reason) {
    if (!m_session)
        return fail(u"No game is open."_s);
    if (reason.trimmed().isEmpty())
        return fail(u"An override needs a reason."_s);
    const std::vector<int> values(faces.begin(), faces.end());
    auto event =
        m_session->overrideLast(playerForKey(m_session->prompt().key()), s(reason.trimmed()), values);
    if (!event)
        return fail(q(event.message()));
    refresh();
    return true;
}

std::map<std::string, qlonglong> GameController::ordersGivenThisTurn() const {
    std::map<std::string, qlonglong> given;
    if (!m_session)
        return given;
    const int turn = m_session->engine().turnView().turn;
    // Answers to "<unit>.order" in force, journalled this turn (orders are asked only in the orders phase).
    if (auto inputs = m_session->journal().effectiveInputs())
        for (const auto& in : *inputs) {
            if (in.event.kind != storage::kind::Answer || in.event.turn != turn)
                continue;
            const storage::PayloadFields f = storage::readPayloadFields(in.event.payloadJson);
            if (f.key && f.key->size() > 6 && f.key->compare(f.key->size() - 6, 6, ".order") == 0)
                given[f.key->substr(0, f.key->size() - 6)] = static_cast<qlonglong>(in.event.seq);
        }
    return given;
}

rules::RosterView GameController::rosterView() const {
    return m_session ? m_session->engine().roster() : rules::RosterView{};
}

QList<QVariantMap> GameController::awaitingOrderRows() const {
    QList<QVariantMap> out;
    if (!m_session || m_session->prompt().tag() != "order")
        return out;
    const std::map<std::string, qlonglong> given = ordersGivenThisTurn();
    for (const rules::RosterRow& row : m_session->engine().roster().rows)
        if (!row.removed && !given.count(row.id))
            out << QVariantMap{{u"unitId"_s, q(row.id)}, {u"name"_s, q(row.name)}};
    return out;
}

std::string GameController::scenarioJson() const {
    return m_session ? m_session->journal().game().scenarioJson : std::string();
}

bool GameController::submitCameraDice(const std::vector<int>& readFaces, const std::vector<int>& finalFaces,
                                      const QString& reason, storage::EvidenceDraft evidence) {
    if (!m_session)
        return fail(u"No game is open."_s);
    const rules::Prompt p = m_session->prompt();
    if (p.kind != rules::PromptKind::Dice || !p.dice)
        return fail(u"The game is not waiting for dice."_s);
    if (readFaces.size() != finalFaces.size())
        return fail(u"A correction must keep the number of dice."_s);
    const bool corrected = readFaces != finalFaces;
    if (corrected && reason.trimmed().isEmpty())
        return fail(u"A correction of the camera's read needs a reason."_s);
    const std::string player = playerForKey(p.key());
    std::vector<storage::EvidenceDraft> photos;
    photos.push_back(std::move(evidence));
    auto event = m_session->submit(rules::Input::dice(p.key(), readFaces, rules::DiceSource::Camera, player),
                                   std::move(photos));
    if (!event)
        return fail(q(event.message()));
    if (corrected) {
        auto over = m_session->overrideLast(player, s(reason.trimmed()), finalFaces);
        if (!over) {
            refresh();
            return fail(u"The camera's read was recorded, but the correction was refused: %1"_s.arg(
                q(over.message())));
        }
    }
    m_lastError.clear();
    Q_EMIT errorChanged();
    Q_EMIT inputCommitted(*event);
    refresh();
    return true;
}

bool GameController::answerFromCamera(const QString& key, const QString& value,
                                      storage::EvidenceDraft evidence) {
    if (!m_session)
        return fail(u"No game is open."_s);
    const rules::Prompt p = m_session->prompt();
    if (p.kind != rules::PromptKind::Question || q(p.key()) != key)
        return fail(u"The game is not asking '%1' now."_s.arg(key));
    rules::Input input = rules::Input::answer(p.key(), s(value), playerForKey(p.key()));
    input.source = rules::DiceSource::Camera;
    std::vector<storage::EvidenceDraft> photos;
    photos.push_back(std::move(evidence));
    return commit(input, std::move(photos));
}

bool GameController::attachCalibration(const QString& payloadJson) {
    if (!m_session)
        return fail(u"No game is in play to attach the calibration to."_s);
    // Only a calibration the camera can use is kept: the payload and the profile in it are both checked.
    const std::string payload = s(payloadJson);
    if (auto profile = calibration::CalibrationProfile::fromGamePayload(payload); !profile)
        return fail(u"The calibration cannot be attached: %1."_s.arg(q(profile.error().message)));
    auto event = m_session->note(storage::kind::Calibration, payload, s(currentPlayer()));
    if (!event)
        return fail(q(event.message()));
    m_calibrationPayload = q(event->payloadJson);
    refresh();
    Q_EMIT calibrationChanged();
    return true;
}

QString GameController::latestCalibration() const {
    if (!m_session)
        return {};
    auto latest = m_session->journal().latestOfKind(storage::kind::Calibration);
    return latest && latest.value() ? q(latest.value()->payloadJson) : QString();
}

} // namespace muster::app
