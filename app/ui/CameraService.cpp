#include "app/ui/CameraService.h"

#include <QCameraDevice>
#include <QMediaDevices>

using namespace Qt::StringLiterals;

namespace muster::app {

namespace {
bool g_forceDemo = false;
}

CameraService::CameraService(QObject* parent)
    : QObject(parent)
    , m_devices(new QMediaDevices(this)) {
    connect(m_devices, &QMediaDevices::videoInputsChanged, this, &CameraService::refresh);
    refresh();
}

void CameraService::setForceDemo(bool force) {
    g_forceDemo = force;
}

bool CameraService::demoFeed() const {
    return g_forceDemo || m_cameras.isEmpty();
}

QString CameraService::feedDescription() const {
    if (g_forceDemo)
        return u"Demo feed (started with --demo)"_s;
    if (m_cameras.isEmpty())
        return u"Demo feed: no camera found"_s;
    return u"Camera: %1"_s.arg(m_cameras.constFirst());
}

cv::Mat CameraService::latestFrame() const {
    std::lock_guard lock(m_frameMutex);
    return m_latestFrame.clone();
}

void CameraService::refresh() {
    QStringList names;
    for (const QCameraDevice& d : QMediaDevices::videoInputs())
        names << d.description();
    if (names != m_cameras) {
        m_cameras = names;
        Q_EMIT camerasChanged();
    }
}

} // namespace muster::app
