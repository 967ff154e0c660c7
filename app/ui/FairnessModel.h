#pragma once

// The dice fairness of the game in play, as the Log page draws it: one row per player, dice set (sides) and
// source (camera, typed, virtual; Muster's own draws apart), with the face counts, the fair expectation and
// the verdict. The p-value is given only where the count supports a test (storage::DiceTally::testable).

#include "app/storage/DiceStats.h"

#include <QAbstractListModel>
#include <QtQml/qqmlregistration.h>

#include <vector>

namespace muster::app {

class FairnessModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("The dice fairness belongs to the GameController")
    Q_PROPERTY(int count READ rowCount NOTIFY countChanged FINAL)

public:
    enum Role {
        PlayerRole = Qt::UserRole + 1,
        SidesRole,
        SourceRole,
        TotalRole,
        CountsRole,   // QList<int>: the count of each face, face 1 first
        MaxCountRole, // the highest count, or the expectation if higher: the height the bars scale to
        ExpectedRole, // total / sides: the fair die's count per face
        PValueRole,   // NaN unless testable
        TestableRole,
        TitleRole,    // "Alice, d6, typed: 84 dice"
        VerdictRole,  // "p = 0.41: no sign of bias", "12 dice: too few to test (needs 30)"
        UnlikelyRole, // testable and p below storage::kUnlikelyP
    };
    Q_ENUM(Role)

    explicit FairnessModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    // Replaces the rows (report::loadRecords' tallies, in their order).
    void reset(std::vector<storage::DiceTally> tallies);

    // "Alice, d6, typed: 84 dice"; Muster's own draws said as such.
    static QString title(const storage::DiceTally& tally);

Q_SIGNALS:
    void countChanged();

private:
    std::vector<storage::DiceTally> m_rows;
};

} // namespace muster::app
