#pragma once

// The one place where ZXing-C++ 1.4 meets Muster (its DecodeHints/Result are renamed in 2.x). Everything else
// in Muster sees these plain types.

#include <opencv2/core.hpp>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace muster::vision::zxing {

enum class SymbolFormat { QrCode, MicroQrCode, Other };

// One decoded symbol: its text, format and corners in image pixels (top-left, top-right, bottom-right,
// bottom-left of the symbol as printed).
struct Symbol {
    std::string text;
    SymbolFormat format = SymbolFormat::Other;
    std::string formatName;
    std::string ecLevel;
    std::array<cv::Point2f, 4> corners;
};

struct ReadOptions {
    bool qrCode = true;
    bool microQrCode = true;
    bool otherFormats = false; // also look for linear and other 2D codes, to report them as foreign
    bool tryHarder = true;
    // Local thresholds (ZXing's default) suit uneven light; a global one sometimes rescues a blurred code.
    bool globalThreshold = false;
};

// Reads every symbol in an 8-bit grey or BGR image.
std::vector<Symbol> readSymbols(const cv::Mat& image, const ReadOptions& options);

// A symbol's modules, row-major, without a quiet zone: true = dark.
struct ModuleMatrix {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> dark;

    bool empty() const { return width == 0; }
    bool at(int x, int y) const { return dark[static_cast<std::size_t>(y * width + x)] != 0; }
};

enum class QrEcLevel { L, M, Q, H };

// A QR Code (model 2) in the smallest version that holds the text at this error-correction level.
ModuleMatrix encodeQrCode(const std::string& text, QrEcLevel level);
// An EAN-13 barcode (12 or 13 digits) as a one-row matrix of bars, for tests of foreign codes.
ModuleMatrix encodeEan13(const std::string& digits);

} // namespace muster::vision::zxing
