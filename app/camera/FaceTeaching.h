#pragma once

// FaceTeaching: the dice-sets step's "teach faces", without Qt. A person throws one set's dice (one throw or
// a few), the reader reads each throw, the person taps the value of every die it read wrong or could not
// read (a symbol for the 6, a skull for the 1), and the throws kept become the set's taught faces
// (vision::teachDiceSet): a face the pip reader reads wrong on most of its examples is read by its look.

#include "vision/DiceReader.h"
#include "vision/DiceSet.h"

#include <opencv2/core.hpp>

#include <array>
#include <string>
#include <vector>

namespace muster::camera {

// One die of the throw in hand.
struct TeachDie {
    cv::Rect2f box;      // frame pixels
    int read = 0;        // the pip reader's value
    bool unsure = false; // ...which it doubts
    int face = 0;        // the value tapped; 0 until tapped, -1 tapped "leave it out"
    cv::Mat descriptor;  // vision::dieDescriptor()
    // What it teaches: the face tapped, else the read when sure; 0: left out.
    int label() const { return face > 0 ? face : (face < 0 || unsure ? 0 : read); }
};

class FaceTeaching {
public:
    // Reads a throw of the set's dice (8-bit BGR) and makes it the throw in hand, replacing one not kept.
    // An Error when the reader refuses the frame or finds no dice.
    vision::Result<void> readThrow(vision::DiceReader& reader, const cv::Mat& bgr,
                                   const vision::DiceHints& hints = {});
    const std::vector<TeachDie>& dice() const { return m_dice; }
    cv::Size frameSize() const { return m_frameSize; }
    // Taps die `index` of the throw in hand as face 1-6 (0: untap, -1: leave it out, not a die or unclear).
    // False when there is no such die or face.
    bool tap(int index, int face);
    // Keeps the throw in hand: every die with a label (tapped, or read and sure) becomes an example. Returns
    // the dice left out (unsure and not tapped).
    int keepThrow();
    // Examples kept so far, per face 1-6 (the throw in hand not counted until kept).
    std::array<int, 6> counts() const;
    int throwsKept() const { return m_throwsKept; }
    // Teaches the set from the kept examples; an Error while a face has fewer than 2.
    vision::Result<vision::DiceSet> teach(vision::TeachSummary* summary = nullptr) const;
    void clear();

private:
    std::vector<TeachDie> m_dice;
    cv::Size m_frameSize;
    std::vector<vision::TeachExample> m_examples;
    int m_throwsKept = 0;
};

// "the 6 is read by its look; 1-5 by their pips" and the like, for a person.
std::string describeTaughtFaces(const vision::DiceSet& set);

} // namespace muster::camera
