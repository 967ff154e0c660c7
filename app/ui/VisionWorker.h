#pragma once

// The vision worker: lives on its own QThread, takes the newest frame of the feed and drops the rest while it
// is busy (a mailbox of one, never a queue), watches the tray and reads the dice once a throw has settled, or
// reads order chits in the orders phase. Video files and photo folders are decoded here too, paced at their
// frame rate by the wall clock, so a slow read skips frames instead of slowing the clock. Results go back to
// the UI thread as value types over queued connections. With the game's calibration, the worker reads and
// watches only the tray, passes the die size to the reader, checks on settled frames that the camera has not
// moved and that the light is usable, and gives each die to a player by its colour. The mailbox and the
// settled-frame work are Qt-free (app/camera: FrameMailbox, SettledThrowReader); this class adds the thread,
// the video frames, file playback and the signals.

#include "app/camera/FrameMailbox.h"
#include "app/camera/SettledThrowReader.h"
#include "app/ui/VisionTypes.h"
#include "calibration/CalibrationProfile.h"
#include "common/ChitVocabulary.h"
#include "vision/ThrowWatcher.h"

#include <opencv2/core.hpp>
#include <opencv2/videoio.hpp>

#include <QElapsedTimer>
#include <QImage>
#include <QObject>
#include <QStringList>
#include <QVideoFrame>

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

class QTimer;

namespace muster::app {

class VisionWorker : public QObject {
    Q_OBJECT

public:
    // What to do with a frame beyond showing it.
    enum class Mode { Watch, Dice, Chits };

    struct PlaybackOptions {
        double photoFps = 30.0;   // a photo folder plays as a sequence at this rate...
        double holdSeconds = 2.0; // ...each photo held this long (the tray watcher needs still frames)
        bool loop = true;         // start again at the end
        // A photo folder stays on each photo after its hold until nextPhoto() (a throw accepted, a reroll
        // asked for), so that a correction never races the next photo. Off: photos follow on by the clock.
        bool holdUntilNext = false;
    };

    explicit VisionWorker(QObject* parent = nullptr);
    ~VisionWorker() override;

    // Thread-safe: the camera's video sink (UI thread) or a test hands over a frame. If the worker has not
    // taken the previous one yet, that one is dropped and counted.
    void offerFrame(const QVideoFrame& frame);
    void offerImage(const cv::Mat& bgr);

    void setMode(Mode mode) { m_mode.store(mode); }
    Mode mode() const { return m_mode.load(); }
    // The 2-character game tag of this game's chits; chits of another game are reported, not applied.
    // The game tag and order codes of the game in play: other games' chits and unknown orders are malformed.
    void setChitGame(const std::string& tag, const ChitVocabulary& vocabulary);
    // Where the dice models are (default vision::DiceReader::defaultModelDir()); call before the first read.
    void setModelDir(const std::string& dir);
    // Thread-safe: the game's calibration, or none. It is rescaled to the feed's frame size at the next
    // frame; a profile that cannot be (another aspect ratio) is refused, said in calibrationStateChanged, and
    // the feed is read as without one.
    void setCalibration(std::optional<calibration::CalibrationProfile> profile);

    // Thread-safe.
    cv::Mat latestFrame() const;
    FeedStats stats() const;
    std::int64_t settledReads() const { return m_settledReads.load(); }

    // The images a photo folder holds, sorted by name.
    static QStringList photosIn(const QString& folder);

    // Run on the worker thread (invoke queued). A file that cannot be opened is a feedError, not an
    // exception.
    void playVideo(const QString& path, const PlaybackOptions& options);
    void playPhotos(const QString& folder, const PlaybackOptions& options);

public Q_SLOTS:
    void stopPlayback();
    // A held photo folder moves on to the photo after the one shown (PlaybackOptions::holdUntilNext).
    void nextPhoto();
    // Forget the tray's last scene and the counters: a new feed starts.
    void restart();

Q_SIGNALS:
    void preview(const QImage& image, qint64 frameNumber);
    void trayStateChanged(int state); // vision::TrayState
    void throwStarted();
    void diceRead(const muster::app::DiceReading& reading);
    void chitsRead(const muster::app::ChitReading& reading);
    void feedError(const QString& message);
    void playbackStarted(const QString& description, double framesPerSecond);
    void playbackEnded();
    void statsChanged(const muster::app::FeedStats& stats);
    void calibrationStateChanged(const muster::app::CalibrationState& state);

private:
    struct Pending {
        std::optional<QVideoFrame> video;
        cv::Mat image;
    };
    void offer(Pending pending);
    void drain();
    void tick();
    void process(const cv::Mat& bgr);
    void readDice(const cv::Mat& bgr);
    void readChits(const cv::Mat& bgr);
    void publishStats();
    // Worker thread: the calibration for frames of `size` (hints, watched region, view monitor, dice sets).
    void applyCalibration(cv::Size size);
    void setCalibrationState(CalibrationState state);

    // Mailbox, shared with the offering thread.
    camera::FrameMailbox<Pending> m_mailbox;
    // Frames file playback skipped by its clock: offered and dropped without passing the mailbox.
    std::atomic<std::int64_t> m_playOffered{0};
    std::atomic<std::int64_t> m_playDropped{0};
    std::atomic<std::int64_t> m_processed{0};
    std::atomic<std::int64_t> m_settledReads{0};
    std::atomic<std::int64_t> m_busyNs{0}; // time spent on processed frames
    std::atomic<Mode> m_mode{Mode::Dice};

    mutable std::mutex m_frameMutex;
    cv::Mat m_latest; // guarded by m_frameMutex

    mutable std::mutex m_settingsMutex;
    std::string m_chitGame;
    ChitVocabulary m_chitVocabulary;
    std::string m_modelDir;
    bool m_modelDirChanged = false;
    std::optional<calibration::CalibrationProfile> m_givenProfile; // set by setCalibration()
    bool m_profileChanged = false;

    // Worker-thread state.
    vision::ThrowWatcher m_watcher;
    vision::TrayState m_trayState = vision::TrayState::Waiting;
    // The settled-frame pipeline, with the calibration as applied to the current frame size.
    camera::SettledThrowReader m_throwReader;
    cv::Size m_calibratedSize; // frame size the calibration was applied for; empty: apply at the next frame
    CalibrationState m_calibrationState;
    QElapsedTimer m_lastChitRead;
    QElapsedTimer m_rateClock;
    std::int64_t m_rateFrames = 0;
    double m_fps = 0.0;

    // File playback (worker thread).
    QTimer* m_tick = nullptr;
    QElapsedTimer m_playClock;
    cv::VideoCapture m_video;
    QStringList m_photos;
    int m_holdFrames = 1;
    int m_photoShown = -1;
    cv::Mat m_photo;
    double m_playFps = 0.0;
    std::int64_t m_playFrames = 0; // frames in the file or sequence (0: unknown)
    std::int64_t m_nextFrame = 0;
    std::int64_t m_clockBase = 0; // the frame the play clock counts from (moved while a photo is held)
    bool m_holdPhotos = false;
    int m_photoLimit = 0; // while held: the last photo that may be shown
    bool m_loop = true;
    QString m_playPath;
};

} // namespace muster::app
