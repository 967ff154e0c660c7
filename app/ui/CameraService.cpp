#include "app/ui/CameraService.h"

#include "app/camera/AcceptGate.h"
#include "app/ui/GameController.h"
#include "calibration/CalibrationProfile.h"

#include <QCamera>
#include <QCameraDevice>
#include <QCoreApplication>
#include <QFileInfo>
#include <QMediaCaptureSession>
#include <QMediaDevices>
#include <QQmlEngine>
#include <QSettings>
#include <QThread>
#include <QUrl>
#include <QVideoFrame>
#include <QVideoSink>

using namespace Qt::StringLiterals;

namespace muster::app {

namespace {

bool g_forceDemo = false;

// Settings hand over paths as file URLs; the command line and tests as plain paths.
QString localPath(const QString& pathOrUrl) {
    const QUrl url(pathOrUrl);
    return url.isLocalFile() ? url.toLocalFile() : pathOrUrl;
}

const char* trayStateKey(int state) {
    switch (static_cast<vision::TrayState>(state)) {
    case vision::TrayState::Waiting:
        return "waiting";
    case vision::TrayState::Moving:
        return "moving";
    case vision::TrayState::HandIn:
        return "hand";
    case vision::TrayState::Still:
        return "still";
    case vision::TrayState::Settled:
        return "settled";
    }
    return "waiting";
}

} // namespace

CameraService::CameraService(QObject* parent)
    : QObject(parent)
    , m_devices(new QMediaDevices(this))
    , m_thread(new QThread(this))
    , m_worker(new VisionWorker)
    , m_dice(new LiveDiceModel(this))
    , m_chits(new ChitOrdersModel(this)) {
    m_thread->setObjectName(u"muster-vision"_s);
    m_worker->moveToThread(m_thread);
    m_thread->start();

    // Every result crosses back as a value over a queued connection.
    connect(m_worker, &VisionWorker::preview, this, [this](const QImage& image, qint64) {
        if (!live())
            return; // a frame that was under way when the feed stopped
        m_preview = image;
        Q_EMIT previewChanged();
    });
    connect(m_worker, &VisionWorker::trayStateChanged, this, [this](int state) {
        m_trayState = QString::fromLatin1(trayStateKey(state));
        Q_EMIT trayStateChanged();
    });
    connect(m_worker, &VisionWorker::throwStarted, this, [this] { m_dice->clear(); });
    connect(m_worker, &VisionWorker::diceRead, this, [this](const DiceReading& reading) {
        if (!live())
            return; // a read that was under way when the feed stopped
        m_dice->setReading(reading);
        Q_EMIT diceReadArrived();
    });
    connect(m_worker, &VisionWorker::chitsRead, this, [this](const ChitReading& reading) {
        if (live())
            m_chits->addReading(reading);
    });
    connect(m_worker, &VisionWorker::feedError, this, &CameraService::setError);
    connect(m_worker, &VisionWorker::playbackStarted, this, [this](const QString&, double fps) {
        m_sourceFps = fps;
        Q_EMIT feedChanged();
    });
    connect(m_worker, &VisionWorker::playbackEnded, this, [this] {
        m_stats = m_worker->stats();
        Q_EMIT statsChanged();
    });
    connect(m_worker, &VisionWorker::statsChanged, this, [this](const FeedStats& stats) {
        m_stats = stats;
        Q_EMIT statsChanged();
    });
    connect(m_worker, &VisionWorker::calibrationStateChanged, this, [this](const CalibrationState& state) {
        m_calibration = state;
        Q_EMIT calibrationChanged();
        Q_EMIT acceptChanged();
    });
    connect(m_dice, &LiveDiceModel::readingChanged, this, &CameraService::acceptChanged);

    connect(m_devices, &QMediaDevices::videoInputsChanged, this, &CameraService::checkDevices);
    checkDevices();
    m_kind = Kind::Demo;
}

CameraService::~CameraService() {
    stopFeed();
    QMetaObject::invokeMethod(m_worker, &VisionWorker::stopPlayback, Qt::BlockingQueuedConnection);
    m_thread->quit();
    m_thread->wait();
    delete m_worker;
}

CameraService* CameraService::create(QQmlEngine* qmlEngine, QJSEngine*) {
    auto* service = new CameraService(nullptr);
    const int gameType = qmlTypeId("Muster", 1, 0, "GameController");
    if (qmlEngine && gameType >= 0)
        service->setGame(qmlEngine->singletonInstance<GameController*>(gameType));
    service->restoreSettings();
    return service;
}

void CameraService::setForceDemo(bool force) {
    g_forceDemo = force;
}

void CameraService::setGame(GameController* game) {
    if (m_game)
        disconnect(m_game, nullptr, this, nullptr);
    m_game = game;
    m_chits->setGame(game);
    if (m_game) {
        connect(m_game, &GameController::stateChanged, this, &CameraService::updateMode);
        connect(m_game, &GameController::gameChanged, this, &CameraService::updateMode);
        connect(m_game, &GameController::calibrationChanged, this, &CameraService::applyGameCalibration);
    }
    updateMode();
    applyGameCalibration();
}

// The profile is parsed here and rescaled by the worker, which knows the feed's frame size.
void CameraService::applyGameCalibration() {
    const QString text = m_game ? m_game->calibrationPayload() : QString();
    std::optional<calibration::CalibrationProfile> profile;
    QString unreadable;
    if (!text.isEmpty()) {
        auto parsed = calibration::CalibrationProfile::fromGamePayload(text.toStdString());
        if (parsed)
            profile = std::move(parsed.value());
        else
            unreadable = u"The game's calibration cannot be read (%1): dice are read without it."_s.arg(
                QString::fromStdString(parsed.error().message));
    }
    m_worker->setCalibration(std::move(profile));
    if (unreadable != m_calibrationUnreadable) {
        m_calibrationUnreadable = unreadable;
        Q_EMIT calibrationChanged();
    }
}

QString CameraService::calibrationNotice() const {
    return m_calibrationUnreadable.isEmpty() ? m_calibration.refused : m_calibrationUnreadable;
}

QList<QPointF> CameraService::trayRegion() const {
    return m_calibration.applied ? m_calibration.region : QList<QPointF>();
}

QString CameraService::cameraMovedText() const {
    if (!cameraMoved())
        return {};
    return u"The camera moved: recalibrate in Settings. %1"_s.arg(m_calibration.movedDetail).trimmed();
}

// The players decide who rolled; the page only says what the colours tell (camera::ownerNotice).
QString CameraService::ownerNotice() const {
    if (!m_dice->hasReading())
        return {};
    std::vector<std::string> owners;
    for (const QString& owner : m_dice->owners())
        owners.push_back(owner.toStdString());
    const QString roller = m_game && askedCount() > 0 ? m_game->currentPlayer() : QString();
    return QString::fromStdString(camera::ownerNotice(m_dice->reading().owned, m_dice->unknownOwnerCount(),
                                                      owners, roller.toStdString()));
}

// While the rule set asks for orders (and has chits) the camera reads chits; otherwise it watches for throws.
void CameraService::updateMode() {
    const bool orders = m_game && m_game->active() && m_game->hasChits() && m_game->promptTag() == u"order"_s;
    m_worker->setMode(orders ? VisionWorker::Mode::Chits : VisionWorker::Mode::Dice);
    m_worker->setChitGame(m_chits->gameTag().toStdString(),
                          m_game ? m_game->chitVocabulary() : ChitVocabulary{});
    Q_EMIT acceptChanged();
}

QString CameraService::feedKind() const {
    switch (m_kind) {
    case Kind::None:
        return u"none"_s;
    case Kind::Demo:
        return u"demo"_s;
    case Kind::Camera:
        return u"camera"_s;
    case Kind::Video:
        return u"video"_s;
    case Kind::Photos:
        return u"photos"_s;
    case Kind::Lost:
        return u"lost"_s;
    }
    return u"none"_s;
}

QString CameraService::feedDescription() const {
    switch (m_kind) {
    case Kind::Camera:
        return u"Camera: %1"_s.arg(m_cameraName);
    case Kind::Video:
        return u"Video file: %1"_s.arg(QFileInfo(m_path).fileName());
    case Kind::Photos:
        return u"Photo folder: %1"_s.arg(QFileInfo(m_path).fileName());
    case Kind::Lost:
        return u"Camera lost: type the dice"_s;
    case Kind::None:
    case Kind::Demo:
        break;
    }
    if (g_forceDemo)
        return u"Demo feed (started with --demo)"_s;
    if (m_cameras.isEmpty())
        return u"Demo feed: no camera found"_s;
    return u"Demo feed: choose a camera in Settings"_s;
}

int CameraService::cameraIndex() const {
    return m_kind == Kind::Camera ? static_cast<int>(m_cameraIds.indexOf(m_cameraId)) : -1;
}

cv::Mat CameraService::latestFrame() const {
    if (!live())
        return {};
    return m_worker->latestFrame();
}

void CameraService::setError(const QString& message) {
    if (message == m_error)
        return;
    m_error = message;
    Q_EMIT feedErrorChanged();
}

void CameraService::setKind(Kind kind, const QString& path) {
    m_kind = kind;
    m_path = path;
    if (kind != Kind::Video && kind != Kind::Photos)
        m_sourceFps = 0.0;
    Q_EMIT feedChanged();
    Q_EMIT acceptChanged();
}

void CameraService::stopFeed() {
    if (m_camera) {
        m_camera->stop();
        m_camera->deleteLater();
        m_camera = nullptr;
    }
    if (m_session) {
        m_session->deleteLater();
        m_session = nullptr;
    }
    if (m_sink) {
        m_sink->deleteLater();
        m_sink = nullptr;
    }
    QMetaObject::invokeMethod(m_worker, &VisionWorker::stopPlayback, Qt::QueuedConnection);
}

// A new feed: nothing of the old one's counters, tray scene or unaccepted read carries over.
static void restartWorker(VisionWorker* worker) {
    QMetaObject::invokeMethod(worker, &VisionWorker::restart, Qt::QueuedConnection);
}

bool CameraService::useCamera(int index) {
    checkDevices();
    const QList<QCameraDevice> devices = QMediaDevices::videoInputs();
    if (index < 0 || index >= devices.size()) {
        setError(u"There is no camera number %1."_s.arg(index + 1));
        return false;
    }
    stopFeed();
    restartWorker(m_worker);
    m_dice->clear();
    m_preview = {};
    Q_EMIT previewChanged();
    setError({});
    const QCameraDevice& device = devices.at(index); // devices outlives the camera set-up below
    m_camera = new QCamera(device, this);
    m_session = new QMediaCaptureSession(this);
    m_sink = new QVideoSink(this);
    m_session->setCamera(m_camera);
    m_session->setVideoSink(m_sink);
    connect(m_sink, &QVideoSink::videoFrameChanged, this, &CameraService::pushFrame);
    connect(m_camera, &QCamera::errorOccurred, this, [this](QCamera::Error error, const QString& text) {
        if (error != QCamera::NoError)
            cameraLost(u"The camera %1 stopped: %2"_s.arg(m_cameraName, text));
    });
    m_cameraId = device.id();
    m_cameraName = device.description();
    setKind(Kind::Camera);
    m_camera->start();
    saveSettings();
    return true;
}

void CameraService::adoptCamera(const QByteArray& id, const QString& name) {
    stopFeed();
    restartWorker(m_worker);
    m_dice->clear();
    setError({});
    m_cameraId = id;
    m_cameraName = name;
    setKind(Kind::Camera);
}

void CameraService::pushFrame(const QVideoFrame& frame) {
    if (m_kind == Kind::Camera && frame.isValid())
        m_worker->offerFrame(frame);
}

bool CameraService::useVideoFile(const QString& pathOrUrl) {
    const QString path = localPath(pathOrUrl);
    if (!QFileInfo(path).isFile()) {
        setError(u"No video file at %1."_s.arg(path));
        return false;
    }
    startPlayback(Kind::Video, path);
    return true;
}

bool CameraService::usePhotoFolder(const QString& pathOrUrl) {
    const QString path = localPath(pathOrUrl);
    if (VisionWorker::photosIn(path).isEmpty()) {
        setError(u"No photos (.jpg, .png, .bmp) in %1."_s.arg(path));
        return false;
    }
    startPlayback(Kind::Photos, path);
    return true;
}

// The worker decodes the file itself, on its thread, paced at the file's frame rate.
void CameraService::startPlayback(Kind kind, const QString& path) {
    stopFeed();
    restartWorker(m_worker);
    m_dice->clear();
    setError({});
    setKind(kind, path);
    QMetaObject::invokeMethod(
        m_worker,
        [w = m_worker, kind, path, o = m_playback] {
            kind == Kind::Video ? w->playVideo(path, o) : w->playPhotos(path, o);
        },
        Qt::QueuedConnection);
    saveSettings();
}

void CameraService::useDemo() {
    stopFeed();
    restartWorker(m_worker);
    m_dice->clear();
    m_preview = {};
    Q_EMIT previewChanged();
    setError({});
    setKind(Kind::Demo);
    saveSettings();
}

void CameraService::checkDevices() {
    QStringList names;
    QList<QByteArray> ids;
    for (const QCameraDevice& d : QMediaDevices::videoInputs()) {
        names << d.description();
        ids << d.id();
    }
    if (names != m_cameras || ids != m_cameraIds) {
        m_cameras = names;
        m_cameraIds = ids;
        Q_EMIT camerasChanged();
        Q_EMIT feedChanged();
    }
    if (m_kind == Kind::Camera && !ids.contains(m_cameraId))
        cameraLost(u"The camera %1 was disconnected."_s.arg(m_cameraName));
    else if (m_kind == Kind::Lost && ids.contains(m_cameraId))
        useCamera(static_cast<int>(ids.indexOf(m_cameraId)));
}

// Stops reading but keeps the read on screen: it was never accepted, and what was accepted is in the journal
// already. The players type the dice, or reconnect the camera (it is picked up again by checkDevices()).
void CameraService::cameraLost(const QString& message) {
    if (m_kind != Kind::Camera)
        return;
    if (m_camera) {
        m_camera->deleteLater();
        m_camera = nullptr;
    }
    setError(message + u" Type the dice on the keypad, or reconnect the camera."_s);
    setKind(Kind::Lost);
}

int CameraService::askedCount() const {
    return m_game && m_game->promptKind() == u"dice"_s ? m_game->diceCount() : 0;
}

int CameraService::askedSides() const {
    return m_game && m_game->promptKind() == u"dice"_s ? m_game->diceSides() : 0;
}

QString CameraService::askedText() const {
    if (askedCount() == 0)
        return m_dice->hasReading() ? u"See %1 d6"_s.arg(m_dice->count()) : QString();
    const QString asked = u"Asked for %1 d%2"_s.arg(askedCount()).arg(askedSides());
    return m_dice->hasReading() ? u"%1, see %2"_s.arg(asked).arg(m_dice->count()) : asked;
}

// The gate itself is camera::acceptBlockedReason; this gathers what it looks at.
QString CameraService::acceptBlockedReason() const {
    camera::AcceptQuestion question;
    question.gameOpen = m_game && m_game->active();
    question.askedCount = askedCount();
    question.askedSides = askedSides();
    question.cameraMoved = cameraMoved();
    question.live = live();
    question.hasReading = m_dice->hasReading();
    question.seen = m_dice->count();
    question.unresolved = m_dice->unresolvedCount();
    return QString::fromStdString(camera::acceptBlockedReason(question));
}

void CameraService::reroll() {
    m_dice->clear();
    nextPhoto();
}

void CameraService::nextPhoto() {
    if (feedKind() == u"photos"_s)
        QMetaObject::invokeMethod(m_worker, &VisionWorker::nextPhoto, Qt::QueuedConnection);
}

bool CameraService::acceptDice() {
    if (!m_game)
        return false;
    if (const QString why = acceptBlockedReason(); !why.isEmpty())
        return false;
    const DiceReading& r = m_dice->reading();
    storage::EvidenceDraft evidence;
    evidence.jpeg.assign(r.jpeg.begin(), r.jpeg.end());
    evidence.detectionsJson = m_dice->removedDetections().toStdString(); // with any struck-out finds marked
    if (!m_game->submitCameraDice(m_dice->readFaces(), m_dice->finalFaces(), m_dice->correctionReason(),
                                  std::move(evidence)))
        return false;
    m_dice->clear();
    nextPhoto();
    return true;
}

void CameraService::restoreSettings() {
    if (g_forceDemo)
        return;
    // $MUSTER_FEED (a video file or a photo folder) wins over Settings: demos, screenshots and tests.
    if (const QString feed = qEnvironmentVariable("MUSTER_FEED"); !feed.isEmpty()) {
        QFileInfo(feed).isDir() ? usePhotoFolder(feed) : useVideoFile(feed);
        return;
    }
    QSettings settings;
    const QString kind = settings.value(u"camera/feed"_s).toString();
    const QString path = settings.value(u"camera/path"_s).toString();
    if (kind == u"video"_s)
        useVideoFile(path);
    else if (kind == u"photos"_s)
        usePhotoFolder(path);
    else if (kind != u"demo"_s && !m_cameraIds.isEmpty()) {
        const QByteArray id = settings.value(u"camera/device"_s).toByteArray();
        useCamera(std::max(0, static_cast<int>(m_cameraIds.indexOf(id))));
    }
}

void CameraService::saveSettings() const {
    // Not from tests (no organisation name) and not for a feed given by $MUSTER_FEED.
    if (!qEnvironmentVariableIsEmpty("MUSTER_FEED") || QCoreApplication::organizationName().isEmpty())
        return;
    QSettings settings;
    settings.setValue(u"camera/feed"_s, feedKind());
    settings.setValue(u"camera/path"_s, m_path);
    settings.setValue(u"camera/device"_s, m_cameraId);
}

} // namespace muster::app
