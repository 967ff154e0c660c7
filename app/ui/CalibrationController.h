#pragma once

// The calibration wizard of Settings: print the sheet, calibrate the tray from a camera frame or a photo,
// show what was found, keep the result as a named table profile (CalibrationStore) and attach it to the game
// in play, and learn each player's dice set from a calibration throw. Every refusal is a message; nothing is
// stored then.

#include "app/camera/FaceTeaching.h"
#include "app/ui/GameController.h"
#include "app/ui/GameLists.h"
#include "calibration/CalibrationProfile.h"

#include <QColor>
#include <QObject>
#include <QUrl>
#include <QtQml/qqmlregistration.h>

#include <optional>

namespace muster::app {

// The dice sets of the profile in hand, in the profile's order: name, player (who throws it, may be empty),
// body and pip (the learnt colours, QColor), samples (the dice it was learnt from), faces (its taught faces
// in words, "" when it has none).
class DiceSetsModel : public muster::app::MapListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("The dice sets belong to a CalibrationController")
public:
    explicit DiceSetsModel(QObject* parent = nullptr);
};

// The dice of the throw in hand while faces are taught: boxX, boxY, boxW, boxH (the box, fractions of the
// frame), read (the pip reader's value), unsure (it doubts it), face (the value tapped: 0 until tapped, -1
// left out) and label (what the die will teach: the face tapped, else the read when sure, else 0: left out).
class TeachDiceModel : public muster::app::MapListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("The dice being taught belong to a CalibrationController")
public:
    explicit TeachDiceModel(QObject* parent = nullptr);
};

class CalibrationController : public QObject {
    Q_OBJECT
    QML_ELEMENT
    // The CameraService whose latestFrame() the wizard captures; without one (or without frames), photos
    // only.
    Q_PROPERTY(QObject* camera READ camera WRITE setCamera NOTIFY cameraChanged FINAL)
    Q_PROPERTY(QString paper READ paper WRITE setPaper NOTIFY changed FINAL)
    Q_PROPERTY(double dieSizeMm READ dieSizeMm WRITE setDieSizeMm NOTIFY changed FINAL)
    // The tray's inner size in mm (0 x 0: watch the sheet only) and where the sheet lies in it ("middle",
    // "top-left", "top-right", "bottom-right", "bottom-left"): the watched region is the tray.
    Q_PROPERTY(double trayWidthMm READ trayWidthMm WRITE setTrayWidthMm NOTIFY changed FINAL)
    Q_PROPERTY(double trayHeightMm READ trayHeightMm WRITE setTrayHeightMm NOTIFY changed FINAL)
    Q_PROPERTY(QString sheetAt READ sheetAt WRITE setSheetAt NOTIFY changed FINAL)
    Q_PROPERTY(QString regionText READ regionText NOTIFY changed FINAL)
    Q_PROPERTY(QString storePath READ storePath WRITE setStorePath NOTIFY profilesChanged FINAL)
    Q_PROPERTY(QString message READ message NOTIFY changed FINAL)
    Q_PROPERTY(bool failed READ failed NOTIFY changed FINAL)
    Q_PROPERTY(bool hasResult READ hasResult NOTIFY changed FINAL)
    Q_PROPERTY(QString profileName READ profileName NOTIFY changed FINAL)
    Q_PROPERTY(int markersFound READ markersFound NOTIFY changed FINAL)
    Q_PROPERTY(double cornerErrorMm READ cornerErrorMm NOTIFY changed FINAL)
    Q_PROPERTY(double rmsErrorPx READ rmsErrorPx NOTIFY changed FINAL)
    Q_PROPERTY(double dieSizePx READ dieSizePx NOTIFY changed FINAL)
    Q_PROPERTY(double pxPerMm READ pxPerMm NOTIFY changed FINAL)
    Q_PROPERTY(QString resolution READ resolution NOTIFY changed FINAL)
    Q_PROPERTY(QStringList lightWarnings READ lightWarnings NOTIFY changed FINAL)
    Q_PROPERTY(QUrl overlayUrl READ overlayUrl NOTIFY changed FINAL)
    Q_PROPERTY(muster::app::DiceSetsModel* diceSets READ diceSets CONSTANT FINAL)
    // Teaching a set's faces: the throw in hand (its dice and photo), the examples kept per face 1-6, the
    // throws kept, and the table's own taught faces (for dice of no set) in words.
    Q_PROPERTY(muster::app::TeachDiceModel* teachDice READ teachDice CONSTANT FINAL)
    Q_PROPERTY(QUrl teachPhotoUrl READ teachPhotoUrl NOTIFY changed FINAL)
    Q_PROPERTY(QVariantList teachCounts READ teachCounts NOTIFY changed FINAL)
    Q_PROPERTY(int teachThrows READ teachThrows NOTIFY changed FINAL)
    Q_PROPERTY(QString tableFaces READ tableFaces NOTIFY changed FINAL)
    Q_PROPERTY(QStringList profiles READ profiles NOTIFY profilesChanged FINAL)
    Q_PROPERTY(QString sheetPath READ sheetPath NOTIFY changed FINAL)
    // Where "use a photo" looks first: $MUSTER_PHOTOS_DIR, else the user's Pictures folder.
    Q_PROPERTY(QString photoFolder READ photoFolder WRITE setPhotoFolder NOTIFY photoFolderChanged FINAL)

public:
    explicit CalibrationController(QObject* parent = nullptr);
    ~CalibrationController() override;

    QObject* camera() const { return m_camera; }
    void setCamera(QObject* camera);
    QString paper() const;
    void setPaper(const QString& paper);
    double dieSizeMm() const { return m_dieSizeMm; }
    void setDieSizeMm(double mm);
    double trayWidthMm() const { return m_trayMm.width; }
    void setTrayWidthMm(double mm);
    double trayHeightMm() const { return m_trayMm.height; }
    void setTrayHeightMm(double mm);
    QString sheetAt() const;
    void setSheetAt(const QString& placement);
    // What the current calibration watches, in words ("the sheet", "the tray, 400 x 300 mm").
    QString regionText() const;
    // Default: table-profiles.sqlite in the games folder.
    QString storePath() const { return m_storePath; }
    void setStorePath(const QString& path);
    QString message() const { return m_message; }
    bool failed() const { return m_failed; }
    bool hasResult() const { return m_profile.has_value(); }
    QString profileName() const;
    int markersFound() const;
    double cornerErrorMm() const;
    double rmsErrorPx() const;
    double dieSizePx() const;
    double pxPerMm() const;
    QString resolution() const;
    QStringList lightWarnings() const { return m_lightWarnings; }
    QUrl overlayUrl() const { return m_overlayUrl; }
    DiceSetsModel* diceSets() const { return m_diceSets; }
    TeachDiceModel* teachDice() const { return m_teachDice; }
    QUrl teachPhotoUrl() const { return m_teachPhotoUrl; }
    QVariantList teachCounts() const;
    int teachThrows() const { return m_teaching.throwsKept(); }
    QString tableFaces() const;
    QStringList profiles() const;
    QString sheetPath() const { return m_sheetPath; }
    QString photoFolder() const { return m_photoFolder; }
    void setPhotoFolder(const QString& folder);

    // The JPEG and PNG files of a folder, newest first, as absolute paths.
    Q_INVOKABLE QStringList photosIn(const QString& folder) const;

    // Writes the calibration sheet PDF (the chosen paper) into `folder` (default: the games folder).
    Q_INVOKABLE bool writeSheet(const QString& folder = {});
    // Calibrates the tray from the camera's latest frame.
    Q_INVOKABLE bool capture();
    // Calibrates the tray from an image file (a path or a file URL).
    Q_INVOKABLE bool usePhoto(const QString& pathOrUrl);
    // Calibrates the tray from an 8-bit BGR frame; `source` names it in messages.
    bool calibrateBgr(const cv::Mat& bgr, const QString& source);

    // Stores the current calibration as a named table profile (replacing one of that name).
    Q_INVOKABLE bool saveProfile(const QString& name);
    // Loads a stored profile for frames of width x height (0: the size it was made at). Rescaled when the
    // aspect ratio matches, refused (and the current calibration kept) when it does not.
    Q_INVOKABLE bool loadProfile(const QString& name, int width = 0, int height = 0);
    // The current profile as the payload of a game's "calibration" event ("" without one).
    Q_INVOKABLE QString gamePayload() const;
    // Keeps the current profile with the game in play (GameController::attachCalibration), so a resumed game
    // reads it back.
    Q_INVOKABLE bool attachTo(muster::app::GameController* game);
    // Makes a game's calibration (GameController::calibrationPayload) current, rescaled for frames of
    // width x height when given; false if the payload is empty (said unless `quiet`) or refused.
    Q_INVOKABLE bool loadFromPayload(const QString& payload, int width = 0, int height = 0,
                                     bool quiet = false);

    // Learns the dice sets of a calibration throw (a photo or, with an empty argument, the camera's frame):
    // the dice found are grouped by body colour, one set per group, not yet given to anyone.
    Q_INVOKABLE bool learnDiceSets(const QString& pathOrUrl = {});
    // Gives set `index` to a player.
    Q_INVOKABLE bool assignSet(int index, const QString& player);

    // Teaching faces (a symbol for the 6, a skull for the 1): reads a throw of one set's dice (a photo or,
    // with an empty argument, the camera's frame) as the throw in hand...
    Q_INVOKABLE bool teachThrow(const QString& pathOrUrl = {});
    // ...the person taps the value of each die read wrong or unsure (face 1-6; 0 untaps, -1 leaves it out)...
    Q_INVOKABLE bool tapFace(int index, int face);
    // ...keeps the throw (its labelled dice become examples) and throws again until every face has two...
    Q_INVOKABLE bool keepThrow();
    // ...and teaches the examples to dice set `set` (-1: the dice of no set, every die when no sets are
    // learnt). The throw in hand is kept first. The examples are then forgotten.
    Q_INVOKABLE bool teachFaces(int set);
    // Forgets the throws kept and the throw in hand.
    Q_INVOKABLE void forgetTeaching();
    // Removes the taught faces of dice set `set` (-1: the table's own).
    Q_INVOKABLE bool clearFaces(int set);

Q_SIGNALS:
    void cameraChanged();
    void changed();
    void profilesChanged();
    void photoFolderChanged();

private:
    bool fail(const QString& message);
    // Sets the dice sets from the profile in hand; run on every changed(), before QML hears of it.
    void refreshDiceSets();
    bool say(const QString& message);
    cv::Mat cameraFrame() const;
    static cv::Mat readImage(const QString& pathOrUrl);
    void adopt(calibration::CalibrationProfile profile, const cv::Mat& bgr);
    // The dice reader, loaded at first use; nullptr (and `error` set) when the models cannot be loaded.
    vision::DiceReader* reader(QString& error);
    // The frame a teach or learn step reads: the photo, or the camera's frame for an empty argument; empty
    // (and `error` set) when there is none.
    cv::Mat throwFrame(const QString& pathOrUrl, QString& error) const;
    // The throw and the reader a dice-sets step needs (`what` names what belongs to the profile); false,
    // said, without a profile, a frame or the models.
    bool throwToRead(const QString& pathOrUrl, const QString& what, cv::Mat& bgr, vision::DiceReader*& dice);
    void refreshTeaching();

    QObject* m_camera = nullptr;
    calibration::Paper m_paper = calibration::Paper::A4;
    double m_dieSizeMm = 16.0;
    cv::Size2d m_trayMm{0.0, 0.0}; // 0 x 0: the sheet itself is the watched region
    calibration::SheetPlacement m_sheetAt = calibration::SheetPlacement::Middle;
    QString m_storePath;
    QString m_message;
    bool m_failed = false;
    std::optional<calibration::CalibrationProfile> m_profile;
    QStringList m_lightWarnings;
    QUrl m_overlayUrl;
    QString m_sheetPath;
    QString m_photoFolder;
    DiceSetsModel* m_diceSets;
    TeachDiceModel* m_teachDice;
    camera::FaceTeaching m_teaching;
    QUrl m_teachPhotoUrl;
    std::optional<vision::DiceReader> m_reader;
    int m_overlayCount = 0;
};

} // namespace muster::app
