#include "app/ui/LiveFeedItem.h"

#include "app/ui/CameraService.h"

#include <QPainter>

namespace muster::app {

LiveFeedItem::LiveFeedItem(QQuickItem* parent)
    : QQuickPaintedItem(parent) {
    connect(this, &QQuickItem::widthChanged, this, &LiveFeedItem::updateRect);
    connect(this, &QQuickItem::heightChanged, this, &LiveFeedItem::updateRect);
}

void LiveFeedItem::setService(CameraService* service) {
    if (service == m_service)
        return;
    if (m_service)
        disconnect(m_service, nullptr, this, nullptr);
    m_service = service;
    if (m_service)
        connect(m_service, &CameraService::previewChanged, this, [this] {
            updateRect();
            update();
        });
    updateRect();
    update();
    Q_EMIT serviceChanged();
}

void LiveFeedItem::updateRect() {
    const QSize frame = m_service ? m_service->previewImage().size() : QSize();
    QRectF r;
    if (!frame.isEmpty() && width() > 0 && height() > 0) {
        const QSizeF fitted = QSizeF(frame).scaled(QSizeF(width(), height()), Qt::KeepAspectRatio);
        r = QRectF(QPointF((width() - fitted.width()) / 2, (height() - fitted.height()) / 2), fitted);
    }
    if (r != m_painted) {
        m_painted = r;
        Q_EMIT paintedRectChanged();
    }
}

void LiveFeedItem::paint(QPainter* painter) {
    if (!m_service || m_painted.isEmpty())
        return;
    painter->setRenderHint(QPainter::SmoothPixmapTransform);
    painter->drawImage(m_painted, m_service->previewImage());
}

} // namespace muster::app
