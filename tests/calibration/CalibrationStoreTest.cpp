// Per-table calibration profiles in SQLite: a profile saved as JSON comes back, parses, and rescales; foreign
// and newer files are refused.

#include "app/storage/CalibrationStore.h"

#include "calibration/CalibrationProfile.h"

#include <SQLiteCpp/Database.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace mc = muster::calibration;
namespace ms = muster::storage;

namespace {

mc::CalibrationProfile profile() {
    mc::TrayCalibration t;
    t.resolution = {1280, 720};
    t.imageToTray = cv::Matx33d(0.25, 0, -10, 0, 0.25, -5, 0, 0, 1);
    t.trayToImage = t.imageToTray.inv();
    t.regionMm = {{0, 0}, {210, 0}, {210, 297}, {0, 297}};
    t.regionPx = mc::mapPoints(t.trayToImage, t.regionMm);
    t.dieSizePx = 64;
    t.pxPerMm = 4;
    mc::CalibrationProfile p = mc::makeProfile("kitchen", t);
    p.diceSets.push_back({"green", "Ben", {42, -41, 28}, {65, -19, 10}, 12});
    return p;
}

std::filesystem::path tempFile(const std::string& name) {
    const auto path = std::filesystem::temp_directory_path() / name;
    std::filesystem::remove(path);
    return path;
}

} // namespace

TEST(CalibrationStore, SavesLoadsListsAndRemoves) {
    auto store = ms::CalibrationStore::openInMemory();
    ASSERT_TRUE(store) << store.message();
    const mc::CalibrationProfile p = profile();
    ASSERT_TRUE(store->save(p.name, p.resolution().width, p.resolution().height, p.toJson()));
    ASSERT_TRUE(store->save("club", 640, 480, "{}"));

    const auto loaded = store->load("kitchen");
    ASSERT_TRUE(loaded) << loaded.message();
    EXPECT_EQ(loaded->width, 1280);
    const auto parsed = mc::CalibrationProfile::fromJson(loaded->json);
    ASSERT_TRUE(parsed) << parsed.error().message;
    EXPECT_EQ(parsed->diceSets.at(0).player, "Ben");
    const auto scaled = parsed->rescaledTo({1920, 1080});
    ASSERT_TRUE(scaled);
    EXPECT_FLOAT_EQ(scaled->tray.dieSizePx, 96.0f);

    const auto all = store->list();
    ASSERT_TRUE(all);
    ASSERT_EQ(all->size(), 2u);
    EXPECT_EQ(all->at(0).name, "club");
    EXPECT_TRUE(all->at(0).json.empty());

    ASSERT_TRUE(store->remove("club"));
    EXPECT_FALSE(store->remove("club"));
    const auto gone = store->load("club");
    ASSERT_FALSE(gone);
    EXPECT_NE(gone.message().find("no calibration profile named 'club'"), std::string::npos);
    EXPECT_FALSE(store->save("", 640, 480, "{}"));
    EXPECT_FALSE(store->save("bad", 0, 480, "{}"));
}

TEST(CalibrationStore, PersistsInAFile) {
    const auto path = tempFile("muster_profiles_test.sqlite");
    {
        auto store = ms::CalibrationStore::open(path.string());
        ASSERT_TRUE(store) << store.message();
        ASSERT_TRUE(store->save("kitchen", 1280, 720, profile().toJson()));
    }
    auto again = ms::CalibrationStore::open(path.string());
    ASSERT_TRUE(again) << again.message();
    EXPECT_TRUE(again->load("kitchen"));
    std::filesystem::remove(path);
}

TEST(CalibrationStore, RefusesForeignAndNewerFiles) {
    const auto foreign = tempFile("muster_profiles_foreign.sqlite");
    {
        SQLite::Database db(foreign.string(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        db.exec("CREATE TABLE notes(text TEXT)");
    }
    const auto f = ms::CalibrationStore::open(foreign.string());
    ASSERT_FALSE(f);
    EXPECT_NE(f.message().find("not a Muster calibration-profile file"), std::string::npos) << f.message();
    std::filesystem::remove(foreign);

    const auto newer = tempFile("muster_profiles_newer.sqlite");
    {
        auto store = ms::CalibrationStore::open(newer.string());
        ASSERT_TRUE(store);
    }
    {
        SQLite::Database db(newer.string(), SQLite::OPEN_READWRITE);
        db.exec("PRAGMA user_version = 9");
    }
    const auto n = ms::CalibrationStore::open(newer.string());
    ASSERT_FALSE(n);
    EXPECT_NE(n.message().find("newer Muster"), std::string::npos) << n.message();
    std::filesystem::remove(newer);

    const auto text = tempFile("muster_profiles_text.sqlite");
    {
        std::ofstream out(text);
        out << "this is not a database, just text that is long enough to fill a "
               "header........................";
    }
    EXPECT_FALSE(ms::CalibrationStore::open(text.string()));
    std::filesystem::remove(text);
}
