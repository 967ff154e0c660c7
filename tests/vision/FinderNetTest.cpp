// FinderNet (the finder net run by our own loops) against OpenCV DNN on the same inputs: test photos scaled
// as the reader scales them (432x432 for a 640 photo, 752x432 for a 1080p frame) and rectangles of odd shapes
// cut from them on the finder's grid, as the tray and sparse finders cut them; and nets it must refuse.

#include "vision/FinderNet.h"

#include "PhotoTests.h"
#include "TestData.h"
#include "vision/eval/DiceEval.h"

#include <gtest/gtest.h>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <array>
#include <iostream>

namespace mv = muster::vision;

using muster::vision::test::loadModel;

class FinderNetOnPhotos : public muster::vision::test::LoopNetTest {
protected:
    FinderNetOnPhotos()
        : LoopNetTest("FinderNet", "dice_finder.onnx") {}
};

TEST_F(FinderNetOnPhotos, GivesOpenCvsOutputs) {
    std::optional<mv::FinderNet> loops = mv::FinderNet::fromNet(net);
    ASSERT_TRUE(loops.has_value());
    ASSERT_EQ(loops->outputs(), 4);

    // Largest difference per output channel (heat after its sigmoid, dx, dy, log size), over all inputs.
    std::array<float, 4> worst{};
    int inputs = 0, cells = 0;
    const auto compare = [&](const cv::Mat& input) {
        net.setInput(cv::dnn::blobFromImage(input, 1.0 / 255.0));
        const cv::Mat expected = net.forward();
        cv::Mat got;
        loops->forward(input, got);
        ASSERT_EQ(got.dims, 4);
        for (int i = 0; i < 4; ++i)
            ASSERT_EQ(got.size[i], expected.size[i]) << input.cols << "x" << input.rows << " dim " << i;
        const size_t plane = static_cast<size_t>(got.size[2]) * static_cast<size_t>(got.size[3]);
        for (int c = 0; c < 4; ++c) {
            const float* e = expected.ptr<float>(0, c);
            const float* g = got.ptr<float>(0, c);
            for (size_t i = 0; i < plane; ++i)
                worst[static_cast<size_t>(c)] =
                    std::max(worst[static_cast<size_t>(c)], std::abs(e[i] - g[i]));
        }
        cells += static_cast<int>(plane);
        ++inputs;
    };
    for (size_t k = 0; k < images.size() && k < 4; ++k) {
        const cv::Mat photo = cv::imread(images[k].path, cv::IMREAD_COLOR);
        ASSERT_FALSE(photo.empty()) << images[k].path;
        cv::Mat square, wide;
        cv::resize(photo, square, cv::Size(432, 432), 0, 0, cv::INTER_LINEAR);
        cv::resize(mv::fitIntoFrame(photo, cv::Size(1920, 1080)), wide, cv::Size(752, 432), 0, 0,
                   cv::INTER_LINEAR);
        compare(square);
        compare(wide);
        // Rectangles on the 16 px grid of other shapes, one per photo and shape, and a few off the grid.
        for (const cv::Rect r :
             {cv::Rect(16, 32, 64, 48), cv::Rect(96, 0, 208, 96), cv::Rect(0, 144, 96, 288),
              cv::Rect(240, 240, 192, 192), cv::Rect(5, 7, 40, 24), cv::Rect(3, 1, 37, 29)})
            compare(square(r));
        if (HasFatalFailure())
            return;
    }
    std::cout << inputs << " inputs, " << cells << " cells; largest difference: heat " << worst[0] << ", dx "
              << worst[1] << ", dy " << worst[2] << ", log size " << worst[3] << "\n";
    EXPECT_EQ(inputs, 32);
    for (int c = 0; c < 4; ++c)
        EXPECT_LT(worst[static_cast<size_t>(c)], 2e-5f) << "output channel " << c;
}

TEST(FinderNet, RefusesNetsItDoesNotRun) {
    cv::dnn::Net reader = loadModel("dice_reader.onnx"); // max pools, a linear layer and a softmax
    EXPECT_FALSE(mv::FinderNet::fromNet(reader).has_value());
}
