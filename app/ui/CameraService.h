#pragma once

// Which dice feed the app uses: a real camera when one is attached, otherwise the demo feed, said plainly on
// screen.

#include <QObject>
#include <QStringList>
#include <QtQml/qqmlregistration.h>

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

Q_SIGNALS:
    void camerasChanged();

private:
    void refresh();

    QMediaDevices* m_devices = nullptr;
    QStringList m_cameras;
};

} // namespace muster::app
