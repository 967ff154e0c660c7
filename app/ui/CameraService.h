#pragma once

// Which dice feed the app uses: a real camera when one is attached, otherwise the demo feed, said plainly on
// screen.

#include <opencv2/core.hpp>

#include <QObject>
#include <QStringList>
#include <QtQml/qqmlregistration.h>

#include <mutex>

class QMediaDevices;

namespace muster::app {

class CameraService : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON
    Q_PROPERTY(bool cameraAvailable READ cameraAvailable NOTIFY camerasChanged FINAL)
    Q_PROPERTY(QStringList cameras READ cameras NOTIFY camerasChanged FINAL)
    Q_PROPERTY(bool demoFeed READ demoFeed NOTIFY camerasChanged FINAL)
    Q_PROPERTY(QString feedDescription READ feedDescription NOTIFY camerasChanged FINAL)

public:
    explicit CameraService(QObject* parent = nullptr);

    static void setForceDemo(bool force);

    bool cameraAvailable() const { return !m_cameras.isEmpty(); }
    QStringList cameras() const { return m_cameras; }
    bool demoFeed() const;
    QString feedDescription() const;

    // The newest frame of the live feed as 8-bit BGR (a copy, safe to keep), or an empty Mat when no frame
    // has arrived. Callable from any thread: the calibration wizard grabs its still from here.
    cv::Mat latestFrame() const;

Q_SIGNALS:
    void camerasChanged();

private:
    void refresh();

    QMediaDevices* m_devices = nullptr;
    QStringList m_cameras;
    mutable std::mutex m_frameMutex;
    cv::Mat m_latestFrame; // guarded by m_frameMutex
};

} // namespace muster::app
