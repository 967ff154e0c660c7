#include "vision/eval/DiceTeach.h"

#include "common/image/ImageFile.h"

#include <opencv2/core/utility.hpp>

#include <algorithm>

namespace muster::vision {

namespace {

// A found die of a labelled photo: its look, its label and what the pip reader read.
struct LabelledRead {
    cv::Mat look;
    int label = 0;
    DieRead read;
};

// The found dice of one labelled photo matched to its boxes; an Error naming the photo.
Result<std::vector<LabelledRead>> readLabelled(DiceReader& reader, const LabelledImage& truth) {
    if (!truth.hasBoxes)
        return Error{truth.name + " has no labelled boxes: teaching needs to know which die is which"};
    auto frame = muster::image::loadImageChecked(truth.path);
    if (!frame)
        return Error{truth.name + ": " + frame.error().message};
    const auto read = reader.read(frame.value());
    if (!read)
        return Error{truth.name + ": " + read.error().message};
    const std::vector<int> match = matchReadsToBoxes(read.value(), truth);
    std::vector<LabelledRead> dice;
    for (size_t d = 0; d < match.size(); ++d)
        if (match[d] >= 0)
            dice.push_back({dieDescriptor(frame.value(), read->dice[d]),
                            truth.dice[static_cast<size_t>(match[d])].face, read->dice[d]});
    return dice;
}

} // namespace

Result<TaughtFromPhotos> teachFromPhotos(DiceReader& reader, const std::vector<LabelledImage>& images,
                                         const TeachOptions& options,
                                         const std::function<void(int done, int total)>& progress) {
    const int64 start = cv::getTickCount();
    TaughtFromPhotos out;
    std::vector<TeachExample> examples;
    for (const LabelledImage& truth : images) {
        if (progress)
            progress(out.images, static_cast<int>(images.size()));
        const auto dice = readLabelled(reader, truth);
        if (!dice)
            return dice.error();
        for (const LabelledRead& die : dice.value())
            examples.push_back({die.look, die.label, die.read.value, die.read.unsure});
        const int matched = static_cast<int>(dice->size());
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

Result<TeachFoldsReport> teachInFolds(DiceReader& reader, const std::vector<LabelledImage>& images,
                                      const TeachFoldOptions& options,
                                      const std::function<void(int done, int total)>& progress) {
    if (options.folds < 2 || static_cast<int>(images.size()) < options.folds)
        return Error{"teaching in folds needs at least 2 folds and a photo a fold: " +
                     std::to_string(options.folds) + " folds, " + std::to_string(images.size()) + " photos"};
    const int64 start = cv::getTickCount();
    // Reads do not depend on the set, so each photo is read once and its dice kept for every set.
    std::vector<std::vector<LabelledRead>> dice(images.size());
    for (size_t i = 0; i < images.size(); ++i) {
        if (progress)
            progress(static_cast<int>(i), static_cast<int>(images.size()));
        auto read = readLabelled(reader, images[i]);
        if (!read)
            return read.error();
        dice[i] = std::move(read).value();
    }
    if (progress)
        progress(static_cast<int>(images.size()), static_cast<int>(images.size()));

    TeachFoldsReport report;
    report.images = static_cast<int>(images.size());
    const TeachOptions teach = options.examplesPerFace > 0 ? TeachOptions::atTheTable() : TeachOptions{};
    const auto readHeldOut = [&](const DiceSet& set, int fold) -> Result<void> {
        ++report.teachings;
        for (size_t f = 0; f < 6; ++f)
            report.taughtIn[f] += set.faces[f].taught ? 1 : 0;
        for (size_t i = static_cast<size_t>(fold); i < images.size(); i += static_cast<size_t>(options.folds))
            for (const LabelledRead& die : dice[i]) {
                DieRead read = die.read;
                if (auto applied = applyDiceSetToLook(set, die.look, read); !applied)
                    return applied;
                FaceReadTally& t = report.faces[static_cast<size_t>(die.label - 1)];
                ++t.dice;
                if (read.unsure)
                    ++t.unsure;
                else if (read.value == die.label)
                    ++t.sureRight;
                else
                    ++t.confidentWrong;
            }
        return {};
    };
    for (int fold = 0; fold < options.folds; ++fold) {
        std::vector<TeachExample> examples;
        std::array<int, 6> count{};
        for (size_t i = 0; i < images.size(); ++i) {
            if (static_cast<int>(i % static_cast<size_t>(options.folds)) == fold)
                continue;
            for (const LabelledRead& die : dice[i]) {
                examples.push_back({die.look, die.label, die.read.value, die.read.unsure});
                ++count[static_cast<size_t>(die.label - 1)];
            }
            const bool runDone = options.examplesPerFace > 0 &&
                                 *std::min_element(count.begin(), count.end()) >= options.examplesPerFace;
            if (!runDone)
                continue;
            auto set = teachDiceSet(examples, teach);
            examples.clear();
            count.fill(0);
            if (!set) {
                ++report.teachingsFailed;
                continue;
            }
            if (auto read = readHeldOut(set.value(), fold); !read)
                return read.error();
        }
        if (options.examplesPerFace == 0) {
            auto set = teachDiceSet(examples, teach);
            if (!set)
                return Error{"fold " + std::to_string(fold + 1) + ": " + set.error().message};
            if (auto read = readHeldOut(set.value(), fold); !read)
                return read.error();
        }
    }
    report.milliseconds = 1000.0 * static_cast<double>(cv::getTickCount() - start) / cv::getTickFrequency();
    return report;
}

} // namespace muster::vision
