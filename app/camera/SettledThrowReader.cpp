#include "app/camera/SettledThrowReader.h"

#include "app/camera/VisionHints.h"
#include "calibration/LightCheck.h"

#include <nlohmann/json.hpp>
#include <opencv2/imgcodecs.hpp>

#include <chrono>
#include <iomanip>
#include <sstream>

namespace muster::camera {

namespace {

constexpr int kJpegQuality = 85;

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

std::string withDecimals(double v, int decimals) {
    std::ostringstream s;
    s << std::fixed << std::setprecision(decimals) << v;
    return s.str();
}

// Every die with its confidences and flags, in frame pixels, and whose it is by colour when the calibration
// says: what the journal keeps beside the photo.
std::string detectionsJson(const vision::DiceFrame& read, const cv::Size& size,
                           const std::vector<SettledDie>& dice, const nlohmann::json& calibration) {
    nlohmann::json out = nlohmann::json::array();
    for (size_t i = 0; i < read.dice.size(); ++i) {
        // The die as finally read (with its set's taught faces, if any); the pip reader's own value beside
        // it.
        const vision::DieRead& d = i < dice.size() ? dice[i].read : read.dice[i];
        nlohmann::json die = {{"value", d.value},
                              {"confidence", d.confidence},
                              {"probability", d.probability},
                              {"centre", {d.outline.center.x, d.outline.center.y}},
                              {"size", d.outline.size.width},
                              {"angle", d.outline.angle},
                              {"unsure", d.unsure},
                              {"maybeNotADie", d.maybeNotADie},
                              {"cocked", d.cocked},
                              {"touching", d.touching},
                              {"occluded", d.occluded}};
        if (i < dice.size() && dice[i].owner) {
            const Ownership& o = *dice[i].owner;
            die["set"] = o.set;
            die["owner"] = o.player;
            die["ownerUnknown"] = o.unknown;
            die["setCost"] = o.cost;
        }
        if (i < dice.size() && dice[i].byTaughtFaces) {
            die["byTaughtFaces"] = true;
            die["pipValue"] = read.dice[i].value;
        }
        out.push_back(std::move(die));
    }
    nlohmann::json doc = {
        {"reader", "vision::DiceReader"},        {"frame", {{"width", size.width}, {"height", size.height}}},
        {"countUncertain", read.countUncertain}, {"possibleDiceDropped", read.possibleDiceDropped},
        {"milliseconds", read.milliseconds},     {"dice", out}};
    if (!calibration.is_null())
        doc["calibration"] = calibration;
    return doc.dump();
}

} // namespace

std::vector<int> SettledRead::faces() const {
    std::vector<int> out;
    out.reserve(dice.size());
    for (const SettledDie& d : dice)
        out.push_back(d.read.value);
    return out;
}

std::vector<std::uint8_t> encodeJpeg(const cv::Mat& bgr) {
    std::vector<uchar> bytes;
    if (bgr.empty() || !cv::imencode(".jpg", bgr, bytes, {cv::IMWRITE_JPEG_QUALITY, kJpegQuality}))
        return {};
    return bytes;
}

void SettledThrowReader::setModelDir(std::string dir) {
    m_modelDir = std::move(dir);
}

void SettledThrowReader::setCalibration(std::optional<calibration::CalibrationProfile> profile) {
    m_profile = std::move(profile);
}

// Without a calibration, or when it cannot be rescaled, frames are read whole as they always were, and the
// fit says why.
const CalibrationFit& SettledThrowReader::fitTo(cv::Size size) {
    m_fit = {};
    m_fit.frameSize = size;
    m_viewMonitor.reset();
    m_referenceRetaken = false;
    m_markers.clear();
    m_diceSets.reset();
    m_setFaces.clear();
    m_tableFaces.reset();
    m_view = {};
    if (!m_profile)
        return m_fit;
    m_fit.present = true;
    m_fit.name = m_profile->name;
    m_fit.diceSets = static_cast<int>(m_profile->diceSets.size());
    loadFaces();
    auto scaled = m_profile->rescaledTo(size);
    if (!scaled) {
        m_fit.refused = "The table calibration" +
                        (m_fit.name.empty() ? std::string() : " \"" + m_fit.name + "\"") +
                        " is not used: " + scaled.error().message + ". Dice are read in the whole frame.";
        return m_fit;
    }
    m_fit.applied = true;
    m_fit.hints = toDiceHints({scaled->tray.regionPx, scaled->tray.dieSizePx});
    m_markers = scaled->tray.markers;
    if (!scaled->referenceView.empty()) {
        auto monitor = calibration::ViewMonitor::create(scaled->referenceView, scaled->tray.markers);
        if (monitor)
            m_viewMonitor.emplace(std::move(monitor.value()));
    }
    if (!scaled->diceSets.empty()) {
        m_diceSets.emplace();
        for (const calibration::DiceSet& set : scaled->diceSets)
            m_diceSets->addSet(set);
    }
    return m_fit;
}

// The profile's taught faces. One that does not parse is left out and said (the dice are read by pips then);
// the rest stay.
void SettledThrowReader::loadFaces() {
    const auto parse = [&](const std::string& text,
                           const std::string& whose) -> std::optional<vision::DiceSet> {
        if (text.empty())
            return std::nullopt;
        auto set = vision::diceSetFromText(text);
        if (!set) {
            m_fit.facesRefused += (m_fit.facesRefused.empty() ? "" : " ") + ("The taught faces of " + whose) +
                                  " are not used (" + set.error().message + ").";
            return std::nullopt;
        }
        ++m_fit.taughtFaces;
        return std::move(set).value();
    };
    for (const calibration::DiceSet& set : m_profile->diceSets)
        m_setFaces.push_back(parse(set.faces, "\"" + set.name + "\""));
    m_tableFaces = parse(m_profile->faces, "this table");
}

bool SettledThrowReader::ensureReader(std::string& error) {
    if (m_reader)
        return true;
    if (m_readerFailed)
        return false; // said once, at the first settled frame
    auto reader =
        vision::DiceReader::load(m_modelDir.empty() ? vision::DiceReader::defaultModelDir() : m_modelDir);
    if (!reader) {
        m_readerFailed = true;
        error = "The dice models cannot be loaded (" + reader.error().message + "): type the dice.";
        return false;
    }
    m_reader.emplace(std::move(reader.value()));
    return true;
}

// Has the camera moved since calibration? Asked on settled frames only (a few ORB matches, once per throw).
// The first steady answer replaces the reference by this view: the calibration's view still had the sheet
// in it, this one shows the tray as it is played on. Returns the time it took.
double SettledThrowReader::checkView(const cv::Mat& bgr) {
    m_view.checked = false;
    if (!m_viewMonitor)
        return 0.0;
    const auto start = Clock::now();
    const auto check = m_viewMonitor->check(bgr);
    if (check) {
        m_view.checked = true;
        m_view.moved = check->moved;
        m_view.detail = check->moved ? "The view shifted by " + withDecimals(check->shiftPx, 0) + " px (" +
                                           withDecimals(100.0 * check->shiftFraction, 1) +
                                           "% of the frame), seen by " +
                                           calibration::viewMethodName(check->method) + "."
                                     : std::string();
        if (!check->moved && !m_referenceRetaken) {
            m_referenceRetaken = true;
            // Markers still in view (the sheet left in a corner) stay the sharpest witness.
            auto retaken =
                calibration::ViewMonitor::create(bgr, check->method == calibration::ViewMethod::Markers
                                                          ? m_markers
                                                          : std::vector<calibration::MarkerSighting>{});
            if (retaken)
                m_viewMonitor.emplace(std::move(retaken.value()));
        }
    }
    return msSince(start);
}

// Each die read again with the taught faces of its set by colour, or the table's for a die of no set.
// Returns the time it took.
double SettledThrowReader::applyFaces(const cv::Mat& bgr, SettledRead& out) const {
    const auto start = Clock::now();
    for (SettledDie& die : out.dice) {
        const vision::DiceSet* faces = m_tableFaces ? &*m_tableFaces : nullptr;
        if (die.owner && !die.owner->unknown && m_diceSets) {
            const auto& sets = m_diceSets->sets();
            for (size_t s = 0; s < sets.size() && s < m_setFaces.size(); ++s)
                if (sets[s].name == die.owner->set)
                    faces = m_setFaces[s] ? &*m_setFaces[s] : nullptr;
        }
        if (!faces || !faces->anyTaught())
            continue;
        if (auto applied = vision::applyDiceSet(*faces, bgr, die.read); !applied) {
            out.facesError = "The taught faces are not used: " + applied.error().message + ".";
            break;
        }
        die.byTaughtFaces = true;
    }
    return msSince(start);
}

SettledRead SettledThrowReader::read(const cv::Mat& bgr) {
    SettledRead out;
    out.frameWidth = bgr.cols;
    out.frameHeight = bgr.rows;
    out.viewMs = checkView(bgr);
    out.view = m_view;
    if (!ensureReader(out.error))
        return out;
    const auto start = Clock::now();
    // A camera that moved since calibration would put the region and the die size in the wrong place: read
    // the whole frame then (Accept waits for a recalibration).
    const vision::DiceHints& hints = m_fit.hints;
    out.hinted = !hints.trayPolygon.empty() && !m_view.moved;
    auto found = m_reader->read(bgr, out.hinted ? hints : vision::DiceHints{});
    if (!found) {
        out.error = found.error().message;
        return out;
    }
    out.ok = true;
    out.countUncertain = found->countUncertain;
    out.readMs = found->milliseconds;

    std::vector<cv::Rect2f> boxes;
    for (const vision::DieRead& d : found->dice) {
        out.dice.push_back({d, d.outline.boundingRect2f(), std::nullopt});
        boxes.push_back(out.dice.back().box);
    }
    // Whose dice, by colour.
    const auto ownersStart = Clock::now();
    if (m_diceSets) {
        out.owned = true;
        for (SettledDie& die : out.dice) {
            Ownership o;
            const auto match = m_diceSets->classify(bgr, die.box);
            o.unknown = !match || match->unknown();
            if (match) {
                o.cost = match->cost;
                if (!match->unknown()) {
                    o.set = m_diceSets->sets()[static_cast<size_t>(match->set)].name;
                    o.player = match->player;
                }
            }
            die.owner = std::move(o);
        }
    }
    out.ownersMs = msSince(ownersStart);
    out.facesMs = applyFaces(bgr, out);
    // The light on them, whenever the game has a calibration (in the tray when it is applied).
    if (m_profile) {
        const auto light =
            calibration::checkLight(bgr, out.hinted ? hints.trayPolygon : std::vector<cv::Point2f>{}, boxes);
        out.light.emplace();
        if (light)
            for (const calibration::LightWarning& w : light->warnings)
                out.light->push_back(w.message);
    }

    nlohmann::json calibrationJson;
    if (m_profile)
        calibrationJson = {{"name", m_profile->name},
                           {"applied", m_fit.applied},
                           {"hinted", out.hinted},
                           {"moved", m_view.moved},
                           {"dieSizePx", out.hinted ? hints.dieSizePx : 0.0f},
                           {"diceSets", m_diceSets ? m_diceSets->sets().size() : 0},
                           {"taughtFaces", m_fit.taughtFaces}};
    out.jpeg = encodeJpeg(bgr);
    out.detectionsJson = detectionsJson(found.value(), bgr.size(), out.dice, calibrationJson);
    out.settledMs = msSince(start) + out.viewMs;
    return out;
}

} // namespace muster::camera
