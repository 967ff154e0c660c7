#pragma once

// DiceReader: finds every d6 in a colour frame and reads its face, saying so when it is not sure.
//
// Two small networks trained by scripts/train_dice_model.py (see docs/dice-reader.md): a finder that marks
// die centres and sizes on a grid of stride 8 over the frame scaled so a die is about 25 px across, and a
// reader that classifies a square crop around each found die (its side is the reader model's input side,
// 32 px for the committed one) as face 1-6 or "not a die". Both are loaded
// through OpenCV DNN and run by our own loops (FinderNet.h, ReaderNet.h) where the CPU allows, else by
// OpenCV.

#include "vision/FinderNet.h"
#include "vision/ReaderNet.h"
#include "vision/VisionError.h"

#include <opencv2/core.hpp>
#include <opencv2/dnn.hpp>

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace muster::vision {

// What the calibration knows about the scene; every field is optional.
struct DiceHints {
    std::vector<cv::Point2f> trayPolygon; // frame pixels; empty means the whole frame
    float dieSizePx = 0.0f;               // expected die edge in frame pixels; 0 means unknown
};

struct DieRead {
    int value = 0;                      // 1-6: the most likely face
    float confidence = 0.0f;            // reader probability of `value`
    float findScore = 0.0f;             // finder heat at the die centre, 0-1
    std::array<float, 7> probability{}; // faces 1-6, then "not a die"
    cv::RotatedRect outline;            // top face in frame pixels
    bool unsure = false;                // not confident enough to accept without a person
    bool cocked = false;                // the top face does not look square (leaning die)
    bool touching = false;              // another die is within touching distance
    bool occluded = false;              // cut by the frame or tray edge
    // A strong find the reader leans to call "not a die" without being sure: kept (and unsure, and the
    // frame's count uncertain) so that a person sees it and says, rather than the die vanishing.
    bool maybeNotADie = false;
    // What the readers see in the die's crop before they name a face: each reader's global average of its
    // last convolution, L2-normalised, one after the other. Dice sets compare dice by it (DiceSet.h). Empty
    // when a reader has no such layer.
    std::vector<float> features;
};

struct DiceFrame {
    std::vector<DieRead> dice;
    bool countUncertain = false; // a possible die was dropped, a kept one may be none, or two reads one die
    int possibleDiceDropped = 0; // weak finds the reader read as neither a sure die nor surely no die
    double milliseconds = 0.0;   // time spent in read()
    float finderShare =
        0.0f; // finder net pixels run over the first pass's finder image (1 = all of it, once)
};

struct DiceReaderOptions {
    float findThreshold = 0.35f; // finder heat that makes a candidate a die
    float weakThreshold = 0.12f; // weaker candidates still go to the reader; if read as a die they count
    // Reader confidence under which a die is flagged unsure. Unset, load() takes the threshold the model set
    // was measured for (unsure_below in its dice_models.yml), or kStrictUnsureBelow for a folder without one.
    std::optional<float> unsureBelow;
    float notADieDrop = 0.50f; // "not a die" probability above which a candidate is dropped...
    float notADieSure = 0.90f; // ...and under which the reader is not sure it is no die: such a drop of a
                               // strong find (or a weak one read as a die) makes the count uncertain
    // ...and with keepDoubtfulFinds a strong find the reader is not sure is no die is kept as maybeNotADie,
    // not dropped (train: 2 more dice read right in 3 runs, 4 in the 8 zoom runs, 4 more phantoms in those
    // 11 runs, every one flagged; dice-reader.md, thirteenth round).
    bool keepDoubtfulFinds = true;
    float finderDiePx = 25.0f;  // die size the frame is scaled to for the finder (trained on 12-45 px);
                                // larger than the 19 px it was centred on: touching dice stay apart
    float cockedBelow = 0.03f;  // four-fold edge coherence under which a die is flagged cocked (heuristic)
    float rescaleAbove = 1.35f; // the finder runs again when the dice it found are more than this factor off
                                // finderDiePx, and once more at the die-size hint's scale when that is
    // A die the unhinted passes found that the hinted pass did not is kept when its size is within this
    // factor of the hint (a die of the calibrated set); 0 keeps every such find.
    float hintKeepsWithin = 3.0f;
    // The first pass sees dice of about 18-68 px in a 640 px photo; a larger die is wider than the finder's
    // receptive field and shows only its pips. With scaleSearch the finder also runs at the first scale / 3
    // and / 9 (cheap: a ninth and an eighty-first of the pixels), and the pass with the surest finds (mean of
    // its three best strong scores) among those whose dice are too large for the finer pass sets the scale
    // the rescale pass runs at. Not with a die-size hint, which gives the scale. rune55 test, whole frame:
    // 24% -> 46% read right, 3.1% -> 1.2% confidently wrong, 3.3 -> 1.8 phantoms a photo; nell-byler alike.
    bool scaleSearch = true;
    // The sparse finder (docs/dice-reader.md, "Sparse finder"): the net runs only on rectangles around the
    // 16x16 blocks of the finder image whose colour range passes sparseBusyAbove, and keeps only the cells
    // whose receptive field lies inside a rectangle, so it gives the dense run's numbers there.
    bool sparseFinder = true;     // false: the finder runs on the whole image (or the tray's part) as before
    float sparseBusyAbove = 32.f; // per-block range (largest max - min of the three channels, 0-255)
    int sparseGrow = 0;    // finder pixels around the busy blocks where a die's centre cell may still be
    int sparseMargin = 32; // finder pixels at a rectangle's cut edges whose cells are not kept: a cell's
                           // receptive field reaches 31 px either side of its centre
    float sparseDenseAbove = 0.75f; // one dense pass when the rectangles would cover more of the image
    // Both nets run in our own loops (ReaderNet, FinderNet) where the CPU has AVX2 and FMA; false keeps them
    // in OpenCV DNN, which is what a CPU without those gets (and what tests compare the loops against). Read
    // when the reader is loaded.
    bool ownLoops = true;
    // A die between two cells of the finder's grid (stride 8) can fall through: its heat is split, or merged
    // into a neighbour's (train in 1920x1080 frames: 11 of 1487 dice missed, at 640x640 3 to 11 by where the
    // grid falls). With twoPhaseFinder the finder runs a second time where dice lie closer than crowdedBelow
    // typical dice, on its image moved by half a cell, and adds the dice only that pass found.
    bool twoPhaseFinder = true;
    float crowdedBelow = 1.6f;
};

// A model folder's description of itself, dice_models.yml (OpenCV FileStorage YAML): the finder's file, the
// readers' files (their probabilities are averaged for every crop), the side of the square crop the readers
// were trained on, and the unsure threshold measured for those readers together, so that a threshold travels
// with the models it was measured on.
struct DiceModelSet {
    std::string finder = "dice_finder.onnx";
    std::vector<std::string> readers{"dice_reader.onnx"};
    // reader_crop: pixels a side. The readers (convolutions and a global average) run on crops of any side,
    // so only the folder can say which one they learned; 32 is the committed readers' and the training
    // script's default.
    int readerCrop = 32;
    std::optional<float> unsureBelow; // in (0, 1]; unset when the folder does not say
};

// The model set of modelDir: its dice_models.yml, or without one dice_finder.onnx, dice_reader.onnx and
// dice_reader_2.onnx when it is there, at 32 px crops, with no threshold. A file that does not parse, names a
// file outside the folder, gives a crop side outside 8-256 or a threshold outside (0, 1] is an Error; missing
// model files are load()'s to report.
Result<DiceModelSet> loadDiceModelSet(const std::string& modelDir);

class DiceReader {
public:
    // Used when neither the options nor the model folder give a threshold: what the committed set's first
    // reader needs alone to leave no confident wrong on train (the eleventh round's h1, dice-reader.md).
    static constexpr float kStrictUnsureBelow = 0.92f;

    // Loads the model set of modelDir (loadDiceModelSet()) through OpenCV DNN and runs each model once on a
    // blank input: a file OpenCV cannot read, a finder that does not give four maps or a reader that does not
    // turn a crop of the set's side into 7 classes is an Error naming the file. options().unsureBelow is
    // always set after a load.
    static Result<DiceReader> load(const std::string& modelDir, const DiceReaderOptions& options = {});
    // $MUSTER_MODEL_DIR if set, else data/models of the source tree this was built from.
    static std::string defaultModelDir();

    // frame: 8-bit BGR (CV_8UC3). Grey, empty or other types are an Error.
    Result<DiceFrame> read(const cv::Mat& frame, const DiceHints& hints = {});

    const DiceReaderOptions& options() const { return m_options; }
    // The side of the readers' input crop (the model set's reader_crop), in pixels.
    int cropSide() const { return m_cropSide; }
    DiceReaderOptions& options() { return m_options; }

    static constexpr float kFinderDiePx = 19.0f; // the finder's size output is log(size / 19 px)
    static constexpr int kFinderStride = 8;
    static constexpr float kCropContext = 1.4f; // crop side / die size

private:
    struct Candidate {
        cv::Point2f centre;
        float size = 0.0f; // axis-aligned box side in frame pixels
        float score = 0.0f;
        float typical = 0.0f; // the median strong find of the pass that found it (typicalSize())
    };

    DiceReader(const cv::dnn::Net& finder, const std::vector<cv::dnn::Net>& readers, int cropSide,
               const DiceReaderOptions& options);
    // The finder over the image scaled by `scale`. A non-empty `watch` (image pixels, e.g. the tray's
    // bounding box) runs the net only on that part of the scaled image, cut on the net's grid with a margin
    // wider than its receptive field, so each cell there sees what it sees in a whole-image run.
    // `shift` moves the finder image by that many finder pixels right and down (a grid phase of its own).
    std::vector<Candidate> find(const cv::Mat& image, float scale, const cv::Rect& watch = {},
                                float shift = 0.0f);
    // With twoPhaseFinder, `all` (find() at this scale) and the finds of a second pass half a grid cell off
    // over its crowded part (see twoPhaseFinder).
    std::vector<Candidate> addSecondPhase(const cv::Mat& image, float scale, const cv::Rect& watch,
                                          std::vector<Candidate> all);
    // Median size of the strong candidates (0 without any): the dice of one throw are alike in size.
    float typicalSize(const std::vector<Candidate>& candidates) const;
    // The finder's output (1x4xHxW) for one grid-aligned rectangle of m_finderSmall; valid until the next
    // call.
    cv::Mat runFinder(const cv::Rect& part);
    // Rectangles of m_finderSmall (origin on the 16 px grid, margin included) around the blocks where
    // something might be, inside `limit` (finder pixels), cut to `readable` (the pixels drawn for this pass);
    // {fallback} when one pass over it is cheaper.
    std::vector<cv::Rect> sparseParts(const cv::Rect& limit, const cv::Rect& fallback,
                                      const cv::Rect& readable);
    // Reader probabilities (rows: crops, columns: faces 1-6 and "not a die"), averaged over the readers.
    // With `features`, also each crop's DieRead::features (rows: crops), or an empty Mat when a reader
    // has no global average layer.
    cv::Mat readCrops(const std::vector<cv::Mat>& crops, cv::Mat* features = nullptr);

    cv::dnn::Net m_finder;                  // the finder through OpenCV DNN, for CPUs the loops do not run on
    std::optional<FinderNet> m_finderLoops; // the finder net run by our own loops (FinderNet.h), when it can
    cv::Mat m_finderOutput;
    struct Reader {
        cv::dnn::Net net;               // through OpenCV DNN, for CPUs the loops do not run on
        std::optional<ReaderNet> loops; // run by our own loops (ReaderNet.h), when it can
        // OpenCV's names of its global average layer ("" without one) and of its output, so that one
        // forward pass gives both.
        std::vector<cv::String> featureAndOutput;
    };
    std::vector<Reader> m_readers; // in the order of the model set
    int m_cropSide = 0;
    cv::Mat m_finderInput; // input blobs and finder images kept between reads so their memory is reused
    cv::Mat m_finderSmall;
    cv::Mat m_finderPadded;
    std::vector<cv::Mat> m_finderPlanes;
    cv::Mat m_finderMaps; // heat, dx, dy, log size stacked (4 grid heights) over the whole image's grid
    cv::Mat m_finderHalf; // m_finderSmall at half size, for the sparse finder's block ranges
    cv::Mat m_busy;
    cv::Mat m_rowLo, m_rowHi;
    std::vector<uchar> m_blockLo, m_blockHi; // per block of a block row, per channel: least and most value
    cv::Mat m_keep; // the busy blocks that count, and their connected components (sparseParts())
    cv::Mat m_ccLabels, m_ccStats, m_ccCentroids;
    float m_finderShare = 0.0f; // finder pixels run / finder image pixels, summed over the passes of a read
    float m_shareUnit = 0.0f;   // the first pass's finder image pixels, which later passes count against
    cv::Mat m_readerInput;
    DiceReaderOptions m_options;
};

// The crop the reader sees: a square of side kCropContext*size around centre, replicated border, resampled to
// side x side (DiceReader::cropSide()).
cv::Mat diceReaderCrop(const cv::Mat& bgr, cv::Point2f centre, float size, int side);

} // namespace muster::vision
