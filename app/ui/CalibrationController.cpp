#include "app/ui/CalibrationController.h"

#include "app/camera/VisionHints.h"
#include "app/print/CalibrationSheetPdf.h"
#include "app/storage/CalibrationStore.h"
#include "app/ui/CameraService.h"
#include "app/ui/GameController.h"
#include "app/ui/SavedGames.h"
#include "calibration/DiceSets.h"
#include "calibration/LightCheck.h"
#include "common/image/ImageFile.h"
#include "vision/DiceReader.h"
#include "vision/DiceSet.h"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

using namespace Qt::StringLiterals;

namespace muster::app {

namespace {

namespace mc = muster::calibration;

QString q(const std::string& s) {
    return QString::fromStdString(s);
}

QColor labColour(const cv::Vec3f& lab) {
    cv::Mat pixel(1, 1, CV_32FC3, cv::Scalar(lab[0], lab[1], lab[2]));
    cv::Mat rgb;
    cv::cvtColor(pixel, rgb, cv::COLOR_Lab2RGB);
    const cv::Vec3f c = rgb.at<cv::Vec3f>(0, 0);
    return QColor::fromRgbF(std::clamp(c[0], 0.0f, 1.0f), std::clamp(c[1], 0.0f, 1.0f),
                            std::clamp(c[2], 0.0f, 1.0f));
}

// The frame with what calibration found drawn on it: the watched region, the markers, a die-sized square.
cv::Mat drawResult(const cv::Mat& bgr, const mc::TrayCalibration& cal) {
    cv::Mat out = bgr.clone();
    const int line = std::max(2, out.cols / 400);
    std::vector<cv::Point> region;
    for (const cv::Point2f& p : cal.regionPx)
        region.emplace_back(cvRound(p.x), cvRound(p.y));
    cv::polylines(out, std::vector<std::vector<cv::Point>>{region}, true, cv::Scalar(0, 200, 0), line * 2,
                  cv::LINE_AA);
    for (const mc::MarkerSighting& m : cal.markers) {
        for (size_t k = 0; k < m.cornersPx.size(); ++k)
            cv::line(out, m.cornersPx[k], m.cornersPx[(k + 1) % m.cornersPx.size()], cv::Scalar(0, 0, 255),
                     line, cv::LINE_AA);
        if (!m.cornersPx.empty())
            cv::putText(out, std::to_string(m.id), m.cornersPx[0] + cv::Point2f(0, -8.0f),
                        cv::FONT_HERSHEY_SIMPLEX, line * 0.6, cv::Scalar(0, 0, 255), line);
    }
    if (!cal.regionPx.empty()) {
        cv::Point2f centre(0, 0);
        for (const cv::Point2f& p : cal.regionPx)
            centre += p;
        centre *= 1.0f / static_cast<float>(cal.regionPx.size());
        const float half = cal.dieSizePx / 2;
        cv::rectangle(out,
                      cv::Rect2f(centre - cv::Point2f(half, half), cv::Size2f(cal.dieSizePx, cal.dieSizePx)),
                      cv::Scalar(0, 160, 255), line); // orange (BGR)
    }
    return out;
}

// Taught faces (vision::diceSetToText) in words; "" for none. Cached: the text is parsed once, not on
// every change of the wizard.
QString facesInWords(const std::string& text) {
    if (text.empty())
        return {};
    static QHash<size_t, QString> cache;
    const size_t key = std::hash<std::string>{}(text);
    if (const auto it = cache.constFind(key); it != cache.constEnd())
        return *it;
    const auto set = vision::diceSetFromText(text);
    const QString words =
        set ? q(camera::describeTaughtFaces(set.value())) : u"unreadable (%1)"_s.arg(q(set.error().message));
    cache.insert(key, words);
    return words;
}

} // namespace

DiceSetsModel::DiceSetsModel(QObject* parent)
    : MapListModel({"name", "player", "body", "pip", "samples", "faces"}, parent) {}

TeachDiceModel::TeachDiceModel(QObject* parent)
    : MapListModel({"boxX", "boxY", "boxW", "boxH", "read", "unsure", "face", "label"}, parent) {}

CalibrationController::CalibrationController(QObject* parent)
    : QObject(parent)
    , m_storePath(SavedGames::gamesDirectory() + u"/table-profiles.sqlite"_s)
    , m_photoFolder(qEnvironmentVariableIsEmpty("MUSTER_PHOTOS_DIR")
                        ? QStandardPaths::writableLocation(QStandardPaths::PicturesLocation)
                        : qEnvironmentVariable("MUSTER_PHOTOS_DIR"))
    , m_diceSets(new DiceSetsModel(this))
    , m_teachDice(new TeachDiceModel(this)) {
    // The first connection to changed(): the sets are current by the time a binding reads them.
    connect(this, &CalibrationController::changed, this, &CalibrationController::refreshDiceSets);
}

void CalibrationController::setPhotoFolder(const QString& folder) {
    if (folder == m_photoFolder)
        return;
    m_photoFolder = folder;
    Q_EMIT photoFolderChanged();
}

QStringList CalibrationController::photosIn(const QString& folder) const {
    QStringList out;
    const QFileInfoList files = QDir(folder).entryInfoList(
        {u"*.jpg"_s, u"*.jpeg"_s, u"*.png"_s, u"*.JPG"_s, u"*.JPEG"_s, u"*.PNG"_s}, QDir::Files, QDir::Time);
    for (const QFileInfo& f : files)
        out << f.absoluteFilePath();
    return out;
}

CalibrationController::~CalibrationController() = default;

void CalibrationController::setCamera(QObject* camera) {
    if (camera == m_camera)
        return;
    m_camera = camera;
    Q_EMIT cameraChanged();
}

QString CalibrationController::paper() const {
    return m_paper == mc::Paper::A4 ? u"a4"_s : u"letter"_s;
}

void CalibrationController::setPaper(const QString& paper) {
    const auto parsed = mc::parsePaper(paper.toLower().toStdString());
    if (!parsed || parsed.value() == m_paper)
        return;
    m_paper = parsed.value();
    Q_EMIT changed();
}

void CalibrationController::setDieSizeMm(double mm) {
    if (mm <= 0 || mm == m_dieSizeMm)
        return;
    m_dieSizeMm = mm;
    Q_EMIT changed();
}

void CalibrationController::setTrayWidthMm(double mm) {
    if (mm < 0 || mm == m_trayMm.width)
        return;
    m_trayMm.width = mm;
    Q_EMIT changed();
}

void CalibrationController::setTrayHeightMm(double mm) {
    if (mm < 0 || mm == m_trayMm.height)
        return;
    m_trayMm.height = mm;
    Q_EMIT changed();
}

QString CalibrationController::sheetAt() const {
    return q(mc::sheetPlacementName(m_sheetAt));
}

void CalibrationController::setSheetAt(const QString& placement) {
    const auto parsed = mc::parseSheetPlacement(placement.toStdString());
    if (!parsed || parsed.value() == m_sheetAt)
        return;
    m_sheetAt = parsed.value();
    Q_EMIT changed();
}

QString CalibrationController::regionText() const {
    if (!m_profile)
        return {};
    const std::vector<cv::Point2f>& r = m_profile->tray.regionMm;
    cv::Rect2f box;
    if (!r.empty()) {
        float x0 = r[0].x, y0 = r[0].y, x1 = r[0].x, y1 = r[0].y;
        for (const cv::Point2f& p : r) {
            x0 = std::min(x0, p.x), y0 = std::min(y0, p.y), x1 = std::max(x1, p.x), y1 = std::max(y1, p.y);
        }
        box = cv::Rect2f(x0, y0, x1 - x0, y1 - y0);
    }
    const mc::SheetLayout layout = mc::SheetLayout::standard(m_profile->paper);
    if (std::abs(box.width - layout.paperMm.width) < 0.5f &&
        std::abs(box.height - layout.paperMm.height) < 0.5f && std::abs(box.x) < 0.5f &&
        std::abs(box.y) < 0.5f)
        return u"the sheet only"_s;
    return u"the tray, %1 x %2 mm"_s.arg(std::lround(box.width)).arg(std::lround(box.height));
}

void CalibrationController::setStorePath(const QString& path) {
    if (path == m_storePath)
        return;
    m_storePath = path;
    Q_EMIT profilesChanged();
}

QString CalibrationController::profileName() const {
    return m_profile ? q(m_profile->name) : QString();
}
int CalibrationController::markersFound() const {
    return m_profile ? static_cast<int>(m_profile->tray.markers.size()) : 0;
}
double CalibrationController::cornerErrorMm() const {
    return m_profile ? m_profile->tray.maxErrorMm : 0.0;
}
double CalibrationController::rmsErrorPx() const {
    return m_profile ? m_profile->tray.rmsErrorPx : 0.0;
}
double CalibrationController::dieSizePx() const {
    return m_profile ? m_profile->tray.dieSizePx : 0.0;
}
double CalibrationController::pxPerMm() const {
    return m_profile ? m_profile->tray.pxPerMm : 0.0;
}
QString CalibrationController::resolution() const {
    if (!m_profile)
        return {};
    return u"%1x%2"_s.arg(m_profile->resolution().width).arg(m_profile->resolution().height);
}

void CalibrationController::refreshDiceSets() {
    QList<QVariantMap> rows;
    if (m_profile)
        for (const mc::DiceSet& set : m_profile->diceSets)
            rows << QVariantMap{{u"name"_s, q(set.name)},         {u"player"_s, q(set.player)},
                                {u"body"_s, labColour(set.body)}, {u"pip"_s, labColour(set.pip)},
                                {u"samples"_s, set.samples},      {u"faces"_s, facesInWords(set.faces)}};
    m_diceSets->setRows(std::move(rows));
    refreshTeaching();
}

void CalibrationController::refreshTeaching() {
    QList<QVariantMap> rows;
    const cv::Size size = m_teaching.frameSize();
    for (const camera::TeachDie& d : m_teaching.dice())
        rows << QVariantMap{{u"boxX"_s, d.box.x / size.width},
                            {u"boxY"_s, d.box.y / size.height},
                            {u"boxW"_s, d.box.width / size.width},
                            {u"boxH"_s, d.box.height / size.height},
                            {u"read"_s, d.read},
                            {u"unsure"_s, d.unsure},
                            {u"face"_s, d.face},
                            {u"label"_s, d.label()}};
    m_teachDice->setRows(std::move(rows));
}

QVariantList CalibrationController::teachCounts() const {
    QVariantList out;
    for (const int n : m_teaching.counts())
        out << n;
    return out;
}

QString CalibrationController::tableFaces() const {
    return m_profile ? facesInWords(m_profile->faces) : QString();
}

QStringList CalibrationController::profiles() const {
    QStringList out;
    if (!QFileInfo::exists(m_storePath))
        return out;
    auto store = storage::CalibrationStore::open(m_storePath.toStdString());
    if (!store)
        return out;
    auto list = store->list();
    if (list)
        for (const storage::StoredProfile& p : *list)
            out << q(p.name);
    return out;
}

bool CalibrationController::fail(const QString& message) {
    m_message = message;
    m_failed = true;
    Q_EMIT changed();
    return false;
}

bool CalibrationController::say(const QString& message) {
    m_message = message;
    m_failed = false;
    Q_EMIT changed();
    return true;
}

bool CalibrationController::writeSheet(const QString& folder) {
    const QString dir = folder.isEmpty() ? SavedGames::gamesDirectory() : folder;
    const QString path = dir + u"/calibration-sheet-%1.pdf"_s.arg(paper());
    const mc::Status written =
        writeCalibrationSheetPdf(mc::SheetLayout::standard(m_paper), path.toStdString());
    if (!written)
        return fail(q(written.error().message));
    m_sheetPath = path;
    return say(u"PDF written to %1. Print it at 100% (no \"fit to page\")."_s.arg(path));
}

cv::Mat CalibrationController::cameraFrame() const {
    const auto* camera = qobject_cast<const CameraService*>(m_camera);
    return camera ? camera->latestFrame() : cv::Mat();
}

bool CalibrationController::capture() {
    const cv::Mat frame = cameraFrame();
    if (frame.empty())
        return fail(u"The camera gives no frame (no camera, or the demo feed): use a photo instead."_s);
    return calibrateBgr(frame, u"the camera"_s);
}

namespace {
QString localPath(const QString& pathOrUrl) {
    const QUrl url(pathOrUrl);
    return url.isLocalFile() ? url.toLocalFile() : pathOrUrl;
}
} // namespace

cv::Mat CalibrationController::readImage(const QString& pathOrUrl) {
    auto loaded = image::loadImageChecked(localPath(pathOrUrl).toStdString());
    return loaded ? std::move(loaded).value() : cv::Mat();
}

bool CalibrationController::usePhoto(const QString& pathOrUrl) {
    const cv::Mat image = readImage(pathOrUrl);
    if (image.empty())
        return fail(u"Cannot read %1 as an image."_s.arg(localPath(pathOrUrl)));
    return calibrateBgr(image, QFileInfo(localPath(pathOrUrl)).fileName());
}

bool CalibrationController::calibrateBgr(const cv::Mat& bgr, const QString& source) {
    try {
        mc::TrayOptions options;
        options.layout = mc::SheetLayout::standard(m_paper);
        options.dieSizeMm = static_cast<float>(m_dieSizeMm);
        if (m_trayMm.width > 0 && m_trayMm.height > 0) {
            auto region = mc::trayRegionMm(
                options.layout,
                cv::Size2f(static_cast<float>(m_trayMm.width), static_cast<float>(m_trayMm.height)),
                m_sheetAt);
            if (!region)
                return fail(q(region.error().message));
            options.regionMm = std::move(region.value());
        }
        auto cal = mc::calibrateTray(bgr, options);
        if (!cal)
            return fail(u"%1: %2"_s.arg(source, q(cal.error().message)));
        mc::CalibrationProfile profile = mc::makeProfile({}, cal.value(), m_paper);
        cv::cvtColor(bgr, profile.referenceView, cv::COLOR_BGR2GRAY); // for the moved-camera check later
        adopt(std::move(profile), bgr);
    } catch (const cv::Exception& e) {
        return fail(u"%1: %2"_s.arg(source, QString::fromStdString(image::openCvFailure(e))));
    }
    QString text =
        u"Calibrated from %1: %2 markers, worst corner %3 mm, a die is %4 px; watching %5."_s.arg(source)
            .arg(markersFound())
            .arg(cornerErrorMm(), 0, 'f', 2)
            .arg(dieSizePx(), 0, 'f', 1)
            .arg(regionText());
    return say(text);
}

void CalibrationController::adopt(mc::CalibrationProfile profile, const cv::Mat& bgr) {
    m_profile = std::move(profile);
    m_lightWarnings.clear();
    if (!bgr.empty()) {
        const auto light = mc::checkLight(bgr, m_profile->tray.regionPx);
        if (light)
            for (const mc::LightWarning& w : light->warnings)
                m_lightWarnings << q(w.message);
        const QString path =
            QDir::tempPath() +
            u"/muster-calibration-%1-%2.jpg"_s.arg(QCoreApplication::applicationPid()).arg(++m_overlayCount);
        if (cv::imwrite(path.toStdString(), drawResult(bgr, m_profile->tray)))
            m_overlayUrl = QUrl::fromLocalFile(path);
    } else {
        m_overlayUrl.clear();
    }
}

bool CalibrationController::saveProfile(const QString& name) {
    if (!m_profile)
        return fail(u"Nothing to save yet: calibrate from the camera or a photo first."_s);
    if (name.trimmed().isEmpty())
        return fail(u"A table profile needs a name, for example \"kitchen table\"."_s);
    m_profile->name = name.trimmed().toStdString();
    auto store = storage::CalibrationStore::open(m_storePath.toStdString());
    if (!store)
        return fail(q(store.message()));
    auto saved = store->save(m_profile->name, m_profile->resolution().width, m_profile->resolution().height,
                             m_profile->toJson());
    if (!saved)
        return fail(q(saved.message()));
    Q_EMIT profilesChanged();
    return say(u"Saved as the table profile \"%1\" (%2)."_s.arg(name.trimmed(), resolution()));
}

bool CalibrationController::loadProfile(const QString& name, int width, int height) {
    auto store = storage::CalibrationStore::open(m_storePath.toStdString());
    if (!store)
        return fail(q(store.message()));
    auto stored = store->load(name.toStdString());
    if (!stored)
        return fail(q(stored.message()));
    auto profile = mc::CalibrationProfile::fromJson(stored->json);
    if (!profile)
        return fail(u"Profile \"%1\": %2"_s.arg(name, q(profile.error().message)));
    const cv::Size made = profile->resolution();
    if (width <= 0 || height <= 0 || cv::Size(width, height) == made) {
        adopt(profile.value(), {});
        return say(u"Loaded the table profile \"%1\" (%2x%3)."_s.arg(name).arg(made.width).arg(made.height));
    }
    auto scaled = profile->rescaledTo(cv::Size(width, height));
    if (!scaled)
        return fail(u"Profile \"%1\" refused: %2"_s.arg(name, q(scaled.error().message)));
    adopt(scaled.value(), {});
    return say(u"Loaded the table profile \"%1\", made at %2x%3 and rescaled to %4x%5."_s.arg(name)
                   .arg(made.width)
                   .arg(made.height)
                   .arg(width)
                   .arg(height));
}

QString CalibrationController::gamePayload() const {
    if (!m_profile)
        return {};
    return q(m_profile->toGamePayload());
}

bool CalibrationController::attachTo(GameController* game) {
    if (!m_profile)
        return fail(u"Nothing to attach yet: calibrate or load a table profile first."_s);
    if (!game || !game->active())
        return fail(u"No game is in play to attach the calibration to."_s);
    if (!game->attachCalibration(gamePayload()))
        return fail(game->lastError());
    return say(u"Calibration \"%1\" (%2) is now part of this game."_s.arg(
        profileName().isEmpty() ? u"unnamed"_s : profileName(), resolution()));
}

bool CalibrationController::loadFromPayload(const QString& payloadText, int width, int height, bool quiet) {
    if (payloadText.isEmpty()) {
        if (!quiet)
            say(u"This game has no calibration attached yet."_s); // not an error: calibrating is optional
        return false;
    }
    auto profile = mc::CalibrationProfile::fromGamePayload(payloadText.toStdString());
    if (!profile)
        return fail(u"The game's calibration cannot be used: %1."_s.arg(q(profile.error().message)));
    if (width > 0 && height > 0) {
        auto scaled = profile->rescaledTo(cv::Size(width, height));
        if (!scaled)
            return fail(u"The game's calibration refused: %1"_s.arg(q(scaled.error().message)));
        adopt(scaled.value(), {});
    } else {
        adopt(profile.value(), {});
    }
    return say(u"This game uses the calibration \"%1\" (%2)."_s.arg(
        profileName().isEmpty() ? u"unnamed"_s : profileName(), resolution()));
}

vision::DiceReader* CalibrationController::reader(QString& error) {
    if (!m_reader) {
        auto loaded = vision::DiceReader::load(vision::DiceReader::defaultModelDir());
        if (!loaded) {
            error = u"The dice reader is not available: %1"_s.arg(q(loaded.error().message));
            return nullptr;
        }
        m_reader.emplace(std::move(loaded).value());
    }
    return &*m_reader;
}

cv::Mat CalibrationController::throwFrame(const QString& pathOrUrl, QString& error) const {
    if (pathOrUrl.isEmpty()) {
        cv::Mat bgr = cameraFrame();
        if (bgr.empty())
            error = u"The camera gives no frame: use a photo of the throw instead."_s;
        return bgr;
    }
    cv::Mat bgr = readImage(pathOrUrl);
    if (bgr.empty())
        error = u"Cannot read %1 as an image."_s.arg(localPath(pathOrUrl));
    return bgr;
}

bool CalibrationController::throwToRead(const QString& pathOrUrl, const QString& what, cv::Mat& bgr,
                                        vision::DiceReader*& dice) {
    if (!m_profile)
        return fail(u"Calibrate the tray first: %1 belong to a table profile."_s.arg(what));
    QString error;
    bgr = throwFrame(pathOrUrl, error);
    if (bgr.empty())
        return fail(error);
    dice = reader(error);
    return dice ? true : fail(error);
}

bool CalibrationController::learnDiceSets(const QString& pathOrUrl) {
    cv::Mat bgr;
    vision::DiceReader* dice = nullptr;
    if (!throwToRead(pathOrUrl, u"dice sets"_s, bgr, dice))
        return false;
    try {
        auto read = dice->read(bgr);
        if (!read)
            return fail(q(read.error().message));
        std::vector<cv::Rect2f> boxes;
        std::vector<mc::DieColour> colours;
        for (const vision::DieRead& die : read->dice) {
            const cv::Rect2f box = die.outline.boundingRect2f();
            auto colour = mc::describeDie(bgr, box);
            if (!colour)
                continue;
            boxes.push_back(box);
            colours.push_back(colour.value());
        }
        if (colours.empty())
            return fail(
                u"No dice found in the calibration throw: throw each player's dice in the tray, apart."_s);
        mc::DiceSetModel model;
        const auto groups = mc::groupByColour(colours);
        for (size_t g = 0; g < groups.size(); ++g) {
            std::vector<mc::DieColour> members;
            for (int i : groups[g])
                members.push_back(colours[static_cast<size_t>(i)]);
            auto added = model.addSet(u"set %1"_s.arg(g + 1).toStdString(), {}, members);
            if (!added)
                return fail(q(added.error().message));
        }
        m_profile->diceSets = model.sets();
        return say(u"%1 dice in %2 colour groups. Tap a player under each colour; a colour nobody owns "
                   "is asked about during play."_s.arg(colours.size())
                       .arg(groups.size()));
    } catch (const cv::Exception& e) {
        return fail(QString::fromStdString(image::openCvFailure(e)));
    }
}

bool CalibrationController::assignSet(int index, const QString& player) {
    if (!m_profile || index < 0 || index >= static_cast<int>(m_profile->diceSets.size()))
        return fail(u"There is no dice set %1."_s.arg(index + 1));
    m_profile->diceSets[static_cast<size_t>(index)].player = player.toStdString();
    return say(u"%1 throws %2."_s.arg(player, q(m_profile->diceSets[static_cast<size_t>(index)].name)));
}

bool CalibrationController::teachThrow(const QString& pathOrUrl) {
    cv::Mat bgr;
    vision::DiceReader* dice = nullptr;
    if (!throwToRead(pathOrUrl, u"taught faces"_s, bgr, dice))
        return false;
    try {
        // Read as play reads: in the tray at the calibrated die size, when the profile fits this frame.
        vision::DiceHints hints;
        if (auto scaled = m_profile->rescaledTo(bgr.size()))
            hints = camera::toDiceHints({scaled->tray.regionPx, scaled->tray.dieSizePx});
        if (auto read = m_teaching.readThrow(*dice, bgr, hints); !read)
            return fail(u"This throw cannot be used: %1."_s.arg(q(read.error().message)));
        const QString path =
            QDir::tempPath() +
            u"/muster-teach-%1-%2.jpg"_s.arg(QCoreApplication::applicationPid()).arg(++m_overlayCount);
        m_teachPhotoUrl = cv::imwrite(path.toStdString(), bgr) ? QUrl::fromLocalFile(path) : QUrl();
    } catch (const cv::Exception& e) {
        return fail(QString::fromStdString(image::openCvFailure(e)));
    }
    int unsure = 0;
    for (const camera::TeachDie& d : m_teaching.dice())
        unsure += d.label() == 0 ? 1 : 0;
    return say(u"%1 dice read. Tap every die whose value is wrong%2, then keep the throw."_s
                   .arg(m_teaching.dice().size())
                   .arg(unsure > 0 ? u" and the %1 marked ?"_s.arg(unsure) : QString()));
}

bool CalibrationController::tapFace(int index, int face) {
    if (!m_teaching.tap(index, face))
        return fail(u"There is no die %1 with a face %2 to tap."_s.arg(index + 1).arg(face));
    if (face < 0)
        return say(u"Die %1 is left out."_s.arg(index + 1));
    return say(face > 0 ? u"Die %1 is a %2."_s.arg(index + 1).arg(face)
                        : u"Die %1 untapped."_s.arg(index + 1));
}

bool CalibrationController::keepThrow() {
    if (m_teaching.dice().empty())
        return fail(u"No throw in hand: throw the set's dice and read them first."_s);
    const int left = m_teaching.keepThrow();
    m_teachPhotoUrl.clear();
    QStringList missing;
    const auto counts = m_teaching.counts();
    for (size_t f = 0; f < counts.size(); ++f)
        if (counts[f] < 2)
            missing << QString::number(f + 1);
    const QString kept = left > 0 ? u"Throw kept; %1 dice left out, unread. "_s.arg(left) : u"Throw kept. "_s;
    return say(kept + (missing.isEmpty() ? u"Every face has two examples: teach the set, or throw again to "
                                           "teach it better."_s
                                         : u"Throw again: faces %1 still need two examples each."_s.arg(
                                               missing.join(u", "_s))));
}

bool CalibrationController::teachFaces(int set) {
    if (!m_profile)
        return fail(u"Calibrate the tray first: taught faces belong to a table profile."_s);
    if (set < -1 || set >= static_cast<int>(m_profile->diceSets.size()))
        return fail(u"There is no dice set %1."_s.arg(set + 1));
    if (!m_teaching.dice().empty())
        m_teaching.keepThrow();
    vision::TeachSummary summary;
    auto taught = m_teaching.teach(&summary);
    if (!taught)
        return fail(u"Not taught yet: %1."_s.arg(q(taught.error().message)));
    auto text = vision::diceSetToText(taught.value());
    if (!text)
        return fail(q(text.error().message));
    std::string& faces = set < 0 ? m_profile->faces : m_profile->diceSets[static_cast<size_t>(set)].faces;
    faces = std::move(text).value();
    const QString whose = set < 0
                              ? u"The dice of no set"_s
                              : u"Set \"%1\""_s.arg(q(m_profile->diceSets[static_cast<size_t>(set)].name));
    const QString words = q(camera::describeTaughtFaces(taught.value()));
    m_teaching.clear();
    m_teachPhotoUrl.clear();
    return say(u"%1: %2. Save the profile to keep it."_s.arg(whose, words));
}

void CalibrationController::forgetTeaching() {
    m_teaching.clear();
    m_teachPhotoUrl.clear();
    say(u"The throws for teaching are forgotten."_s);
}

bool CalibrationController::clearFaces(int set) {
    if (!m_profile || set < -1 || set >= static_cast<int>(m_profile->diceSets.size()))
        return fail(u"There is no dice set %1."_s.arg(set + 1));
    (set < 0 ? m_profile->faces : m_profile->diceSets[static_cast<size_t>(set)].faces).clear();
    return say(u"Every face is read by its pips again."_s);
}

} // namespace muster::app
