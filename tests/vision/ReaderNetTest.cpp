// ReaderNet (the reader's face net run by our own loops) against OpenCV DNN on the same crops: real dice of
// the test photos in all eight symmetries of the square, and nets it must refuse.

#include "vision/ReaderNet.h"

#include "PhotoTests.h"
#include "TestData.h"
#include "vision/DiceReader.h"
#include "vision/eval/DiceEval.h"

#include <gtest/gtest.h>
#include <opencv2/imgcodecs.hpp>

#include <filesystem>
#include <iostream>

namespace mv = muster::vision;

using muster::vision::test::loadModel;

class ReaderNetOnPhotos : public muster::vision::test::LoopNetTest {
protected:
    ReaderNetOnPhotos()
        : LoopNetTest("ReaderNet", "dice_reader.onnx") {}
};

TEST_F(ReaderNetOnPhotos, GivesOpenCvsProbabilitiesOnTestDice) {
    const auto reader = mv::DiceReader::load(muster::vision::test::modelDir());
    ASSERT_TRUE(reader) << reader.error().message;
    const int side = reader->cropSide();
    std::optional<mv::ReaderNet> loops = mv::ReaderNet::fromNet(net, side);
    ASSERT_TRUE(loops.has_value());
    ASSERT_EQ(loops->outputs(), 7);

    int crops = 0, sameFace = 0;
    float worst = 0.0f;
    for (size_t k = 0; k < images.size() && k < 6; ++k) {
        const mv::LabelledImage& img = images[k];
        const cv::Mat photo = cv::imread(img.path, cv::IMREAD_COLOR);
        ASSERT_FALSE(photo.empty()) << img.path;
        for (const mv::LabelledDie& die : img.dice) {
            const cv::Point2f centre(die.box.x + die.box.width / 2, die.box.y + die.box.height / 2);
            const cv::Mat crop =
                mv::diceReaderCrop(photo, centre, std::max(die.box.width, die.box.height), side);
            cv::Mat mirrored;
            cv::flip(crop, mirrored, 1);
            for (const cv::Mat& base : {crop, mirrored})
                for (int turn = -1; turn < 3; ++turn) {
                    cv::Mat look = base;
                    if (turn >= 0)
                        cv::rotate(base, look, turn);
                    net.setInput(cv::dnn::blobFromImage(look, 1.0 / 255.0));
                    const cv::Mat expected = net.forward().reshape(1, 1);
                    float got[7];
                    loops->forward(look, got);
                    for (int c = 0; c < 7; ++c)
                        worst = std::max(worst, std::abs(got[c] - expected.at<float>(0, c)));
                    const int a = static_cast<int>(std::max_element(got, got + 7) - got);
                    cv::Point best;
                    cv::minMaxLoc(expected, nullptr, nullptr, nullptr, &best);
                    sameFace += a == best.x;
                    ++crops;
                }
        }
    }
    std::cout << crops << " crops, largest difference of a probability " << worst << "\n";
    EXPECT_GT(crops, 100);
    EXPECT_EQ(sameFace, crops);
    EXPECT_LT(worst, 1e-5f) << "largest difference of a probability over " << crops << " crops";
}

TEST(ReaderNet, RefusesNetsItDoesNotRun) {
    cv::dnn::Net finder = loadModel("dice_finder.onnx"); // no linear layer or softmax; a 1x1 head
    EXPECT_FALSE(mv::ReaderNet::fromNet(finder, 32).has_value());
    cv::dnn::Net reader = loadModel("dice_reader.onnx");
    EXPECT_FALSE(mv::ReaderNet::fromNet(reader, 31).has_value()); // an odd side cannot be max-pooled by 2
}
