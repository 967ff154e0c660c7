#include "app/print/ChitSheet.h"

#include "app/print/MicroQr.h"

#include <QColor>
#include <QFont>
#include <QFontMetricsF>
#include <QGuiApplication>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPainterPath>
#include <QPdfWriter>
#include <QString>

#include <algorithm>
#include <cmath>

namespace muster::app {

namespace {

constexpr double kDpi = 1200.0;
constexpr double kMarginMm = 12.0;
constexpr double kGapMm = 3.0;           // between labels: room for scissors and the cut guides
constexpr double kHeaderMm = 10.0;       // title line
constexpr double kFooterMm = 22.0;       // ruler and instructions
constexpr double kRingFraction = 0.075;  // ring width / diameter
constexpr double kSymbolFraction = 0.55; // symbol side / diameter; leaves bands above and below for the type
constexpr double kBleedMm = 0.4; // the ring runs past the cut line so a slightly off cut shows no white

double px(double mm) {
    return mm * kDpi / 25.4;
}

QString qs(const std::string& s) {
    return QString::fromUtf8(s.c_str());
}

// Largest font pixel size (up to maxHeightPx) at which text fits width.
QFont fittedFont(const QString& text, double widthPx, double maxHeightPx, bool bold) {
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setBold(bold);
    font.setStyleHint(QFont::SansSerif);
    for (int size = static_cast<int>(maxHeightPx); size > 4; --size) {
        font.setPixelSize(size);
        if (QFontMetricsF(font).horizontalAdvance(text) <= widthPx)
            break;
    }
    return font;
}

void drawLabel(QPainter& p, const ChitLabel& label, const LabelPlacement& place,
               const vision::zxing::ModuleMatrix& sym) {
    const ChitOrderSpec& info = label.order;
    const QPointF c(px(place.centreXMm), px(place.centreYMm));
    const double r = px(place.diameterMm / 2);
    const double ring = px(place.diameterMm * kRingFraction);

    p.setPen(Qt::NoPen);
    if (!info.blank) {
        p.setBrush(QColor(info.rgb[0], info.rgb[1], info.rgb[2]));
        p.drawEllipse(c, r + px(kBleedMm), r + px(kBleedMm));
    }
    p.setBrush(Qt::white);
    p.drawEllipse(c, r - ring, r - ring);

    // The symbol, module by module, dark on the white disc.
    const double side = px(place.codeSideMm);
    const double module = side / sym.width;
    const QPointF origin = c - QPointF(side / 2, side / 2);
    p.setBrush(Qt::black);
    for (int y = 0; y < sym.height; ++y)
        for (int x = 0; x < sym.width; ++x)
            if (sym.at(x, y))
                p.drawRect(QRectF(origin.x() + x * module, origin.y() + y * module, module, module));

    // Order above, unit below, in the bands between the symbol's quiet zone and the ring.
    const double quiet = 2 * module;
    const double bandTop = side / 2 + quiet;
    const double bandHeight = std::max(r - ring - bandTop, 1.0);
    const double textY = bandTop + bandHeight * 0.5;
    const double chord =
        2 * std::sqrt(std::max(
                (r - ring) * (r - ring) - (textY + bandHeight * 0.3) * (textY + bandHeight * 0.3), 1.0));
    p.setPen(Qt::black);
    const QString order = qs(info.label);
    const QString unit = qs(label.unitText);
    p.setFont(fittedFont(order, chord * 0.9, bandHeight * 0.8, true));
    p.drawText(QRectF(c.x() - chord / 2, c.y() - bandTop - bandHeight, chord, bandHeight), Qt::AlignCenter,
               order);
    p.setFont(fittedFont(unit, chord * 0.9, bandHeight * 0.8, false));
    p.drawText(QRectF(c.x() - chord / 2, c.y() + bandTop, chord, bandHeight), Qt::AlignCenter, unit);

    // Cut guide: the label's edge, and a tick on each axis just outside it.
    QPen guide(QColor(120, 120, 120));
    guide.setWidthF(px(0.1));
    p.setPen(guide);
    p.setBrush(Qt::NoBrush);
    p.drawEllipse(c, r, r);
    const double t0 = r + px(kBleedMm + 0.3);
    const double t1 = t0 + px(1.0);
    p.drawLine(QPointF(c.x() - t1, c.y()), QPointF(c.x() - t0, c.y()));
    p.drawLine(QPointF(c.x() + t0, c.y()), QPointF(c.x() + t1, c.y()));
    p.drawLine(QPointF(c.x(), c.y() - t1), QPointF(c.x(), c.y() - t0));
    p.drawLine(QPointF(c.x(), c.y() + t0), QPointF(c.x(), c.y() + t1));
}

// A 100 mm ruler with mm ticks: if it does not measure 100 mm, the printer scaled the page.
void drawRuler(QPainter& p, double xMm, double yMm) {
    QPen pen(Qt::black);
    pen.setWidthF(px(0.15));
    p.setPen(pen);
    p.drawLine(QPointF(px(xMm), px(yMm)), QPointF(px(xMm + 100), px(yMm)));
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setPixelSize(static_cast<int>(px(2.2)));
    p.setFont(font);
    for (int mm = 0; mm <= 100; ++mm) {
        const double len = mm % 10 == 0 ? 4.0 : (mm % 5 == 0 ? 2.5 : 1.5);
        p.drawLine(QPointF(px(xMm + mm), px(yMm)), QPointF(px(xMm + mm), px(yMm - len)));
        if (mm % 10 == 0)
            p.drawText(QRectF(px(xMm + mm - 5), px(yMm + 0.5), px(10), px(3)),
                       Qt::AlignHCenter | Qt::AlignTop,
                       QString::number(mm / 10) + (mm == 100 ? QStringLiteral(" cm") : QString()));
    }
    font.setPixelSize(static_cast<int>(px(2.6)));
    p.setFont(font);
    p.drawText(
        QRectF(px(xMm), px(yMm + 4.5), px(186), px(8)), Qt::AlignLeft | Qt::TextWordWrap,
        QStringLiteral("This bar must measure exactly 100 mm. If it does not, print again at 100 % "
                       "(\u201cactual size\u201d, no \u201cfit to page\u201d). Cut on the grey circles."));
}

} // namespace

std::vector<ChitLabel> labelsForScenario(const vision::ChitScenario& scenario,
                                         const ChitVocabulary& vocabulary, int unitlessSets,
                                         const ChitCodesByUnit& codesByUnit) {
    std::vector<ChitLabel> labels;
    auto add = [&](std::optional<int> slot, const std::string& unitText, const ChitOrderSpec& order) {
        ChitLabel label;
        label.payload.game = scenario.game;
        label.payload.unitSlot = slot;
        label.payload.order = order.code;
        label.unitText = unitText;
        label.order = order;
        labels.push_back(std::move(label));
    };
    for (const vision::ChitUnit& unit : scenario.units) {
        const auto codes = codesByUnit.find(unit.id);
        for (const ChitOrderSpec& order : vocabulary.orders)
            if (codes == codesByUnit.end() ||
                std::find(codes->second.begin(), codes->second.end(), order.code) != codes->second.end())
                add(unit.slot, unit.id, order);
    }
    for (int set = 0; set < unitlessSets; ++set)
        for (const ChitOrderSpec& order : vocabulary.orders)
            add(std::nullopt, "any unit", order);
    return labels;
}

vision::zxing::ModuleMatrix chitSymbol(const std::string& text, ChitCode code) {
    if (code == ChitCode::MicroQrCode)
        return encodeMicroQr(text, 3);
    // Level Q still fits version 1 for every payload (16 alphanumeric characters).
    auto m = vision::zxing::encodeQrCode(text, vision::zxing::QrEcLevel::Q);
    return m.width == 21 ? m : vision::zxing::ModuleMatrix{};
}

vision::Result<SheetLayout> writeChitSheet(const std::string& pdfPath, const std::vector<ChitLabel>& labels,
                                           const ChitSheetOptions& options) {
    if (QGuiApplication::instance() == nullptr)
        return vision::Error{"printing chits needs a QGuiApplication"};
    if (labels.empty())
        return vision::Error{"no chits to print"};
    if (options.labelMm < 12.0 || options.labelMm > 60.0)
        return vision::Error{"label diameter " + std::to_string(options.labelMm) +
                             " mm is outside 12..60 mm"};

    std::vector<vision::zxing::ModuleMatrix> symbols;
    for (const ChitLabel& label : labels) {
        const std::string text = vision::encodeChit(label.payload);
        auto sym = chitSymbol(text, options.code);
        if (text.empty() || sym.empty())
            return vision::Error{"chit \"" + text + "\" does not fit the code"};
        symbols.push_back(std::move(sym));
    }

    SheetLayout layout;
    const QPageSize pageSize(options.paper == Paper::A4 ? QPageSize::A4 : QPageSize::Letter);
    const QSizeF pageMm = pageSize.size(QPageSize::Millimeter);
    layout.pageWidthMm = pageMm.width();
    layout.pageHeightMm = pageMm.height();
    const double pitch = options.labelMm + kGapMm;
    const int cols = static_cast<int>((layout.pageWidthMm - 2 * kMarginMm + kGapMm) / pitch);
    const int rows =
        static_cast<int>((layout.pageHeightMm - 2 * kMarginMm - kHeaderMm - kFooterMm + kGapMm) / pitch);
    if (cols < 1 || rows < 1)
        return vision::Error{"a " + std::to_string(options.labelMm) + " mm label does not fit the page"};
    const double left = (layout.pageWidthMm - (cols * pitch - kGapMm)) / 2;
    const double top = kMarginMm + kHeaderMm;
    for (std::size_t i = 0; i < labels.size(); ++i) {
        const int index = static_cast<int>(i);
        const int onPage = index % (cols * rows);
        const int column = onPage % cols, row = onPage / cols;
        LabelPlacement place;
        place.page = index / (cols * rows);
        place.centreXMm = left + column * pitch + options.labelMm / 2;
        place.centreYMm = top + row * pitch + options.labelMm / 2;
        place.diameterMm = options.labelMm;
        place.codeSideMm = options.labelMm * kSymbolFraction;
        place.modules = symbols[i].width;
        place.text = vision::encodeChit(labels[i].payload);
        layout.labels.push_back(place);
    }
    layout.pages = layout.labels.back().page + 1;

    QPdfWriter writer(qs(pdfPath));
    writer.setResolution(static_cast<int>(kDpi));
    writer.setPageLayout(QPageLayout(pageSize, QPageLayout::Portrait, QMarginsF(0, 0, 0, 0)));
    writer.setTitle(QStringLiteral("Muster order chits"));
    writer.setCreator(QStringLiteral("muster-cli chits print"));
    QPainter painter;
    if (!painter.begin(&writer))
        return vision::Error{"cannot write " + pdfPath};
    painter.setRenderHint(QPainter::Antialiasing, true);
    const char* codeName = options.code == ChitCode::MicroQrCode ? "Micro QR M3" : "QR version 1";
    for (int page = 0; page < layout.pages; ++page) {
        if (page > 0)
            writer.newPage();
        QFont font(QStringLiteral("DejaVu Sans"));
        font.setPixelSize(static_cast<int>(px(3.2)));
        painter.setFont(font);
        painter.setPen(Qt::black);
        const std::string title = (options.title.empty() ? std::string("Order chits") : options.title) +
                                  "  \u2014  game " + labels.front().payload.game + "  \u2014  " + codeName +
                                  ", " + std::to_string(options.labelMm).substr(0, 5) + " mm  \u2014  page " +
                                  std::to_string(page + 1) + "/" + std::to_string(layout.pages);
        painter.drawText(
            QRectF(px(kMarginMm), px(kMarginMm), px(layout.pageWidthMm - 2 * kMarginMm), px(kHeaderMm)),
            Qt::AlignLeft | Qt::AlignTop, qs(title));
        for (std::size_t i = 0; i < labels.size(); ++i)
            if (layout.labels[i].page == page)
                drawLabel(painter, labels[i], layout.labels[i], symbols[i]);
        drawRuler(painter, kMarginMm, layout.pageHeightMm - kMarginMm - kFooterMm + 6);
    }
    painter.end();
    return layout;
}

} // namespace muster::app
