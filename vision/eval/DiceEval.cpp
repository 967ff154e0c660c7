#include "vision/eval/DiceEval.h"

#include "common/image/ImageFile.h"

#include <nlohmann/json.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <map>
#include <sstream>

namespace muster::vision {

namespace fs = std::filesystem;

namespace {

std::vector<std::string> splitCsvLine(const std::string& line) {
    std::vector<std::string> out;
    std::string cell;
    std::istringstream in(line);
    while (std::getline(in, cell, ','))
        out.push_back(cell);
    if (!line.empty() && line.back() == ',')
        out.emplace_back();
    return out;
}

std::string trim(std::string s) {
    while (!s.empty() && (s.back() == '\r' || s.back() == ' '))
        s.pop_back();
    return s;
}

// YOLO label file beside the image: images/<split>/x.jpg -> labels/<split>/x.txt.
fs::path labelPathFor(const fs::path& imagePath) {
    fs::path out;
    bool swapped = false;
    for (auto it = imagePath.begin(); it != imagePath.end(); ++it) {
        fs::path part = *it;
        if (!swapped && part == "images" && std::next(it) != imagePath.end()) {
            part = "labels";
            swapped = true;
        }
        out /= part;
    }
    return swapped ? out.replace_extension(".txt") : fs::path();
}

double percentile(std::vector<double> v, double q) {
    if (v.empty())
        return 0.0;
    std::sort(v.begin(), v.end());
    const double pos = q * static_cast<double>(v.size() - 1);
    const size_t lo = static_cast<size_t>(std::floor(pos));
    const size_t hi = std::min(lo + 1, v.size() - 1);
    return v[lo] + (v[hi] - v[lo]) * (pos - static_cast<double>(lo));
}

std::string percent(int part, int whole) {
    std::ostringstream s;
    s << std::fixed << std::setprecision(2) << (whole ? 100.0 * part / whole : 0.0) << "%";
    return s.str();
}

} // namespace

Result<std::vector<LabelledImage>> loadManifest(const std::string& manifestPath, const std::string& split) {
    std::ifstream in(manifestPath);
    if (!in)
        return Error{"cannot open manifest " + manifestPath};
    const fs::path root = fs::path(manifestPath).parent_path();
    std::string line;
    if (!std::getline(in, line))
        return Error{"empty manifest " + manifestPath};
    const std::vector<std::string> header = splitCsvLine(trim(line));
    std::map<std::string, size_t> col;
    for (size_t i = 0; i < header.size(); ++i)
        col[header[i]] = i;
    for (const char* need : {"image_path", "split", "count", "faces"})
        if (!col.count(need))
            return Error{"manifest " + manifestPath + " has no column '" + need + "'"};
    std::vector<LabelledImage> images;
    int lineNo = 1;
    while (std::getline(in, line)) {
        ++lineNo;
        line = trim(line);
        if (line.empty())
            continue;
        const std::vector<std::string> cells = splitCsvLine(line);
        if (cells.size() < header.size())
            return Error{manifestPath + ":" + std::to_string(lineNo) + ": expected " +
                         std::to_string(header.size()) + " columns"};
        LabelledImage img;
        img.split = cells[col["split"]];
        if (!split.empty() && img.split != split)
            continue;
        const fs::path rel = cells[col["image_path"]];
        img.path = (root / rel).string();
        img.name = rel.filename().string();
        try {
            img.count = std::stoi(cells[col["count"]]);
        } catch (const std::exception&) {
            return Error{manifestPath + ":" + std::to_string(lineNo) + ": bad count"};
        }
        std::istringstream faces(cells[col["faces"]]);
        for (int f; faces >> f;)
            img.faces.push_back(f);
        const fs::path labels = labelPathFor(root / rel);
        if (!labels.empty() && fs::exists(labels)) {
            float w = 0.0f, h = 0.0f;
            if (col.count("width") && col.count("height")) {
                w = std::stof(cells[col["width"]]);
                h = std::stof(cells[col["height"]]);
            } else {
                // The header's size: nothing decoded (0x0 when it gives none, as an unreadable image did).
                const auto size = muster::image::readImageFileHeader(img.path);
                w = size ? static_cast<float>(size->width) : 0.0f;
                h = size ? static_cast<float>(size->height) : 0.0f;
            }
            img.size = cv::Size2f(w, h);
            std::ifstream lab(labels);
            int cls;
            float cx, cy, bw, bh;
            while (lab >> cls >> cx >> cy >> bw >> bh)
                img.dice.push_back(
                    {cls + 1, cv::Rect2f((cx - bw / 2) * w, (cy - bh / 2) * h, bw * w, bh * h)});
            img.hasBoxes = true;
        }
        images.push_back(std::move(img));
    }
    if (images.empty())
        return Error{"no images" + (split.empty() ? std::string() : " in split '" + split + "'") + " in " +
                     manifestPath};
    return images;
}

Result<std::vector<LabelFix>> loadLabelFixes(const std::string& path) {
    std::ifstream in(path);
    if (!in)
        return Error{"cannot open label fixes " + path};
    std::vector<LabelFix> fixes;
    std::string line;
    bool header = true;
    for (int lineNo = 1; std::getline(in, line); ++lineNo) {
        line = trim(line);
        if (line.empty() || line[0] == '#')
            continue;
        if (header) { // image,cx,cy,labelled,actual,note
            header = false;
            continue;
        }
        const std::vector<std::string> cells = splitCsvLine(line);
        const std::string where = path + ":" + std::to_string(lineNo) + ": ";
        if (cells.size() < 5)
            return Error{where + "expected image,cx,cy,labelled,actual[,note]"};
        LabelFix fix;
        fix.image = cells[0];
        try {
            fix.centre = cv::Point2f(std::stof(cells[1]), std::stof(cells[2]));
            fix.labelled = std::stoi(cells[3]);
            fix.actual = std::stoi(cells[4]);
        } catch (const std::exception&) {
            return Error{where + "centre and faces must be numbers"};
        }
        if (fix.labelled < 1 || fix.labelled > 6 || fix.actual < 1 || fix.actual > 6 ||
            fix.labelled == fix.actual)
            return Error{where + "faces must be two different values 1-6"};
        if (fix.centre.x < 0 || fix.centre.x > 1 || fix.centre.y < 0 || fix.centre.y > 1)
            return Error{where + "the centre is a fraction of the photo (0-1)"};
        if (cells.size() > 5)
            fix.note = cells[5];
        fixes.push_back(std::move(fix));
    }
    return fixes;
}

Result<int> applyLabelFixes(std::vector<LabelledImage>& images, const std::vector<LabelFix>& fixes) {
    // Find every target first, so a stale fix changes nothing.
    struct Target {
        LabelledImage* image;
        LabelledDie* die;
        const LabelFix* fix;
    };
    std::vector<Target> targets;
    for (const LabelFix& fix : fixes) {
        auto img = std::find_if(images.begin(), images.end(),
                                [&](const LabelledImage& i) { return i.name == fix.image; });
        if (img == images.end())
            continue;
        const cv::Point2f at(fix.centre.x * img->size.width, fix.centre.y * img->size.height);
        LabelledDie* match = nullptr;
        for (LabelledDie& die : img->dice)
            if (die.face == fix.labelled && die.box.contains(at))
                match = &die;
        if (!match)
            return Error{"label fix for " + fix.image + " (" + std::to_string(fix.centre.x) + ", " +
                         std::to_string(fix.centre.y) + "): no die labelled " + std::to_string(fix.labelled) +
                         " there"};
        targets.push_back({&*img, match, &fix});
    }
    for (const Target& t : targets) {
        t.die->face = t.fix->actual;
        auto face = std::find(t.image->faces.begin(), t.image->faces.end(), t.fix->labelled);
        if (face != t.image->faces.end())
            *face = t.fix->actual;
        std::sort(t.image->faces.begin(), t.image->faces.end());
    }
    return static_cast<int>(targets.size());
}

namespace {

bool insideOutline(const cv::RotatedRect& outline, cv::Point2f p) {
    std::array<cv::Point2f, 4> corners;
    outline.points(corners.data());
    return cv::pointPolygonTest(corners, p, false) >= 0;
}

} // namespace

std::vector<int> matchReadsToBoxes(const DiceFrame& read, const LabelledImage& truth) {
    std::vector<int> match(read.dice.size(), -1);
    std::vector<size_t> order(read.dice.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return read.dice[a].findScore > read.dice[b].findScore; });
    std::vector<bool> used(truth.dice.size(), false);
    for (size_t i : order) {
        const cv::Point2f c = read.dice[i].outline.center;
        int best = -1;
        double bestD = 1e30;
        for (size_t j = 0; j < truth.dice.size(); ++j) {
            const cv::Rect2f& b = truth.dice[j].box;
            const cv::Point2f bc(b.x + b.width / 2, b.y + b.height / 2);
            const bool readInBox = c.x >= b.x && c.y >= b.y && c.x <= b.x + b.width && c.y <= b.y + b.height;
            if (used[j] || !(readInBox || insideOutline(read.dice[i].outline, bc)))
                continue;
            const double d = cv::norm(c - bc);
            if (d < bestD) {
                best = static_cast<int>(j);
                bestD = d;
            }
        }
        if (best >= 0) {
            used[static_cast<size_t>(best)] = true;
            match[i] = best;
        }
    }
    return match;
}

ImageScore scoreImage(const DiceFrame& read, const LabelledImage& truth) {
    ImageScore s;
    s.name = truth.name;
    s.countUncertain = read.countUncertain;
    s.milliseconds = read.milliseconds;
    s.dice = truth.hasBoxes ? static_cast<int>(truth.dice.size()) : truth.count;
    std::vector<int> matchedFace(read.dice.size(), 0); // true face of each read's die, 0 = phantom
    if (truth.hasBoxes) {
        const std::vector<int> match = matchReadsToBoxes(read, truth);
        std::vector<bool> used(truth.dice.size(), false);
        for (size_t i = 0; i < match.size(); ++i)
            if (match[i] >= 0) {
                used[static_cast<size_t>(match[i])] = true;
                matchedFace[i] = truth.dice[static_cast<size_t>(match[i])].face;
            }
        for (size_t j = 0; j < truth.dice.size(); ++j)
            if (!used[j])
                ++s.confusion[static_cast<size_t>(truth.dice[j].face - 1)][6];
    } else {
        // No boxes: pair equal values first, then the rest in order.
        std::vector<int> left = truth.faces;
        std::vector<size_t> unmatched;
        for (size_t i = 0; i < read.dice.size(); ++i) {
            auto it = std::find(left.begin(), left.end(), read.dice[i].value);
            if (it != left.end()) {
                matchedFace[i] = *it;
                left.erase(it);
            } else {
                unmatched.push_back(i);
            }
        }
        for (size_t i : unmatched)
            if (!left.empty()) {
                matchedFace[i] = left.front();
                left.erase(left.begin());
            }
        for (int f : left)
            if (f >= 1 && f <= 6)
                ++s.confusion[static_cast<size_t>(f - 1)][6];
    }
    for (size_t i = 0; i < read.dice.size(); ++i) {
        const DieRead& d = read.dice[i];
        if (matchedFace[i] == 0) {
            ++s.phantom;
            continue;
        }
        ++s.found;
        if (matchedFace[i] >= 1 && matchedFace[i] <= 6)
            ++s.confusion[static_cast<size_t>(matchedFace[i] - 1)][static_cast<size_t>(d.value - 1)];
        if (d.value == matchedFace[i])
            ++s.readRight;
        if (d.unsure)
            ++s.unsure;
        else if (d.value != matchedFace[i])
            ++s.confidentWrong;
    }
    return s;
}

cv::Mat fitIntoFrame(const cv::Mat& photo, cv::Size frameSize, FrameFit* fit, double zoom) {
    const double scale = std::min(static_cast<double>(frameSize.width) / photo.cols,
                                  static_cast<double>(frameSize.height) / photo.rows) *
                         std::clamp(zoom, 0.05, 1.0);
    cv::Mat scaled;
    cv::resize(photo, scaled, cv::Size(), scale, scale, scale < 1.0 ? cv::INTER_AREA : cv::INTER_LINEAR);
    scaled = scaled(
        cv::Rect(0, 0, std::min(scaled.cols, frameSize.width), std::min(scaled.rows, frameSize.height)));
    // Pad with the photo's median border colour, as if the camera saw more of the same table.
    cv::Mat border;
    cv::vconcat(photo.row(0), photo.row(photo.rows - 1), border);
    std::vector<cv::Mat> channels;
    cv::split(border.reshape(photo.channels(), 1), channels);
    cv::Scalar fill;
    for (size_t c = 0; c < channels.size() && c < 4; ++c) {
        cv::Mat sorted;
        cv::sort(channels[c].reshape(1, 1), sorted, cv::SORT_ASCENDING);
        fill[static_cast<int>(c)] = sorted.at<uchar>(0, sorted.cols / 2);
    }
    cv::Mat frame(frameSize, photo.type(), fill);
    const cv::Point offset((frameSize.width - scaled.cols) / 2, (frameSize.height - scaled.rows) / 2);
    scaled.copyTo(frame(cv::Rect(offset, scaled.size())));
    if (fit) {
        fit->scale = scale;
        fit->offset = offset;
    }
    return frame;
}

LabelledImage mapLabels(const LabelledImage& truth, const FrameFit& fit) {
    LabelledImage out = truth;
    for (LabelledDie& d : out.dice)
        d.box = cv::Rect2f(static_cast<float>(d.box.x * fit.scale + fit.offset.x),
                           static_cast<float>(d.box.y * fit.scale + fit.offset.y),
                           static_cast<float>(d.box.width * fit.scale),
                           static_cast<float>(d.box.height * fit.scale));
    return out;
}

float medianBoxSide(const LabelledImage& truth) {
    if (truth.dice.empty())
        return 0.0f;
    std::vector<float> sides;
    for (const LabelledDie& d : truth.dice)
        sides.push_back(std::max(d.box.width, d.box.height));
    const auto mid = sides.begin() + static_cast<std::ptrdiff_t>(sides.size() / 2);
    std::nth_element(sides.begin(), mid, sides.end());
    return *mid;
}

float dieEdgeFromLabels(const LabelledImage& truth) {
    constexpr float kBoxPerEdge = 1.2f; // DiceReader's own factor between a turned die's box and its edge
    return medianBoxSide(truth) / kBoxPerEdge;
}

std::vector<cv::Point2f> trayFromLabels(const LabelledImage& truth, double k) {
    if (truth.dice.empty())
        return {};
    const float margin = std::max(8.0f, static_cast<float>(k) * medianBoxSide(truth));
    // Growing a convex polygon by a distance is the hull of its corners moved by that distance every way;
    // 16 directions keep the grown hull within 2% of a true offset.
    std::vector<cv::Point2f> points;
    constexpr int kDirections = 16;
    for (const LabelledDie& d : truth.dice)
        for (const cv::Point2f& corner : {d.box.tl(), cv::Point2f(d.box.x + d.box.width, d.box.y), d.box.br(),
                                          cv::Point2f(d.box.x, d.box.y + d.box.height)})
            for (int i = 0; i < kDirections; ++i) {
                const double a = 2.0 * CV_PI * i / kDirections;
                points.emplace_back(corner.x + margin * static_cast<float>(std::cos(a)),
                                    corner.y + margin * static_cast<float>(std::sin(a)));
            }
    std::vector<cv::Point2f> hull;
    cv::convexHull(points, hull);
    return hull;
}

EvalReport evaluate(DiceReader& reader, const std::vector<LabelledImage>& images,
                    const EvalOptions& options) {
    EvalReport report;
    report.trayFromLabels = options.trayFromLabels;
    report.dieSizeFromLabels = options.dieSizeFromLabels;
    std::vector<double> times;
    int done = 0;
    for (const LabelledImage& truth : images) {
        if (options.progress)
            options.progress(done, static_cast<int>(images.size()), truth.name);
        ++done;
        auto loaded = muster::image::loadImageChecked(truth.path);
        if (!loaded) {
            report.errors.push_back(truth.name + ": " + loaded.error().message);
            continue;
        }
        cv::Mat frame = std::move(loaded).value();
        LabelledImage labels = truth;
        if (!options.frameSize.empty() || options.zoom != 1.0) {
            FrameFit fit;
            frame = fitIntoFrame(frame, options.frameSize.empty() ? frame.size() : options.frameSize, &fit,
                                 options.zoom);
            labels = mapLabels(truth, fit);
        }
        DiceHints hints;
        if (options.trayFromLabels) {
            hints.trayPolygon = trayFromLabels(labels, *options.trayFromLabels);
            report.imagesWithoutTray += hints.trayPolygon.empty() ? 1 : 0;
        }
        if (options.dieSizeFromLabels)
            hints.dieSizePx = dieEdgeFromLabels(labels);
        Result<DiceFrame> read = reader.read(frame, hints);
        if (!read) {
            report.errors.push_back(truth.name + ": " + read.error().message);
            continue;
        }
        if (options.diceSet)
            if (Result<void> applied = applyDiceSet(*options.diceSet, frame, read.value()); !applied) {
                report.errors.push_back(truth.name + ": " + applied.error().message);
                continue;
            }
        const ImageScore s = scoreImage(read.value(), labels);
        ++report.images;
        report.dice += s.dice;
        report.found += s.found;
        report.readRight += s.readRight;
        report.confidentWrong += s.confidentWrong;
        report.unsure += s.unsure;
        report.phantom += s.phantom;
        report.countUncertainImages += s.countUncertain ? 1 : 0;
        for (size_t r = 0; r < 6; ++r)
            for (size_t c = 0; c < 7; ++c)
                report.confusion[r][c] += s.confusion[r][c];
        times.push_back(s.milliseconds);
        if (s.failed())
            report.failing.push_back(s);
    }
    if (options.progress)
        options.progress(done, static_cast<int>(images.size()), {});
    report.medianMs = percentile(times, 0.5);
    report.p95Ms = percentile(times, 0.95);
    return report;
}

std::string evalReportJson(const EvalReport& r) {
    using nlohmann::json;
    json matrix = json::array();
    for (const auto& row : r.confusion)
        matrix.push_back(row);
    json failing = json::array();
    for (const ImageScore& s : r.failing)
        failing.push_back({{"image", s.name},
                           {"dice", s.dice},
                           {"found", s.found},
                           {"read_right", s.readRight},
                           {"confident_wrong", s.confidentWrong},
                           {"unsure", s.unsure},
                           {"phantom", s.phantom}});
    const json out = {
        {"images", r.images},
        {"dice", r.dice},
        {"found", r.found},
        {"read_right", r.readRight},
        {"confident_wrong", r.confidentWrong},
        {"unsure", r.unsure},
        {"phantom", r.phantom},
        {"phantom_per_image", r.images ? static_cast<double>(r.phantom) / r.images : 0.0},
        {"count_uncertain_images", r.countUncertainImages},
        {"median_ms", r.medianMs},
        {"p95_ms", r.p95Ms},
        {"label_fixes", r.labelFixes},
        {"tray_from_labels", r.trayFromLabels ? json(*r.trayFromLabels) : json(nullptr)},
        {"die_size_from_labels", r.dieSizeFromLabels},
        {"images_without_tray", r.imagesWithoutTray},
        {"confusion", {{"rows", "true face 1-6"}, {"columns", "read 1-6, then missed"}, {"matrix", matrix}}},
        {"failing", failing},
        {"errors", r.errors},
    };
    return out.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

std::string evalReportTable(const EvalReport& r) {
    std::ostringstream o;
    const auto row = [&](const char* name, int n, int whole) {
        o << "  " << std::left << std::setw(16) << name << std::right << std::setw(6) << n;
        if (whole >= 0)
            o << "  " << std::setw(8) << percent(n, whole);
        o << "\n";
    };
    if (r.trayFromLabels || r.dieSizeFromLabels) {
        o << "at the table:";
        if (r.trayFromLabels)
            o << " tray = labelled dice grown by " << *r.trayFromLabels << " die sides"
              << (r.imagesWithoutTray ? " (" + std::to_string(r.imagesWithoutTray) + " photos without one)"
                                      : "");
        if (r.dieSizeFromLabels)
            o << (r.trayFromLabels ? ";" : "") << " die size from the labels";
        o << "\n";
    }
    o << "images " << r.images << ", labelled dice " << r.dice;
    if (r.labelFixes > 0)
        o << " (" << r.labelFixes << " label" << (r.labelFixes == 1 ? "" : "s") << " corrected)";
    o << "\n";
    row("found", r.found, r.dice);
    row("read right", r.readRight, r.dice);
    row("confident wrong", r.confidentWrong, r.dice);
    row("unsure", r.unsure, r.dice);
    row("phantom", r.phantom, -1);
    o << "  " << std::left << std::setw(16) << "phantom a photo" << std::right << std::fixed
      << std::setprecision(2) << std::setw(6) << (r.images ? static_cast<double>(r.phantom) / r.images : 0.0)
      << "\n";
    row("count uncertain", r.countUncertainImages, r.images);
    o << std::fixed << std::setprecision(2) << "  time per frame  median " << r.medianMs << " ms, p95 "
      << r.p95Ms << " ms\n";
    o << "confusion (rows: true face; columns: read 1-6, missed)\n";
    for (size_t i = 0; i < 6; ++i) {
        o << "  " << i + 1 << " |";
        for (size_t j = 0; j < 7; ++j)
            o << std::setw(5) << r.confusion[i][j];
        o << "\n";
    }
    if (!r.failing.empty()) {
        o << "failing images:\n";
        for (const ImageScore& s : r.failing)
            o << "  " << s.name << ": " << s.dice << " dice, found " << s.found << ", right " << s.readRight
              << ", confident wrong " << s.confidentWrong << ", unsure " << s.unsure << ", phantom "
              << s.phantom << "\n";
    }
    for (const std::string& e : r.errors)
        o << "error: " << e << "\n";
    return o.str();
}

} // namespace muster::vision
