#pragma once

// Where the dice and chit pages get their frames: a camera (Qt Multimedia QCamera + QMediaCaptureSession into
// a QVideoSink), a video file or a folder of photos chosen in Settings, or, when there is none of these, the
// drawn demo feed, said plainly on screen. Frames go to the VisionWorker on its own thread; its reads come
// back here (queued) and land in the live dice model or the chit orders. A camera that vanishes gives a
// message, falls back to typed dice and loses nothing already accepted.

#include "app/ui/ChitOrdersModel.h"
#include "app/ui/LiveDiceModel.h"
#include "app/ui/VisionTypes.h"
#include "app/ui/VisionWorker.h"

#include <opencv2/core.hpp>

#include <QImage>
#include <QList>
#include <QObject>
#include <QPointF>
#include <QPointer>
#include <QStringList>
#include <QtQml/qqmlregistration.h>

class QCamera;
class QJSEngine;
class QMediaCaptureSession;
class QMediaDevices;
class QQmlEngine;
class QThread;
class QVideoFrame;
class QVideoSink;

namespace muster::app {

class GameController;

class CameraService : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON
    Q_PROPERTY(bool cameraAvailable READ cameraAvailable NOTIFY camerasChanged FINAL)
    Q_PROPERTY(QStringList cameras READ cameras NOTIFY camerasChanged FINAL)
    Q_PROPERTY(bool demoFeed READ demoFeed NOTIFY feedChanged FINAL)
    Q_PROPERTY(QString feedDescription READ feedDescription NOTIFY feedChanged FINAL)
    Q_PROPERTY(QString feedKind READ feedKind NOTIFY feedChanged FINAL)
    Q_PROPERTY(QString feedPath READ feedPath NOTIFY feedChanged FINAL)
    Q_PROPERTY(int cameraIndex READ cameraIndex NOTIFY feedChanged FINAL)
    Q_PROPERTY(bool live READ live NOTIFY feedChanged FINAL)
    Q_PROPERTY(QString feedError READ feedError NOTIFY feedErrorChanged FINAL)
    Q_PROPERTY(double sourceFps READ sourceFps NOTIFY feedChanged FINAL)
    Q_PROPERTY(double framesPerSecond READ framesPerSecond NOTIFY statsChanged FINAL)
    Q_PROPERTY(qint64 processedFrames READ processedFrames NOTIFY statsChanged FINAL)
    Q_PROPERTY(qint64 droppedFrames READ droppedFrames NOTIFY statsChanged FINAL)
    Q_PROPERTY(bool hasFrame READ hasFrame NOTIFY previewChanged FINAL)
    Q_PROPERTY(QString trayState READ trayState NOTIFY trayStateChanged FINAL)
    Q_PROPERTY(muster::app::LiveDiceModel* dice READ dice CONSTANT FINAL)
    Q_PROPERTY(muster::app::ChitOrdersModel* chits READ chits CONSTANT FINAL)
    Q_PROPERTY(int askedCount READ askedCount NOTIFY acceptChanged FINAL)
    Q_PROPERTY(int askedSides READ askedSides NOTIFY acceptChanged FINAL)
    Q_PROPERTY(QString askedText READ askedText NOTIFY acceptChanged FINAL)
    Q_PROPERTY(bool canAccept READ canAccept NOTIFY acceptChanged FINAL)
    Q_PROPERTY(QString acceptBlockedReason READ acceptBlockedReason NOTIFY acceptChanged FINAL)
    // The game's calibration on the live feed (see VisionWorker::setCalibration).
    Q_PROPERTY(bool calibrated READ calibrated NOTIFY calibrationChanged FINAL)
    Q_PROPERTY(QString calibrationName READ calibrationName NOTIFY calibrationChanged FINAL)
    Q_PROPERTY(QString calibrationNotice READ calibrationNotice NOTIFY calibrationChanged FINAL)
    Q_PROPERTY(bool cameraMoved READ cameraMoved NOTIFY calibrationChanged FINAL)
    Q_PROPERTY(QString cameraMovedText READ cameraMovedText NOTIFY calibrationChanged FINAL)
    Q_PROPERTY(QStringList lightWarnings READ lightWarnings NOTIFY calibrationChanged FINAL)
    // The watched tray's corners as fractions of the frame (empty without a usable calibration).
    Q_PROPERTY(QList<QPointF> trayRegion READ trayRegion NOTIFY calibrationChanged FINAL)
    // Whose dice these are against who the game asks to roll; "" when it agrees or nobody can tell.
    Q_PROPERTY(QString ownerNotice READ ownerNotice NOTIFY acceptChanged FINAL)

public:
    // No default argument on purpose: Qt 6.4 prefers a default constructor to create() for a QML singleton.
    explicit CameraService(QObject* parent);
    ~CameraService() override;
    // The QML singleton: restores the feed chosen in Settings ($MUSTER_FEED, a video file or a photo folder,
    // wins) and works with the GameController singleton.
    static CameraService* create(QQmlEngine* qmlEngine, QJSEngine* jsEngine);

    static void setForceDemo(bool force);

    void setGame(GameController* game);
    VisionWorker* worker() const { return m_worker; }

    bool cameraAvailable() const { return !m_cameras.isEmpty(); }
    QStringList cameras() const { return m_cameras; }
    bool demoFeed() const { return m_kind == Kind::Demo; }
    QString feedDescription() const;
    QString feedKind() const;
    QString feedPath() const { return m_path; }
    int cameraIndex() const;
    bool live() const { return m_kind == Kind::Camera || m_kind == Kind::Video || m_kind == Kind::Photos; }
    QString feedError() const { return m_error; }
    double sourceFps() const { return m_sourceFps; }
    double framesPerSecond() const { return m_stats.framesPerSecond; }
    qint64 processedFrames() const { return m_stats.processed; }
    qint64 droppedFrames() const { return m_stats.dropped; }
    bool hasFrame() const { return !m_preview.isNull(); }
    QImage previewImage() const { return m_preview; }
    QString trayState() const { return m_trayState; }
    LiveDiceModel* dice() const { return m_dice; }
    ChitOrdersModel* chits() const { return m_chits; }
    int askedCount() const;
    int askedSides() const;
    QString askedText() const;
    bool canAccept() const { return acceptBlockedReason().isEmpty(); }
    QString acceptBlockedReason() const;
    bool calibrated() const { return m_calibration.applied; }
    QString calibrationName() const { return m_calibration.name; }
    // Why the game's calibration is not used for this feed ("" when it is, or when there is none).
    QString calibrationNotice() const;
    bool cameraMoved() const { return m_calibration.applied && m_calibration.moved; }
    QString cameraMovedText() const;
    QStringList lightWarnings() const { return m_calibration.light; }
    QList<QPointF> trayRegion() const;
    QString ownerNotice() const;
    const CalibrationState& calibrationState() const { return m_calibration; }

    // The newest frame of the live feed as 8-bit BGR (a copy, safe to keep), or an empty Mat when no frame
    // has arrived. Callable from any thread: the calibration wizard grabs its still from here.
    cv::Mat latestFrame() const;

    // Feeds. Each stops the one before; a feed that cannot start sets feedError and falls back to the demo.
    Q_INVOKABLE bool useCamera(int index);
    Q_INVOKABLE bool useVideoFile(const QString& pathOrUrl);
    Q_INVOKABLE bool usePhotoFolder(const QString& pathOrUrl);
    Q_INVOKABLE void useDemo();
    // Playback pacing for the next video or photo folder (tests and Settings).
    void setPlaybackOptions(const VisionWorker::PlaybackOptions& options) { m_playback = options; }

    // Discards the current read; the next settled throw is read instead (a held photo folder shows its next
    // photo).
    Q_INVOKABLE void reroll();
    // Journals the current read (source "camera", frame and detections as evidence) and, if dice were
    // corrected, the override with its reasons. Refused, with lastError on the game, while canAccept is
    // false.
    Q_INVOKABLE bool acceptDice();

    // The camera path for frames that do not come through a QCamera here (tests, other capture code): marks
    // `id` as the camera in use, as useCamera() would, without opening a device. Frames then arrive with
    // pushFrame().
    void adoptCamera(const QByteArray& id, const QString& name);
    // What the video sink does with each frame: hands it to the worker (which keeps only the newest).
    void pushFrame(const QVideoFrame& frame);
    // Re-reads the list of video inputs; if the camera in use is gone, the feed is lost (see cameraLost).
    void checkDevices();
    // The camera in use failed or vanished: says so, stops reading, and leaves typed dice as the way on.
    void cameraLost(const QString& message);

Q_SIGNALS:
    void camerasChanged();
    void feedChanged();
    void feedErrorChanged();
    void statsChanged();
    void previewChanged();
    void trayStateChanged();
    void acceptChanged();
    void diceReadArrived(); // a settled throw was read (tests, and the page's attention)
    void calibrationChanged();

private:
    // A held photo folder moves on (a throw accepted or rerolled); nothing for any other feed.
    void nextPhoto();
    enum class Kind { None, Demo, Camera, Video, Photos, Lost };
    void setKind(Kind kind, const QString& path = {});
    void stopFeed();
    void startPlayback(Kind kind, const QString& path);
    void setError(const QString& message);
    void updateMode();
    // Hands the game's calibration (GameController::calibrationPayload) to the worker.
    void applyGameCalibration();
    void restoreSettings();
    void saveSettings() const;

    QMediaDevices* m_devices = nullptr;
    QStringList m_cameras;
    QList<QByteArray> m_cameraIds;

    QThread* m_thread = nullptr;
    VisionWorker* m_worker = nullptr;
    QCamera* m_camera = nullptr;
    QMediaCaptureSession* m_session = nullptr;
    QVideoSink* m_sink = nullptr;

    Kind m_kind = Kind::Demo;
    QString m_path;
    QByteArray m_cameraId;
    QString m_cameraName;
    QString m_error;
    double m_sourceFps = 0.0;
    FeedStats m_stats;
    QImage m_preview;
    QString m_trayState = QStringLiteral("waiting");
    // A photo folder chosen in Settings holds each photo until its throw is accepted or rerolled.
    VisionWorker::PlaybackOptions m_playback{30.0, 2.0, true, true};

    CalibrationState m_calibration;  // as the worker last reported it
    QString m_calibrationUnreadable; // the game's calibration event could not be parsed

    LiveDiceModel* m_dice = nullptr;
    ChitOrdersModel* m_chits = nullptr;
    QPointer<GameController> m_game;
};

} // namespace muster::app
