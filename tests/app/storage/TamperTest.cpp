// Tampering: flip one byte of one column value in an event or evidence row (through SQL, as someone editing
// the file with a database tool would) and verify must name a bad event every time.

#include "TestFiles.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>
#include <gtest/gtest.h>

#include <map>

using namespace muster::storage;
using namespace muster::storage::test;

namespace {

struct Flip {
    std::string table;
    std::string column;
    std::int64_t rowid = 0;
    std::size_t byte = 0;
};

// Flips one byte of one value, keeping its storage class. Returns false if SQLite refuses the new value (a
// constraint), in which case the caller picks another place.
bool flipOne(const std::string& path, std::mt19937& rng, Flip& flip) {
    static const std::map<std::string, std::vector<std::string>> kColumns = {
        {"events",
         {"seq", "turn", "phase", "kind", "payload", "player", "dice_source", "time", "evidence_hash",
          "prev_hash", "hash", "input"}},
        {"evidence", {"event_seq", "idx", "jpeg", "detections", "photo_hash"}},
    };
    SQLite::Database db(path, SQLite::OPEN_READWRITE);
    db.exec("PRAGMA synchronous = OFF"); // a scratch copy: no need to wait for the disk
    // A tamperer first removes the append-only triggers; that alone must not hide the change.
    db.exec("DROP TRIGGER IF EXISTS events_append_only_update; DROP TRIGGER IF EXISTS "
            "evidence_append_only_update");
    flip.table = (rng() % 2) ? "events" : "evidence";
    const auto& columns = kColumns.at(flip.table);
    flip.column = columns[rng() % columns.size()];
    std::vector<std::int64_t> rowids;
    SQLite::Statement ids(db, "SELECT rowid FROM " + flip.table);
    while (ids.executeStep())
        rowids.push_back(ids.getColumn(0).getInt64());
    flip.rowid = rowids[rng() % rowids.size()];
    SQLite::Statement get(db, "SELECT " + flip.column + ", typeof(" + flip.column + ") FROM " + flip.table +
                                  " WHERE rowid = ?");
    get.bind(1, flip.rowid);
    if (!get.executeStep())
        return false;
    const std::string type = get.getColumn(1).getString();
    const auto mask = static_cast<unsigned char>(1 + rng() % 255); // never zero: the byte really changes
    SQLite::Statement set(db, "UPDATE " + flip.table + " SET " + flip.column + " = ? WHERE rowid = ?");
    if (type == "integer") {
        std::int64_t v = get.getColumn(0).getInt64();
        flip.byte = rng() % 8;
        v ^= static_cast<std::int64_t>(static_cast<std::uint64_t>(mask) << (8 * flip.byte));
        set.bind(1, v);
    } else {
        const auto* p = static_cast<const char*>(get.getColumn(0).getBlob());
        std::string bytes(p, static_cast<std::size_t>(get.getColumn(0).getBytes()));
        if (bytes.empty())
            return false; // nothing to flip (e.g. the evidence hash of an event without photos)
        flip.byte = rng() % bytes.size();
        bytes[flip.byte] = static_cast<char>(static_cast<unsigned char>(bytes[flip.byte]) ^ mask);
        if (type == "blob")
            set.bind(1, bytes.data(), static_cast<int>(bytes.size()));
        else
            set.bind(1, bytes);
    }
    set.bind(2, flip.rowid);
    try {
        set.exec();
    } catch (const SQLite::Exception&) {
        return false;
    }
    return true;
}

} // namespace

TEST(Tamper, EverySingleByteFlipIsDetected) {
    ScratchDir dir;
    const std::string pristine = dir.file("pristine.muster");
    writeSampleJournal(pristine, 5);
    {
        auto j = Journal::open(pristine, {OpenMode::ReadOnly, true});
        ASSERT_TRUE(j) << j.message();
        ASSERT_TRUE(j->verify().ok) << j->verify().problem;
    }
    const std::string original = readBytes(pristine);
    std::mt19937 rng(20261130);
    const int kFlips = 1000;
    int detected = 0, attempts = 0;
    std::map<std::string, int> perColumn;
    const std::string path = dir.file("tampered.muster");
    while (detected < kFlips && attempts < 5 * kFlips) {
        ++attempts;
        std::filesystem::remove(path + "-wal");
        std::filesystem::remove(path + "-shm");
        writeBytes(path, original);
        Flip flip;
        if (!flipOne(path, rng, flip))
            continue;
        auto j = Journal::open(path, {OpenMode::ReadOnly, true});
        ASSERT_TRUE(j) << "a value edit keeps the file a valid database: " << j.message();
        const VerifyReport r = j->verify();
        ASSERT_FALSE(r.ok) << "undetected: byte " << flip.byte << " of " << flip.table << "." << flip.column
                           << " in row " << flip.rowid;
        ++detected;
        ++perColumn[flip.table + "." + flip.column];
    }
    EXPECT_EQ(detected, kFlips);
    // Every column was hit at least once, so no column is outside the hash.
    EXPECT_EQ(perColumn.size(), 17u);
    std::cout << "[ tamper   ] " << detected << " single-byte flips, " << detected << " detected, over "
              << perColumn.size() << " columns (" << attempts - detected
              << " flips refused by constraints)\n";
}

TEST(Tamper, GameHeaderAndPlayersAreCovered) {
    ScratchDir dir;
    const std::string path = dir.file("g.muster");
    writeSampleJournal(path, 1);
    {
        SQLite::Database db(path, SQLite::OPEN_READWRITE);
        db.exec("UPDATE players SET dice_colour = 'blue' WHERE name = 'Ann'");
    }
    auto j = Journal::open(path, {OpenMode::ReadOnly, true});
    ASSERT_TRUE(j);
    const VerifyReport r = j->verify();
    EXPECT_FALSE(r.ok);
    EXPECT_NE(r.problem.find("player"), std::string::npos) << r.problem;
}

TEST(Tamper, DeletedLastEventIsNotDetectableButMiddleOneIs) {
    // A chain cannot notice its tail being cut; the middle is another matter. (Documented in
    // docs/journal.md.)
    ScratchDir dir;
    const std::string path = dir.file("g.muster");
    writeSampleJournal(path, 2);
    {
        SQLite::Database db(path, SQLite::OPEN_READWRITE);
        db.exec("DROP TRIGGER events_append_only_delete; DELETE FROM events WHERE seq = 3");
    }
    auto j = Journal::open(path, {OpenMode::ReadOnly, true});
    ASSERT_TRUE(j);
    const VerifyReport r = j->verify();
    EXPECT_FALSE(r.ok);
    ASSERT_TRUE(r.firstBadSeq);
    EXPECT_EQ(*r.firstBadSeq, 4);
}
