// The reader's crop side is the model set's (reader_crop in dice_models.yml, 32 without one): the committed
// readers take 32 px, a set that says 40 crops at 40 and reads as OpenCV DNN does, and a model that is not
// what the set names it (a finder as a reader, a text file, a cut file) is an Error naming it. A model
// folder's dice_models.yml names its readers and the unsure threshold measured for them (ModelSet.*).

#include "TestData.h"
#include "vision/ConvKernels.h"
#include "vision/DiceReader.h"
#include "vision/ReaderNet.h"
#include "vision/eval/DiceEval.h"

#include <gtest/gtest.h>
#include <opencv2/imgcodecs.hpp>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace mv = muster::vision;
namespace fs = std::filesystem;
using muster::vision::test::diceDataDir;
using muster::vision::test::diceManifest;

namespace {

std::vector<uchar> fileBytes(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void writeBytes(const fs::path& path, const std::vector<uchar>& bytes) {
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

// A model folder with the committed finder and the given reader bytes (and a second reader's, if any),
// removed when it goes. Named by process, so that test runs side by side (ctest -j, two builds) never share
// one.
class ModelFolder {
public:
    ModelFolder(const std::string& name, const std::vector<uchar>& reader,
                const std::vector<uchar>& second = {})
        : m_dir(fs::temp_directory_path() / ("muster-reader-" + name + "-" + std::to_string(::getpid()))) {
        fs::remove_all(m_dir);
        fs::create_directories(m_dir);
        fs::copy_file(fs::path(MUSTER_TEST_MODEL_DIR) / "dice_finder.onnx", m_dir / "dice_finder.onnx",
                      fs::copy_options::overwrite_existing);
        writeBytes(m_dir / "dice_reader.onnx", reader);
        if (!second.empty())
            writeBytes(m_dir / "dice_reader_2.onnx", second);
    }
    ModelFolder(const ModelFolder&) = delete;
    ModelFolder& operator=(const ModelFolder&) = delete;
    ~ModelFolder() {
        std::error_code ec;
        fs::remove_all(m_dir, ec);
    }
    const fs::path& path() const { return m_dir; }
    std::string string() const { return m_dir.string(); }

private:
    fs::path m_dir;
};

} // namespace

TEST(ReaderCropSide, CommittedReaderTakes32) {
    auto reader = mv::DiceReader::load(MUSTER_TEST_MODEL_DIR);
    ASSERT_TRUE(reader) << reader.error().message;
    EXPECT_EQ(reader->cropSide(), 32);
    const cv::Mat crop =
        mv::diceReaderCrop(cv::Mat(100, 100, CV_8UC3, cv::Scalar::all(90)), {50, 50}, 30, 32);
    EXPECT_EQ(crop.size(), cv::Size(32, 32));
}

// The committed folder describes itself (data/models/dice_models.yml): the pair of readers and the threshold
// measured for the pair, 0.85 (docs/dice-reader.md, twelfth round). A load without an explicit threshold
// takes the folder's; an explicit one wins.
TEST(ModelSet, CommittedSetIsAPairWithItsThreshold) {
    const auto set = mv::loadDiceModelSet(MUSTER_TEST_MODEL_DIR);
    ASSERT_TRUE(set) << set.error().message;
    EXPECT_EQ(set->finder, "dice_finder.onnx");
    EXPECT_EQ(set->readers, (std::vector<std::string>{"dice_reader.onnx", "dice_reader_2.onnx"}));
    ASSERT_TRUE(set->unsureBelow.has_value());
    EXPECT_FLOAT_EQ(*set->unsureBelow, 0.85f);
    EXPECT_EQ(set->readerCrop, 32);

    auto reader = mv::DiceReader::load(MUSTER_TEST_MODEL_DIR);
    ASSERT_TRUE(reader) << reader.error().message;
    ASSERT_TRUE(reader->options().unsureBelow.has_value());
    EXPECT_FLOAT_EQ(*reader->options().unsureBelow, 0.85f);
    mv::DiceReaderOptions options;
    options.unsureBelow = 0.5f;
    auto explicitly = mv::DiceReader::load(MUSTER_TEST_MODEL_DIR, options);
    ASSERT_TRUE(explicitly) << explicitly.error().message;
    EXPECT_FLOAT_EQ(*explicitly->options().unsureBelow, 0.5f);
}

// A folder without dice_models.yml is the finder, dice_reader.onnx and dice_reader_2.onnx when present, read
// at the strict threshold.
TEST(ModelSet, FolderWithoutDescriptionUsesTheFileNamesAndTheStrictThreshold) {
    const std::vector<uchar> first = fileBytes(fs::path(MUSTER_TEST_MODEL_DIR) / "dice_reader.onnx");
    const ModelFolder single("set-single", first);
    const auto one = mv::loadDiceModelSet(single.string());
    ASSERT_TRUE(one) << one.error().message;
    EXPECT_EQ(one->readers, (std::vector<std::string>{"dice_reader.onnx"}));
    EXPECT_FALSE(one->unsureBelow.has_value());
    EXPECT_EQ(one->readerCrop, 32);
    auto reader = mv::DiceReader::load(single.string());
    ASSERT_TRUE(reader) << reader.error().message;
    EXPECT_FLOAT_EQ(*reader->options().unsureBelow, mv::DiceReader::kStrictUnsureBelow);
    EXPECT_FLOAT_EQ(mv::DiceReader::kStrictUnsureBelow, 0.92f);

    const ModelFolder pair("set-pair", first, first);
    const auto two = mv::loadDiceModelSet(pair.string());
    ASSERT_TRUE(two) << two.error().message;
    EXPECT_EQ(two->readers, (std::vector<std::string>{"dice_reader.onnx", "dice_reader_2.onnx"}));
}

// A description may name any readers in the folder: three averaged readers give the mean of the three.
TEST(ModelSet, DescriptionNamesTheReaders) {
    const std::vector<uchar> first = fileBytes(fs::path(MUSTER_TEST_MODEL_DIR) / "dice_reader.onnx");
    const std::vector<uchar> second = fileBytes(fs::path(MUSTER_TEST_MODEL_DIR) / "dice_reader_2.onnx");
    const std::vector<uchar> third = fileBytes(fs::path(MUSTER_TEST_SOURCE_DATA) / "reader_r3.onnx");
    ASSERT_FALSE(third.empty());
    const ModelFolder three("set-three", first, second);
    writeBytes(three.path() / "r3.onnx", third);
    std::ofstream(three.path() / "dice_models.yml")
        << "%YAML:1.0\n---\n# three readers\n"
           "readers: [ dice_reader.onnx, dice_reader_2.onnx, r3.onnx ]\n"
           "unsure_below: 0.7\n";
    const auto set = mv::loadDiceModelSet(three.string());
    ASSERT_TRUE(set) << set.error().message;
    EXPECT_EQ(set->readers, (std::vector<std::string>{"dice_reader.onnx", "dice_reader_2.onnx", "r3.onnx"}));
    EXPECT_EQ(set->finder, "dice_finder.onnx");
    EXPECT_FLOAT_EQ(set->unsureBelow.value_or(0.0f), 0.7f);
    if (diceDataDir().empty())
        GTEST_SKIP() << muster::vision::test::kNoPhotos;
    mv::DiceReaderOptions options;
    options.unsureBelow = 0.0f; // one look per crop, so the set's probabilities are the plain mean
    std::vector<mv::Result<mv::DiceReader>> alone;
    const ModelFolder a("set-a", first), b("set-b", second), c("set-c", third);
    for (const ModelFolder* f : {&a, &b, &c})
        alone.push_back(mv::DiceReader::load(f->string(), options));
    auto all = mv::DiceReader::load(three.string(), options);
    ASSERT_TRUE(all && alone[0] && alone[1] && alone[2]);
    const auto images = mv::loadManifest(diceManifest(), "test");
    ASSERT_TRUE(images) << images.error().message;
    const cv::Mat photo = cv::imread(images.value()[0].path, cv::IMREAD_COLOR);
    ASSERT_FALSE(photo.empty());
    const auto read = all->read(photo);
    ASSERT_TRUE(read);
    std::vector<mv::DiceFrame> each;
    for (auto& r : alone) {
        auto f = r->read(photo);
        ASSERT_TRUE(f);
        each.push_back(f.value());
    }
    int compared = 0;
    for (const mv::DieRead& d : read->dice) {
        std::array<float, 7> sum{};
        int found = 0;
        for (const mv::DiceFrame& f : each)
            for (const mv::DieRead& e : f.dice)
                if (cv::norm(e.outline.center - d.outline.center) < 0.01) {
                    ++found;
                    for (size_t k = 0; k < 7; ++k)
                        sum[k] += e.probability[k];
                }
        if (found != 3)
            continue; // one reader alone dropped it as "not a die"
        for (size_t k = 0; k < 7; ++k)
            EXPECT_NEAR(d.probability[k], sum[k] / 3, 1e-5) << "face " << k + 1;
        ++compared;
    }
    EXPECT_GE(compared, 3);
}

// A description that cannot be trusted is an Error that names the file and what is wrong, never a guess.
TEST(ModelSet, BadDescriptionIsAnError) {
    const std::vector<uchar> first = fileBytes(fs::path(MUSTER_TEST_MODEL_DIR) / "dice_reader.onnx");
    const auto expectError = [&](const std::string& name, const std::string& text, const char* says) {
        const ModelFolder folder(name, first);
        std::ofstream(folder.path() / "dice_models.yml") << text;
        const auto loaded = mv::DiceReader::load(folder.string());
        ASSERT_FALSE(loaded) << name;
        EXPECT_NE(loaded.error().message.find(says), std::string::npos)
            << name << ": " << loaded.error().message;
        EXPECT_NE(loaded.error().message.find("dice_models.yml"), std::string::npos)
            << loaded.error().message;
    };
    const std::string head = "%YAML:1.0\n---\n";
    expectError("set-high", head + "unsure_below: 1.5\n", "unsure_below must be a number in (0, 1]");
    expectError("set-zero", head + "unsure_below: 0\n", "unsure_below must be a number in (0, 1]");
    expectError("set-word", head + "unsure_below: high\n", "unsure_below must be a number in (0, 1]");
    expectError("set-empty", head + "readers: []\n", "readers must be a list of one or more file names");
    expectError("set-scalar", head + "readers: dice_reader.onnx\n", "readers must be a list");
    expectError("set-outside", head + "readers: [ \"../dice_reader.onnx\" ]\n", "file names in the folder");
    expectError("set-finder", head + "finder: /etc/passwd\n", "finder must be a file name in the folder");
    expectError("set-garbage", head + "readers: [ a, b\n  unsure_below: {\n", "not a model set description");
    for (const char* crop : {"4", "300", "32.5", "wide"})
        expectError(std::string("set-crop-") + crop, head + "reader_crop: " + crop + "\n",
                    "reader_crop must be a whole number of pixels from 8 to 256");

    // A reader it names that is not there is the missing file's error.
    const ModelFolder folder("set-missing", first);
    std::ofstream(folder.path() / "dice_models.yml") << head << "readers: [ dice_reader.onnx, gone.onnx ]\n";
    const auto loaded = mv::DiceReader::load(folder.string());
    ASSERT_FALSE(loaded);
    EXPECT_NE(loaded.error().message.find("dice model file not found"), std::string::npos);
    EXPECT_NE(loaded.error().message.find("gone.onnx"), std::string::npos) << loaded.error().message;
}

// A set that says 40 px loads with cropSide() 40, its own loops accept it (at 40 px the last block runs on
// 5x5 maps, odd, so without Winograd), and it reads a photo as OpenCV DNN does.
TEST(ReaderCropSide, ReaderOfAnotherSideLoadsAndReads) {
    const ModelFolder folder("40", fileBytes(fs::path(MUSTER_TEST_MODEL_DIR) / "dice_reader.onnx"));
    const fs::path& dir = folder.path();
    std::ofstream(dir / "dice_models.yml") << "%YAML:1.0\n---\nreader_crop: 40\n";
    auto reader = mv::DiceReader::load(dir.string());
    ASSERT_TRUE(reader) << reader.error().message;
    EXPECT_EQ(reader->cropSide(), 40);
    EXPECT_EQ(mv::diceReaderCrop(cv::Mat(100, 100, CV_8UC3, cv::Scalar::all(90)), {50, 50}, 30, 40).size(),
              cv::Size(40, 40));
    if (mv::kernels::available()) {
        cv::dnn::Net net = cv::dnn::readNetFromONNX((dir / "dice_reader.onnx").string());
        EXPECT_TRUE(mv::ReaderNet::fromNet(net, 40).has_value());
    }
    if (diceDataDir().empty())
        GTEST_SKIP() << muster::vision::test::kNoPhotos;
    const auto images = mv::loadManifest(diceManifest(), "test");
    ASSERT_TRUE(images) << images.error().message;
    mv::DiceReaderOptions options;
    options.ownLoops = false;
    auto dnn = mv::DiceReader::load(dir.string(), options);
    ASSERT_TRUE(dnn) << dnn.error().message;
    int dice = 0;
    for (size_t k = 0; k < 3; ++k) {
        const cv::Mat photo = cv::imread(images.value()[k].path, cv::IMREAD_COLOR);
        ASSERT_FALSE(photo.empty());
        const auto a = reader->read(photo);
        const auto b = dnn->read(photo);
        ASSERT_TRUE(a && b);
        ASSERT_EQ(a->dice.size(), b->dice.size()) << images.value()[k].name;
        for (size_t i = 0; i < a->dice.size(); ++i) {
            EXPECT_EQ(a->dice[i].value, b->dice[i].value);
            EXPECT_NEAR(a->dice[i].confidence, b->dice[i].confidence, 1e-4);
        }
        dice += static_cast<int>(a->dice.size());
    }
    EXPECT_GT(dice, 5);
}

// A model is run once on a blank input when it loads: what is not a reader, or not a model, is named.
TEST(ReaderCropSide, UnusableModelIsAnError) {
    const auto expectError = [](const std::string& name, const std::vector<uchar>& reader, const char* says) {
        const auto loaded = mv::DiceReader::load(ModelFolder(name, reader).string());
        ASSERT_FALSE(loaded) << name;
        EXPECT_NE(loaded.error().message.find(says), std::string::npos) << loaded.error().message;
        EXPECT_NE(loaded.error().message.find("dice_reader.onnx"), std::string::npos)
            << loaded.error().message;
    };
    // The finder turns a 32 px crop into four 4x4 maps, not 7 classes.
    expectError("finder", fileBytes(fs::path(MUSTER_TEST_MODEL_DIR) / "dice_finder.onnx"),
                "it is not a reader");
    const char* unreadable = "OpenCV cannot read or run it as a model";
    expectError("text", std::vector<uchar>{'n', 'o', 't', ' ', 'o', 'n', 'n', 'x'}, unreadable);
    const std::vector<uchar> committed = fileBytes(fs::path(MUSTER_TEST_MODEL_DIR) / "dice_reader.onnx");
    expectError("cut", std::vector<uchar>(committed.begin(), committed.begin() + 100), unreadable);

    // A reader named as the finder.
    const ModelFolder swapped("swapped", committed);
    fs::copy_file(swapped.path() / "dice_reader.onnx", swapped.path() / "dice_finder.onnx",
                  fs::copy_options::overwrite_existing);
    const auto loaded = mv::DiceReader::load(swapped.string());
    ASSERT_FALSE(loaded);
    EXPECT_NE(loaded.error().message.find("dice_finder.onnx: it is not a finder"), std::string::npos)
        << loaded.error().message;
}

// A set with dice_reader_2.onnx averages the two readers' probabilities for every crop. Without the second
// look (unsureBelow 0) each die of the pair must carry the mean of what each reader alone gives the same
// candidate. The second reader is the sixth round's reader (tests/vision/data/reader_r3.onnx, the committed
// reader before the eleventh round: other layers, the same 32 px crops), so the two differ on most dice.
TEST(ReaderPair, AveragesItsTwoReaders) {
    const std::vector<uchar> first = fileBytes(fs::path(MUSTER_TEST_MODEL_DIR) / "dice_reader.onnx");
    const std::vector<uchar> second = fileBytes(fs::path(MUSTER_TEST_SOURCE_DATA) / "reader_r3.onnx");
    ASSERT_FALSE(second.empty());
    ASSERT_NE(first, second);
    if (diceDataDir().empty())
        GTEST_SKIP() << muster::vision::test::kNoPhotos;
    mv::DiceReaderOptions options;
    options.unsureBelow = 0.0f; // one look per crop, so the pair's probabilities are the plain mean
    auto a = mv::DiceReader::load(ModelFolder("pair-a", first).string(), options);
    auto b = mv::DiceReader::load(ModelFolder("pair-b", second).string(), options);
    auto pair = mv::DiceReader::load(ModelFolder("pair", first, second).string(), options);
    ASSERT_TRUE(a && b && pair);
    const auto images = mv::loadManifest(diceManifest(), "test");
    ASSERT_TRUE(images) << images.error().message;
    const auto at = [](const mv::DiceFrame& f, cv::Point2f c) -> const mv::DieRead* {
        for (const mv::DieRead& d : f.dice)
            if (cv::norm(d.outline.center - c) < 0.01)
                return &d;
        return nullptr;
    };
    int compared = 0, differing = 0;
    for (size_t k = 0; k < 6; ++k) {
        const cv::Mat photo = cv::imread(images.value()[k].path, cv::IMREAD_COLOR);
        ASSERT_FALSE(photo.empty());
        const auto ra = a->read(photo), rb = b->read(photo), rp = pair->read(photo);
        ASSERT_TRUE(ra && rb && rp);
        for (const mv::DieRead& d : rp->dice) {
            const mv::DieRead* da = at(ra.value(), d.outline.center);
            const mv::DieRead* db = at(rb.value(), d.outline.center);
            if (!da || !db)
                continue; // one reader alone dropped it as "not a die"
            for (size_t c = 0; c < 7; ++c)
                EXPECT_NEAR(d.probability[c], (da->probability[c] + db->probability[c]) / 2, 1e-5)
                    << images.value()[k].name << " face " << c + 1;
            ++compared;
            float apart = 0.0f;
            for (size_t c = 0; c < 7; ++c)
                apart += std::abs(da->probability[c] - db->probability[c]);
            differing += apart > 1e-5f ? 1 : 0;
        }
    }
    EXPECT_GT(compared, 20);
    EXPECT_GT(differing, compared / 2) << compared; // the readers differ, so the test sees the mean
}

// The second reader is checked like the first, and named in the error.
TEST(ReaderPair, UnusableSecondReaderIsAnError) {
    const std::vector<uchar> first = fileBytes(fs::path(MUSTER_TEST_MODEL_DIR) / "dice_reader.onnx");
    const auto expectError = [&](const std::string& name, const std::vector<uchar>& second,
                                 const char* says) {
        const auto loaded = mv::DiceReader::load(ModelFolder(name, first, second).string());
        ASSERT_FALSE(loaded) << name;
        EXPECT_NE(loaded.error().message.find(says), std::string::npos) << loaded.error().message;
        EXPECT_NE(loaded.error().message.find("dice_reader_2.onnx"), std::string::npos)
            << loaded.error().message;
    };
    expectError("pair-finder", fileBytes(fs::path(MUSTER_TEST_MODEL_DIR) / "dice_finder.onnx"),
                "it is not a reader");
    expectError("pair-text", std::vector<uchar>{'n', 'o', 't', ' ', 'o', 'n', 'n', 'x'},
                "OpenCV cannot read or run it as a model");
}
