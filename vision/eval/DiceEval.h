#pragma once

// Scoring the DiceReader against labelled photos: the manifest format of ../shared/data/dice
// (image_path,split,width,height,count,faces) with YOLO boxes in labels/ beside images/ where present.

#include "vision/DiceReader.h"
#include "vision/DiceSet.h"
#include "vision/VisionError.h"

#include <opencv2/core.hpp>

#include <array>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace muster::vision {

struct LabelledDie {
    int face = 0;   // 1-6
    cv::Rect2f box; // frame pixels
};

struct LabelledImage {
    std::string path; // absolute or relative to the working directory
    std::string name; // file name, for reports
    std::string split;
    int count = 0;
    std::vector<int> faces;        // sorted, from the manifest
    std::vector<LabelledDie> dice; // from the YOLO label file; empty when there is none
    bool hasBoxes = false;
    cv::Size2f size; // the photo's size the boxes were scaled by (0x0 without boxes)
};

// Reads a manifest; split empty means every row. Paths resolve against the manifest's folder.
Result<std::vector<LabelledImage>> loadManifest(const std::string& manifestPath,
                                                const std::string& split = {});

// A die whose label disagrees with what its photo shows, checked by a person looking at the crop. The data
// set is not ours to edit, so the eval can apply a list of these on request and says how many it applied.
struct LabelFix {
    std::string image;  // file name, e.g. "IMG_20191209_095555.jpg"
    cv::Point2f centre; // the die's centre as a fraction of the photo's width and height
    int labelled = 0;   // the face the labels give
    int actual = 0;     // the face the photo shows
    std::string note;
};

// Reads a CSV "image,cx,cy,labelled,actual,note" (header line first; '#' lines are comments).
Result<std::vector<LabelFix>> loadLabelFixes(const std::string& path);
// Applies the fixes whose image is in `images` (others are skipped: a split holds only some photos) and
// returns how many were applied. A fix that names a loaded photo but matches no labelled die (none with the
// labelled face whose box holds the centre) is an Error and nothing is changed: the labels have moved on.
Result<int> applyLabelFixes(std::vector<LabelledImage>& images, const std::vector<LabelFix>& fixes);

// How one frame's reads compare with its labels.
struct ImageScore {
    std::string name;
    int dice = 0, found = 0, readRight = 0, confidentWrong = 0, unsure = 0, phantom = 0;
    bool countUncertain = false;
    double milliseconds = 0.0;
    std::array<std::array<int, 7>, 6> confusion{}; // [true face - 1][read value - 1], column 6: missed
    bool failed() const { return found < dice || readRight < found || confidentWrong > 0 || phantom > 0; }
};

// For each read die, the index in truth.dice of the labelled die it matches, or -1: the nearest unmatched
// labelled die whose box contains the read's centre or whose box centre lies in the read's outline, strongest
// reads first. Both ways, because photos taken at a slant are often labelled with a box on the top face
// alone, which the centre of a read of the whole die can fall just outside.
std::vector<int> matchReadsToBoxes(const DiceFrame& read, const LabelledImage& truth);

// Reads and labelled boxes are matched by matchReadsToBoxes. Without boxes, reads and labels are matched as
// multisets of values.
ImageScore scoreImage(const DiceFrame& read, const LabelledImage& truth);

struct EvalReport {
    int images = 0, dice = 0, found = 0, readRight = 0, confidentWrong = 0, unsure = 0, phantom = 0;
    int countUncertainImages = 0;
    double medianMs = 0.0, p95Ms = 0.0;
    std::array<std::array<int, 7>, 6> confusion{};
    std::vector<ImageScore> failing; // images with a miss, a wrong value or a phantom
    std::vector<std::string> errors; // images that could not be loaded or read
    int labelFixes = 0;              // labels corrected before scoring (applyLabelFixes)
    // The hints the photos were read with (EvalOptions), so a report says what it measured.
    std::optional<double> trayFromLabels;
    bool dieSizeFromLabels = false;
    int imagesWithoutTray = 0; // with trayFromLabels: photos with no labelled box, read over the whole frame
};

// Places a photo in a larger frame the way a webcam at higher resolution would see the same scene: scaled to
// fit, centred, padded with the photo's border colour. Returns the transform applied (x' = s*x + offset).
struct FrameFit {
    double scale = 1.0;
    cv::Point2d offset;
};
// `zoom` (0.05-1) shrinks the photo further inside the frame, as a camera further from the tray sees it.
cv::Mat fitIntoFrame(const cv::Mat& photo, cv::Size frameSize, FrameFit* fit = nullptr, double zoom = 1.0);
LabelledImage mapLabels(const LabelledImage& truth, const FrameFit& fit);

// The median longer side of a photo's labelled boxes in its pixels; 0 without labelled boxes.
float medianBoxSide(const LabelledImage& truth);
// The median labelled die edge of a photo in its pixels (the longer box side over the 1.2 box-per-edge
// of randomly turned dice, as the calibration's die size is an edge); 0 without labelled boxes.
float dieEdgeFromLabels(const LabelledImage& truth);

// The tray a calibration would give for this photo: the convex hull of its labelled boxes grown outwards
// by k median box sides (medianBoxSide(); at least 8 px, so a lone tiny die still has a tray the reader can
// watch). Empty without labelled boxes.
std::vector<cv::Point2f> trayFromLabels(const LabelledImage& truth, double k);

struct EvalOptions {
    cv::Size frameSize; // empty: read photos as they are; else fitIntoFrame first
    double zoom = 1.0;  // under 1: the photo shrunk by this inside the frame (or inside its own size)
    // Measuring at the table: with a value K, each photo is read with the tray trayFromLabels(K) as the
    // reader's tray hint (reads outside it are dropped, as with a calibrated tray)...
    std::optional<double> trayFromLabels;
    // ...and with this, with dieEdgeFromLabels() as the die-size hint.
    bool dieSizeFromLabels = false;
    std::function<void(int done, int total, const std::string& name)> progress;
    const DiceSet* diceSet = nullptr; // read again with this set (applyDiceSet()) when given
};

EvalReport evaluate(DiceReader& reader, const std::vector<LabelledImage>& images,
                    const EvalOptions& options = {});

// JSON (nlohmann); text that is not UTF-8, such as a file name, has U+FFFD for each invalid byte.
std::string evalReportJson(const EvalReport& report);
std::string evalReportTable(const EvalReport& report);

} // namespace muster::vision
