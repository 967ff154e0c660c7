#include "app/ui/PrintController.h"

#include "app/print/ChitSheet.h"
#include "app/storage/Journal.h"
#include "app/ui/GameController.h"
#include "app/ui/SavedGames.h"
#include "rules/RuleSets.h"
#include "rules/io/Json.h"

#include <QFile>
#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace muster::app {

PrintController::PrintController(QObject* parent)
    : QObject(parent)
    , m_folder(SavedGames::gamesDirectory()) {}

void PrintController::setPaper(const QString& paper) {
    const QString p = paper.toLower();
    if (p == m_paper || (p != u"a4"_s && p != u"letter"_s))
        return;
    m_paper = p;
    Q_EMIT changed();
}

void PrintController::setLabelMm(double mm) {
    if (mm == m_labelMm)
        return;
    m_labelMm = mm;
    Q_EMIT changed();
}

void PrintController::setCode(const QString& code) {
    if (code == m_code || (code != u"qr"_s && code != u"microqr"_s))
        return;
    m_code = code;
    Q_EMIT changed();
}

void PrintController::setFolder(const QString& folder) {
    if (folder == m_folder)
        return;
    m_folder = folder;
    Q_EMIT changed();
}

bool PrintController::fail(const QString& message) {
    m_message = message;
    m_failed = true;
    Q_EMIT changed();
    return false;
}

bool PrintController::printGameChits(const QString& gamePath) {
    if (gamePath.isEmpty())
        return fail(u"No game is in play: choose a bundled scenario instead."_s);
    auto journal = storage::Journal::open(gamePath.toStdString(), {storage::OpenMode::ReadOnly, false});
    if (!journal)
        return fail(QString::fromStdString(journal.message()));
    return print(journal->game().scenarioJson, QFileInfo(gamePath).completeBaseName());
}

bool PrintController::printScenarioChits(const QString& scenario) {
    const QString resource = u":/scenarios/%1.json"_s.arg(scenario);
    QFile f(QFile::exists(resource) ? resource : scenario);
    if (!f.open(QIODevice::ReadOnly))
        return fail(u"Cannot read the scenario %1."_s.arg(scenario));
    return print(f.readAll().toStdString(), QFileInfo(scenario).completeBaseName());
}

bool PrintController::print(const std::string& scenarioJson, const QString& baseName) {
    auto scenario = vision::parseChitScenario(scenarioJson);
    if (!scenario)
        return fail(QString::fromStdString(scenario.error().message));
    ChitSheetOptions options;
    options.paper = m_paper == u"letter"_s ? Paper::Letter : Paper::A4;
    options.labelMm = m_labelMm;
    options.code = m_code == u"qr"_s ? ChitCode::QrCode : ChitCode::MicroQrCode;
    options.title = scenario->name.empty() ? baseName.toStdString() : scenario->name;
    const QString path = m_folder + u"/chits-%1-%2.pdf"_s.arg(baseName, m_paper);
    const ChitVocabulary& vocabulary = rules::chitVocabularyOf(scenario->ruleSet);
    if (vocabulary.empty())
        return fail(u"The rule set of %1 has no order chits."_s.arg(baseName));
    auto ruled = rules::io::parseScenario(scenarioJson, baseName.toStdString());
    if (!ruled)
        return fail(QString::fromStdString(ruled.error().message));
    auto codes = rules::chitCodesOf(*ruled);
    if (!codes)
        return fail(QString::fromStdString(codes.error().message));
    const auto labels = labelsForScenario(scenario.value(), vocabulary, 1, *codes);
    const auto layout = writeChitSheet(path.toStdString(), labels, options);
    if (!layout)
        return fail(QString::fromStdString(layout.error().message));
    m_lastPath = path;
    m_message =
        u"PDF written to %1: %2 chits for %3 units (game tag %4) on %5 page(s). Print at 100%."_s.arg(path)
            .arg(layout->labels.size())
            .arg(scenario->units.size())
            .arg(QString::fromStdString(scenario->game))
            .arg(layout->pages);
    m_failed = false;
    Q_EMIT changed();
    return true;
}

} // namespace muster::app
