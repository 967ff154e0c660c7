#include "app/print/CalibrationSheetPdf.h"

#include <QFile>
#include <QFont>
#include <QFontMetricsF>
#include <QGuiApplication>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPainterPath>
#include <QPdfWriter>
#include <QString>

#include <cmath>

namespace muster::app {

namespace mc = muster::calibration;

namespace {

// QPdfWriter's device units per inch. The PDF holds vectors whatever this is; it only sets how finely
// coordinates are placed (1/1200 in = 0.02 mm).
constexpr int kDpi = 1200;

double px(double mm) {
    return mm * kDpi / 25.4;
}

QPointF px(cv::Point2f mm) {
    return {px(mm.x), px(mm.y)};
}

// The marker's black cells as one outline: touching cells share their edges exactly and are merged, so a
// rasteriser leaves no hairline seams between them.
QPainterPath markerPath(const mc::SheetMarker& marker, const cv::Mat& cells) {
    const double cellMm = marker.sideMm / cells.cols;
    const double leftMm = marker.centreMm.x - marker.sideMm / 2.0;
    const double topMm = marker.centreMm.y - marker.sideMm / 2.0;
    QPainterPath path;
    for (int y = 0; y < cells.rows; ++y)
        for (int x = 0; x < cells.cols; ++x)
            if (cells.at<uchar>(y, x) != 0) {
                const QPointF from(px(leftMm + x * cellMm), px(topMm + y * cellMm));
                const QPointF to(px(leftMm + (x + 1) * cellMm), px(topMm + (y + 1) * cellMm));
                path.addRect(QRectF(from, to));
            }
    return path.simplified();
}

void drawText(QPainter& p, const QPaintDevice& device, const mc::SheetText& t) {
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setStyleHint(QFont::SansSerif);
    // The layout gives capital heights; a font is sized by its em, so scale by this font's own ratio.
    font.setPixelSize(1000);
    const double capPerPixel = QFontMetricsF(font, &device).capHeight() / 1000.0;
    font.setPixelSize(std::max(1, static_cast<int>(std::lround(px(t.capHeightMm) / capPerPixel))));
    p.setFont(font);
    const QString text = QString::fromStdString(t.text);
    QPointF at = px(t.atMm);
    if (t.centred)
        at.rx() -= QFontMetricsF(font, &device).horizontalAdvance(text) / 2.0;
    p.drawText(at, text);
}

} // namespace

mc::Status writeCalibrationSheetPdf(const mc::SheetLayout& layout, const std::string& pdfPath) {
    if (QGuiApplication::instance() == nullptr)
        return mc::Error{"writing the calibration sheet needs a QGuiApplication"};
    std::vector<cv::Mat> cells;
    for (const mc::SheetMarker& m : layout.markers) {
        mc::Result<cv::Mat> c = mc::sheetMarkerCells(m.id);
        if (!c)
            return c.error();
        cells.push_back(std::move(c).value());
    }

    // The file is opened here rather than by QPdfWriter, which only warns on stderr when it cannot.
    QFile file(QString::fromStdString(pdfPath));
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return mc::Error{"cannot write " + pdfPath + ": " + file.errorString().toStdString()};

    const QPageSize pageSize(layout.paper == mc::Paper::A4 ? QPageSize::A4 : QPageSize::Letter);
    QPdfWriter writer(&file);
    writer.setResolution(kDpi);
    // Zero margins: the painter's origin is the paper's corner, as in the layout.
    writer.setPageLayout(QPageLayout(pageSize, QPageLayout::Portrait, QMarginsF(0, 0, 0, 0)));
    writer.setTitle(QStringLiteral("Muster calibration sheet (%1)")
                        .arg(QString::fromStdString(mc::paperName(layout.paper))));
    writer.setCreator(QStringLiteral("Muster"));
    QPainter p;
    if (!p.begin(&writer))
        return mc::Error{"cannot write " + pdfPath};

    p.setPen(Qt::NoPen);
    p.setBrush(Qt::black);
    for (std::size_t i = 0; i < layout.markers.size(); ++i)
        p.drawPath(markerPath(layout.markers[i], cells[i]));

    QPen line(Qt::black);
    line.setWidthF(px(mc::kSheetLineMm));
    line.setCapStyle(Qt::FlatCap); // ticks end exactly at their length
    line.setJoinStyle(Qt::MiterJoin);
    p.setPen(line);
    p.setBrush(Qt::NoBrush);
    for (const mc::SheetLine& l : layout.rulerLinesMm())
        p.drawLine(px(l.fromMm), px(l.toMm));
    const cv::Rect2f die = layout.dieSquareRectMm();
    p.drawRect(QRectF(px(die.tl()), px(die.br())));

    p.setPen(Qt::black);
    for (const mc::SheetText& t : layout.texts())
        drawText(p, writer, t);
    if (!p.end())
        return mc::Error{"writing " + pdfPath + " failed"};
    file.close();
    if (file.error() != QFileDevice::NoError)
        return mc::Error{"writing " + pdfPath + " failed: " + file.errorString().toStdString()};
    return {};
}

} // namespace muster::app
