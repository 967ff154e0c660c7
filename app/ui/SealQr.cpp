#include "app/ui/SealQr.h"

#include <QPainter>
#include <qrencode.h>

namespace muster::app {

SealQr::SealQr(QQuickItem* parent)
    : QQuickPaintedItem(parent) {}

void SealQr::setText(const QString& text) {
    if (text == m_text)
        return;
    m_text = text;
    m_dark.clear();
    m_width = 0;
    const QByteArray utf8 = text.toUtf8();
    if (!utf8.isEmpty()) {
        if (QRcode* code = QRcode_encodeString8bit(utf8.constData(), 0, QR_ECLEVEL_M)) {
            m_width = code->width;
            m_dark.resize(static_cast<std::size_t>(m_width) * static_cast<std::size_t>(m_width));
            for (std::size_t i = 0; i < m_dark.size(); ++i)
                m_dark[i] = (code->data[i] & 1) != 0; // bit 0: dark module
            QRcode_free(code);
        }
    }
    Q_EMIT textChanged();
    update();
}

void SealQr::paint(QPainter* painter) {
    painter->fillRect(boundingRect(), Qt::white);
    if (m_width == 0)
        return;
    // A quiet zone of four modules on every side, as readers expect.
    const int side = m_width + 8;
    const qreal module = std::min(width(), height()) / side;
    const qreal x0 = (width() - module * side) / 2 + 4 * module;
    const qreal y0 = (height() - module * side) / 2 + 4 * module;
    painter->setPen(Qt::NoPen);
    painter->setBrush(Qt::black);
    for (int y = 0; y < m_width; ++y)
        for (int x = 0; x < m_width; ++x)
            if (m_dark[static_cast<std::size_t>(y) * static_cast<std::size_t>(m_width) +
                       static_cast<std::size_t>(x)])
                painter->drawRect(QRectF(x0 + x * module, y0 + y * module, module, module));
}

} // namespace muster::app
