#pragma once

// The demo feed shown when no camera is attached: a felt tray with d6 drawn on it, thrown again every few
// seconds. It exists so the Dice page has something honest to show on a laptop without a webcam; it is
// labelled as a demo.

#include <QColor>
#include <QQuickPaintedItem>
#include <QTimer>
#include <QtQml/qqmlregistration.h>

#include <vector>

namespace muster::app {

class DemoFeedItem : public QQuickPaintedItem {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(int seed READ seed WRITE setSeed NOTIFY seedChanged FINAL)
    Q_PROPERTY(int diceCount READ diceCount WRITE setDiceCount NOTIFY diceCountChanged FINAL)
    Q_PROPERTY(bool running READ running WRITE setRunning NOTIFY runningChanged FINAL)
    Q_PROPERTY(
        int throwIntervalMs READ throwIntervalMs WRITE setThrowIntervalMs NOTIFY throwIntervalMsChanged FINAL)

public:
    explicit DemoFeedItem(QQuickItem* parent = nullptr);

    int seed() const { return m_seed; }
    void setSeed(int seed);
    int diceCount() const { return m_diceCount; }
    void setDiceCount(int count);
    bool running() const { return m_timer.isActive(); }
    void setRunning(bool running);
    int throwIntervalMs() const { return m_timer.interval(); }
    void setThrowIntervalMs(int ms);

    void paint(QPainter* painter) override;

Q_SIGNALS:
    void seedChanged();
    void diceCountChanged();
    void runningChanged();
    void throwIntervalMsChanged();

private:
    struct Die {
        double x, y;  // centre, as a fraction of the tray
        double angle; // degrees
        int face;     // 1..6
        QColor body, pip;
    };
    void rethrow();

    int m_seed = 1;
    int m_diceCount = 6;
    int m_throws = 0;
    std::vector<Die> m_dice;
    QTimer m_timer;
};

} // namespace muster::app
