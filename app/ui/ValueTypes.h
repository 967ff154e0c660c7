#pragma once

// QML value types of the app's lists: the game's house rules, the register New game offers and
// what an earlier input can be fixed to. Gadgets rather than list models: the pages read them once, or join,
// filter and search them in script (the register by group, a reading by its value), and a QList of a value
// type reaches QML as a sequence with the Array methods, each entry with typed properties.

#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>
#include <QtQml/qqmlregistration.h>

namespace muster::app {

// A house-rule option of the game in play and the reading it is played with.
struct HouseRule {
    Q_GADGET
    QML_VALUE_TYPE(houseRule)
    Q_PROPERTY(QString key MEMBER key FINAL)
    Q_PROPERTY(QString value MEMBER value FINAL)
public:
    QString key;
    QString value;
    friend bool operator==(const HouseRule&, const HouseRule&) = default;
};

// A value offered with its label: a reading of a house-rule option (isDefault marks the register's default)
// or an answer a question offered (isDefault false).
struct Choice {
    Q_GADGET
    QML_VALUE_TYPE(choice)
    Q_PROPERTY(QString value MEMBER value FINAL)
    Q_PROPERTY(QString label MEMBER label FINAL)
    Q_PROPERTY(bool isDefault MEMBER isDefault FINAL)
public:
    QString value;
    QString label;
    bool isDefault = false;
    friend bool operator==(const Choice&, const Choice&) = default;
};

// An option of a rule set's house-rule register. kind is "choice" (its readings in choices), "integer" or
// "integers" (a number, or one per name in parts, from min to max in steps of step).
struct HouseRuleOption {
    Q_GADGET
    QML_VALUE_TYPE(houseRuleOption)
    Q_PROPERTY(QString key MEMBER key FINAL)
    Q_PROPERTY(QString group MEMBER group FINAL)
    Q_PROPERTY(QString label MEMBER label FINAL)
    Q_PROPERTY(QString rules MEMBER rules FINAL) // the rule ids it changes, "MD-CAV-03, MD-ARTMV-04"
    Q_PROPERTY(QString defaultValue MEMBER defaultValue FINAL)
    Q_PROPERTY(QString kind MEMBER kind FINAL)
    Q_PROPERTY(QList<muster::app::Choice> choices MEMBER choices FINAL)
    Q_PROPERTY(int min MEMBER min FINAL)
    Q_PROPERTY(int max MEMBER max FINAL)
    Q_PROPERTY(int step MEMBER step FINAL)
    Q_PROPERTY(QStringList parts MEMBER parts FINAL)
public:
    QString key;
    QString group;
    QString label;
    QString rules;
    QString defaultValue;
    QString kind;
    QList<Choice> choices;
    int min = 0;
    int max = 0;
    int step = 1;
    QStringList parts;
    friend bool operator==(const HouseRuleOption&, const HouseRuleOption&) = default;
};

// What an earlier input in force can be fixed to (GameController::fixChoices), read once by the fix dialog
// when it opens, so a value type rather than a model. kind is "answer" (question, ruleId, the value in force
// and the options) or "dice" (the faces in force, count, sides, purpose); "" when it cannot be fixed. A fix of a
// sealed turn or of Muster's own draw is asked to be confirmed (issue 46): `seal` and `musterDraw` say so.
struct FixChoices {
    Q_GADGET
    QML_VALUE_TYPE(fixChoices)
    Q_PROPERTY(qlonglong seq MEMBER seq FINAL)
    Q_PROPERTY(QString kind MEMBER kind FINAL)
    Q_PROPERTY(QString question MEMBER question FINAL)
    Q_PROPERTY(QString ruleId MEMBER ruleId FINAL)
    Q_PROPERTY(QString value MEMBER value FINAL)
    Q_PROPERTY(QList<muster::app::Choice> options MEMBER options FINAL)
    Q_PROPERTY(QList<int> faces MEMBER faces FINAL)
    Q_PROPERTY(int count MEMBER count FINAL)
    Q_PROPERTY(int sides MEMBER sides FINAL)
    Q_PROPERTY(QString purpose MEMBER purpose FINAL)
    Q_PROPERTY(int turn MEMBER turn FINAL)
    Q_PROPERTY(QString seal MEMBER seal FINAL)
    Q_PROPERTY(bool musterDraw MEMBER musterDraw FINAL)
public:
    qlonglong seq = 0;
    QString kind;
    QString question;
    QString ruleId;
    QString value;
    QList<Choice> options;
    QList<int> faces;
    int count = 0;
    int sides = 0;
    QString purpose;
    int turn = 0;            // the turn the input belongs to
    QString seal;            // that turn's seal when it has ended ("4K7QD-M2X9A"): a fix changes a sealed turn
    bool musterDraw = false; // one of Muster's own draws, which no player threw
    friend bool operator==(const FixChoices&, const FixChoices&) = default;
};

} // namespace muster::app
