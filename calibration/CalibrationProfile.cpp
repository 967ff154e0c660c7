#include "calibration/CalibrationProfile.h"

#include "common/crypto/Crypto.h"
#include "common/image/ImageFile.h"

#include <nlohmann/json.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <cmath>
#include <stdexcept>

namespace muster::calibration {

namespace {

using nlohmann::json;

json points(const std::vector<cv::Point2f>& ps) {
    json a = json::array();
    for (const cv::Point2f& p : ps)
        a.push_back({p.x, p.y});
    return a;
}

std::vector<cv::Point2f> readPoints(const json& a) {
    std::vector<cv::Point2f> ps;
    for (const json& p : a)
        ps.emplace_back(p.at(0).get<float>(), p.at(1).get<float>());
    return ps;
}

json matrix(const cv::Matx33d& m) {
    json a = json::array();
    for (int i = 0; i < 9; ++i)
        a.push_back(m.val[i]);
    return a;
}

cv::Matx33d readMatrix(const json& a) {
    if (!a.is_array() || a.size() != 9)
        throw std::invalid_argument("a 3x3 matrix needs 9 numbers");
    cv::Matx33d m;
    for (int i = 0; i < 9; ++i) {
        m.val[i] = a.at(static_cast<size_t>(i)).get<double>();
        if (!std::isfinite(m.val[i]))
            throw std::invalid_argument("a matrix entry is not a finite number");
    }
    return m;
}

json lab(const cv::Vec3f& v) {
    return {v[0], v[1], v[2]};
}

cv::Vec3f readLab(const json& a) {
    return {a.at(0).get<float>(), a.at(1).get<float>(), a.at(2).get<float>()};
}

cv::Point2f scale(cv::Point2f p, double sx, double sy) {
    return {static_cast<float>(p.x * sx), static_cast<float>(p.y * sy)};
}

} // namespace

CalibrationProfile makeProfile(const std::string& name, const TrayCalibration& tray, Paper paper) {
    CalibrationProfile p;
    p.name = name;
    p.paper = paper;
    p.tray = tray;
    return p;
}

Result<CalibrationProfile> CalibrationProfile::rescaledTo(cv::Size frameSize) const {
    const cv::Size from = resolution();
    if (frameSize.width <= 0 || frameSize.height <= 0)
        return Error{"the frame size must be positive"};
    if (from.width <= 0 || from.height <= 0)
        return Error{"the profile has no camera resolution"};
    if (frameSize == from)
        return *this;
    const double aspectFrom = static_cast<double>(from.width) / from.height;
    const double aspectTo = static_cast<double>(frameSize.width) / frameSize.height;
    if (std::abs(aspectTo / aspectFrom - 1.0) > 0.005)
        return Error{"the profile was made at " + std::to_string(from.width) + "x" +
                     std::to_string(from.height) + " and cannot be applied to " +
                     std::to_string(frameSize.width) + "x" + std::to_string(frameSize.height) +
                     " frames (a different aspect ratio): recalibrate"};
    const double sx = static_cast<double>(frameSize.width) / from.width;
    const double sy = static_cast<double>(frameSize.height) / from.height;
    const double s = std::sqrt(sx * sy);

    CalibrationProfile out = *this;
    TrayCalibration& t = out.tray;
    t.resolution = frameSize;
    const cv::Matx33d toNew(sx, 0, 0, 0, sy, 0, 0, 0, 1);
    t.trayToImage = toNew * tray.trayToImage;
    t.imageToTray = tray.imageToTray * toNew.inv();
    for (cv::Point2f& p : t.regionPx)
        p = scale(p, sx, sy);
    for (MarkerSighting& m : t.markers)
        for (cv::Point2f& p : m.cornersPx)
            p = scale(p, sx, sy);
    t.dieSizePx = static_cast<float>(tray.dieSizePx * s);
    t.pxPerMm = tray.pxPerMm * s;
    t.rmsErrorPx = tray.rmsErrorPx * s;
    if (!referenceView.empty())
        cv::resize(referenceView, out.referenceView, frameSize, 0, 0, cv::INTER_AREA);
    if (out.lens) {
        // Same sensor area at another scale: focal lengths and principal point scale, distortion does not.
        LensModel& l = *out.lens;
        l.resolution = frameSize;
        l.cameraMatrix = toNew * lens->cameraMatrix;
        l.rmsErrorPx = lens->rmsErrorPx * s;
    }
    return out;
}

std::string CalibrationProfile::toJson() const {
    json j;
    j["format"] = "muster-calibration";
    j["version"] = kFormatVersion;
    j["name"] = name;
    j["paper"] = paperName(paper);
    json t;
    t["resolution"] = {tray.resolution.width, tray.resolution.height};
    t["image_to_tray"] = matrix(tray.imageToTray);
    t["region_mm"] = points(tray.regionMm);
    t["region_px"] = points(tray.regionPx);
    t["die_size_mm"] = tray.dieSizeMm;
    t["die_size_px"] = tray.dieSizePx;
    t["px_per_mm"] = tray.pxPerMm;
    t["rms_error_px"] = tray.rmsErrorPx;
    t["rms_error_mm"] = tray.rmsErrorMm;
    t["max_error_mm"] = tray.maxErrorMm;
    json markers = json::array();
    for (const MarkerSighting& m : tray.markers)
        markers.push_back({{"id", m.id}, {"corners_px", points(m.cornersPx)}});
    t["markers"] = markers;
    j["tray"] = t;
    json sets = json::array();
    for (const DiceSet& s : diceSets) {
        json examples = json::array();
        for (const DieColour& e : s.examples)
            examples.push_back({{"body_lab", lab(e.body)}, {"pip_lab", lab(e.pip)}});
        sets.push_back({{"name", s.name},
                        {"player", s.player},
                        {"body_lab", lab(s.body)},
                        {"pip_lab", lab(s.pip)},
                        {"samples", s.samples},
                        {"examples", examples}});
        if (!s.faces.empty())
            sets.back()["faces"] = s.faces;
    }
    j["dice_sets"] = sets;
    if (!faces.empty())
        j["faces"] = faces;
    if (lens) {
        j["lens"] = {{"resolution", {lens->resolution.width, lens->resolution.height}},
                     {"camera_matrix", matrix(lens->cameraMatrix)},
                     {"distortion", lens->distortion},
                     {"rms_error_px", lens->rmsErrorPx},
                     {"views", lens->views}};
    }
    if (!referenceView.empty()) {
        std::vector<unsigned char> jpeg;
        cv::imencode(".jpg", referenceView, jpeg, {cv::IMWRITE_JPEG_QUALITY, 90});
        j["reference_view_jpeg"] = crypto::base64Encode(jpeg);
    }
    return j.dump(2);
}

Result<CalibrationProfile> CalibrationProfile::fromJson(const std::string& text) {
    const json j = json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object())
        return Error{"the calibration profile is not valid JSON"};
    if (j.value("format", std::string()) != "muster-calibration")
        return Error{"this is not a Muster calibration profile"};
    CalibrationProfile p;
    try {
        const int version = j.at("version").get<int>();
        if (version > kFormatVersion)
            return Error{"the calibration profile has format version " + std::to_string(version) +
                         ", newer than this Muster (" + std::to_string(kFormatVersion) + "): update Muster"};
        p.name = j.value("name", std::string());
        Result<Paper> paper = parsePaper(j.value("paper", std::string("a4")));
        if (!paper)
            return Error{"calibration profile: " + paper.error().message};
        p.paper = paper.value();
        const json& t = j.at("tray");
        TrayCalibration& tray = p.tray;
        tray.resolution = {t.at("resolution").at(0).get<int>(), t.at("resolution").at(1).get<int>()};
        tray.imageToTray = readMatrix(t.at("image_to_tray"));
        if (std::abs(cv::determinant(tray.imageToTray)) < 1e-15)
            return Error{"the calibration profile's homography is singular"};
        tray.trayToImage = tray.imageToTray.inv();
        tray.regionMm = readPoints(t.at("region_mm"));
        tray.regionPx = readPoints(t.at("region_px"));
        tray.dieSizeMm = t.at("die_size_mm").get<float>();
        tray.dieSizePx = t.at("die_size_px").get<float>();
        tray.pxPerMm = t.at("px_per_mm").get<double>();
        tray.rmsErrorPx = t.value("rms_error_px", 0.0);
        tray.rmsErrorMm = t.value("rms_error_mm", 0.0);
        tray.maxErrorMm = t.value("max_error_mm", 0.0);
        for (const json& m : t.value("markers", json::array())) {
            MarkerSighting s{m.at("id").get<int>(), readPoints(m.at("corners_px"))};
            if (s.cornersPx.size() != 4)
                return Error{"a marker in the calibration profile does not have 4 corners"};
            tray.markers.push_back(s);
        }
        for (const json& s : j.value("dice_sets", json::array())) {
            std::vector<DieColour> examples; // absent in older profiles: the medians stand for the set
            for (const json& e : s.value("examples", json::array()))
                examples.push_back({readLab(e.at("body_lab")), readLab(e.at("pip_lab"))});
            p.diceSets.push_back({s.at("name").get<std::string>(), s.value("player", std::string()),
                                  readLab(s.at("body_lab")), readLab(s.at("pip_lab")), s.value("samples", 0),
                                  std::move(examples), s.value("faces", std::string())});
        }
        p.faces = j.value("faces", std::string());
        if (j.contains("lens")) {
            const json& l = j.at("lens");
            LensModel lens;
            lens.resolution = {l.at("resolution").at(0).get<int>(), l.at("resolution").at(1).get<int>()};
            lens.cameraMatrix = readMatrix(l.at("camera_matrix"));
            lens.distortion = l.at("distortion").get<std::vector<double>>();
            lens.rmsErrorPx = l.value("rms_error_px", 0.0);
            lens.views = l.value("views", 0);
            p.lens = lens;
        }
        if (j.contains("reference_view_jpeg")) {
            const auto jpeg = crypto::base64Decode(j.at("reference_view_jpeg").get<std::string>());
            if (!jpeg)
                return Error{"the calibration profile's reference view: " + jpeg.message()};
            auto view = image::decodeImageChecked(*jpeg, cv::IMREAD_GRAYSCALE,
                                                  "the calibration profile's reference view");
            if (!view)
                return Error{view.error().message};
            p.referenceView = std::move(view).value();
        }
    } catch (const std::exception& e) {
        return Error{std::string("the calibration profile is incomplete or malformed: ") + e.what()};
    }
    const TrayCalibration& tray = p.tray;
    if (tray.resolution.width <= 0 || tray.resolution.height <= 0)
        return Error{"the calibration profile's camera resolution is not positive"};
    if (tray.regionPx.size() < 3 || tray.regionPx.size() != tray.regionMm.size())
        return Error{"the calibration profile's watched region needs at least 3 points"};
    if (!p.referenceView.empty() && p.referenceView.size() != tray.resolution)
        return Error{"the calibration profile's reference view is not at the profile's resolution"};
    if (p.lens && p.lens->resolution != tray.resolution)
        return Error{"the calibration profile's lens and tray were made at different resolutions"};
    if (!(tray.dieSizePx > 0) || !(tray.dieSizeMm > 0) || !(tray.pxPerMm > 0))
        return Error{"the calibration profile's die size and scale must be positive"};
    return p;
}

std::string CalibrationProfile::toGamePayload() const {
    return json{
        {"name", name}, {"width", resolution().width}, {"height", resolution().height}, {"profile", toJson()}}
        .dump();
}

Result<CalibrationProfile> CalibrationProfile::fromGamePayload(const std::string& payload) {
    const json j = json::parse(payload, nullptr, false);
    if (j.is_discarded() || !j.is_object())
        return Error{"the calibration payload is not a JSON object"};
    if (!j.contains("profile") || !j["profile"].is_string())
        return Error{"the calibration payload carries no calibration profile"};
    Result<CalibrationProfile> profile = fromJson(j["profile"].get<std::string>());
    if (!profile)
        return Error{"the calibration payload's profile: " + profile.error().message};
    const cv::Size size = profile->resolution();
    for (const char* key : {"width", "height"}) {
        if (!j.contains(key))
            continue;
        if (!j[key].is_number_integer())
            return Error{std::string("the calibration payload's ") + key + " is not a whole number"};
        const int value = j[key].get<int>();
        if (value != (std::string(key) == "width" ? size.width : size.height))
            return Error{std::string("the calibration payload's ") + key + " (" + std::to_string(value) +
                         ") is not its profile's (made at " + std::to_string(size.width) + "x" +
                         std::to_string(size.height) + ")"};
    }
    if (j.contains("name") && (!j["name"].is_string() || j["name"].get<std::string>() != profile->name))
        return Error{"the calibration payload's name is not its profile's (\"" + profile->name + "\")"};
    return profile;
}

} // namespace muster::calibration
