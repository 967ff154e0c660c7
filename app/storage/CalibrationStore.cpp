#include "app/storage/CalibrationStore.h"

#include "app/storage/Journal.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>
#include <SQLiteCpp/Transaction.h>

namespace muster::storage {

CalibrationStore::CalibrationStore(CalibrationStore&&) noexcept = default;
CalibrationStore& CalibrationStore::operator=(CalibrationStore&&) noexcept = default;
CalibrationStore::~CalibrationStore() = default;

Result<CalibrationStore> CalibrationStore::prepare(std::unique_ptr<SQLite::Database> db,
                                                   const std::string& name) {
    try {
        const int appId = db->execAndGet("PRAGMA application_id").getInt();
        const int version = db->execAndGet("PRAGMA user_version").getInt();
        const bool empty = db->execAndGet("SELECT count(*) FROM sqlite_master").getInt() == 0;
        if (!empty && appId != kApplicationId)
            return Error{name + " is not a Muster calibration-profile file"};
        if (version > kVersion)
            return Error{name + " was written by a newer Muster (profile file version " +
                         std::to_string(version) + "): update Muster"};
        if (empty) {
            SQLite::Transaction tx(*db);
            db->exec("PRAGMA application_id = " + std::to_string(kApplicationId));
            db->exec("CREATE TABLE calibration_profiles("
                     " name TEXT PRIMARY KEY NOT NULL,"
                     " width INTEGER NOT NULL CHECK (width > 0),"
                     " height INTEGER NOT NULL CHECK (height > 0),"
                     " profile TEXT NOT NULL,"
                     " saved TEXT NOT NULL)");
            db->exec("PRAGMA user_version = " + std::to_string(kVersion));
            tx.commit();
        }
    } catch (const SQLite::Exception& e) {
        return Error{"cannot open calibration profiles in " + name + ": " + e.what()};
    }
    CalibrationStore store;
    store.m_db = std::move(db);
    return store;
}

Result<CalibrationStore> CalibrationStore::open(const std::string& path) {
    try {
        return prepare(std::make_unique<SQLite::Database>(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE),
                       path);
    } catch (const SQLite::Exception& e) {
        return Error{"cannot open calibration profiles in " + path + ": " + e.what()};
    }
}

Result<CalibrationStore> CalibrationStore::openInMemory() {
    try {
        return prepare(std::make_unique<SQLite::Database>(":memory:", SQLite::OPEN_READWRITE), ":memory:");
    } catch (const SQLite::Exception& e) {
        return Error{std::string("cannot open calibration profiles in memory: ") + e.what()};
    }
}

Result<void> CalibrationStore::save(const std::string& name, int width, int height, const std::string& json) {
    if (name.empty())
        return Error{"a calibration profile needs a name"};
    if (width <= 0 || height <= 0)
        return Error{"a calibration profile needs a positive camera resolution"};
    try {
        SQLite::Statement s(
            *m_db, "INSERT OR REPLACE INTO calibration_profiles(name, width, height, profile, saved) "
                   "VALUES (?, ?, ?, ?, ?)");
        s.bind(1, name);
        s.bind(2, width);
        s.bind(3, height);
        s.bind(4, json);
        s.bind(5, nowIso8601());
        s.exec();
    } catch (const SQLite::Exception& e) {
        return Error{"cannot save calibration profile '" + name + "': " + e.what()};
    }
    return {};
}

Result<StoredProfile> CalibrationStore::load(const std::string& name) const {
    try {
        SQLite::Statement s(*m_db,
                            "SELECT width, height, profile, saved FROM calibration_profiles WHERE name = ?");
        s.bind(1, name);
        if (!s.executeStep())
            return Error{"there is no calibration profile named '" + name + "'"};
        return StoredProfile{name, s.getColumn(0).getInt(), s.getColumn(1).getInt(),
                             s.getColumn(2).getString(), s.getColumn(3).getString()};
    } catch (const SQLite::Exception& e) {
        return Error{"cannot load calibration profile '" + name + "': " + e.what()};
    }
}

Result<std::vector<StoredProfile>> CalibrationStore::list() const {
    try {
        SQLite::Statement s(*m_db,
                            "SELECT name, width, height, saved FROM calibration_profiles ORDER BY name");
        std::vector<StoredProfile> out;
        while (s.executeStep())
            out.push_back({s.getColumn(0).getString(),
                           s.getColumn(1).getInt(),
                           s.getColumn(2).getInt(),
                           {},
                           s.getColumn(3).getString()});
        return out;
    } catch (const SQLite::Exception& e) {
        return Error{std::string("cannot list calibration profiles: ") + e.what()};
    }
}

Result<void> CalibrationStore::remove(const std::string& name) {
    try {
        SQLite::Statement s(*m_db, "DELETE FROM calibration_profiles WHERE name = ?");
        s.bind(1, name);
        if (s.exec() == 0)
            return Error{"there is no calibration profile named '" + name + "'"};
    } catch (const SQLite::Exception& e) {
        return Error{"cannot delete calibration profile '" + name + "': " + e.what()};
    }
    return {};
}

} // namespace muster::storage
