#include "app/ui/DemoFeedItem.h"

#include <QPainter>
#include <QPainterPath>
#include <QRandomGenerator>

#include <array>
#include <cmath>

namespace muster::app {

namespace {

// Pip positions on a unit face (-1..1), per face value.
const std::array<std::vector<QPointF>, 7> kPips = {{
    {},
    {{0, 0}},
    {{-0.5, -0.5}, {0.5, 0.5}},
    {{-0.5, -0.5}, {0, 0}, {0.5, 0.5}},
    {{-0.5, -0.5}, {0.5, -0.5}, {-0.5, 0.5}, {0.5, 0.5}},
    {{-0.5, -0.5}, {0.5, -0.5}, {0, 0}, {-0.5, 0.5}, {0.5, 0.5}},
    {{-0.5, -0.5}, {0.5, -0.5}, {-0.5, 0}, {0.5, 0}, {-0.5, 0.5}, {0.5, 0.5}},
}};

struct Palette {
    QColor body, pip;
};
const std::array<Palette, 4> kPalettes = {{
    {QColor(0xf4, 0xf1, 0xe8), QColor(0x15, 0x15, 0x15)},
    {QColor(0xb3, 0x1b, 0x1b), QColor(0xf5, 0xf5, 0xf5)},
    {QColor(0x1d, 0x1d, 0x22), QColor(0xf0, 0xf0, 0xf0)},
    {QColor(0xe8, 0xc5, 0x2a), QColor(0x20, 0x20, 0x20)},
}};

} // namespace

DemoFeedItem::DemoFeedItem(QQuickItem* parent)
    : QQuickPaintedItem(parent) {
    m_timer.setInterval(5000);
    connect(&m_timer, &QTimer::timeout, this, [this] {
        ++m_throws;
        rethrow();
    });
    rethrow();
}

void DemoFeedItem::setSeed(int seed) {
    if (seed == m_seed)
        return;
    m_seed = seed;
    m_throws = 0;
    rethrow();
    Q_EMIT seedChanged();
}

void DemoFeedItem::setDiceCount(int count) {
    count = std::clamp(count, 0, 30);
    if (count == m_diceCount)
        return;
    m_diceCount = count;
    rethrow();
    Q_EMIT diceCountChanged();
}

void DemoFeedItem::setRunning(bool running) {
    if (running == m_timer.isActive())
        return;
    running ? m_timer.start() : m_timer.stop();
    Q_EMIT runningChanged();
}

void DemoFeedItem::setThrowIntervalMs(int ms) {
    ms = std::max(500, ms);
    if (ms == m_timer.interval())
        return;
    m_timer.setInterval(ms);
    Q_EMIT throwIntervalMsChanged();
}

// Places dice on a jittered grid so they never overlap, which keeps the drawing readable.
void DemoFeedItem::rethrow() {
    QRandomGenerator rng(static_cast<quint32>(m_seed) * 7919u + static_cast<quint32>(m_throws));
    m_dice.clear();
    const int cols = std::max(1, static_cast<int>(std::ceil(std::sqrt(m_diceCount * 1.6))));
    const int rows = std::max(1, (m_diceCount + cols - 1) / cols);
    std::vector<int> cells(static_cast<size_t>(cols * rows));
    for (size_t i = 0; i < cells.size(); ++i)
        cells[i] = static_cast<int>(i);
    for (size_t i = cells.size(); i > 1; --i)
        std::swap(cells[i - 1], cells[rng.bounded(static_cast<quint32>(i))]);
    for (int i = 0; i < m_diceCount; ++i) {
        const int cell = cells[static_cast<size_t>(i)];
        const double cx = (cell % cols + 0.5 + (rng.generateDouble() - 0.5) * 0.35) / cols;
        const int row = cell / cols;
        const double cy = (row + 0.5 + (rng.generateDouble() - 0.5) * 0.35) / rows;
        const Palette& p = kPalettes[static_cast<size_t>(i) % kPalettes.size()];
        m_dice.push_back(
            {cx, cy, rng.generateDouble() * 90.0, 1 + static_cast<int>(rng.bounded(6u)), p.body, p.pip});
    }
    update();
}

void DemoFeedItem::paint(QPainter* painter) {
    const QRectF r = boundingRect();
    painter->setRenderHint(QPainter::Antialiasing);
    // Tray: a dark rim around grey-green felt.
    painter->fillRect(r, QColor(0x3b, 0x2a, 0x1d));
    const QRectF felt =
        r.adjusted(r.width() * 0.04, r.height() * 0.05, -r.width() * 0.04, -r.height() * 0.05);
    QLinearGradient g(felt.topLeft(), felt.bottomRight());
    g.setColorAt(0, QColor(0x3f, 0x5c, 0x48));
    g.setColorAt(1, QColor(0x2c, 0x45, 0x35));
    painter->fillRect(felt, g);

    const double side = std::min(felt.width(), felt.height()) * 0.13;
    for (const Die& die : m_dice) {
        painter->save();
        painter->translate(felt.left() + die.x * felt.width(), felt.top() + die.y * felt.height());
        painter->rotate(die.angle);
        painter->setPen(QPen(QColor(0, 0, 0, 90), side * 0.04));
        painter->setBrush(die.body);
        painter->drawRoundedRect(QRectF(-side / 2, -side / 2, side, side), side * 0.18, side * 0.18);
        painter->setPen(Qt::NoPen);
        painter->setBrush(die.pip);
        const double pr = side * 0.09;
        for (const QPointF& p : kPips[static_cast<size_t>(die.face)])
            painter->drawEllipse(QPointF(p.x() * side * 0.62, p.y() * side * 0.62), pr, pr);
        painter->restore();
    }
}

} // namespace muster::app
