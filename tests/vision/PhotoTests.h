#pragma once

// Set-ups the vision tests share over the test split's photos. Apart from TestData.h because they need
// GoogleTest, which the bench (it includes TestData.h) does not link.

#include "TestData.h"
#include "vision/ConvKernels.h"
#include "vision/eval/DiceEval.h"

#include <gtest/gtest.h>
#include <opencv2/imgcodecs.hpp>

#include <string>
#include <utility>
#include <vector>

namespace muster::vision::test {

// A test of one of our loop nets (FinderNet, ReaderNet) against OpenCV DNN on the test photos: skipped where
// the loops cannot run or the photos are absent; otherwise it starts with the test split's labels and the
// committed net `modelFile` loaded through OpenCV DNN.
class LoopNetTest : public ::testing::Test {
protected:
    LoopNetTest(const char* loops, const char* modelFile)
        : m_loops(loops)
        , m_modelFile(modelFile) {}

    void SetUp() override {
        if (!kernels::available())
            GTEST_SKIP() << m_loops << " needs an x86 CPU with AVX2 and FMA; DiceReader uses OpenCV DNN here";
        const std::string manifest = diceManifest();
        if (manifest.empty())
            GTEST_SKIP() << kNoPhotos;
        auto loaded = loadManifest(manifest, "test");
        ASSERT_TRUE(loaded) << loaded.error().message;
        images = std::move(loaded).value();
        net = loadModel(m_modelFile);
    }

    std::vector<LabelledImage> images; // the test split
    cv::dnn::Net net;                  // the committed net, through OpenCV DNN

private:
    const char* m_loops;
    const char* m_modelFile;
};

// Calls visit(image, photo) for each of `images` with its photo as it is (frame empty) or placed in a frame
// of that size, as `dice eval --frame` places it. A photo that cannot be read fails the test; stops at the
// first fatal failure.
template <class Visit>
void forEachPhoto(const std::vector<LabelledImage>& images, cv::Size frame, Visit&& visit) {
    for (const LabelledImage& img : images) {
        cv::Mat photo = cv::imread(img.path, cv::IMREAD_COLOR);
        ASSERT_FALSE(photo.empty()) << img.path;
        if (!frame.empty())
            photo = fitIntoFrame(photo, frame);
        visit(img, photo);
        if (::testing::Test::HasFatalFailure())
            return;
    }
}

} // namespace muster::vision::test
