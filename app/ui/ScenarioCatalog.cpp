#include "app/ui/ScenarioCatalog.h"

#include "common/colour/ColourVision.h"
#include "rules/RuleSets.h"
#include "rules/io/Json.h"

#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace muster::app {

namespace {

QString q(const std::string& s) {
    return QString::fromStdString(s);
}
std::string s(const QString& text) {
    return text.toStdString();
}

QString& startupScenario() {
    static QString name;
    return name;
}

} // namespace

ScenarioCatalog::ScenarioCatalog(QObject* parent)
    : QObject(parent)
    , m_preferredScenario(startupScenario()) {}

void ScenarioCatalog::setStartupScenario(const QString& name) {
    startupScenario() = name;
}

QStringList ScenarioCatalog::bundledScenarios() {
    QStringList names;
    QDirIterator it(u":/scenarios"_s, {u"*.json"_s});
    while (it.hasNext())
        names << QFileInfo(it.next()).completeBaseName();
    names.sort();
    return names;
}

rules::Result<rules::Scenario> ScenarioCatalog::readScenario(const QString& scenario) {
    const QString resource = u":/scenarios/%1.json"_s.arg(scenario);
    if (!QFile::exists(resource))
        return rules::io::loadScenario(s(scenario));
    QFile f(resource);
    if (!f.open(QIODevice::ReadOnly))
        return rules::makeError("cannot read the bundled scenario " + s(scenario));
    return rules::io::parseScenario(f.readAll().toStdString(), s(scenario) + ".json");
}

void ScenarioCatalog::setPreferredScenario(const QString& name) {
    m_preferredScenario = name;
    Q_EMIT preferredScenarioChanged();
}

void ScenarioCatalog::fail(const QString& message) {
    m_lastError = message;
    Q_EMIT errorChanged();
}

ScenarioSidesModel::ScenarioSidesModel(QObject* parent)
    : MapListModel({"side", "name", "colour"}, parent) {}

ScenarioSidesModel* ScenarioCatalog::scenarioSides(const QString& scenario) {
    // No parent: a QObject an invokable returns without one is the QML engine's to delete.
    auto* model = new ScenarioSidesModel();
    auto parsed = readScenario(scenario);
    if (!parsed) {
        fail(q(parsed.error().message));
        return model;
    }
    QList<QVariantMap> rows;
    for (std::size_t i = 0; i < parsed->sides.size(); ++i) {
        const rules::SideDef& side = parsed->sides[i];
        rows << QVariantMap{{u"side"_s, q(side.id)},
                            {u"name"_s, q(side.name)},
                            {u"colour"_s, q(rules::sideColour(parsed->sides, i))}};
    }
    model->setRows(std::move(rows));
    return model;
}

QVariantMap ScenarioCatalog::scenarioDetails(const QString& scenario) {
    auto parsed = readScenario(scenario);
    if (!parsed) {
        fail(q(parsed.error().message));
        return {};
    }
    QVariantMap rules;
    for (const auto& [key, value] : parsed->houseRules.values)
        rules.insert(q(key), q(value));
    // The sides' colours must stay apart for every player, colour-blind ones included: a scenario
    // file whose pair does not is still played, with the reason shown at New game.
    std::vector<std::string> colours, names;
    for (std::size_t i = 0; i < parsed->sides.size(); ++i) {
        colours.push_back(rules::sideColour(parsed->sides, i));
        names.push_back(parsed->sides[i].name.empty() ? parsed->sides[i].id : parsed->sides[i].name);
    }
    const auto colourCheck = colour::checkSides(colours, names);
    return {{u"ruleSet"_s, q(parsed->ruleSet)},
            {u"name"_s, q(parsed->name)},
            {u"houseRules"_s, rules},
            {u"colourWarning"_s, colourCheck ? QString() : q(colourCheck.error().message)}};
}

QString ScenarioCatalog::scenarioTitle(const QString& scenario) const {
    // Bundled scenarios never change; a file is read again once its modification time moves.
    const bool bundled = QFile::exists(u":/scenarios/%1.json"_s.arg(scenario));
    const QDateTime modified = bundled ? QDateTime() : QFileInfo(scenario).lastModified();
    if (const auto it = m_titles.constFind(scenario); it != m_titles.constEnd() && it->modified == modified)
        return it->title;
    auto parsed = readScenario(scenario);
    const QString title = parsed && !parsed->name.empty() ? q(parsed->name) : scenario;
    m_titles.insert(scenario, Title{modified, title});
    return title;
}

QStringList ScenarioCatalog::houseRuleGroups(const QString& ruleSet) const {
    QStringList out;
    if (const rules::RuleSet* rules = rules::findRuleSet(s(ruleSet)))
        for (const std::string& group : rules->optionGroups())
            out << q(group);
    return out;
}

QList<HouseRuleOption> ScenarioCatalog::houseRuleOptions(const QString& ruleSet) const {
    QList<HouseRuleOption> out;
    const rules::RuleSet* rules = rules::findRuleSet(s(ruleSet));
    if (!rules)
        return out;
    for (const rules::OptionSpec& spec : rules->options()) {
        HouseRuleOption option;
        option.key = q(spec.key);
        option.group = q(spec.group);
        option.label = q(spec.label);
        option.rules = q(spec.ruleIds);
        option.defaultValue = q(spec.defaultValue);
        if (spec.isNumber()) {
            for (const std::string& part : spec.parts)
                option.parts << q(part);
            option.kind = option.parts.isEmpty() ? u"integer"_s : u"integers"_s;
            option.min = spec.min;
            option.max = spec.max;
            option.step = spec.step;
        } else {
            option.kind = u"choice"_s;
            for (const rules::OptionChoice& c : spec.choices)
                option.choices << Choice{q(c.value), q(c.label), c.value == spec.defaultValue};
        }
        out << option;
    }
    return out;
}

} // namespace muster::app
