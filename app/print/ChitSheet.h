#pragma once

// Printable sheets of round order-chit labels for pennies: a QR (or Micro QR) code in the middle, the order's
// colour ring (the rule set's chit vocabulary), the order and unit in small type, cut guides and a 100 mm
// ruler to check the scale.

#include "vision/VisionError.h"
#include "vision/chits/ChitPayload.h"
#include "vision/chits/ChitScenario.h"
#include "vision/chits/ZXingAdapter.h"

#include <map>
#include <string>
#include <vector>

namespace muster::app {

enum class Paper { A4, Letter };
enum class ChitCode { QrCode, MicroQrCode };

struct ChitLabel {
    vision::ChitPayload payload;
    std::string unitText; // printed under the code: the unit's id, or "any unit"
    ChitOrderSpec order;  // how its order is printed (colour, short text)
};

struct ChitSheetOptions {
    Paper paper = Paper::A4;
    double labelMm = 19.05; // a US penny
    ChitCode code = ChitCode::MicroQrCode;
    std::string title;
};

// Where one label landed, in millimetres from the page's top-left corner.
struct LabelPlacement {
    int page = 0;
    double centreXMm = 0;
    double centreYMm = 0;
    double diameterMm = 0;
    double codeSideMm = 0; // the symbol without its quiet zone
    int modules = 0;       // modules across the symbol
    std::string text;      // the payload
};

struct SheetLayout {
    double pageWidthMm = 0;
    double pageHeightMm = 0;
    int pages = 0;
    std::vector<LabelPlacement> labels;
};

// The chit codes each unit can be given, by unit id (rules::chitCodesOf); a unit not in it gets every chit.
using ChitCodesByUnit = std::map<std::string, std::vector<std::string>>;

// One label per unit and order of `vocabulary` it can be given (in the vocabulary's order), then
// `unitlessSets` sets of unit-less chits of every order.
std::vector<ChitLabel> labelsForScenario(const vision::ChitScenario& scenario,
                                         const ChitVocabulary& vocabulary, int unitlessSets,
                                         const ChitCodesByUnit& codesByUnit = {});

// The modules of the symbol a label carries; empty if the text does not fit the code.
vision::zxing::ModuleMatrix chitSymbol(const std::string& text, ChitCode code);

// Lays out and writes the PDF. Needs a QGuiApplication (fonts).
vision::Result<SheetLayout> writeChitSheet(const std::string& pdfPath, const std::vector<ChitLabel>& labels,
                                           const ChitSheetOptions& options);

} // namespace muster::app
