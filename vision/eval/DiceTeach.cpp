#include "vision/eval/DiceTeach.h"

#include "common/image/ImageFile.h"

#include <opencv2/core/utility.hpp>

namespace muster::vision {

Result<TaughtFromPhotos> teachFromPhotos(DiceReader& reader, const std::vector<LabelledImage>& images,
                                         const TeachOptions& options,
                                         const std::function<void(int done, int total)>& progress) {
    const int64 start = cv::getTickCount();
    TaughtFromPhotos out;
    std::vector<TeachExample> examples;
    for (const LabelledImage& truth : images) {
        if (progress)
            progress(out.images, static_cast<int>(images.size()));
        if (!truth.hasBoxes)
            return Error{truth.name + " has no labelled boxes: teaching needs to know which die is which"};
        auto frame = muster::image::loadImageChecked(truth.path);
        if (!frame)
            return Error{truth.name + ": " + frame.error().message};
        const auto read = reader.read(frame.value());
        if (!read)
            return Error{truth.name + ": " + read.error().message};
        const std::vector<int> match = matchReadsToBoxes(read.value(), truth);
        int matched = 0;
        for (size_t i = 0; i < match.size(); ++i) {
            if (match[i] < 0)
                continue;
            const DieRead& die = read->dice[i];
            examples.push_back({dieDescriptor(frame.value(), die),
                                truth.dice[static_cast<size_t>(match[i])].face, die.value, die.unsure});
            ++matched;
        }
        ++out.images;
        out.labelledDice += static_cast<int>(truth.dice.size());
        out.unmatched += static_cast<int>(truth.dice.size()) - matched;
    }
    if (progress)
        progress(out.images, static_cast<int>(images.size()));
    auto set = teachDiceSet(examples, options, &out.summary);
    if (!set)
        return set.error();
    out.set = std::move(set).value();
    out.milliseconds = 1000.0 * static_cast<double>(cv::getTickCount() - start) / cv::getTickFrequency();
    return out;
}

} // namespace muster::vision
