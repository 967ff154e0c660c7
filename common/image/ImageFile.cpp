#include "common/image/ImageFile.h"

#include <opencv2/core.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <fstream>

namespace muster::image {

namespace {

// A JPEG's frame header can sit behind EXIF, XMP and ICC segments of up to 64 KB each.
constexpr std::size_t kHeaderBytes = 1 << 20;

std::uint32_t bigEndian(std::string_view b, std::size_t at, int bytes) {
    std::uint32_t v = 0;
    for (int i = 0; i < bytes; ++i)
        v = (v << 8) | static_cast<unsigned char>(b[at + static_cast<std::size_t>(i)]);
    return v;
}

std::uint32_t littleEndian(std::string_view b, std::size_t at, int bytes) {
    std::uint32_t v = 0;
    for (int i = bytes - 1; i >= 0; --i)
        v = (v << 8) | static_cast<unsigned char>(b[at + static_cast<std::size_t>(i)]);
    return v;
}

Result<ImageHeader> sized(const char* format, std::int64_t width, std::int64_t height) {
    if (width <= 0 || height <= 0 || width > INT32_MAX || height > INT32_MAX)
        return Error{std::string("its ") + format + " header gives no usable size (" + std::to_string(width) +
                     "x" + std::to_string(height) + ")"};
    return ImageHeader{format, static_cast<int>(width), static_cast<int>(height)};
}

Result<ImageHeader> pngHeader(std::string_view b) {
    // Signature, then the IHDR chunk first: length, "IHDR", width, height (big-endian).
    if (b.size() < 24 || b.substr(12, 4) != "IHDR")
        return Error{"its PNG header is cut short or has no IHDR chunk first"};
    return sized("PNG", bigEndian(b, 16, 4), bigEndian(b, 20, 4));
}

Result<ImageHeader> jpegHeader(std::string_view b) {
    // Segments after SOI: 0xFF, a marker, a big-endian length that counts itself. The first SOFn (C0-CF but
    // not C4 DHT, C8 JPG, CC DAC) holds precision, height, width.
    std::size_t at = 2;
    while (at + 4 <= b.size()) {
        if (static_cast<unsigned char>(b[at]) != 0xFF)
            return Error{"its JPEG segments are corrupt before the frame header"};
        const auto marker = static_cast<unsigned char>(b[at + 1]);
        if (marker == 0xFF) { // fill byte
            ++at;
            continue;
        }
        if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) { // no length
            at += 2;
            continue;
        }
        if (marker == 0xD9 || marker == 0xDA)
            return Error{"its JPEG data starts before any frame header"};
        const std::size_t length = bigEndian(b, at + 2, 2);
        if (marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC) {
            if (length < 7 || at + 9 > b.size())
                return Error{"its JPEG frame header is cut short"};
            return sized("JPEG", bigEndian(b, at + 7, 2), bigEndian(b, at + 5, 2));
        }
        if (length < 2)
            return Error{"its JPEG segments are corrupt before the frame header"};
        at += 2 + length;
    }
    return Error{"no JPEG frame header in its first " + std::to_string(b.size()) + " bytes"};
}

Result<ImageHeader> bmpHeader(std::string_view b) {
    // File header (14 bytes), then the DIB header: its size, then width and height (16-bit in the old
    // 12-byte core header, signed 32-bit otherwise, a negative height meaning top-down rows).
    if (b.size() < 26)
        return Error{"its BMP header is cut short"};
    if (littleEndian(b, 14, 4) == 12)
        return sized("BMP", littleEndian(b, 18, 2), littleEndian(b, 20, 2));
    const auto width = static_cast<std::int32_t>(littleEndian(b, 18, 4));
    const auto height = static_cast<std::int32_t>(littleEndian(b, 22, 4));
    return sized("BMP", width, height == INT32_MIN ? 0 : std::abs(static_cast<std::int64_t>(height)));
}

// An error of the header names the image: "image tray.png: it is not a PNG, JPEG or BMP image".
Result<ImageHeader> named(Result<ImageHeader> header, const std::string& what) {
    if (!header)
        return Error{what + ": " + header.error().message};
    return header;
}

Result<ImageHeader> withinBudget(Result<ImageHeader> header, std::int64_t maxPixels,
                                 const std::string& what) {
    if (!header)
        return header;
    if (header->width < kMinImageSide || header->height < kMinImageSide)
        return Error{what + ": it is " + std::to_string(header->width) + "x" +
                     std::to_string(header->height) + " pixels, too small to read anything from (at least " +
                     std::to_string(kMinImageSide) + "x" + std::to_string(kMinImageSide) + ")"};
    const std::int64_t pixels = std::int64_t(header->width) * header->height;
    if (pixels > maxPixels)
        return Error{what + ": it is " + std::to_string(header->width) + "x" +
                     std::to_string(header->height) + " (" + std::to_string((pixels + 500'000) / 1'000'000) +
                     " MP), over the " + std::to_string(maxPixels / 1'000'000) + " MP an image may have"};
    return header;
}

Result<cv::Mat> decoded(cv::Mat image, const std::string& what) {
    if (image.empty())
        return Error{"cannot decode image " + what + " (truncated or corrupt)"};
    return image;
}

} // namespace

std::string openCvFailure(const cv::Exception& e) {
    std::string out = "OpenCV" + (e.func.empty() ? std::string() : "'s " + e.func) + " could not process it";
    std::string why;
    for (const char c : e.err) // its own text, kept to printable ASCII: it may quote a file's bytes
        why += (c >= 0x20 && c < 0x7f) ? c : '?';
    if (why.size() > 120)
        why = why.substr(0, 117) + "...";
    return why.empty() ? out : out + " (" + why + ")";
}

Result<ImageHeader> readImageHeader(std::string_view b) {
    static constexpr char kPng[] = "\x89PNG\r\n\x1a\n";
    if (b.substr(0, 8) == std::string_view(kPng, 8))
        return pngHeader(b);
    if (b.size() >= 3 && static_cast<unsigned char>(b[0]) == 0xFF &&
        static_cast<unsigned char>(b[1]) == 0xD8 && static_cast<unsigned char>(b[2]) == 0xFF)
        return jpegHeader(b);
    if (b.substr(0, 2) == "BM")
        return bmpHeader(b);
    return Error{"it is not a PNG, JPEG or BMP image"};
}

Result<ImageHeader> readImageFileHeader(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return Error{"cannot open image " + path};
    std::string bytes(kHeaderBytes, '\0');
    in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    bytes.resize(static_cast<std::size_t>(in.gcount()));
    return named(readImageHeader(bytes), "image " + path);
}

Result<cv::Mat> loadImageChecked(const std::string& path, int flags, std::int64_t maxPixels) {
    const auto header = withinBudget(readImageFileHeader(path), maxPixels, "image " + path);
    if (!header)
        return header.error();
    try {
        return decoded(cv::imread(path, flags), path);
    } catch (const cv::Exception& e) {
        return Error{"cannot decode image " + path + ": " + openCvFailure(e)};
    }
}

Result<cv::Mat> decodeImageChecked(const std::vector<std::uint8_t>& bytes, int flags, const std::string& what,
                                   std::int64_t maxPixels) {
    const std::string_view view(reinterpret_cast<const char*>(bytes.data()),
                                std::min(bytes.size(), kHeaderBytes));
    const auto header = withinBudget(named(readImageHeader(view), what), maxPixels, what);
    if (!header)
        return header.error();
    try {
        return decoded(cv::imdecode(bytes, flags), what);
    } catch (const cv::Exception& e) {
        return Error{"cannot decode " + what + ": " + openCvFailure(e)};
    }
}

} // namespace muster::image
