// muster-cli chits: print a PDF sheet of order-chit labels for a scenario, read chits in photos.

#include "app/cli/Commands.h"
#include "app/report/JsonText.h"
#include "common/image/ImageFile.h"
#include "rules/RuleSets.h"
#include "rules/io/Json.h"
#include "vision/chits/ChitPayload.h"
#include "vision/chits/ChitReader.h"
#include "vision/chits/ChitScenario.h"

#ifdef MUSTER_HAVE_PRINT
#include "app/print/ChitSheet.h"
#include "app/print/PrintApplication.h"
#endif

#include <nlohmann/json.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>

namespace muster::cli {

using report::jsonText;

namespace {

// The vocabulary of the scenario read with --scenario (or --rules), so orders print by name; empty otherwise.
ChitVocabulary g_vocabulary;

// An order code by its name in the vocabulary ("FIRST FIRE"), or as the code when there is none.
std::string orderName(const std::string& code) {
    const ChitOrderSpec* o = findChitOrder(g_vocabulary, code);
    return o ? o->name : code;
}

namespace mv = muster::vision;

int usageError(const std::string& message) {
    std::cerr << "muster-cli chits: " << message << "\n";
    return 2;
}

#ifdef MUSTER_HAVE_PRINT
int printSheet(const ChitsPrintOptions& o) {
    const std::string& scenarioPath = o.scenario;
    const std::string& out = o.out;
    auto scenario = mv::loadChitScenario(scenarioPath);
    if (!scenario)
        return usageError(scenario.error().message);
    if (const auto& game = o.game) {
        if (!mv::isValidGameTag(*game))
            return usageError("--game must be 2 characters of 0-9 A-Z");
        scenario->game = *game;
    }

    // The parser checked --paper, --code, --unitless (0..20) and --label-mm (positive).
    app::ChitSheetOptions options;
    options.title = scenario->name.empty() ? scenarioPath : scenario->name;
    options.paper = o.paper == "letter" ? app::Paper::Letter : app::Paper::A4;
    options.code = o.code == "qr" ? app::ChitCode::QrCode : app::ChitCode::MicroQrCode;
    options.labelMm = o.labelMm.value_or(options.labelMm);
    const int unitless = o.unitless;

    const auto guiApp = app::printingApplication(); // fonts for the PDF; no display needed
    const ChitVocabulary& vocabulary = rules::chitVocabularyOf(scenario->ruleSet);
    if (vocabulary.empty()) {
        std::cerr << "muster-cli chits: the scenario's rule set '" << scenario->ruleSet
                  << "' has no order chits\n";
        return 2;
    }
    // Which chits each unit gets is the rule set's to say; a file the rules engine cannot read (a chits-only
    // fixture) still prints, every chit for every unit, and says why.
    app::ChitCodesByUnit codes;
    std::string unknown;
    if (auto ruled = rules::io::loadScenario(scenarioPath); !ruled)
        unknown = ruled.message();
    else if (auto known = rules::chitCodesOf(*ruled); !known)
        unknown = known.message();
    else
        codes = std::move(known).value();
    if (!unknown.empty())
        std::cerr
            << "muster-cli chits: every chit for every unit, as the rules engine cannot read the scenario: "
            << unknown << "\n";
    const auto labels = app::labelsForScenario(scenario.value(), vocabulary, unitless, codes);
    const auto layout = app::writeChitSheet(out, labels, options);
    if (!layout) {
        std::cerr << "muster-cli chits: " << layout.error().message << "\n";
        return 1;
    }
    std::cout << "wrote " << out << ": " << layout->labels.size() << " chits for " << scenario->units.size()
              << " units of game " << scenario->game << " on " << layout->pages << " page(s), "
              << (options.code == app::ChitCode::QrCode ? "QR version 1" : "Micro QR M3") << ", "
              << options.labelMm << " mm labels, " << std::fixed << std::setprecision(2)
              << layout->labels.front().codeSideMm / layout->labels.front().modules << " mm per module\n";
    return 0;
}
#else
int printSheet(const ChitsPrintOptions&) {
    std::cerr << "muster-cli chits: 'chits print' is unavailable in this build (configured with "
                 "MUSTER_BUILD_QT=OFF; the PDF sheet needs Qt Gui). Rebuild with -DMUSTER_BUILD_QT=ON.\n";
    return 1;
}
#endif

nlohmann::json sightingJson(const mv::ChitSighting& s, const mv::ChitScenario* scenario) {
    nlohmann::json j;
    j["kind"] = mv::sightingKindName(s.kind);
    j["text"] = s.text;
    j["format"] = s.format;
    j["centre"] = {s.centre.x, s.centre.y};
    nlohmann::json quad = nlohmann::json::array();
    for (const auto& p : s.quad)
        quad.push_back({p.x, p.y});
    j["quad"] = quad;
    j["module_px"] = s.modulePx;
    if (s.payload) {
        j["game"] = s.payload->game;
        j["order"] = orderName(s.payload->order);
        if (s.payload->unitSlot) {
            j["unit_slot"] = *s.payload->unitSlot;
            if (const mv::ChitUnit* u = scenario ? scenario->unitBySlot(*s.payload->unitSlot) : nullptr)
                j["unit"] = u->id;
        } else {
            j["unit_slot"] = nullptr;
        }
    } else {
        j["reason"] = s.reason;
    }
    return j;
}

std::string unitText(int slot, const mv::ChitScenario* scenario) {
    const mv::ChitUnit* u = scenario ? scenario->unitBySlot(slot) : nullptr;
    return u ? u->id + " (slot " + mv::unitSlotCode(slot) + ")" : "slot " + mv::unitSlotCode(slot);
}

std::string ordersText(const std::vector<std::string>& orders) {
    std::string s;
    for (const std::string& o : orders)
        s += (s.empty() ? "" : " / ") + orderName(o);
    return s;
}

} // namespace

int runChitsPrint(const ChitsPrintOptions& o) {
    return printSheet(o);
}

int runChitsRead(const ChitsReadOptions& o) {
    const std::vector<std::string>& images = o.images;
    mv::ChitReaderOptions options;
    options.otherFormats = o.allFormats;
    std::optional<mv::ChitScenario> scenario;
    if (const auto& path = o.scenario) {
        auto loaded = mv::loadChitScenario(*path);
        if (!loaded)
            return usageError(loaded.error().message);
        scenario = std::move(loaded).value();
        options.game = scenario->game;
        g_vocabulary = rules::chitVocabularyOf(scenario->ruleSet);
        if (!g_vocabulary.empty())
            options.vocabulary = g_vocabulary;
    }
    if (const auto& game = o.game) {
        if (!mv::isValidGameTag(*game))
            return usageError("--game must be 2 characters of 0-9 A-Z");
        options.game = *game;
    }
    const mv::ChitScenario* sc = scenario ? &*scenario : nullptr;
    const mv::ChitReader reader(options);
    mv::ChitAccumulator all;
    nlohmann::json jsonImages = nlohmann::json::array();
    int failures = 0;
    for (const std::string& path : images) {
        const auto loaded = muster::image::loadImageChecked(path);
        if (!loaded) {
            std::cerr << "muster-cli chits: " << loaded.error().message << "\n";
            ++failures;
            continue;
        }
        const cv::Mat& frame = loaded.value();
        const mv::ChitFrame result = reader.read(frame);
        all.add(result);
        if (const auto& overlay = o.overlay) {
            cv::Mat out = frame.clone();
            cv::Mat grey;
            cv::cvtColor(frame, grey, cv::COLOR_BGR2GRAY);
            for (const auto& region : mv::ChitReader::candidateRegions(grey))
                cv::rectangle(out, region.roi, cv::Scalar(160, 160, 160), 1);
            for (const auto& s : result.sightings) {
                std::vector<cv::Point> poly;
                for (const auto& p : s.quad)
                    poly.emplace_back(int(p.x), int(p.y));
                const cv::Scalar colour = s.payload ? cv::Scalar(0, 220, 0) : cv::Scalar(0, 0, 255);
                cv::polylines(out, poly, true, colour, 2);
                cv::putText(out, s.text, poly[0] + cv::Point(0, -4), cv::FONT_HERSHEY_SIMPLEX, 0.5, colour,
                            1);
            }
            std::string name = *overlay;
            if (images.size() > 1) {
                const auto dot = name.rfind('.');
                name = name.substr(0, dot) + "-" + std::to_string(all.framesSeen()) +
                       (dot == std::string::npos ? "" : name.substr(dot));
            }
            if (!cv::imwrite(name, out))
                std::cerr << "muster-cli chits: cannot write " << name << "\n";
        }
        if (o.json) {
            nlohmann::json j;
            j["image"] = path;
            j["codes"] = nlohmann::json::array();
            for (const auto& s : result.sightings)
                j["codes"].push_back(sightingJson(s, sc));
            j["conflicts"] = nlohmann::json::array();
            for (const auto& c : result.conflicts)
                j["conflicts"].push_back({{"unit_slot", c.unitSlot}, {"orders", ordersText(c.orders)}});
            jsonImages.push_back(j);
            continue;
        }
        std::cout << path << ": " << result.chits().size() << " chit(s), " << result.rejected().size()
                  << " rejected\n";
        for (const auto& s : result.sightings) {
            std::cout << "  " << std::left << std::setw(10) << mv::sightingKindName(s.kind) << std::setw(13)
                      << s.text << " at (" << std::fixed << std::setprecision(0) << s.centre.x << ", "
                      << s.centre.y << ") " << std::setprecision(1) << s.modulePx << " px/module  ";
            if (s.payload)
                std::cout << orderName(s.payload->order) << " for "
                          << (s.payload->unitSlot ? unitText(*s.payload->unitSlot, sc)
                                                  : "any unit (tap to assign)");
            else
                std::cout << s.reason;
            std::cout << "\n";
        }
        for (const auto& c : result.conflicts)
            std::cout << "  CONFLICT  " << unitText(c.unitSlot, sc) << ": " << ordersText(c.orders) << "\n";
    }
    if (o.json) {
        nlohmann::json summary;
        summary["images"] = jsonImages;
        nlohmann::json orders = nlohmann::json::array();
        for (const auto& [slot, order] : all.orders()) {
            nlohmann::json entry{{"unit_slot", slot}, {"order", orderName(order)}};
            if (const mv::ChitUnit* u = sc ? sc->unitBySlot(slot) : nullptr)
                entry["unit"] = u->id;
            orders.push_back(entry);
        }
        summary["orders"] = orders;
        nlohmann::json conflicts = nlohmann::json::array();
        for (const auto& c : all.conflicts())
            conflicts.push_back({{"unit_slot", c.unitSlot}, {"orders", ordersText(c.orders)}});
        summary["conflicts"] = conflicts;
        if (sc != nullptr) {
            nlohmann::json answers = nlohmann::json::array();
            for (const auto& a : mv::orderAnswers(all.orders(), *sc, g_vocabulary))
                answers.push_back({{"key", a.key}, {"value", a.value}});
            summary["answers"] = answers; // what the orders phase of the engine is given (MD-ORD-01)
        }
        std::cout << jsonText(summary, 2) << "\n";
    } else if (images.size() > 1) {
        std::cout << "over " << all.framesSeen() << " image(s): " << all.orders().size() << " unit order(s), "
                  << all.conflicts().size() << " conflict(s)\n";
        for (const auto& [slot, order] : all.orders())
            std::cout << "  " << unitText(slot, sc) << ": " << orderName(order) << "\n";
    }
    if (!o.json && sc != nullptr) {
        std::cout << "engine answers:\n";
        for (const auto& a : mv::orderAnswers(all.orders(), *sc, g_vocabulary))
            std::cout << "  " << a.key << " = " << a.value << "\n";
    }
    return failures > 0 ? 2 : 0;
}

int runChitsDecode(const ChitsDecodeOptions& o) {
    if (const auto& rules = o.rules) {
        if (!rules::findRuleSet(*rules))
            return usageError("unknown rule set '" + *rules + "' (known: " + rules::ruleSetIds() + ")");
        g_vocabulary = rules::chitVocabularyOf(*rules);
    }
    int bad = 0;
    for (auto it = o.texts.begin(); it != o.texts.end(); ++it) {
        const auto parsed = mv::parseChit(*it, g_vocabulary.empty() ? nullptr : &g_vocabulary);
        if (parsed) {
            std::cout << *it << ": game " << parsed->game << ", "
                      << (parsed->unitSlot ? "unit slot " + std::to_string(*parsed->unitSlot) : "any unit")
                      << ", " << orderName(parsed->order) << "\n";
        } else {
            ++bad;
            std::cout << *it << ": rejected (" << mv::errorKindName(parsed.error().kind)
                      << "): " << parsed.error().message << "\n";
        }
    }
    return bad > 0 ? 1 : 0;
}

} // namespace muster::cli
