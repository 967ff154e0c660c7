// common/image: an image's size is read from its header before anything is decoded, so a file that claims
// more pixels than Muster reads, a file that is no image and a file cut short are refused with a named error.

#include "common/image/ImageFile.h"

#include <gtest/gtest.h>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace mi = muster::image;

namespace {

std::vector<std::uint8_t> encoded(const char* ext, cv::Size size) {
    std::vector<std::uint8_t> bytes;
    cv::imencode(ext, cv::Mat(size, CV_8UC3, cv::Scalar(40, 90, 200)), bytes);
    return bytes;
}

std::string asString(const std::vector<std::uint8_t>& bytes) {
    return {reinterpret_cast<const char*>(bytes.data()), bytes.size()};
}

// Writes the bytes to a file named after the running test (ctest runs each test in its own process, in
// parallel) and removes it when done.
struct TempFile {
    explicit TempFile(const std::string& bytes)
        : path((std::filesystem::temp_directory_path() /
                ("muster_image_" +
                 std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()) + ".img"))
                   .string()) {
        std::ofstream(path, std::ios::binary) << bytes;
    }
    ~TempFile() { std::remove(path.c_str()); }
    TempFile(const TempFile&) = delete;
    TempFile& operator=(const TempFile&) = delete;
    std::string path;
};

} // namespace

TEST(ImageFile, HeaderGivesFormatAndSizeOfEachKind) {
    for (const char* ext : {".png", ".jpg", ".bmp"}) {
        const auto header = mi::readImageHeader(asString(encoded(ext, {37, 21})));
        ASSERT_TRUE(header) << ext << ": " << header.error().message;
        EXPECT_EQ(header->width, 37) << ext;
        EXPECT_EQ(header->height, 21) << ext;
    }
    EXPECT_EQ(mi::readImageHeader(asString(encoded(".png", {5, 5})))->format, "PNG");
    EXPECT_EQ(mi::readImageHeader(asString(encoded(".jpg", {5, 5})))->format, "JPEG");
    EXPECT_EQ(mi::readImageHeader(asString(encoded(".bmp", {5, 5})))->format, "BMP");
}

TEST(ImageFile, NotAnImageOrCutShortIsAnError) {
    const auto text = mi::readImageHeader("order chit: 3rd US, advance");
    ASSERT_FALSE(text);
    EXPECT_EQ(text.error().message, "it is not a PNG, JPEG or BMP image");
    const std::string png = asString(encoded(".png", {8, 8}));
    const auto cut = mi::readImageHeader(png.substr(0, 20));
    ASSERT_FALSE(cut);
    EXPECT_EQ(cut.error().message, "its PNG header is cut short or has no IHDR chunk first");
    const std::string jpeg = asString(encoded(".jpg", {8, 8}));
    EXPECT_FALSE(mi::readImageHeader(jpeg.substr(0, 3)));
    EXPECT_FALSE(mi::readImageHeader(std::string("BM") + std::string(10, '\0')));
    EXPECT_FALSE(mi::readImageHeader(""));
}

// A PNG whose IHDR claims 30000x30000 (0.9 GP) is refused from its first bytes: nothing is allocated for it.
TEST(ImageFile, HeaderClaimingTooManyPixelsIsRefusedBeforeDecoding) {
    std::string png = asString(encoded(".png", {8, 8}));
    for (int at : {16, 20}) { // width, height: big-endian 30000
        png[at] = 0;
        png[at + 1] = 0;
        png[at + 2] = static_cast<char>(30000 >> 8);
        png[at + 3] = static_cast<char>(30000 & 0xFF);
    }
    const TempFile file(png);
    const auto loaded = mi::loadImageChecked(file.path);
    ASSERT_FALSE(loaded);
    EXPECT_EQ(loaded.error().message,
              "image " + file.path + ": it is 30000x30000 (900 MP), over the 40 MP an image may have");
    const std::vector<std::uint8_t> bytes(png.begin(), png.end());
    const auto decoded = mi::decodeImageChecked(bytes, cv::IMREAD_COLOR, "the stored view");
    ASSERT_FALSE(decoded);
    EXPECT_EQ(decoded.error().message,
              "the stored view: it is 30000x30000 (900 MP), over the 40 MP an image may have");
}

TEST(ImageFile, LoadsAndDecodesWithinTheBudget) {
    const std::vector<std::uint8_t> png = encoded(".png", {64, 48});
    const TempFile file(asString(png));
    const auto loaded = mi::loadImageChecked(file.path, cv::IMREAD_GRAYSCALE);
    ASSERT_TRUE(loaded) << loaded.error().message;
    EXPECT_EQ(loaded->size(), cv::Size(64, 48));
    EXPECT_EQ(loaded->channels(), 1);
    const auto decoded = mi::decodeImageChecked(png, cv::IMREAD_COLOR, "bytes");
    ASSERT_TRUE(decoded);
    EXPECT_EQ(decoded->size(), cv::Size(64, 48));
    // A smaller budget refuses the same image.
    EXPECT_FALSE(mi::loadImageChecked(file.path, cv::IMREAD_COLOR, 64 * 47));
}

TEST(ImageFile, MissingOrCorruptFileIsNamed) {
    const auto missing = mi::loadImageChecked("/nonexistent/tray.png");
    ASSERT_FALSE(missing);
    EXPECT_EQ(missing.error().message, "cannot open image /nonexistent/tray.png");
    // A valid header over garbage: the header passes, the decode fails, and says so.
    std::string png = asString(encoded(".png", {32, 32}));
    png.resize(40);
    const TempFile file(png);
    const auto corrupt = mi::loadImageChecked(file.path);
    ASSERT_FALSE(corrupt);
    EXPECT_EQ(corrupt.error().message, "cannot decode image " + file.path + " (truncated or corrupt)");
}

// Issue 46, finding 8: a 1-pixel photo passed the checks and reached OpenCV's resize and phase correlation,
// whose assertion text (build path, line, "-215") was all the user saw. Too small is refused by name.
TEST(ImageFile, TooSmallToReadIsRefusedByName) {
    for (const cv::Size size : {cv::Size(1, 1), cv::Size(4000, 1), cv::Size(2, 3), cv::Size(31, 200)}) {
        const TempFile file(asString(encoded(".png", size)));
        const auto loaded = mi::loadImageChecked(file.path);
        ASSERT_FALSE(loaded) << size;
        EXPECT_EQ(loaded.error().message, "image " + file.path + ": it is " + std::to_string(size.width) +
                                              "x" + std::to_string(size.height) +
                                              " pixels, too small to read anything from (at least 32x32)");
    }
    const TempFile ok(asString(encoded(".bmp", {32, 32})));
    EXPECT_TRUE(mi::loadImageChecked(ok.path));
}

TEST(ImageFile, OpenCvFailureIsSaidWithoutItsBuildPath) {
    try {
        cv::Mat out;
        cv::resize(cv::Mat(1, 1, CV_8UC3), out, cv::Size(0, 0), 0.001, 0.001);
        FAIL() << "resize to nothing must throw";
    } catch (const cv::Exception& e) {
        const std::string said = mi::openCvFailure(e);
        EXPECT_EQ(said.rfind("OpenCV's ", 0), 0u) << said;
        EXPECT_NE(said.find("resize"), std::string::npos) << said;
        EXPECT_EQ(said.find("modules/"), std::string::npos) << said;
        EXPECT_EQ(said.find("-215"), std::string::npos) << said;
    }
}
