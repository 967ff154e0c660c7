#pragma once

// CalibrationStore: reusable per-table calibration profiles in their own small SQLite file. It stores the
// profile's JSON text (calibration::CalibrationProfile::toJson) and its camera resolution, and knows nothing
// of OpenCV: parsing and validating the text is the calibration module's job.

#include "app/storage/Result.h"

#include <memory>
#include <string>
#include <vector>

namespace SQLite {
class Database;
}

namespace muster::storage {

struct StoredProfile {
    std::string name; // "kitchen table"
    int width = 0;    // camera resolution the profile was made at
    int height = 0;
    std::string json;  // empty in list()
    std::string saved; // ISO 8601, UTC
};

class CalibrationStore {
public:
    static constexpr int kApplicationId = 0x4D53434C; // "MSCL": a Muster calibration-profile file
    static constexpr int kVersion = 1;

    // Opens or creates the file; refuses another application's file and a newer version of this one.
    static Result<CalibrationStore> open(const std::string& path);
    static Result<CalibrationStore> openInMemory();

    CalibrationStore(CalibrationStore&&) noexcept;
    CalibrationStore& operator=(CalibrationStore&&) noexcept;
    ~CalibrationStore();

    // Inserts or replaces the profile of that name.
    Result<void> save(const std::string& name, int width, int height, const std::string& json);
    Result<StoredProfile> load(const std::string& name) const;
    Result<std::vector<StoredProfile>> list() const; // by name, without the JSON
    Result<void> remove(const std::string& name);

private:
    CalibrationStore() = default;
    static Result<CalibrationStore> prepare(std::unique_ptr<SQLite::Database> db, const std::string& name);

    std::unique_ptr<SQLite::Database> m_db;
};

} // namespace muster::storage
