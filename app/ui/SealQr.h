#pragma once

// A QR code of a short text, drawn as squares: the turn-end seal as a code a phone can photograph and read
// back.

#include <QQuickPaintedItem>
#include <QString>
#include <QtQml/qqmlregistration.h>

#include <vector>

namespace muster::app {

class SealQr : public QQuickPaintedItem {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(QString text READ text WRITE setText NOTIFY textChanged FINAL)
    Q_PROPERTY(int modules READ modules NOTIFY textChanged FINAL)

public:
    explicit SealQr(QQuickItem* parent = nullptr);

    QString text() const { return m_text; }
    void setText(const QString& text);
    int modules() const { return m_width; } // the code's side in modules, 0 if nothing is encoded

    void paint(QPainter* painter) override;

Q_SIGNALS:
    void textChanged();

private:
    QString m_text;
    int m_width = 0;
    std::vector<bool> m_dark; // m_width * m_width modules, row by row
};

} // namespace muster::app
