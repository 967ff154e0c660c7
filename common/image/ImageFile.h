#pragma once

// Images from files (photos, video stills, a profile's stored reference view), checked before they are
// decoded: the size the file's header claims is read first, so a header claiming 30000x30000 (6.9 GB and 24 s
// to decode) or over 2^30 pixels (OpenCV throws) is refused, with the file named, before any allocation.

#include "common/Result.h"

#include <opencv2/imgcodecs.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace muster::image {

// 40 MP: more than any camera or phone photo Muster reads (a 1080p frame is 2 MP, a 50 MP phone photo
// ships binned to 12.5 MP), and decoded as BGR it is 120 MB.
constexpr std::int64_t kMaxImagePixels = 40'000'000;

// A photo of a table, a tray or a chit sheet has at least this many pixels a side: anything smaller holds
// nothing to read, and OpenCV's resizing and filters assert on it.
constexpr int kMinImageSide = 32;

struct ImageHeader {
    std::string format; // "PNG", "JPEG" or "BMP"
    int width = 0;
    int height = 0;
};

// The format and size a PNG, JPEG or BMP file's first bytes give; an Error for anything else or a header cut
// short.
Result<ImageHeader> readImageHeader(std::string_view bytes);

// The header of an image file (its first bytes only, nothing decoded); an Error names the file.
Result<ImageHeader> readImageFileHeader(const std::string& path);

// cv::imread(path, flags) after the header check: an Error names the file and says why (missing, not a PNG,
// JPEG or BMP image, over maxPixels or under kMinImageSide a side, truncated or not decodable). Never throws.
Result<cv::Mat> loadImageChecked(const std::string& path, int flags = cv::IMREAD_COLOR,
                                 std::int64_t maxPixels = kMaxImagePixels);

// cv::imdecode with the same checks, for image bytes held in memory; `what` names them in an Error.
Result<cv::Mat> decodeImageChecked(const std::vector<std::uint8_t>& bytes, int flags, const std::string& what,
                                   std::int64_t maxPixels = kMaxImagePixels);

// An OpenCV exception in words, for a person: "OpenCV's resize could not process it (!dsize.empty())",
// without the build path and line number of its what().
std::string openCvFailure(const cv::Exception& e);

} // namespace muster::image
