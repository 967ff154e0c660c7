#pragma once

// Paints the newest frame of the camera feed (a camera, a video file or a photo folder) fitted into the item,
// keeping its aspect. paintedRect says where the frame landed, so QML can place die outlines and tap targets
// over it in frame-relative units.

#include <QPointer>
#include <QQuickPaintedItem>
#include <QtQml/qqmlregistration.h>

namespace muster::app {

class CameraService;

class LiveFeedItem : public QQuickPaintedItem {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(muster::app::CameraService* service READ service WRITE setService NOTIFY serviceChanged FINAL)
    Q_PROPERTY(QRectF paintedRect READ paintedRect NOTIFY paintedRectChanged FINAL)

public:
    explicit LiveFeedItem(QQuickItem* parent = nullptr);

    CameraService* service() const { return m_service; }
    void setService(CameraService* service);
    QRectF paintedRect() const { return m_painted; }

    void paint(QPainter* painter) override;

Q_SIGNALS:
    void serviceChanged();
    void paintedRectChanged();

private:
    void updateRect();

    QPointer<CameraService> m_service;
    QSize m_frameSize;
    QRectF m_painted;
};

} // namespace muster::app
