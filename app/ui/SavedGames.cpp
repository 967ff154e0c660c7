#include "app/ui/SavedGames.h"

#include "app/storage/GameSummary.h"
#include "app/ui/GameCompanion.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QQmlEngine>
#include <QStandardPaths>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace muster::app {

namespace {

const char* kLastGameFile = "last-game";

QString q(const std::string& s) {
    return QString::fromStdString(s);
}

} // namespace

SavedGames::SavedGames(QObject* parent)
    : QAbstractListModel(parent) {
    refresh();
}

SavedGames* SavedGames::create(QQmlEngine* qmlEngine, QJSEngine*) {
    return makeGameCompanion<SavedGames>(qmlEngine);
}

QString SavedGames::gamesDirectory() {
    const QString env = qEnvironmentVariable("MUSTER_GAMES_DIR");
    const QString dir =
        env.isEmpty() ? QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + u"/games"_s : env;
    QDir().mkpath(dir);
    return dir;
}

void SavedGames::rememberLast(const QString& path) {
    QFile f(gamesDirectory() + u"/"_s + QLatin1String(kLastGameFile));
    if (f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        f.write(path.toUtf8());
}

QString SavedGames::lastGame() {
    QFile f(gamesDirectory() + u"/"_s + QLatin1String(kLastGameFile));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readAll()).trimmed();
}

void SavedGames::setGame(GameController* game) {
    if (m_game == game)
        return;
    if (m_game)
        disconnect(m_game, nullptr, this, nullptr);
    m_game = game;
    if (m_game)
        connect(m_game, &GameController::savedGamesChanged, this, &SavedGames::refresh);
    Q_EMIT gameChanged();
    refresh();
}

void SavedGames::refresh() {
    std::vector<Saved> games;
    QDir dir(gamesDirectory());
    const QFileInfoList files = dir.entryInfoList({u"*.muster"_s}, QDir::Files, QDir::Time);
    for (const QFileInfo& f : files) {
        // Last played as the journal says (its last event, in local time, set below); the file's own time,
        // which changes when the file is only copied or verified, stands only when the journal cannot be
        // read.
        Saved game;
        game.path = f.absoluteFilePath();
        game.name = f.completeBaseName();
        game.lastPlayed = f.lastModified().toString(u"yyyy-MM-dd HH:mm"_s);
        // The header and the last event only, read-only: the list must not replay every game in the folder.
        auto summary = storage::readGameSummary(f.absoluteFilePath().toStdString());
        if (summary) {
            game.ruleSet = q(summary->ruleSet);
            game.scenario = q(summary->scenarioName);
            game.turn = std::max(1, summary->turn);
            game.phase = q(summary->phase);
            game.events = static_cast<qlonglong>(summary->eventCount);
            if (const QDateTime last = QDateTime::fromString(q(summary->lastPlayed), Qt::ISODateWithMs);
                last.isValid())
                game.lastPlayed = last.toLocalTime().toString(u"yyyy-MM-dd HH:mm"_s);
            game.ok = true;
        } else {
            game.error = q(summary.message());
        }
        games.push_back(std::move(game));
    }
    const bool countChanges = games.size() != m_games.size();
    beginResetModel();
    m_games = std::move(games);
    endResetModel();
    if (countChanges)
        Q_EMIT countChanged();
}

int SavedGames::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : count();
}

QVariant SavedGames::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Saved& g = m_games[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
    case NameRole:
        return g.name;
    case PathRole:
        return g.path;
    case LastPlayedRole:
        return g.lastPlayed;
    case RuleSetRole:
        return g.ruleSet;
    case ScenarioRole:
        return g.scenario;
    case TurnRole:
        return g.turn;
    case PhaseRole:
        return g.phase;
    case EventsRole:
        return g.events;
    case OkRole:
        return g.ok;
    case ErrorRole:
        return g.error;
    default:
        return {};
    }
}

QHash<int, QByteArray> SavedGames::roleNames() const {
    return {{PathRole, "path"},       {NameRole, "name"},         {LastPlayedRole, "lastPlayed"},
            {RuleSetRole, "ruleSet"}, {ScenarioRole, "scenario"}, {TurnRole, "turn"},
            {PhaseRole, "phase"},     {EventsRole, "events"},     {OkRole, "ok"},
            {ErrorRole, "error"}};
}

} // namespace muster::app
