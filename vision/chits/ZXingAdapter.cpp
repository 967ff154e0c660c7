#include "vision/chits/ZXingAdapter.h"

#include <ZXing/BarcodeFormat.h>
#include <ZXing/BitMatrix.h>
#include <ZXing/DecodeHints.h>
#include <ZXing/MultiFormatWriter.h>
#include <ZXing/ReadBarcode.h>
#include <opencv2/imgproc.hpp>

#include <exception>

namespace muster::vision::zxing {

namespace {

cv::Point2f toCv(const ZXing::PointI& p) {
    return {static_cast<float>(p.x), static_cast<float>(p.y)};
}

ModuleMatrix fromBitMatrix(const ZXing::BitMatrix& bits, int rows) {
    ModuleMatrix m;
    m.width = bits.width();
    m.height = rows;
    m.dark.resize(static_cast<std::size_t>(m.width) * m.height);
    for (int y = 0; y < m.height; ++y)
        for (int x = 0; x < m.width; ++x)
            m.dark[static_cast<std::size_t>(y) * m.width + x] = bits.get(x, rows == 1 ? 0 : y) ? 1 : 0;
    return m;
}

} // namespace

std::vector<Symbol> readSymbols(const cv::Mat& image, const ReadOptions& options) {
    std::vector<Symbol> out;
    if (image.empty() || image.depth() != CV_8U)
        return out;
    cv::Mat grey = image;
    if (image.channels() == 3)
        cv::cvtColor(image, grey, cv::COLOR_BGR2GRAY);
    else if (image.channels() == 4)
        cv::cvtColor(image, grey, cv::COLOR_BGRA2GRAY);
    if (!grey.isContinuous())
        grey = grey.clone();

    ZXing::BarcodeFormats formats;
    if (options.qrCode)
        formats |= ZXing::BarcodeFormat::QRCode;
    if (options.microQrCode)
        formats |= ZXing::BarcodeFormat::MicroQRCode;
    if (options.otherFormats)
        formats |= ZXing::BarcodeFormat::MatrixCodes;
    const auto hints = ZXing::DecodeHints()
                           .setTryHarder(options.tryHarder)
                           .setTryRotate(options.tryHarder)
                           .setTryDownscale(true)
                           .setBinarizer(options.globalThreshold ? ZXing::Binarizer::GlobalHistogram
                                                                 : ZXing::Binarizer::LocalAverage)
                           .setReturnErrors(false);
    const ZXing::ImageView view(grey.data, grey.cols, grey.rows, ZXing::ImageFormat::Lum,
                                static_cast<int>(grey.step[0]));
    ZXing::Results results;
    if (!formats.empty())
        results = ZXing::ReadBarcodes(view, ZXing::DecodeHints(hints).setFormats(formats));
    if (options.otherFormats) {
        // ZXing 1.4 asserts (Result::operator==, lineCount() == 1) when ReadBarcodes meets one linear code on
        // several rows, so linear codes are read one at a time: enough to report a barcode as foreign.
        auto linear = ZXing::ReadBarcode(
            view,
            ZXing::DecodeHints(hints).setFormats(ZXing::BarcodeFormat::LinearCodes).setMaxNumberOfSymbols(1));
        if (linear.isValid())
            results.push_back(std::move(linear));
    }
    for (const ZXing::Result& r : results) {
        if (!r.isValid())
            continue;
        Symbol s;
        s.text = r.text();
        s.ecLevel = r.ecLevel();
        s.formatName = ZXing::ToString(r.format());
        s.format = r.format() == ZXing::BarcodeFormat::QRCode        ? SymbolFormat::QrCode
                   : r.format() == ZXing::BarcodeFormat::MicroQRCode ? SymbolFormat::MicroQrCode
                                                                     : SymbolFormat::Other;
        const auto& p = r.position();
        s.corners = {toCv(p.topLeft()), toCv(p.topRight()), toCv(p.bottomRight()), toCv(p.bottomLeft())};
        out.push_back(std::move(s));
    }
    return out;
}

ModuleMatrix encodeQrCode(const std::string& text, QrEcLevel level) {
    // ZXing 1.4 takes the QR level on a 0..8 scale: 1 = L, 3 = M, 5 = Q, 7 = H (QRCode::ECLevelFromInt).
    const int zxLevel = 1 + 2 * static_cast<int>(level);
    try {
        const auto bits = ZXing::MultiFormatWriter(ZXing::BarcodeFormat::QRCode)
                              .setMargin(0)
                              .setEccLevel(zxLevel)
                              .encode(text, 0, 0);
        return fromBitMatrix(bits, bits.height());
    } catch (const std::exception&) {
        return {}; // text too long or not encodable: the caller reports it
    }
}

ModuleMatrix encodeEan13(const std::string& digits) {
    try {
        const auto bits =
            ZXing::MultiFormatWriter(ZXing::BarcodeFormat::EAN13).setMargin(0).encode(digits, 0, 1);
        return fromBitMatrix(bits, 1);
    } catch (const std::exception&) {
        return {};
    }
}

} // namespace muster::vision::zxing
