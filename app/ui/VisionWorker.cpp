#include "app/ui/VisionWorker.h"

#include "common/image/ImageFile.h"

#include <opencv2/imgproc.hpp>

#include <QDir>
#include <QFileInfo>
#include <QTimer>

#include <cmath>
#include <exception>

using namespace Qt::StringLiterals;

namespace muster::app {

namespace {

constexpr int kPreviewMaxWidth = 1280;   // the UI never shows the feed wider than this
constexpr qint64 kChitReadEveryMs = 300; // chits lie still; reading them a few times a second is plenty

// The preview the UI paints: RGB, at most kPreviewMaxWidth wide, its own copy of the pixels.
QImage previewOf(const cv::Mat& bgr) {
    cv::Mat small = bgr;
    if (bgr.cols > kPreviewMaxWidth) {
        const double f = static_cast<double>(kPreviewMaxWidth) / bgr.cols;
        cv::resize(bgr, small, cv::Size(), f, f, cv::INTER_AREA);
    }
    cv::Mat rgb;
    cv::cvtColor(small, rgb, cv::COLOR_BGR2RGB);
    return QImage(rgb.data, rgb.cols, rgb.rows, static_cast<qsizetype>(rgb.step), QImage::Format_RGB888)
        .copy();
}

// A video frame as 8-bit BGR; empty if it cannot be mapped.
cv::Mat bgrOf(const QVideoFrame& frame) {
    QImage image = frame.toImage();
    if (image.isNull())
        return {};
    image = image.convertToFormat(QImage::Format_RGB888);
    const cv::Mat rgb(image.height(), image.width(), CV_8UC3, const_cast<uchar*>(image.constBits()),
                      static_cast<size_t>(image.bytesPerLine()));
    cv::Mat bgr;
    cv::cvtColor(rgb, bgr, cv::COLOR_RGB2BGR);
    return bgr;
}

// Any 8-bit frame as BGR (grey and BGRA photos occur in folders).
cv::Mat toBgr(const cv::Mat& image) {
    if (image.empty() || image.depth() != CV_8U)
        return {};
    if (image.channels() == 3)
        return image;
    cv::Mat bgr;
    cv::cvtColor(image, bgr, image.channels() == 1 ? cv::COLOR_GRAY2BGR : cv::COLOR_BGRA2BGR);
    return bgr;
}

QByteArray bytesOf(const std::vector<std::uint8_t>& bytes) {
    return QByteArray(reinterpret_cast<const char*>(bytes.data()), static_cast<qsizetype>(bytes.size()));
}

QString q(const std::string& s) {
    return QString::fromStdString(s);
}

} // namespace

VisionWorker::VisionWorker(QObject* parent)
    : QObject(parent)
    , m_tick(new QTimer(this)) {
    qRegisterMetaType<DiceReading>();
    qRegisterMetaType<ChitReading>();
    qRegisterMetaType<FeedStats>();
    qRegisterMetaType<CalibrationState>();
    m_tick->setTimerType(Qt::PreciseTimer);
    connect(m_tick, &QTimer::timeout, this, &VisionWorker::tick);
    m_rateClock.start();
}

VisionWorker::~VisionWorker() = default;

void VisionWorker::offerFrame(const QVideoFrame& frame) {
    offer({frame, {}});
}

void VisionWorker::offerImage(const cv::Mat& bgr) {
    offer({std::nullopt, bgr.clone()});
}

// At most one drain is ever queued (the mailbox says when one is needed), so a slow read can never build a
// backlog.
void VisionWorker::offer(Pending pending) {
    if (m_mailbox.offer(std::move(pending)))
        QMetaObject::invokeMethod(this, &VisionWorker::drain, Qt::QueuedConnection);
}

void VisionWorker::drain() {
    const std::optional<Pending> p = m_mailbox.take();
    if (!p)
        return;
    QElapsedTimer busy;
    busy.start();
    const cv::Mat bgr = p->video ? bgrOf(*p->video) : toBgr(p->image);
    if (bgr.empty())
        ++m_processed; // taken and looked at: it is not a drop
    else
        process(bgr);
    m_busyNs += busy.nsecsElapsed();
}

void VisionWorker::setChitGame(const std::string& tag, const ChitVocabulary& vocabulary) {
    std::lock_guard lock(m_settingsMutex);
    m_chitGame = tag;
    m_chitVocabulary = vocabulary;
}

void VisionWorker::setModelDir(const std::string& dir) {
    std::lock_guard lock(m_settingsMutex);
    m_modelDir = dir;
    m_modelDirChanged = true;
}

void VisionWorker::setCalibration(std::optional<calibration::CalibrationProfile> profile) {
    std::lock_guard lock(m_settingsMutex);
    m_givenProfile = std::move(profile);
    m_profileChanged = true;
}

cv::Mat VisionWorker::latestFrame() const {
    std::lock_guard lock(m_frameMutex);
    return m_latest.clone();
}

FeedStats VisionWorker::stats() const {
    const std::int64_t processed = m_processed.load();
    const double meanMs =
        processed > 0 ? static_cast<double>(m_busyNs.load()) / 1e6 / static_cast<double>(processed) : 0.0;
    return {m_mailbox.offered() + m_playOffered.load(), processed, m_mailbox.dropped() + m_playDropped.load(),
            m_fps, meanMs};
}

QStringList VisionWorker::photosIn(const QString& folder) {
    QDir dir(folder);
    QStringList out;
    for (const QFileInfo& f : dir.entryInfoList(
             {u"*.jpg"_s, u"*.jpeg"_s, u"*.png"_s, u"*.bmp"_s, u"*.JPG"_s, u"*.JPEG"_s, u"*.PNG"_s},
             QDir::Files, QDir::Name))
        out << f.absoluteFilePath();
    return out;
}

void VisionWorker::restart() {
    m_watcher.reset();
    m_calibratedSize = {}; // a new feed may have another frame size: the calibration is applied afresh
    m_trayState = vision::TrayState::Waiting;
    m_mailbox.resetCounters();
    m_playOffered = m_playDropped = m_processed = m_settledReads = m_busyNs = 0;
    m_rateFrames = 0;
    m_fps = 0.0;
    m_rateClock.restart();
    Q_EMIT trayStateChanged(static_cast<int>(m_trayState));
    publishStats();
}

void VisionWorker::process(const cv::Mat& bgr) {
    ++m_processed;
    ++m_rateFrames;
    {
        std::lock_guard lock(m_frameMutex);
        bgr.copyTo(m_latest);
    }
    Q_EMIT preview(previewOf(bgr), static_cast<qint64>(m_processed.load()));

    try {
        {
            std::unique_lock lock(m_settingsMutex);
            if (m_profileChanged) {
                m_throwReader.setCalibration(std::move(m_givenProfile));
                m_givenProfile.reset();
                m_profileChanged = false;
                m_calibratedSize = {};
            }
            if (m_modelDirChanged) {
                m_throwReader.setModelDir(m_modelDir);
                m_modelDirChanged = false;
            }
        }
        if (bgr.size() != m_calibratedSize)
            applyCalibration(bgr.size());
        const Mode mode = m_mode.load();
        if (mode == Mode::Chits) {
            if (!m_lastChitRead.isValid() || m_lastChitRead.elapsed() >= kChitReadEveryMs) {
                m_lastChitRead.start();
                readChits(bgr);
            }
        } else {
            auto event = m_watcher.feed(bgr);
            if (!event) {
                Q_EMIT feedError(QString::fromStdString(event.error().message));
            } else {
                if (event->state != m_trayState) {
                    m_trayState = event->state;
                    Q_EMIT trayStateChanged(static_cast<int>(m_trayState));
                }
                if (event->newThrow)
                    Q_EMIT throwStarted();
                if (event->settled && mode == Mode::Dice)
                    readDice(bgr);
            }
        }
    } catch (const cv::Exception& e) {
        // OpenCV throws on frames it cannot handle; say so, keep the feed running.
        Q_EMIT feedError(u"Vision error: %1"_s.arg(QString::fromStdString(image::openCvFailure(e))));
    } catch (const std::exception& e) {
        Q_EMIT feedError(u"Vision error: %1"_s.arg(QString::fromUtf8(e.what())));
    }
    // Counters twice a second (and at once on the first frame), so Settings and the Dice page stay current.
    if (m_processed.load() == 1 || m_rateClock.elapsed() >= 500)
        publishStats();
}

void VisionWorker::readDice(const cv::Mat& bgr) {
    const camera::SettledRead read = m_throwReader.read(bgr);
    // The view check ran whether or not the dice could be read; the light was looked at with the dice.
    CalibrationState state = m_calibrationState;
    state.moved = read.view.moved;
    state.movedDetail = q(read.view.detail);
    if (read.light) {
        state.light.clear();
        for (const std::string& warning : *read.light)
            state.light << q(warning);
    }
    setCalibrationState(std::move(state));
    if (!read.ok) {
        if (!read.error.empty())
            Q_EMIT feedError(q(read.error));
        return;
    }
    if (!read.facesError.empty())
        Q_EMIT feedError(q(read.facesError)); // read by pips then, said
    ++m_settledReads;
    DiceReading out;
    out.frameNumber = m_processed.load();
    out.frameWidth = read.frameWidth;
    out.frameHeight = read.frameHeight;
    out.countUncertain = read.countUncertain;
    out.milliseconds = read.readMs;
    out.hinted = read.hinted;
    out.owned = read.owned;
    out.ownersMs = read.ownersMs;
    for (size_t i = 0; i < read.dice.size(); ++i) {
        const vision::DieRead& d = read.dice[i].read;
        DieMark m;
        m.value = d.value;
        m.confidence = d.confidence;
        m.unsure = d.unsure;
        m.maybeNotADie = d.maybeNotADie;
        m.detection = static_cast<int>(i);
        m.x = d.outline.center.x / bgr.cols;
        m.y = d.outline.center.y / bgr.rows;
        m.side = d.outline.size.width / bgr.cols;
        m.angle = d.outline.angle;
        if (const auto& o = read.dice[i].owner) {
            m.setName = q(o->set);
            m.owner = q(o->player);
            m.ownerUnknown = o->unknown;
        }
        out.dice.push_back(m);
    }
    out.jpeg = bytesOf(read.jpeg);
    out.detectionsJson = q(read.detectionsJson);
    out.viewMs = read.viewMs;
    out.settledMs = read.settledMs;
    Q_EMIT diceRead(out);
}

// The game's calibration for frames of this size. Without one, or when it cannot be rescaled, the worker
// reads the whole frame as it always did, and says why.
void VisionWorker::applyCalibration(cv::Size size) {
    m_calibratedSize = size;
    const camera::CalibrationFit& fit = m_throwReader.fitTo(size);
    CalibrationState state;
    state.present = fit.present;
    state.applied = fit.applied;
    state.name = q(fit.name);
    state.diceSets = fit.diceSets;
    state.refused = q(fit.refused);
    vision::ThrowWatcherOptions watch;
    watch.trayPolygon = fit.hints.trayPolygon; // a hand outside the tray does not hold a throw
    for (const cv::Point2f& p : fit.hints.trayPolygon)
        state.region << QPointF(p.x / size.width, p.y / size.height);
    m_watcher = vision::ThrowWatcher(watch);
    m_trayState = vision::TrayState::Waiting;
    Q_EMIT trayStateChanged(static_cast<int>(m_trayState));
    setCalibrationState(std::move(state));
    if (!fit.facesRefused.empty())
        Q_EMIT feedError(q(fit.facesRefused));
}

void VisionWorker::setCalibrationState(CalibrationState state) {
    if (state == m_calibrationState)
        return;
    m_calibrationState = std::move(state);
    Q_EMIT calibrationStateChanged(m_calibrationState);
}

void VisionWorker::readChits(const cv::Mat& bgr) {
    vision::ChitReaderOptions options;
    {
        std::lock_guard lock(m_settingsMutex);
        if (!m_chitGame.empty())
            options.game = m_chitGame;
        if (!m_chitVocabulary.empty())
            options.vocabulary = m_chitVocabulary;
    }
    const vision::ChitReader reader(options);
    ChitReading out;
    out.chits = reader.read(bgr);
    if (out.chits.sightings.empty())
        return;
    out.frameNumber = m_processed.load();
    out.frameWidth = bgr.cols;
    out.frameHeight = bgr.rows;
    out.jpeg = bytesOf(camera::encodeJpeg(bgr));
    Q_EMIT chitsRead(out);
}

void VisionWorker::publishStats() {
    // The rate over at least a quarter second; sooner than that only the counters are news.
    if (const qint64 ms = m_rateClock.elapsed(); ms >= 250) {
        m_fps = 1000.0 * static_cast<double>(m_rateFrames) / static_cast<double>(ms);
        m_rateFrames = 0;
        m_rateClock.restart();
    }
    Q_EMIT statsChanged(stats());
}

// ---- File playback --------------------------------------------------------------------------------------

void VisionWorker::playVideo(const QString& path, const PlaybackOptions& options) {
    stopPlayback();
    m_video.open(path.toStdString());
    if (!m_video.isOpened()) {
        Q_EMIT feedError(u"Cannot open the video %1."_s.arg(path));
        return;
    }
    m_playFps = m_video.get(cv::CAP_PROP_FPS);
    if (!std::isfinite(m_playFps) || m_playFps < 1.0 || m_playFps > 240.0)
        m_playFps = 25.0; // some containers do not say
    const double count = m_video.get(cv::CAP_PROP_FRAME_COUNT);
    m_playFrames = count > 0 ? static_cast<std::int64_t>(count) : 0;
    m_loop = options.loop;
    m_playPath = path;
    m_nextFrame = 0;
    m_playClock.start();
    m_tick->start(std::max(5, static_cast<int>(1000.0 / m_playFps / 2)));
    Q_EMIT playbackStarted(u"Video %1"_s.arg(QFileInfo(path).fileName()), m_playFps);
}

void VisionWorker::playPhotos(const QString& folder, const PlaybackOptions& options) {
    stopPlayback();
    m_photos = photosIn(folder);
    if (m_photos.isEmpty()) {
        Q_EMIT feedError(u"No photos (.jpg, .png, .bmp) in %1."_s.arg(folder));
        return;
    }
    m_playFps = std::clamp(options.photoFps, 1.0, 120.0);
    m_holdFrames = std::max(1, static_cast<int>(std::lround(options.holdSeconds * m_playFps)));
    m_playFrames = static_cast<std::int64_t>(m_photos.size()) * m_holdFrames;
    m_photoShown = -1;
    m_loop = options.loop;
    m_holdPhotos = options.holdUntilNext;
    m_photoLimit = 0;
    m_playPath = folder;
    m_nextFrame = 0;
    m_clockBase = 0;
    m_playClock.start();
    m_tick->start(std::max(5, static_cast<int>(1000.0 / m_playFps / 2)));
    Q_EMIT playbackStarted(u"Photos in %1 (%2)"_s.arg(QFileInfo(folder).fileName()).arg(m_photos.size()),
                           m_playFps);
}

void VisionWorker::stopPlayback() {
    m_tick->stop();
    if (m_video.isOpened())
        m_video.release();
    m_photos.clear();
    m_photo.release();
    m_photoShown = -1;
    m_playFrames = 0;
    m_clockBase = 0;
    m_photoLimit = 0;
}

void VisionWorker::nextPhoto() {
    if (m_holdPhotos && !m_photos.isEmpty())
        m_photoLimit = std::max(m_photoShown, 0) + 1;
}

// Shows the frame the wall clock says is due. Frames whose time passed while the worker was busy are skipped
// (grabbed but not decoded, for a video) and counted as dropped, like a camera's.
void VisionWorker::tick() {
    auto due = m_clockBase +
               static_cast<std::int64_t>(static_cast<double>(m_playClock.elapsed()) * m_playFps / 1000.0);
    if (m_holdPhotos && !m_photos.isEmpty()) {
        // Held: the clock stops at the allowed photo's last frame until nextPhoto() allows the next one.
        const std::int64_t heldLast = static_cast<std::int64_t>(m_photoLimit + 1) * m_holdFrames - 1;
        if (due > heldLast) {
            due = heldLast;
            m_clockBase = heldLast;
            m_playClock.restart();
        }
    }
    if (due < m_nextFrame)
        return;
    if (m_playFrames > 0 && due >= m_playFrames) {
        const std::int64_t skipped = std::max<std::int64_t>(0, m_playFrames - m_nextFrame);
        m_playOffered += skipped;
        m_playDropped += skipped;
        if (!m_loop) {
            const bool wasPlaying = m_tick->isActive();
            stopPlayback();
            publishStats();
            if (wasPlaying)
                Q_EMIT playbackEnded();
            return;
        }
        if (m_video.isOpened())
            m_video.set(cv::CAP_PROP_POS_FRAMES, 0);
        m_nextFrame = 0;
        m_clockBase = 0;
        m_photoLimit = 0;
        m_playClock.restart();
        return;
    }
    const std::int64_t skip = due - m_nextFrame;
    m_playOffered += skip + 1;
    m_playDropped += skip;
    m_nextFrame = due + 1;

    cv::Mat frame;
    if (m_video.isOpened()) {
        for (std::int64_t i = 0; i < skip; ++i)
            m_video.grab();
        if (!m_video.read(frame) || frame.empty()) {
            // The container's frame count was wrong, or the file ends early: treat as the end.
            m_playFrames = due;
            return;
        }
    } else if (!m_photos.isEmpty()) {
        const int index = static_cast<int>(due / m_holdFrames);
        if (index != m_photoShown) {
            m_photoShown = index;
            auto loaded = image::loadImageChecked(m_photos[index].toStdString());
            if (loaded) {
                m_photo = std::move(loaded).value();
            } else {
                m_photo = cv::Mat();
                Q_EMIT feedError(QString::fromStdString(loaded.error().message));
            }
        }
        frame = m_photo;
    }
    if (frame.empty()) {
        ++m_processed;
        return;
    }
    QElapsedTimer busy;
    busy.start();
    process(toBgr(frame));
    m_busyNs += busy.nsecsElapsed();
}

} // namespace muster::app
