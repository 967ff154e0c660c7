#pragma once

// DiceSets: each player's dice told apart by colour. A calibration throw gives example dice per set (a photo
// and the dice's boxes); each set keeps every example's body and pip colour in CIE Lab; a die is then given
// to the set with the example die whose two colours explain its pixels best (and whose body has the die's
// hue and chroma), or called unknown (ask a person) when none does.

#include "calibration/CalibrationError.h"

#include <opencv2/core.hpp>

#include <optional>
#include <string>
#include <vector>

namespace muster::calibration {

// A die's two colours, CIE Lab with L in 0-100 (OpenCV's float Lab).
struct DieColour {
    cv::Vec3f body;
    cv::Vec3f pip;
};

struct DiceSet {
    std::string name;   // "red", "Anna's greens"
    std::string player; // who throws this set; empty until assigned
    cv::Vec3f body;     // median body colour of the examples
    cv::Vec3f pip;      // median pip colour of the examples
    int samples = 0;    // dice it was learnt from
    // Each example die's colours. A die is matched against every example rather than only the medians, so a
    // set whose dice vary (swirled, two shades) keeps its spread. Empty (a set stored without its examples):
    // the medians alone stand for the set.
    std::vector<DieColour> examples = {};
    // The set's taught faces (a symbol for the 6, a skull for the 1), as the dice reader keeps them
    // (vision::diceSetToText); empty when its faces are all read by pips. Opaque here: calibration does not
    // read dice.
    std::string faces = {};
};

struct DiceSetOptions {
    float innerFraction = 0.7f; // side of the centred square classify() matches, as a fraction of the die box
    float describeFraction = 0.6f; // the same for describeDie(): an example's two colours come from the die's
                                   // core, the pixels matched against them from a larger square (train only:
                                   // 0.6/0.6 mistook 10 dice in 4780 draws, 0.6/0.7 2; docs/calibration.md)
    float pipPenalty = 8.0f; // Lab distance added to pip matches, so a white die is not a black die's pips
    // The match cost of a die against one example adds three statistics (docs/calibration.md, third round):
    // (1 - bodyWeight) x the median over the pixels of the distance to the body or (plus pipPenalty) the
    // pips; bodyWeight x the bodyQuantile quantile of the distance to the body alone, so most of the die must
    // be body-coloured (a black die with six white pips is not a white die); chromaWeight x the distance in
    // (a, b) between the die's own body colour (describeDie) and the example's body, i.e. hue and chroma
    // without lightness (a pale brown die is not a black one, a shaded red die not a brown one).
    float bodyWeight = 0.5f;
    float bodyQuantile = 0.4f;
    float chromaWeight = 0.6f;
    float unknownAbove = 32.0f;  // match cost above which the colour is unknown
    float ambiguousBelow = 0.0f; // second best minus best under this is also unknown (0: off)
    // Background (fourth round, docs/calibration.md): the matched square's pixels within this Lab distance of
    // the median colour of a ring around the box (the tray showing through a loose box or past a turned die's
    // corners) are left out, and the die's two colours are then read from the pixels kept; unless that keeps
    // under half of them (a white die on a white board). 0: off.
    float backgroundDistance = 12.0f;
};

// The result of classifying one die.
struct SetMatch {
    int set = -1;       // index into DiceSetModel::sets(); -1 when unknown
    std::string player; // the set's player, empty when unknown
    float cost = 0.0f;  // match cost (DiceSetOptions) against the closest example of the set
    float runnerUpCost = 0.0f;

    bool unknown() const { return set < 0; }
};

// The pixels of a die the colour model looks at: the centred inner square of `box`, as N x 3 float Lab.
Result<cv::Mat> dieSampleLab(const cv::Mat& bgr, const cv::Rect2f& box, float innerFraction);

// One die as classify() reads it: the pixels it matches (N x 3 float Lab) and the die's two colours.
struct DieSample {
    cv::Mat pixels;
    DieColour colour;
    std::optional<cv::Vec3f> background; // the ring's median colour, when backgroundDistance asked for it
};
Result<DieSample> sampleDie(const cv::Mat& bgr, const cv::Rect2f& box, const DiceSetOptions& options = {});

// Body (the larger of two Lab clusters) and pip colour of one die: of its describeFraction core, or with a
// backgroundDistance of the matched square's pixels unlike the tray around it (as classify() reads the die).
Result<DieColour> describeDie(const cv::Mat& bgr, const cv::Rect2f& box, const DiceSetOptions& options = {});

// Groups dice of one mixed calibration throw into sets: dice whose body colours lie within maxDistance (Lab)
// of a group's running median join it. Returns groups of indices into `colours`, largest first.
std::vector<std::vector<int>> groupByColour(const std::vector<DieColour>& colours, float maxDistance = 15.0f);

class DiceSetModel {
public:
    explicit DiceSetModel(const DiceSetOptions& options = {})
        : m_options(options) {}

    // Learns a set from example dice; returns its index.
    Result<int> addSet(const std::string& name, const std::string& player,
                       const std::vector<DieColour>& examples);
    // The same from a calibration throw: one photo and the boxes of this set's dice in it.
    Result<int> addSet(const std::string& name, const std::string& player, const cv::Mat& bgr,
                       const std::vector<cv::Rect2f>& boxes);
    // Adds a set learnt elsewhere (a stored profile).
    void addSet(const DiceSet& set) { m_sets.push_back(set); }
    Status assignPlayer(int set, const std::string& player);

    Result<SetMatch> classify(const cv::Mat& bgr, const cv::Rect2f& box) const;
    // Classifies pre-sampled Lab pixels (sampleDie, or dieSampleLab with describeDie's body colour), for
    // callers that already have them. Without a body colour the hue-and-chroma term is left out.
    SetMatch classifyPixels(const cv::Mat& lab, const std::optional<cv::Vec3f>& dieBody = std::nullopt) const;

    const std::vector<DiceSet>& sets() const { return m_sets; }
    const DiceSetOptions& options() const { return m_options; }

private:
    // The match cost of the die's pixels (and body colour, when known) against one example's colours.
    float colourCost(const cv::Mat& lab, const std::optional<cv::Vec3f>& dieBody, const DieColour& colour,
                     std::vector<float>& pixelCost, std::vector<float>& bodyDistance) const;

    DiceSetOptions m_options;
    std::vector<DiceSet> m_sets;
};

} // namespace muster::calibration
