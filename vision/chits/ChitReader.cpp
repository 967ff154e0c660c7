#include "vision/chits/ChitReader.h"

#include "vision/chits/ZXingAdapter.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <set>

namespace muster::vision {

namespace {

float distance(const cv::Point2f& a, const cv::Point2f& b) {
    return std::hypot(a.x - b.x, a.y - b.y);
}

int modulesAcross(const std::string& format, const std::string& text) {
    // Payloads fit QR version 1 (21 modules) and Micro QR M3 (15 modules); bigger symbols are foreign anyway.
    if (format == "MicroQRCode")
        return 15;
    if (format == "QRCode")
        return text.size() <= kMaxPayloadLength ? 21 : 0;
    return 0;
}

bool insideQuad(const std::array<cv::Point2f, 4>& quad, cv::Point2f p) {
    const std::vector<cv::Point2f> poly(quad.begin(), quad.end());
    return cv::pointPolygonTest(poly, p, false) >= 0;
}

std::vector<ChitConflict> findConflicts(const std::map<int, std::set<std::string>>& byUnit) {
    std::vector<ChitConflict> out;
    for (const auto& [slot, orders] : byUnit)
        if (orders.size() > 1)
            out.push_back({slot, std::vector<std::string>(orders.begin(), orders.end())});
    return out;
}

} // namespace

const char* sightingKindName(ChitSighting::Kind kind) {
    switch (kind) {
    case ChitSighting::Kind::Chit:
        return "chit";
    case ChitSighting::Kind::Foreign:
        return "foreign";
    case ChitSighting::Kind::Malformed:
        return "malformed";
    }
    return "foreign";
}

std::vector<const ChitSighting*> ChitFrame::chits() const {
    std::vector<const ChitSighting*> out;
    for (const ChitSighting& s : sightings)
        if (s.kind == ChitSighting::Kind::Chit)
            out.push_back(&s);
    return out;
}

std::vector<const ChitSighting*> ChitFrame::rejected() const {
    std::vector<const ChitSighting*> out;
    for (const ChitSighting& s : sightings)
        if (s.kind != ChitSighting::Kind::Chit)
            out.push_back(&s);
    return out;
}

ChitReader::ChitReader(ChitReaderOptions options)
    : m_options(std::move(options)) {}

ChitSighting ChitReader::classify(const std::string& text) const {
    ChitSighting s;
    s.text = text;
    const ChitParseResult parsed = parseChit(text, m_options.vocabulary ? &*m_options.vocabulary : nullptr);
    if (!parsed) {
        s.kind = parsed.error().kind == ChitErrorKind::Foreign ? ChitSighting::Kind::Foreign
                                                               : ChitSighting::Kind::Malformed;
        s.reason = parsed.error().message;
        return s;
    }
    if (m_options.game && parsed->game != *m_options.game) {
        s.kind = ChitSighting::Kind::Malformed;
        s.reason = "chit of game " + parsed->game + ", this game is " + *m_options.game;
        return s;
    }
    s.kind = ChitSighting::Kind::Chit;
    s.payload = parsed.value();
    return s;
}

std::vector<ChitReader::Region> ChitReader::candidateRegions(const cv::Mat& grey) {
    // At half resolution: a morphological gradient marks module edges; a code is a patch where most pixels
    // are edges, while table grain, noise and single lines are not. Each dense patch, with a margin, is a
    // candidate.
    std::vector<Region> out;
    if (grey.empty())
        return out;
    cv::Mat small, gradient, edges, density, mask;
    cv::resize(grey, small, cv::Size(grey.cols / 2, grey.rows / 2), 0, 0, cv::INTER_AREA);
    cv::morphologyEx(small, gradient, cv::MORPH_GRADIENT, cv::getStructuringElement(cv::MORPH_RECT, {3, 3}));
    cv::threshold(gradient, edges, 28, 1.0, cv::THRESH_BINARY);
    edges.convertTo(edges, CV_32F);
    cv::boxFilter(edges, density, CV_32F, cv::Size(9, 9));
    cv::threshold(density, mask, 0.45, 255, cv::THRESH_BINARY);
    mask.convertTo(mask, CV_8U);
    // Opening cuts the thin bridges a line or an edge on the table makes between a code and its surroundings.
    cv::morphologyEx(mask, mask, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_ELLIPSE, {11, 11}));
    cv::dilate(mask, mask, cv::getStructuringElement(cv::MORPH_RECT, {5, 5}));
    std::vector<std::vector<cv::Point>> contours;
    cv::findContours(mask, contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_SIMPLE);
    const cv::Rect frameRect(0, 0, grey.cols, grey.rows);
    for (const auto& contour : contours) {
        const cv::Rect box = cv::boundingRect(contour);
        const int longSide = std::max(box.width, box.height), shortSide = std::min(box.width, box.height);
        // A chit symbol is 30..800 px across in the frame (2..40 px per module); lines are long and thin.
        if (shortSide < 12)
            continue;
        const int margin = longSide / 3 + 3;
        const cv::Rect roi(2 * (box.x - margin), 2 * (box.y - margin), 2 * (box.width + 2 * margin),
                           2 * (box.height + 2 * margin));
        // Chits lying side by side merge into one long or large patch: kept, with no size, for a whole-region
        // read after the single ones.
        const bool single = longSide <= 400 && longSide <= 2 * shortSide;
        out.push_back({roi & frameRect, single ? 2 * longSide : 0});
    }
    std::stable_partition(out.begin(), out.end(), [](const Region& r) { return r.patchSide > 0; });
    return out;
}

ChitFrame ChitReader::read(const cv::Mat& frame) const {
    ChitFrame result;
    if (frame.empty())
        return result;
    if (frame.depth() != CV_8U || (frame.channels() != 1 && frame.channels() != 3 && frame.channels() != 4))
        return result; // not a camera frame
    cv::Mat grey = frame;
    if (frame.channels() == 3)
        cv::cvtColor(frame, grey, cv::COLOR_BGR2GRAY);
    else if (frame.channels() == 4)
        cv::cvtColor(frame, grey, cv::COLOR_BGRA2GRAY);
    zxing::ReadOptions zx;
    zx.qrCode = m_options.qrCode;
    zx.microQrCode = m_options.microQrCode;
    zx.tryHarder = m_options.tryHarder;

    std::vector<zxing::Symbol> symbols;
    auto known = [&](cv::Point2f centre) {
        return std::any_of(symbols.begin(), symbols.end(),
                           [&](const zxing::Symbol& s) { return insideQuad(s.corners, centre); });
    };
    auto addNew = [&](std::vector<zxing::Symbol> found, cv::Point2f offset) {
        for (zxing::Symbol& s : found) {
            for (cv::Point2f& p : s.corners)
                p += offset;
            if (!known((s.corners[0] + s.corners[1] + s.corners[2] + s.corners[3]) * 0.25f))
                symbols.push_back(std::move(s));
        }
    };
    zxing::ReadOptions fast = zx;
    fast.tryHarder = false;
    if (m_options.largeCodes) {
        // First, so that the region search skips the patches of a large code already read. A half-size pass
        // as well found nothing more from 3 to 30 px a module and cost about 10 ms more.
        cv::Mat quarter;
        cv::resize(grey, quarter, cv::Size(), 0.25, 0.25, cv::INTER_AREA);
        auto found = zxing::readSymbols(quarter, fast);
        for (zxing::Symbol& s : found)
            for (cv::Point2f& p : s.corners)
                p *= 4.0f;
        addNew(std::move(found), cv::Point2f(0, 0));
    }
    if (m_options.regionSearch) {
        // ZXing 1.4's detectors want modules of several pixels: enlarge each region so that its dense patch
        // is about 300 px across (10..20 px a module), then try a larger, a smaller and, trying harder, a
        // middle scale before giving up.
        for (const Region& region : candidateRegions(grey)) {
            const cv::Rect& roi = region.roi;
            if (region.patchSide == 0) {
                for (const double f : {1.0, 2.0}) {
                    cv::Mat big = grey(roi);
                    if (f > 1.0)
                        cv::resize(grey(roi), big, cv::Size(), f, f, cv::INTER_CUBIC);
                    auto found = zxing::readSymbols(big, zx);
                    for (zxing::Symbol& s : found)
                        for (cv::Point2f& p : s.corners)
                            p *= float(1.0 / f);
                    const bool any = !found.empty();
                    addNew(std::move(found), cv::Point2f(float(roi.x), float(roi.y)));
                    if (any)
                        break;
                }
                continue;
            }
            if (known(cv::Point2f(roi.x + roi.width / 2.0f, roi.y + roi.height / 2.0f)))
                continue;
            const double base = std::clamp(240.0 / std::max(region.patchSide, 1), 1.0, 8.0);
            for (const double scale : {base, base * 1.6, base * 0.7, base * 1.3}) {
                cv::Mat big;
                const double f = std::max(scale, 1.0);
                cv::resize(grey(roi), big, cv::Size(), f, f, cv::INTER_CUBIC);
                auto found = zxing::readSymbols(big, scale == base * 1.3 ? zx : fast);
                if (found.empty())
                    continue;
                for (zxing::Symbol& s : found)
                    for (cv::Point2f& p : s.corners)
                        p *= float(1.0 / f);
                addNew(std::move(found), cv::Point2f(float(roi.x), float(roi.y)));
                break;
            }
        }
    }
    if (m_options.wholeFrame || m_options.otherFormats) {
        zx.otherFormats = m_options.otherFormats;
        zx.tryHarder = m_options.tryHarder && !m_options.regionSearch; // the regions already tried hard
        addNew(zxing::readSymbols(grey, zx), cv::Point2f(0, 0));
    }

    std::map<int, std::set<std::string>> byUnit;
    for (const zxing::Symbol& symbol : symbols) {
        ChitSighting s = classify(symbol.text);
        s.format = symbol.formatName;
        s.quad = symbol.corners;
        s.centre = (s.quad[0] + s.quad[1] + s.quad[2] + s.quad[3]) * 0.25f;
        if (symbol.format == zxing::SymbolFormat::Other) {
            // A chit's text in a barcode we never print is not a chit.
            s.kind = ChitSighting::Kind::Foreign;
            s.payload.reset();
            s.reason = "a " + symbol.formatName + " code, not a Muster chit: \"" + symbol.text + "\"";
        }
        if (const int modules = modulesAcross(s.format, s.text); modules > 0) {
            const float side = (distance(s.quad[0], s.quad[1]) + distance(s.quad[1], s.quad[2]) +
                                distance(s.quad[2], s.quad[3]) + distance(s.quad[3], s.quad[0])) /
                               4.0f;
            // ZXing's corners are the outer corners of the finder patterns, so a side spans every module.
            s.modulePx = side / static_cast<float>(modules);
        }
        if (s.payload && s.payload->unitSlot)
            byUnit[*s.payload->unitSlot].insert(s.payload->order);
        result.sightings.push_back(std::move(s));
    }
    std::stable_partition(result.sightings.begin(), result.sightings.end(),
                          [](const ChitSighting& s) { return s.kind == ChitSighting::Kind::Chit; });
    result.conflicts = findConflicts(byUnit);
    return result;
}

void ChitAccumulator::add(const ChitFrame& frame) {
    ++m_frames;
    std::map<int, std::set<std::string>> units;
    std::map<std::string, int> unitless;
    for (const ChitSighting& s : frame.sightings) {
        if (s.kind != ChitSighting::Kind::Chit) {
            m_rejected.emplace(s.text, s.reason);
            continue;
        }
        if (s.payload->unitSlot)
            units[*s.payload->unitSlot].insert(s.payload->order);
        else
            ++unitless[s.payload->order];
    }
    for (const auto& [slot, orders] : units)
        for (const std::string& order : orders)
            ++m_seen[slot][order];
    for (const auto& [order, count] : unitless)
        m_unitless[order] = std::max(m_unitless[order], count);
}

void ChitAccumulator::clear() {
    *this = ChitAccumulator();
}

std::map<int, std::string> ChitAccumulator::orders() const {
    std::map<int, std::string> out;
    for (const auto& [slot, orders] : m_seen)
        if (orders.size() == 1)
            out.emplace(slot, orders.begin()->first);
    return out;
}

std::vector<ChitConflict> ChitAccumulator::conflicts() const {
    std::map<int, std::set<std::string>> byUnit;
    for (const auto& [slot, orders] : m_seen)
        for (const auto& entry : orders)
            byUnit[slot].insert(entry.first);
    return findConflicts(byUnit);
}

std::map<std::string, int> ChitAccumulator::unitlessCounts() const {
    return m_unitless;
}

} // namespace muster::vision
