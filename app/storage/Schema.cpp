#include "app/storage/Schema.h"

#include <SQLiteCpp/Statement.h>
#include <SQLiteCpp/Transaction.h>

#include <array>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <vector>

namespace muster::storage::schema {

// SQLite keeps a trigger's CREATE text as written, so verify compares it byte for byte: these strings must
// stay exactly as step 2 has always written them.
const std::array<std::pair<const char*, const char*>, 4> kAppendOnlyTriggers = {{
    {"events_append_only_update",
     "CREATE TRIGGER events_append_only_update BEFORE UPDATE ON events\n"
     "  BEGIN SELECT RAISE(ABORT, 'the journal is append-only: events cannot be changed'); END"},
    {"events_append_only_delete",
     "CREATE TRIGGER events_append_only_delete BEFORE DELETE ON events\n"
     "  BEGIN SELECT RAISE(ABORT, 'the journal is append-only: events cannot be deleted'); END"},
    {"evidence_append_only_update",
     "CREATE TRIGGER evidence_append_only_update BEFORE UPDATE ON evidence\n"
     "  BEGIN SELECT RAISE(ABORT, 'the journal is append-only: evidence cannot be changed'); END"},
    {"evidence_append_only_delete",
     "CREATE TRIGGER evidence_append_only_delete BEFORE DELETE ON evidence\n"
     "  BEGIN SELECT RAISE(ABORT, 'the journal is append-only: evidence cannot be deleted'); END"},
}};

namespace {

// Step 1: the four tables. Columns are NOT NULL so the canonical serialisation never meets a NULL.
void step1(SQLite::Database& db) {
    db.exec(R"sql(
CREATE TABLE game(
  id INTEGER PRIMARY KEY CHECK (id = 1),
  rule_set TEXT NOT NULL,
  house_rules TEXT NOT NULL,
  scenario TEXT NOT NULL,
  created TEXT NOT NULL,
  muster_version TEXT NOT NULL,
  genesis_hash TEXT NOT NULL
);
CREATE TABLE players(
  position INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  side TEXT NOT NULL,
  dice_colour TEXT NOT NULL
);
CREATE TABLE events(
  seq INTEGER PRIMARY KEY,
  turn INTEGER NOT NULL,
  phase TEXT NOT NULL,
  kind TEXT NOT NULL,
  payload TEXT NOT NULL,
  player TEXT NOT NULL,
  dice_source TEXT NOT NULL,
  time TEXT NOT NULL,
  evidence_hash TEXT NOT NULL,
  prev_hash TEXT NOT NULL,
  hash TEXT NOT NULL
);
CREATE TABLE evidence(
  event_seq INTEGER NOT NULL REFERENCES events(seq),
  idx INTEGER NOT NULL,
  jpeg BLOB NOT NULL,
  detections TEXT NOT NULL,
  photo_hash TEXT NOT NULL,
  PRIMARY KEY (event_seq, idx)
);
)sql");
}

// Step 2: lookups for the log filters, and append-only enforced by the database itself (kAppendOnlyTriggers).
void step2(SQLite::Database& db) {
    db.exec(R"sql(
CREATE INDEX events_turn ON events(turn);
CREATE INDEX events_player ON events(player);
)sql");
    for (const auto& [name, sql] : kAppendOnlyTriggers)
        db.exec(sql);
}

// Step 3: the compact replay input of each event (replay reads it instead of parsing the payload JSON), and
// in the header the rules engine version and how the game is played (dice source, seed). Rows written before
// keep the defaults: an empty input (replay falls back to the payload), engine version 0 (not recorded).
void step3(SQLite::Database& db) {
    db.exec(R"sql(
ALTER TABLE events ADD COLUMN input BLOB NOT NULL DEFAULT x'';
ALTER TABLE game ADD COLUMN engine_version INTEGER NOT NULL DEFAULT 0;
ALTER TABLE game ADD COLUMN play_setup TEXT NOT NULL DEFAULT '';
)sql");
}

const std::array<std::function<void(SQLite::Database&)>, kCurrentVersion> kSteps = {step1, step2, step3};

struct RequiredColumn {
    const char* name;
    int since = 1; // the schema version that added it
};

// Tables and columns each version must have; checked before anything is read.
const std::vector<std::pair<std::string, std::vector<RequiredColumn>>> kRequiredTables = {
    {"game",
     {{"rule_set"},
      {"house_rules"},
      {"scenario"},
      {"created"},
      {"muster_version"},
      {"genesis_hash"},
      {"engine_version", 3},
      {"play_setup", 3}}},
    {"players", {{"position"}, {"name"}, {"side"}, {"dice_colour"}}},
    {"events",
     {{"seq"},
      {"turn"},
      {"phase"},
      {"kind"},
      {"payload"},
      {"player"},
      {"dice_source"},
      {"time"},
      {"evidence_hash"},
      {"prev_hash"},
      {"hash"},
      {"input", 3}}},
    {"evidence", {{"event_seq"}, {"idx"}, {"jpeg"}, {"detections"}, {"photo_hash"}}},
};

std::uint32_t bigEndian32(const unsigned char* p) {
    return (std::uint32_t(p[0]) << 24) | (std::uint32_t(p[1]) << 16) | (std::uint32_t(p[2]) << 8) | p[3];
}

} // namespace

int version(SQLite::Database& db) {
    return db.execAndGet("PRAGMA user_version").getInt();
}

Result<void> migrate(SQLite::Database& db, int target) {
    const int from = version(db);
    if (from > target)
        return Error{"schema version " + std::to_string(from) + " is newer than " + std::to_string(target)};
    for (int v = from; v < target; ++v) {
        try {
            SQLite::Transaction tx(db, SQLite::TransactionBehavior::IMMEDIATE);
            kSteps[static_cast<std::size_t>(v)](db);
            db.exec("PRAGMA user_version = " + std::to_string(v + 1));
            tx.commit();
        } catch (const SQLite::Exception& e) {
            return Error{"migration to schema version " + std::to_string(v + 1) + " failed: " + e.what()};
        }
    }
    return {};
}

Result<void> checkFileHeader(const std::string& path) {
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (ec || !std::filesystem::exists(status))
        return Error{path + ": no such file"};
    if (!std::filesystem::is_regular_file(status))
        return Error{path + ": not a regular file"};
    const auto size = std::filesystem::file_size(path, ec);
    if (ec)
        return Error{path + ": cannot read its size: " + ec.message()};
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return Error{path + ": cannot be read"};
    std::array<unsigned char, 100> header{};
    in.read(reinterpret_cast<char*>(header.data()), header.size());
    const auto got = static_cast<std::size_t>(in.gcount());
    static const char kMagic[] = "SQLite format 3"; // 16 bytes with its NUL
    if (got < 16 || std::memcmp(header.data(), kMagic, 16) != 0)
        return Error{path + " is not a Muster game file (it is not an SQLite database)"};
    if (got < header.size())
        return Error{path + " is truncated: " + std::to_string(size) +
                     " bytes, shorter than an SQLite header"};
    // Page size at offset 16 (1 means 65536); in-header page count at 28, valid when the change counter at 24
    // equals the version-valid-for number at 92 (SQLite file format, section 1.3).
    std::uint32_t pageSize = (std::uint32_t(header[16]) << 8) | header[17];
    if (pageSize == 1)
        pageSize = 65536;
    if (pageSize < 512 || (pageSize & (pageSize - 1)) != 0)
        return Error{path + " is corrupt: invalid page size " + std::to_string(pageSize)};
    // A hot journal beside the file (a writer lost power or was killed in the middle of a commit) holds the
    // pages and the size to put back, and SQLite puts them back on opening: what the file looks like until
    // then (a torn last page, a length that is not whole pages) is left to it (PowerLoss.* found this).
    std::error_code journalEc;
    const auto journalSize = std::filesystem::file_size(path + "-journal", journalEc);
    const bool hotJournal = !journalEc && journalSize > 0;
    if (size % pageSize != 0 && !hotJournal)
        return Error{path + " is truncated or corrupt: " + std::to_string(size) +
                     " bytes is not a whole number of " + std::to_string(pageSize) + "-byte pages"};
    // The application id at offset 68 marks our files; checked here so a foreign file never reaches SQLite.
    if (const std::uint32_t appId = bigEndian32(&header[68]);
        appId != static_cast<std::uint32_t>(kApplicationId)) {
        char buf[80];
        std::snprintf(buf, sizeof buf, " (application_id 0x%08x, a Muster game has 0x%08x)", appId,
                      static_cast<unsigned>(kApplicationId));
        return Error{path + " is not a Muster game file" + buf};
    }
    const std::uint32_t pages = bigEndian32(&header[28]);
    const bool countValid = pages != 0 && bigEndian32(&header[24]) == bigEndian32(&header[92]);
    // A checkpoint copies the WAL's pages into the file in page order, page 1 (this header) first: stopped in
    // the middle (a crash), the header may promise pages that are still only in the WAL, and SQLite reads
    // them from there. So with a WAL beside the file the promise is left to SQLite (and quick_check).
    const auto walSize = std::filesystem::file_size(path + "-wal", ec);
    const bool walHolds = !ec && walSize > 0;
    if (countValid && !walHolds && !hotJournal && std::uint64_t(pages) * pageSize > size)
        return Error{path + " is truncated: its header promises " + std::to_string(pages) + " pages of " +
                     std::to_string(pageSize) + " bytes (" + std::to_string(std::uint64_t(pages) * pageSize) +
                     " bytes) but the file has " + std::to_string(size)};
    return {};
}

Result<void> checkAppendOnlyTriggers(SQLite::Database& db) {
    std::map<std::string, std::string> found;
    SQLite::Statement s(db, "SELECT name, sql FROM sqlite_master WHERE type = 'trigger'");
    while (s.executeStep())
        found[s.getColumn(0).getString()] = s.getColumn(1).getString();
    for (const auto& [name, sql] : kAppendOnlyTriggers) {
        const auto it = found.find(name);
        if (it == found.end())
            return Error{std::string("the append-only trigger ") + name + " was removed"};
        if (it->second != sql)
            return Error{std::string("the append-only trigger ") + name + " was changed"};
        found.erase(it);
    }
    if (!found.empty())
        return Error{"a trigger Muster does not write was added: " + found.begin()->first};
    return {};
}

Result<int> validate(SQLite::Database& db, const std::string& name, bool integrity) {
    try {
        const int appId = db.execAndGet("PRAGMA application_id").getInt();
        if (appId != kApplicationId) {
            char buf[80];
            std::snprintf(buf, sizeof buf, " (application_id 0x%08x, a Muster game has 0x%08x)",
                          static_cast<unsigned>(appId), static_cast<unsigned>(kApplicationId));
            return Error{name + " is not a Muster game file" + buf};
        }
        const int v = version(db);
        if (v > kCurrentVersion)
            return Error{name + " was written by a newer Muster (game file schema version " +
                         std::to_string(v) + "; this build reads up to version " +
                         std::to_string(kCurrentVersion) + "). Open it with a newer Muster."};
        if (v < 1)
            return Error{
                name + " is not a complete Muster game file (schema version 0: its creation never finished)"};
        for (const auto& [table, columns] : kRequiredTables) {
            std::set<std::string> present;
            SQLite::Statement info(db, "PRAGMA table_info(" + table + ")");
            while (info.executeStep())
                present.insert(info.getColumn(1).getString());
            if (present.empty())
                return Error{name + " is not a Muster game file (table '" + table + "' is missing)"};
            for (const RequiredColumn& c : columns)
                if (c.since <= v && !present.count(c.name))
                    return Error{name + " is corrupt: table '" + table + "' has no column '" + c.name + "'"};
        }
        if (integrity) {
            // integrity_check, not quick_check: it also checks that every index agrees with its table.
            const std::string check = db.execAndGet("PRAGMA integrity_check(1)").getString();
            if (check != "ok")
                return Error{name + " is corrupt: SQLite integrity_check says: " + check +
                             ". If it is a copy taken while the game was being played, the copy caught a "
                             "commit half-written: copy the game again with 'muster-cli game export', which "
                             "takes a consistent copy at any moment"};
        }
        if (db.execAndGet("SELECT count(*) FROM game").getInt() != 1)
            return Error{name + " is corrupt: it must hold exactly one game row"};
        return v;
    } catch (const SQLite::Exception& e) {
        return Error{name + " is not a readable Muster game file: " + e.what()};
    }
}

} // namespace muster::storage::schema
