#include "app/ui/GameReports.h"

#include "app/report/Report.h"
#include "app/ui/GameCompanion.h"
#include "app/ui/SavedGames.h"

#include <QDir>
#include <QFileInfo>
#include <QQmlEngine>

using namespace Qt::StringLiterals;

namespace muster::app {

RecentReports::RecentReports(QObject* parent)
    : QAbstractListModel(parent) {
    refresh();
}

void RecentReports::refresh() {
    std::vector<Report> reports;
    QDir dir(SavedGames::gamesDirectory() + u"/reports"_s);
    for (const QFileInfo& d : dir.entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Time)) {
        const QFileInfo html(d.absoluteFilePath() + u"/report.html"_s);
        if (!html.exists())
            continue;
        reports.push_back({d.fileName(), QUrl::fromLocalFile(html.absoluteFilePath()),
                           QDir::toNativeSeparators(html.absoluteFilePath()),
                           html.lastModified().toString(u"yyyy-MM-dd HH:mm"_s)});
        if (reports.size() == 5)
            break;
    }
    const bool countChanges = reports.size() != m_reports.size();
    beginResetModel();
    m_reports = std::move(reports);
    endResetModel();
    if (countChanges)
        Q_EMIT countChanged();
}

int RecentReports::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : count();
}

QVariant RecentReports::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Report& r = m_reports[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
    case NameRole:
        return r.name;
    case UrlRole:
        return r.url;
    case PathRole:
        return r.path;
    case WrittenRole:
        return r.written;
    default:
        return {};
    }
}

QHash<int, QByteArray> RecentReports::roleNames() const {
    return {{NameRole, "name"}, {UrlRole, "url"}, {PathRole, "path"}, {WrittenRole, "written"}};
}

GameReports::GameReports(QObject* parent)
    : QObject(parent)
    , m_recent(new RecentReports(this)) {}

GameReports* GameReports::create(QQmlEngine* qmlEngine, QJSEngine*) {
    return makeGameCompanion<GameReports>(qmlEngine);
}

void GameReports::setGame(GameController* game) {
    if (m_game == game)
        return;
    m_game = game;
    Q_EMIT gameChanged();
}

bool GameReports::fail(const QString& message) {
    m_lastError = message;
    Q_EMIT errorChanged();
    return false;
}

bool GameReports::writeReport() {
    if (!m_game || !m_game->active())
        return fail(u"No game is open to report on."_s);
    const QString gamePath = m_game->gamePath();
    const QString out =
        SavedGames::gamesDirectory() + u"/reports/"_s + QFileInfo(gamePath).completeBaseName();
    // The report reads the file read-only beside this session's writer lock (docs/journal.md).
    const auto written = report::writeReport(gamePath.toStdString(), out.toStdString());
    if (!written)
        return fail(u"The report could not be written to %1: %2."_s.arg(
            out, QString::fromStdString(written.message())));
    if (!written->verify.ok)
        return fail(
            u"The report in %1 shows a broken hash chain (muster-cli game verify says where)."_s.arg(out));
    m_lastError.clear();
    Q_EMIT errorChanged();
    m_recent->refresh();
    Q_EMIT reportsChanged();
    return true;
}

} // namespace muster::app
