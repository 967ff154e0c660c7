#include "app/cli/GamePhoto.h"

#include <nlohmann/json.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>

namespace muster::cli {

storage::EvidenceDraft syntheticThrowPhoto(const std::vector<int>& faces) {
    const int die = 28, gap = 6, perRow = 8;
    const int n = static_cast<int>(faces.size());
    const int cols = std::max(1, std::min(n, perRow));
    const int rows = std::max(1, (n + perRow - 1) / perRow);
    cv::Mat img(rows * (die + gap) + gap, cols * (die + gap) + gap, CV_8UC3, cv::Scalar(60, 110, 40)); // felt
    nlohmann::json detections = nlohmann::json::array();
    for (int i = 0; i < n; ++i) {
        const cv::Rect box(gap + (i % perRow) * (die + gap), gap + (i / perRow) * (die + gap), die, die);
        cv::rectangle(img, box, cv::Scalar(235, 235, 235), cv::FILLED);
        cv::putText(img, std::to_string(faces[static_cast<std::size_t>(i)]), {box.x + 8, box.y + 21},
                    cv::FONT_HERSHEY_SIMPLEX, 0.6, cv::Scalar(20, 20, 20), 2);
        detections.push_back({{"face", faces[static_cast<std::size_t>(i)]},
                              {"confidence", 1.0},
                              {"box", {box.x, box.y, box.width, box.height}}});
    }
    std::vector<uchar> jpeg;
    cv::imencode(".jpg", img, jpeg, {cv::IMWRITE_JPEG_QUALITY, 70});
    storage::EvidenceDraft e;
    e.jpeg.assign(jpeg.begin(), jpeg.end());
    e.detectionsJson = nlohmann::json{{"source", "synthetic"}, {"dice", detections}}.dump();
    return e;
}

} // namespace muster::cli
