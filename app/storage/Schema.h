#pragma once

// The .muster file format: its identity (application_id), its versions (user_version) and the migration steps
// between them, plus the checks that decide whether a file may be opened at all.

#include "app/storage/Result.h"

#include <SQLiteCpp/Database.h>

#include <array>
#include <string>
#include <utility>

namespace muster::storage::schema {

inline constexpr int kApplicationId = 0x4D535452; // "MSTR" in the SQLite header, marks a Muster game file
inline constexpr int kCurrentVersion = 3;

// The version stored in the file (PRAGMA user_version); 0 for a file no migration has touched.
int version(SQLite::Database& db);

// Brings db from its version up to target, one transaction per step; a failed step rolls back and stops.
Result<void> migrate(SQLite::Database& db, int target = kCurrentVersion);

// Looks at the raw bytes (no SQLite): exists, is a SQLite file, not truncated. Reads, never writes.
Result<void> checkFileHeader(const std::string& path);

// The triggers that make the events and evidence tables append-only (name, CREATE text as stored).
extern const std::array<std::pair<const char*, const char*>, 4> kAppendOnlyTriggers;

// The append-only triggers are all there, exactly as Muster wrote them, and no others.
Result<void> checkAppendOnlyTriggers(SQLite::Database& db);

// Checks a database opened read-only: it is Muster's, not newer than this build, has the tables, and (if
// integrity) passes PRAGMA integrity_check. Returns the file's version. name is used in messages.
Result<int> validate(SQLite::Database& db, const std::string& name, bool integrity);

} // namespace muster::storage::schema
