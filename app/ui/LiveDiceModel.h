#pragma once

// The dice of the latest settled throw, for the Dice page: where each die lies in the frame, what the reader
// saw, and what the players made of it. A tap can confirm an unsure die, correct a misread one or strike out
// something that is not a die; each correction keeps its reason, because accepting a corrected throw journals
// the camera's read and then an override (old faces, new faces, who, why). A struck-out find is left out of
// both and its reason goes into the photo's detections (removedDetections()).

#include "app/ui/VisionTypes.h"

#include <QAbstractListModel>
#include <QtQml/qqmlregistration.h>

namespace muster::app {

class LiveDiceModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("The live dice come from CameraService.dice")
    Q_PROPERTY(bool hasReading READ hasReading NOTIFY readingChanged FINAL)
    Q_PROPERTY(int count READ count NOTIFY readingChanged FINAL) // dice, not counting struck-out finds
    Q_PROPERTY(int unresolvedCount READ unresolvedCount NOTIFY readingChanged FINAL)
    Q_PROPERTY(int correctedCount READ correctedCount NOTIFY readingChanged FINAL)
    Q_PROPERTY(bool countUncertain READ countUncertain NOTIFY readingChanged FINAL)
    Q_PROPERTY(qint64 frameNumber READ frameNumber NOTIFY readingChanged FINAL)
    Q_PROPERTY(double frameAspect READ frameAspect NOTIFY readingChanged FINAL)
    Q_PROPERTY(QList<int> faceList READ faces NOTIFY readingChanged FINAL)
    // The dice were classified by colour against the calibration's dice sets.
    Q_PROPERTY(bool owned READ owned NOTIFY readingChanged FINAL)
    Q_PROPERTY(int unknownOwnerCount READ unknownOwnerCount NOTIFY readingChanged FINAL)
    Q_PROPERTY(QStringList owners READ owners NOTIFY readingChanged FINAL)

public:
    enum Role {
        ValueRole = Qt::UserRole + 1, // the value that will be accepted
        ReadValueRole,                // what the camera read
        ConfidenceRole,
        UnsureRole,       // the reader was not sure
        MaybeNotADieRole, // the reader was not sure it is a die at all
        ResolvedRole,     // not unsure, or a person confirmed or corrected it
        CorrectedRole,    // a person changed the value
        RemovedRole,      // a person said it is not a die
        ReasonRole,
        XRole, // centre, fraction of the frame width
        YRole, // centre, fraction of the frame height
        SideRole,
        AngleRole,
        OwnerRole,        // the set's player ("" when nobody owns the set, or unknown)
        SetNameRole,      // the set the colour matches
        OwnerUnknownRole, // sets exist but the colour matches none
        OwnerTextRole, // what the page shows: player, else set name, "whose?" when unknown, "" without sets
    };

    explicit LiveDiceModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    void setReading(DiceReading reading);
    const DiceReading& reading() const { return m_reading; }

    bool hasReading() const { return m_has; }
    int count() const;
    int unresolvedCount() const;
    int correctedCount() const;
    bool countUncertain() const { return m_reading.countUncertain; }
    qint64 frameNumber() const { return m_reading.frameNumber; }
    double frameAspect() const;
    bool owned() const { return m_has && m_reading.owned; }
    int unknownOwnerCount() const;
    // The players whose dice these are by colour, each once, in die order (struck-out finds left out, as
    // from unknownOwnerCount()).
    QStringList owners() const;

    // Sets die `row` to `value` (1-6). A value other than the camera's read is a correction and needs a
    // reason; the camera's own value confirms an unsure die. A struck-out find given a value is a die again.
    Q_INVOKABLE bool setFace(int row, int value, const QString& reason);
    // Strikes out find `row`: it is not a die (a shadow, a chit, a die outside the throw). Needs a reason.
    // Both return false (and change nothing) for a row that is not there, a bad value or a missing reason.
    Q_INVOKABLE bool setNotADie(int row, const QString& reason);
    Q_INVOKABLE void clear();
    Q_INVOKABLE QList<int> faces() const;

    // The camera's faces and the accepted ones, struck-out finds left out of both.
    std::vector<int> readFaces() const;
    std::vector<int> finalFaces() const;
    // The read's detections JSON with each struck-out find marked {"notADie": reason}.
    QString removedDetections() const;
    // Why the faces differ from the read, die by die, for the override's reason ("" when nothing changed).
    QString correctionReason() const;

Q_SIGNALS:
    void readingChanged();

private:
    struct Die {
        DieMark mark;
        int value = 0;
        bool resolved = false;
        bool removed = false; // struck out: not a die
        QString reason;
        bool changed() const { return removed || value != mark.value; } // a person's correction
    };
    DiceReading m_reading;
    std::vector<Die> m_dice;
    bool m_has = false;
};

} // namespace muster::app
