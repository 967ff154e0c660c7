// muster-cli calibrate: print the calibration sheet, calibrate the tray from a photo of it, check whether the
// camera moved, check the light, learn dice sets from a calibration throw and say whose each die is.

#include "app/cli/Commands.h"
#include "calibration/CalibrationProfile.h"
#include "calibration/CalibrationSheet.h"
#include "calibration/DiceSets.h"
#include "calibration/LightCheck.h"
#include "calibration/TrayCalibration.h"
#include "calibration/ViewMonitor.h"
#include "common/image/ImageFile.h"

#ifdef MUSTER_HAVE_PRINT
#include "app/print/CalibrationSheetPdf.h"
#include "app/print/PrintApplication.h"
#endif

#include <nlohmann/json.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <cmath>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>

namespace muster::cli {

namespace {

namespace mc = muster::calibration;

int usageError(const std::string& message) {
    std::cerr << "muster-cli calibrate: " << message << "\n";
    return 2;
}

int failure(const std::string& message) {
    std::cerr << "muster-cli calibrate: " << message << "\n";
    return 1;
}

// An image that is missing, refused or does not decode is bad input.
// Fixed to a few decimals, as people read them; nlohmann writes the shortest text that reads back the same.
double rounded(double v, int decimals) {
    const double scale = std::pow(10.0, decimals);
    return std::round(v * scale) / scale;
}

int badImage(const muster::Error& error) {
    std::cerr << "muster-cli calibrate: " << error.message << "\n";
    return 2;
}

mc::Result<mc::CalibrationProfile> loadProfile(const std::string& path) {
    std::ifstream in(path);
    if (!in)
        return mc::Error{"cannot read profile " + path};
    std::stringstream text;
    text << in.rdbuf();
    return mc::CalibrationProfile::fromJson(text.str());
}

#ifdef MUSTER_HAVE_PRINT
int writeSheetPdf(const mc::SheetLayout& layout, const std::string& out) {
    const auto guiApp = app::printingApplication(); // fonts for the PDF; no display needed
    if (mc::Status written = app::writeCalibrationSheetPdf(layout, out); !written)
        return failure(written.error().message);
    std::cout << "wrote " << out << " (" << mc::paperName(layout.paper)
              << ", vector PDF): print at 100% and lay it flat in the tray\n";
    return 0;
}
#else
int writeSheetPdf(const mc::SheetLayout&, const std::string&) {
    return failure(
        "the PDF sheet (--out) is unavailable in this build (configured with MUSTER_BUILD_QT=OFF; it "
        "is drawn with Qt Gui). Rebuild with -DMUSTER_BUILD_QT=ON, or write a PNG with --png.");
}
#endif

} // namespace

int runCalibrateSheet(const CalibrateSheetOptions& o) {
    const auto paper = mc::parsePaper(o.paper);
    if (!paper)
        return usageError(paper.error().message);
    if (!o.out && !o.png)
        return usageError("say what to write: --out sheet.pdf, --png sheet.png or both");
    const mc::SheetLayout layout = mc::SheetLayout::standard(paper.value());
    if (const auto& out = o.out)
        if (const int code = writeSheetPdf(layout, *out); code != 0)
            return code;
    if (const auto& png = o.png) {
        const float dpi = o.dpi; // the parser checked 50 to 1200
        if (!cv::imwrite(*png, mc::renderSheet(layout, dpi)))
            return failure("cannot write " + *png);
        std::cout << "wrote " << *png << " (" << mc::paperName(paper.value()) << ", " << dpi << " dpi)\n";
    }
    return 0;
}

namespace {

cv::Mat drawCalibration(const cv::Mat& image, const mc::TrayCalibration& cal) {
    cv::Mat out = image.clone();
    std::vector<cv::Point> region;
    for (const cv::Point2f& p : cal.regionPx)
        region.emplace_back(cvRound(p.x), cvRound(p.y));
    cv::polylines(out, std::vector<std::vector<cv::Point>>{region}, true, cv::Scalar(0, 200, 0), 2,
                  cv::LINE_AA);
    for (const mc::MarkerSighting& m : cal.markers)
        for (size_t k = 0; k < m.cornersPx.size(); ++k)
            cv::line(out, m.cornersPx[k], m.cornersPx[(k + 1) % m.cornersPx.size()], cv::Scalar(0, 0, 255), 2,
                     cv::LINE_AA);
    const cv::Point2f c = cal.regionPx.empty() ? cv::Point2f(20, 20) : cal.regionPx[0];
    cv::rectangle(out, cv::Rect2f(c + cv::Point2f(10, 10), cv::Size2f(cal.dieSizePx, cal.dieSizePx)),
                  cv::Scalar(255, 0, 0), 2);
    return out;
}

} // namespace

int runCalibrateTray(const CalibrateTrayOptions& o) {
    const std::string& path = o.image;
    mc::TrayOptions options;
    const auto paper = mc::parsePaper(o.paper);
    if (!paper)
        return usageError(paper.error().message);
    options.layout = mc::SheetLayout::standard(paper.value());
    options.dieSizeMm = o.dieMm.value_or(options.dieSizeMm); // the parser checked it is positive
    if (const auto& region = o.regionMm) {
        float x = 0, y = 0, w = 0, h = 0;
        char c1 = 0, c2 = 0, c3 = 0;
        std::istringstream in(*region);
        if (!(in >> x >> c1 >> y >> c2 >> w >> c3 >> h) || c1 != ',' || c2 != ',' || c3 != ',' || w <= 0 ||
            h <= 0)
            return usageError("--region-mm needs X,Y,W,H in sheet millimetres");
        options.regionMm = {{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}};
    }
    // The parser refuses --region-mm with --tray-mm, and --sheet-at without --tray-mm.
    if (const auto& tray = o.trayMm) {
        float w = 0, h = 0;
        char c1 = 0;
        std::istringstream in(*tray);
        if (!(in >> w >> c1 >> h) || c1 != ',' || w <= 0 || h <= 0)
            return usageError("--tray-mm needs W,H: the tray's inner width and height in millimetres");
        const auto placement = mc::parseSheetPlacement(o.sheetAt.value_or("middle"));
        if (!placement)
            return usageError(placement.error().message);
        auto region = mc::trayRegionMm(options.layout, {w, h}, placement.value());
        if (!region)
            return usageError(region.error().message);
        options.regionMm = std::move(region.value());
    }
    const auto loaded = muster::image::loadImageChecked(path);
    if (!loaded)
        return badImage(loaded.error());
    const cv::Mat& image = loaded.value();
    const auto cal = mc::calibrateTray(image, options);
    if (!cal)
        return failure(path + ": " + cal.error().message);
    mc::CalibrationProfile profile = mc::makeProfile(o.name, cal.value(), paper.value());
    cv::cvtColor(image, profile.referenceView, cv::COLOR_BGR2GRAY); // for "moved" after a restart
    if (const auto& out = o.profile) {
        std::ofstream file(*out);
        if (!(file << profile.toJson() << "\n"))
            return failure("cannot write " + *out);
    }
    if (const auto& overlay = o.overlay;
        overlay && !cv::imwrite(*overlay, drawCalibration(image, cal.value())))
        return failure("cannot write " + *overlay);
    if (o.json) {
        std::cout << profile.toJson() << "\n";
        return 0;
    }
    std::cout << std::fixed << std::setprecision(3) << path << ": " << cal->resolution.width << "x"
              << cal->resolution.height << ", " << cal->markers.size() << " markers\n"
              << "  scale            " << cal->pxPerMm << " px/mm at the region's centre\n"
              << "  die " << std::setprecision(1) << cal->dieSizeMm << " mm       " << cal->dieSizePx
              << " px\n"
              << std::setprecision(3) << "  marker corners   RMS " << cal->rmsErrorPx << " px, RMS "
              << cal->rmsErrorMm << " mm, worst " << cal->maxErrorMm << " mm\n"
              << "  region (px)     ";
    for (const cv::Point2f& p : cal->regionPx)
        std::cout << std::setprecision(1) << " (" << p.x << ", " << p.y << ")";
    std::cout << "\n  image -> tray mm [";
    for (int i = 0; i < 9; ++i)
        std::cout << std::setprecision(6) << (i ? (i % 3 ? ", " : "; ") : "") << cal->imageToTray.val[i];
    std::cout << "]\n";
    return 0;
}

namespace {

mc::Result<std::vector<cv::Rect2f>> yoloBoxes(const std::string& path, cv::Size image) {
    std::ifstream in(path);
    if (!in)
        return mc::Error{"cannot read boxes " + path};
    std::vector<cv::Rect2f> boxes;
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream s(line);
        float cls = 0, cx = 0, cy = 0, w = 0, h = 0;
        if (!(s >> cls >> cx >> cy >> w >> h)) {
            if (line.find_first_not_of(" \t\r") == std::string::npos)
                continue;
            return mc::Error{path + ": expected 'class cx cy w h' lines, got '" + line + "'"};
        }
        const float fw = static_cast<float>(image.width), fh = static_cast<float>(image.height);
        boxes.emplace_back((cx - w / 2) * fw, (cy - h / 2) * fh, w * fw, h * fh);
    }
    if (boxes.empty())
        return mc::Error{path + " lists no dice"};
    return boxes;
}

struct ThrowInput {
    cv::Mat image;
    std::vector<cv::Rect2f> boxes;
    mc::CalibrationProfile profile;
};

// The image, its die boxes and the profile (rescaled to the image) that sets and who both need.
mc::Result<ThrowInput> throwInput(const std::string& imagePath, const std::string& boxesPath,
                                  const std::string& profilePath) {
    ThrowInput in;
    auto loaded = muster::image::loadImageChecked(imagePath);
    if (!loaded)
        return mc::Error{loaded.error().message};
    in.image = std::move(loaded).value();
    auto boxes = yoloBoxes(boxesPath, in.image.size());
    if (!boxes)
        return boxes.error();
    in.boxes = boxes.value();
    const auto profile = loadProfile(profilePath);
    if (!profile)
        return profile.error();
    auto scaled = profile->rescaledTo(in.image.size());
    if (!scaled)
        return scaled.error();
    in.profile = scaled.value();
    return in;
}

} // namespace

int runCalibrateSets(const CalibrateSetsOptions& o) {
    const auto in = throwInput(o.image, o.boxes, o.profile);
    if (!in)
        return failure("sets: " + in.error().message);
    std::vector<mc::DieColour> colours;
    for (const cv::Rect2f& box : in->boxes) {
        const auto c = mc::describeDie(in->image, box);
        if (!c)
            return failure(c.error().message);
        colours.push_back(c.value());
    }
    const std::vector<std::string>& players = o.players;
    const auto groups = mc::groupByColour(colours);
    mc::DiceSetModel model;
    for (size_t g = 0; g < groups.size(); ++g) {
        std::vector<mc::DieColour> members;
        for (int i : groups[g])
            members.push_back(colours[static_cast<size_t>(i)]);
        const std::string player = g < players.size() ? players[g] : std::string();
        const auto added = model.addSet("set-" + std::to_string(g + 1), player, members);
        if (!added)
            return failure(added.error().message);
        const mc::DiceSet& set = model.sets().back();
        std::cout << std::fixed << std::setprecision(0) << set.name << ": " << members.size()
                  << " dice, body Lab (" << set.body[0] << ", " << set.body[1] << ", " << set.body[2]
                  << "), pips Lab (" << set.pip[0] << ", " << set.pip[1] << ", " << set.pip[2] << "), player "
                  << (player.empty() ? "(not named yet)" : player) << "\n";
    }
    mc::CalibrationProfile out = in->profile;
    out.diceSets = model.sets();
    const std::string path = o.out.value_or(o.profile);
    std::ofstream file(path);
    if (!(file << out.toJson() << "\n"))
        return failure("cannot write " + path);
    return 0;
}

int runCalibrateWho(const CalibrateWhoOptions& o) {
    const auto in = throwInput(o.image, o.boxes, o.profile);
    if (!in)
        return failure("who: " + in.error().message);
    if (in->profile.diceSets.empty())
        return failure("the profile has no dice sets: run 'muster-cli calibrate sets' first");
    mc::DiceSetModel model;
    for (const mc::DiceSet& set : in->profile.diceSets)
        model.addSet(set);
    int unknown = 0;
    for (size_t i = 0; i < in->boxes.size(); ++i) {
        const auto match = model.classify(in->image, in->boxes[i]);
        if (!match)
            return failure(match.error().message);
        std::cout << "die " << i << ": ";
        if (match->unknown()) {
            ++unknown;
            std::cout << "unknown colour, ask who threw it";
        } else {
            const mc::DiceSet& set = model.sets()[static_cast<size_t>(match->set)];
            std::cout << set.name << ", " << (set.player.empty() ? "(no player named)" : set.player);
        }
        std::cout << std::fixed << std::setprecision(1) << "  (cost " << match->cost << ")\n";
    }
    return unknown > 0 ? 1 : 0;
}

int runCalibrateMoved(const CalibrateMovedOptions& o) {
    const size_t images = o.images.size();
    const auto& profilePath = o.profile;
    if (images != 2 && !(images == 1 && profilePath))
        return usageError("moved needs a reference image and an image, or an image and --profile");
    const std::string& imagePath = o.images.back();
    const auto loaded = muster::image::loadImageChecked(imagePath);
    if (!loaded)
        return badImage(loaded.error());
    const cv::Mat& image = loaded.value();
    cv::Mat reference;
    if (images == 2) {
        auto loadedReference = muster::image::loadImageChecked(o.images.front());
        if (!loadedReference)
            return badImage(loadedReference.error());
        reference = std::move(loadedReference).value();
    }
    std::vector<mc::MarkerSighting> markers;
    if (profilePath) {
        const auto profile = loadProfile(*profilePath);
        if (!profile)
            return failure(profile.error().message);
        const auto scaled = profile->rescaledTo(image.size());
        if (!scaled)
            return failure(scaled.error().message);
        markers = scaled->tray.markers;
        if (reference.empty())
            reference = scaled->referenceView;
        if (reference.empty())
            return failure("the profile holds no reference view: give the reference image too");
    }
    const auto monitor = mc::ViewMonitor::create(reference, markers);
    if (!monitor)
        return failure(monitor.error().message);
    const auto check = monitor->check(image);
    if (!check)
        return failure(check.error().message);
    if (o.json)
        std::cout << nlohmann::json{{"moved", check->moved},
                                    {"shift_px", rounded(check->shiftPx, 3)},
                                    {"shift_fraction", rounded(check->shiftFraction, 3)},
                                    {"translation",
                                     {rounded(check->translation.x, 3), rounded(check->translation.y, 3)}},
                                    {"method", mc::viewMethodName(check->method)},
                                    {"confidence", rounded(check->confidence, 3)}}
                         .dump()
                  << "\n";
    else
        std::cout << check->message << "\n";
    return check->moved ? 1 : 0;
}

int runCalibrateLight(const CalibrateLightOptions& o) {
    const auto loaded = muster::image::loadImageChecked(o.image);
    if (!loaded)
        return badImage(loaded.error());
    const cv::Mat& image = loaded.value();
    std::vector<cv::Point2f> region;
    if (const auto& path = o.profile) {
        const auto profile = loadProfile(*path);
        if (!profile)
            return failure(profile.error().message);
        const auto scaled = profile->rescaledTo(image.size());
        if (!scaled)
            return failure(scaled.error().message);
        region = scaled->tray.regionPx;
    }
    const auto report = mc::checkLight(image, region);
    if (!report)
        return failure(report.error().message);
    if (o.json) {
        nlohmann::json warnings = nlohmann::json::array();
        for (const mc::LightWarning& w : report->warnings)
            warnings.push_back(mc::lightIssueName(w.issue));
        std::cout << nlohmann::json{{"median_grey", rounded(report->medianGrey, 2)},
                                    {"clipped_percent", rounded(report->clippedPercent, 2)},
                                    {"warnings", std::move(warnings)}}
                         .dump()
                  << "\n";
    } else if (report->ok()) {
        std::cout << "light ok (median grey " << report->medianGrey << ", " << report->clippedPercent
                  << "% clipped)\n";
    } else {
        for (const mc::LightWarning& w : report->warnings)
            std::cout << "warning: " << w.message << "\n";
    }
    return 0;
}

} // namespace muster::cli
