#pragma once

// Reads order chits in camera frames: every QR or Micro QR code with its position, parsed as a chit payload;
// foreign and malformed codes are reported with the reason and never turned into orders.

#include "vision/chits/ChitPayload.h"

#include <opencv2/core.hpp>

#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace muster::vision {

// One code seen in one frame.
struct ChitSighting {
    enum class Kind { Chit, Foreign, Malformed };

    Kind kind = Kind::Foreign;
    std::string text;   // the decoded text as read
    std::string format; // "QRCode", "MicroQRCode", or another format when foreign formats are enabled
    std::array<cv::Point2f, 4> quad; // corners in image pixels, clockwise from the code's top-left
    cv::Point2f centre;
    float modulePx = 0;                 // mean side of one module in pixels (0 when unknown)
    std::optional<ChitPayload> payload; // set only for Kind::Chit
    std::string reason;                 // why it is not a chit (Foreign, Malformed)
};

const char* sightingKindName(ChitSighting::Kind kind);

// Two or more chits naming one unit with different orders.
struct ChitConflict {
    int unitSlot = 0;
    std::vector<std::string> orders; // payload codes
};

struct ChitFrame {
    std::vector<ChitSighting> sightings; // chits first, then foreign and malformed codes
    std::vector<ChitConflict> conflicts;

    std::vector<const ChitSighting*> chits() const;
    std::vector<const ChitSighting*> rejected() const;
};

struct ChitReaderOptions {
    bool qrCode = true;
    bool microQrCode = true;
    // Also look for other symbologies (EAN, Code 128, DataMatrix...) so they can be reported as foreign.
    // Slower.
    bool otherFormats = false;
    bool tryHarder = true;
    // ZXing 1.4 finds only a few of many QR codes in one large frame, so code-like regions (dense dark/light
    // edges) are found first and decoded one by one. A whole-frame pass as well costs about 15 ms and found
    // nothing more on the synthetic frames, so it is off by default.
    bool regionSearch = true;
    bool wholeFrame = false;
    // Codes held close to the camera (modules of about 12 px and more in a 1080p frame) defeat the region
    // search (its density map sees only module edges, not their large insides) and ZXing's local threshold at
    // full size, so the whole frame is also read at a quarter size, where their modules are 3..8 px. About 3
    // ms a 1080p frame (tests/vision/chits/bench, large:1 against large:0).
    bool largeCodes = true;
    // When set, chits of another game are malformed ("chit of game AB, this game is K7").
    std::optional<std::string> game;
    // When set, a chit whose order code is not in the game's rule set is malformed (unknown order).
    std::optional<ChitVocabulary> vocabulary;
};

class ChitReader {
public:
    explicit ChitReader(ChitReaderOptions options = {});

    // An 8-bit BGR or grey frame; an empty frame yields an empty result.
    ChitFrame read(const cv::Mat& frame) const;
    // Classifies one decoded text (the part of read() after ZXing), for tests and typed input.
    ChitSighting classify(const std::string& text) const;

    // A code-like region of a frame: where to look (with a margin) and the dense patch's longer side, which
    // sets how much to enlarge it before decoding (0 for a patch of several chits side by side, read whole).
    struct Region {
        cv::Rect roi;
        int patchSide = 0;
    };
    static std::vector<Region> candidateRegions(const cv::Mat& grey);

private:
    ChitReaderOptions m_options;
};

// Collects the chits of one orders phase over many frames: the same chit seen in many frames counts once, a
// unit with two different orders is a conflict, and foreign codes are listed but never become orders.
class ChitAccumulator {
public:
    void add(const ChitFrame& frame);
    void clear();

    // Units with exactly one order seen (conflicting units are left out).
    std::map<int, std::string> orders() const; // unit slot -> order code
    std::vector<ChitConflict> conflicts() const;
    // Unit-less chits: for each order, the most seen in one frame (identical chits cannot be told apart).
    std::map<std::string, int> unitlessCounts() const;
    // Distinct rejected texts with their reasons.
    std::map<std::string, std::string> rejected() const { return m_rejected; }
    int framesSeen() const { return m_frames; }

private:
    std::map<int, std::map<std::string, int>> m_seen; // unit slot -> order -> frames seen in
    std::map<std::string, int> m_unitless;
    std::map<std::string, std::string> m_rejected;
    int m_frames = 0;
};

} // namespace muster::vision
