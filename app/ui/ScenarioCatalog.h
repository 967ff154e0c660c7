#pragma once

// The scenarios New game offers, for QML: the bundled ones and scenario files, their sides, rule set and own
// house rules, and the house-rule register of a rule set. Nothing here holds a game.

#include "app/ui/GameLists.h"
#include "app/ui/ValueTypes.h"
#include "rules/Scenario.h"
#include "rules/core/Result.h"

#include <QDateTime>
#include <QHash>
#include <QObject>
#include <QStringList>
#include <QVariantMap>
#include <QtQml/qqmlregistration.h>

namespace muster::app {

// A scenario's sides, in the scenario's order: side (its id), name, colour ("#rrggbb", the scenario's or
// the default for its place).
class ScenarioSidesModel : public muster::app::MapListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("The sides come from ScenarioCatalog.scenarioSides()")
public:
    explicit ScenarioSidesModel(QObject* parent = nullptr);
};

class ScenarioCatalog : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON
    Q_PROPERTY(QStringList scenarios READ scenarios CONSTANT FINAL)
    // The scenario New game shows first (--scenario), else the first bundled one.
    Q_PROPERTY(QString preferredScenario READ preferredScenario WRITE setPreferredScenario NOTIFY
                   preferredScenarioChanged FINAL)
    // Why the latest scenarioSides() or scenarioDetails() came back empty.
    Q_PROPERTY(QString lastError READ lastError NOTIFY errorChanged FINAL)

public:
    explicit ScenarioCatalog(QObject* parent = nullptr);

    // The scenario a new catalog prefers (the app's --scenario), and the scenarios bundled with the app.
    static void setStartupScenario(const QString& name);
    static QStringList bundledScenarios();
    // A bundled scenario (by name) or a scenario file, parsed.
    static rules::Result<rules::Scenario> readScenario(const QString& scenario);

    QStringList scenarios() const { return bundledScenarios(); }
    QString preferredScenario() const { return m_preferredScenario; }
    void setPreferredScenario(const QString& name);
    QString lastError() const { return m_lastError; }

    // The sides of a bundled scenario or scenario file, as a new model the caller owns (QML's engine, when
    // called from QML); empty (and lastError set) if unreadable.
    Q_INVOKABLE muster::app::ScenarioSidesModel* scenarioSides(const QString& scenario);
    // A scenario's rule set and the house rules it sets itself: {ruleSet, name, houseRules: {key: value},
    // colourWarning}; empty (and lastError set) if unreadable.
    Q_INVOKABLE QVariantMap scenarioDetails(const QString& scenario);
    // The scenario's own name ("Palo Alto skirmish") for the screen; its file name if it has none or cannot
    // be read (the list must still show something to pick).
    Q_INVOKABLE QString scenarioTitle(const QString& scenario) const;
    // The house-rule register of a rule set for the New game page, in page order; empty for a rule set
    // without options.
    Q_INVOKABLE QList<muster::app::HouseRuleOption> houseRuleOptions(const QString& ruleSet) const;
    // The house-rule groups of a rule set, in page order.
    Q_INVOKABLE QStringList houseRuleGroups(const QString& ruleSet) const;

Q_SIGNALS:
    void preferredScenarioChanged();
    void errorChanged();

private:
    void fail(const QString& message);

    // A parsed title per scenario: the combo box asks for every row's title on each redraw, and parsing
    // md_large each time is slow. A file's title is kept with its modification time, so an edited file is
    // read again.
    struct Title {
        QDateTime modified;
        QString title;
    };
    mutable QHash<QString, Title> m_titles;
    QString m_preferredScenario;
    QString m_lastError;
};

} // namespace muster::app
