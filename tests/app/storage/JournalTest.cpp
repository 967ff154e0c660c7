// The journal: append and reopen, undo and override, migrations, and refusal of files that are not ours.

#include "TestFiles.h"
#include "app/storage/ChainHash.h"
#include "app/storage/Schema.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <sqlite3.h>
#include <sys/wait.h>

using namespace muster::storage;
using namespace muster::storage::test;

TEST(Journal, InMemoryAppendAssignsSeqAndChainsHashes) {
    auto j = Journal::createInMemory(sampleGame());
    ASSERT_TRUE(j) << j.message();
    auto a = j->append(answerDraft(1, "MOVE"));
    ASSERT_TRUE(a) << a.message();
    auto b = j->append(diceDraft(1, {2, 6}, 1));
    ASSERT_TRUE(b) << b.message();
    EXPECT_EQ(a->seq, 1);
    EXPECT_EQ(b->seq, 2);
    EXPECT_EQ(a->prevHash, j->game().genesisHash);
    EXPECT_EQ(b->prevHash, a->hash);
    EXPECT_EQ(a->hash, eventHash(*a));
    EXPECT_FALSE(b->evidenceHash.empty());
    EXPECT_TRUE(a->evidenceHash.empty());
    const VerifyReport r = j->verify();
    EXPECT_TRUE(r.ok) << r.problem;
    EXPECT_EQ(r.eventCount, 2);
    EXPECT_EQ(r.evidenceCount, 1);
}

TEST(Journal, RejectsMalformedDrafts) {
    auto j = Journal::createInMemory(sampleGame());
    ASSERT_TRUE(j);
    EventDraft noKind = answerDraft(1, "x");
    noKind.kind.clear();
    EXPECT_FALSE(j->append(noKind));
    EventDraft badJson = answerDraft(1, "x");
    badJson.payloadJson = "{not json";
    EXPECT_FALSE(j->append(badJson));
    EventDraft diceWithoutFaces = diceDraft(1, {1});
    diceWithoutFaces.payloadJson = "{}";
    EXPECT_FALSE(j->append(diceWithoutFaces));
    EventDraft diceWithoutSource = diceDraft(1, {1});
    diceWithoutSource.source = DiceSource::None;
    EXPECT_FALSE(j->append(diceWithoutSource));
    EventDraft sneakyUndo = answerDraft(1, "x");
    sneakyUndo.kind = "undo";
    EXPECT_FALSE(j->append(sneakyUndo));
    EXPECT_EQ(j->eventCount(), 0);
}

TEST(Journal, CreateRefusesExistingFile) {
    ScratchDir dir;
    const std::string path = dir.file("g.muster");
    ASSERT_TRUE(Journal::create(path, sampleGame()));
    const std::string before = checksum(path);
    auto again = Journal::create(path, sampleGame());
    ASSERT_FALSE(again);
    EXPECT_NE(again.message().find("already exists"), std::string::npos);
    EXPECT_EQ(checksum(path), before);
}

TEST(Journal, AppendReopenKeepsEverything) {
    ScratchDir dir;
    const std::string path = dir.file("g.muster");
    std::vector<Event> written;
    {
        auto j = Journal::create(path, sampleGame());
        ASSERT_TRUE(j) << j.message();
        for (int i = 0; i < 20; ++i) {
            auto e = (i % 3 == 0) ? j->append(diceDraft(i / 5 + 1, {1 + i % 6, 2}, i % 2))
                                  : j->append(answerDraft(i / 5 + 1, "order" + std::to_string(i)));
            ASSERT_TRUE(e) << e.message();
            written.push_back(*e);
        }
    }
    auto j = Journal::open(path);
    ASSERT_TRUE(j) << j.message();
    EXPECT_EQ(j->schemaVersion(), schema::kCurrentVersion);
    EXPECT_EQ(j->game().ruleSet, "md");
    EXPECT_EQ(j->game().players, sampleGame().players);
    auto events = j->events();
    ASSERT_TRUE(events);
    ASSERT_EQ(events->size(), written.size());
    for (std::size_t i = 0; i < written.size(); ++i) {
        EXPECT_EQ((*events)[i].hash, written[i].hash);
        EXPECT_EQ((*events)[i].payloadJson, written[i].payloadJson);
        EXPECT_EQ((*events)[i].evidenceCount, written[i].evidenceCount);
    }
    auto photos = j->evidence(1);
    ASSERT_TRUE(photos);
    ASSERT_EQ(photos->size(), 0u); // event 1 (i = 0) is dice without photos
    auto photos4 = j->evidence(4);
    ASSERT_TRUE(photos4);
    ASSERT_EQ(photos4->size(), 1u);
    EXPECT_EQ((*photos4)[0].jpeg.size(), 300u);
    // The chain continues across the reopen.
    auto next = j->append(answerDraft(9, "HOLD"));
    ASSERT_TRUE(next);
    EXPECT_EQ(next->seq, 21);
    EXPECT_EQ(next->prevHash, written.back().hash);
    EXPECT_TRUE(j->verify().ok);
}

TEST(Journal, ReadOnlyRefusesAppends) {
    ScratchDir dir;
    const std::string path = dir.file("g.muster");
    writeSampleJournal(path, 1);
    const std::string before = checksum(path);
    auto j = Journal::open(path, {OpenMode::ReadOnly, true});
    ASSERT_TRUE(j) << j.message();
    EXPECT_FALSE(j->append(answerDraft(1, "MOVE")));
    EXPECT_TRUE(j->verify().ok);
    j = Journal::open(path, {OpenMode::ReadOnly, true}); // drop the first handle before checking
    EXPECT_EQ(checksum(path), before);
}

TEST(Journal, UndoRemovesOnlyTheLatestAnswer) {
    auto j = Journal::createInMemory(sampleGame());
    ASSERT_TRUE(j);
    auto a = j->append(answerDraft(1, "MOVE"));
    auto b = j->append(answerDraft(1, "HOLD"));
    // Only the latest input in force can be undone.
    auto early = j->appendUndo(a->seq, "Ann", "changed my mind");
    EXPECT_FALSE(early);
    auto u = j->appendUndo(b->seq, "Ann", "changed my mind");
    ASSERT_TRUE(u) << u.message();
    EXPECT_EQ(u->kind, "undo");
    EXPECT_EQ(u->player, "Ann");
    auto in = j->effectiveInputs();
    ASSERT_TRUE(in);
    ASSERT_EQ(in->size(), 1u);
    EXPECT_EQ((*in)[0].event.seq, a->seq);
    // Undo walks back: now the first answer is the latest.
    ASSERT_TRUE(j->appendUndo(a->seq, "Ann", "again"));
    EXPECT_TRUE(j->effectiveInputs()->empty());
    EXPECT_FALSE(j->appendUndo(a->seq, "Ann", "nothing left"));
    EXPECT_EQ(j->eventCount(), 4); // nothing was deleted
    EXPECT_TRUE(j->verify().ok);
}

TEST(Journal, DiceCanBeUndoneAsTheLatestStepAndOverridden) {
    auto j = Journal::createInMemory(sampleGame());
    ASSERT_TRUE(j);
    auto early = j->append(diceDraft(2, {2}, 1));
    ASSERT_TRUE(early);
    auto undone = j->appendUndo(early->seq, "Miguel", "rolled for the wrong unit");
    ASSERT_TRUE(undone) << undone.message();
    EXPECT_TRUE(j->effectiveInputs()->empty());
    auto roll = j->append(diceDraft(2, {3, 5, 6}, 1));
    ASSERT_TRUE(roll);

    EXPECT_FALSE(j->appendOverride(roll->seq, "", "no name", {1, 1, 1}));
    EXPECT_FALSE(j->appendOverride(roll->seq, "GM", "", {1, 1, 1}));
    EXPECT_FALSE(j->appendOverride(roll->seq, "GM", "wrong count", {1, 1}));
    auto o = j->appendOverride(roll->seq, "GM", "die 2 cocked", {3, 4, 6});
    ASSERT_TRUE(o) << o.message();
    EXPECT_EQ(o->source, DiceSource::Override);
    EXPECT_EQ(o->turn, 2);
    const auto payload = nlohmann::json::parse(o->payloadJson);
    EXPECT_EQ(payload["old"], nlohmann::json({3, 5, 6}));
    EXPECT_EQ(payload["new"], nlohmann::json({3, 4, 6}));
    EXPECT_EQ(payload["reason"], "die 2 cocked");
    auto in = j->effectiveInputs();
    ASSERT_TRUE(in);
    ASSERT_EQ(in->size(), 1u);
    ASSERT_TRUE((*in)[0].overriddenFaces);
    EXPECT_EQ(*(*in)[0].overriddenFaces, (std::vector<int>{3, 4, 6}));
    EXPECT_EQ((*in)[0].overrideSeq, o->seq);
    // A second override starts from the overridden faces.
    auto o2 = j->appendOverride(roll->seq, "GM", "re-read", {3, 4, 5});
    ASSERT_TRUE(o2);
    EXPECT_EQ(nlohmann::json::parse(o2->payloadJson)["old"], nlohmann::json({3, 4, 6}));
    // An answer is fixed with a new answer, not faces.
    auto ans = j->append(answerDraft(2, "MOVE"));
    EXPECT_FALSE(j->appendOverride(ans->seq, "GM", "no", {1}));
    EXPECT_TRUE(j->verify().ok);
}

TEST(Journal, AFixFarBackReplacesTheAnswerAndSetsAsideTheTailItNames) {
    auto j = Journal::createInMemory(sampleGame());
    ASSERT_TRUE(j);
    auto a = j->append(answerDraft(1, "MOVE"));
    auto b = j->append(diceDraft(1, {4, 2}, 0));
    auto c = j->append(answerDraft(1, "HOLD"));
    auto d = j->append(diceDraft(1, {6}, 0));
    ASSERT_TRUE(a && b && c && d);
    Journal::Replacement hold;
    hold.value = "HOLD";
    // The set-aside inputs must be the tail of the inputs in force, in order.
    EXPECT_FALSE(j->appendOverride(a->seq, "GM", "wrong chit", hold, {b->seq}));
    EXPECT_FALSE(j->appendOverride(a->seq, "GM", "wrong chit", hold, {d->seq, c->seq}));
    EXPECT_FALSE(j->appendOverride(a->seq, "GM", "", hold, {}));
    Journal::Replacement faces;
    faces.faces = std::vector<int>{1};
    EXPECT_FALSE(j->appendOverride(a->seq, "GM", "an answer takes no faces", faces, {}));
    auto fix = j->appendOverride(a->seq, "GM", "wrong chit", hold, {c->seq, d->seq});
    ASSERT_TRUE(fix) << fix.message();
    const auto payload = nlohmann::json::parse(fix->payloadJson);
    EXPECT_EQ(payload["old"], "MOVE");
    EXPECT_EQ(payload["new"], "HOLD");
    EXPECT_EQ(payload["setAside"], nlohmann::json({c->seq, d->seq}));
    auto in = j->effectiveInputs();
    ASSERT_TRUE(in);
    ASSERT_EQ(in->size(), 2u);
    EXPECT_EQ((*in)[0].overriddenValue, "HOLD");
    EXPECT_EQ((*in)[0].overrideSeq, fix->seq);
    EXPECT_EQ((*in)[1].event.seq, b->seq);
    // Nothing deleted, the chain holds, and a set-aside input can no longer be fixed.
    EXPECT_EQ(j->eventCount(), 5);
    EXPECT_TRUE(j->verify().ok) << j->verify().problem;
    EXPECT_FALSE(j->appendOverride(c->seq, "GM", "gone", hold, {}));
    // A throw far back keeps everything after it when nothing is named.
    auto e = j->append(answerDraft(1, "FIRE"));
    ASSERT_TRUE(e);
    Journal::Replacement two;
    two.faces = std::vector<int>{5, 2};
    ASSERT_TRUE(j->appendOverride(b->seq, "GM", "die 1 cocked", two, {}));
    in = j->effectiveInputs();
    ASSERT_EQ(in->size(), 3u);
    EXPECT_EQ(*(*in)[1].overriddenFaces, (std::vector<int>{5, 2}));
}

TEST(Journal, FoldRejectsForgedUndoTargets) {
    Event a;
    a.seq = 1;
    a.kind = "answer";
    Event d;
    d.seq = 2;
    d.kind = "dice";
    d.payloadJson = R"({"faces":[4]})";
    Event undoDice;
    undoDice.seq = 3;
    undoDice.kind = "undo";
    undoDice.payloadJson = R"({"target":2})";
    EXPECT_TRUE(foldEffective({a, d, undoDice})); // the latest step, a throw
    Event undoOld = undoDice;
    undoOld.payloadJson = R"({"target":1})";
    EXPECT_FALSE(foldEffective({a, d, undoOld}));
    Event badOld;
    badOld.seq = 3;
    badOld.kind = "override";
    badOld.payloadJson = R"({"target":2,"old":[5],"new":[6]})";
    EXPECT_FALSE(foldEffective({a, d, badOld}));
    Event badTail;
    badTail.seq = 3;
    badTail.kind = "override";
    badTail.payloadJson = R"({"target":1,"old":"","new":"x","setAside":[1]})";
    EXPECT_FALSE(foldEffective({a, d, badTail})); // sets aside the fixed input itself
    badTail.payloadJson = R"({"target":2,"old":[4],"new":[5],"setAside":[2]})";
    EXPECT_FALSE(foldEffective({a, d, badTail}));
}

// ---- migrations -------------------------------------------------------------------------------------------

namespace {

// A version-1 file as an older Muster wrote it: tables, no indexes, no append-only triggers.
void writeVersion1File(const std::string& path) {
    SQLite::Database db(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    db.exec("PRAGMA application_id = " + std::to_string(schema::kApplicationId));
    ASSERT_TRUE(schema::migrate(db, 1));
    GameInfo g;
    g.ruleSet = "md";
    g.houseRulesJson = "{}";
    g.scenarioJson = "{}";
    g.created = "2026-01-01T00:00:00.000Z";
    g.musterVersion = "0.0.1";
    g.genesisHash = genesisHash(g);
    SQLite::Statement s(db, "INSERT INTO game VALUES (1, 'md', '{}', '{}', ?, '0.0.1', ?)");
    s.bind(1, g.created);
    s.bind(2, g.genesisHash);
    s.exec();
}

int triggerCount(const std::string& path) {
    SQLite::Database db(path, SQLite::OPEN_READONLY);
    return db.execAndGet("SELECT count(*) FROM sqlite_master WHERE type = 'trigger'").getInt();
}

} // namespace

TEST(Migrations, StepByStepFromEmpty) {
    SQLite::Database db(":memory:", SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    EXPECT_EQ(schema::version(db), 0);
    ASSERT_TRUE(schema::migrate(db, 1));
    EXPECT_EQ(schema::version(db), 1);
    EXPECT_EQ(db.execAndGet("SELECT count(*) FROM sqlite_master WHERE type = 'trigger'").getInt(), 0);
    ASSERT_TRUE(schema::migrate(db));
    EXPECT_EQ(schema::version(db), schema::kCurrentVersion);
    EXPECT_EQ(db.execAndGet("SELECT count(*) FROM sqlite_master WHERE type = 'trigger'").getInt(), 4);
    EXPECT_FALSE(schema::migrate(db, 1)); // never downwards
}

TEST(Migrations, OpeningVersion1UpgradesIt) {
    ScratchDir dir;
    const std::string path = dir.file("old.muster");
    writeVersion1File(path);
    // Read-only opening does not migrate.
    {
        auto ro = Journal::open(path, {OpenMode::ReadOnly, true});
        ASSERT_TRUE(ro) << ro.message();
        EXPECT_EQ(ro->schemaVersion(), 1);
    }
    EXPECT_EQ(triggerCount(path), 0);
    auto j = Journal::open(path);
    ASSERT_TRUE(j) << j.message();
    EXPECT_EQ(j->schemaVersion(), schema::kCurrentVersion);
    EXPECT_EQ(triggerCount(path), 4);
    ASSERT_TRUE(j->append(answerDraft(1, "MOVE")));
    EXPECT_TRUE(j->verify().ok);
}

TEST(Migrations, FailedStepRollsBack) {
    ScratchDir dir;
    const std::string path = dir.file("old.muster");
    writeVersion1File(path);
    {
        // Occupy the name step 2 wants, so that step fails half-way.
        SQLite::Database db(path, SQLite::OPEN_READWRITE);
        db.exec("CREATE TABLE events_player(x)");
    }
    auto j = Journal::open(path);
    ASSERT_FALSE(j);
    EXPECT_NE(j.message().find("migration to schema version 2"), std::string::npos) << j.message();
    SQLite::Database db(path, SQLite::OPEN_READONLY);
    EXPECT_EQ(schema::version(db), 1);
    EXPECT_EQ(db.execAndGet("SELECT count(*) FROM sqlite_master WHERE name = 'events_turn'").getInt(), 0);
}

TEST(Migrations, AppendOnlyTriggersRefuseEditsAndDeletes) {
    ScratchDir dir;
    const std::string path = dir.file("g.muster");
    writeSampleJournal(path, 1);
    SQLite::Database db(path, SQLite::OPEN_READWRITE);
    EXPECT_THROW(db.exec("UPDATE events SET payload = '{}' WHERE seq = 1"), SQLite::Exception);
    EXPECT_THROW(db.exec("DELETE FROM events WHERE seq = 1"), SQLite::Exception);
    EXPECT_THROW(db.exec("UPDATE evidence SET detections = '[]'"), SQLite::Exception);
    EXPECT_THROW(db.exec("DELETE FROM evidence"), SQLite::Exception);
}

// ---- refusal: the file is left byte-for-byte as it was ----------------------------------------------------

namespace {

void expectRefused(const std::string& path, const std::string& expectedWords) {
    const std::string before = checksum(path);
    const auto sizeBefore = std::filesystem::file_size(path);
    for (OpenMode mode : {OpenMode::ReadWrite, OpenMode::ReadOnly}) {
        auto j = Journal::open(path, {mode, true});
        ASSERT_FALSE(j) << path << " was opened";
        EXPECT_NE(j.message().find(expectedWords), std::string::npos) << j.message();
        EXPECT_NE(j.message().find(path), std::string::npos) << "the message names the file: " << j.message();
    }
    EXPECT_EQ(std::filesystem::file_size(path), sizeBefore);
    EXPECT_EQ(checksum(path), before) << "a refused file was modified";
    EXPECT_FALSE(std::filesystem::exists(path + "-journal"));
}

} // namespace

TEST(Refusal, MissingFile) {
    ScratchDir dir;
    auto j = Journal::open(dir.file("nope.muster"));
    ASSERT_FALSE(j);
    EXPECT_NE(j.message().find("no such file"), std::string::npos);
    EXPECT_FALSE(std::filesystem::exists(dir.file("nope.muster")));
}

TEST(Refusal, RandomBytes) {
    ScratchDir dir;
    std::mt19937 rng(4);
    for (std::size_t size : {0u, 50u, 4096u, 100000u}) {
        std::string bytes(size, '\0');
        for (char& c : bytes)
            c = static_cast<char>(rng());
        const std::string path = dir.file("random" + std::to_string(size) + ".muster");
        writeBytes(path, bytes);
        expectRefused(path, "not a Muster game file");
    }
}

TEST(Refusal, RandomBytesBehindAnSqliteHeader) {
    ScratchDir dir;
    const std::string path = dir.file("g.muster");
    writeSampleJournal(path, 2);
    std::string bytes = readBytes(path);
    std::mt19937 rng(5);
    for (std::size_t i = 100; i < bytes.size(); ++i)
        bytes[i] = static_cast<char>(rng());
    writeBytes(path, bytes);
    const std::string before = checksum(path);
    auto j = Journal::open(path);
    ASSERT_FALSE(j);
    EXPECT_EQ(checksum(path), before);
}

TEST(Refusal, OtherApplicationsDatabase) {
    ScratchDir dir;
    const std::string path = dir.file("other.db");
    {
        SQLite::Database db(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        db.exec("CREATE TABLE notes(x TEXT); INSERT INTO notes VALUES ('hello')");
    }
    expectRefused(path, "not a Muster game file");
}

TEST(Refusal, TruncatedFile) {
    ScratchDir dir;
    const std::string path = dir.file("g.muster");
    writeSampleJournal(path, 6);
    const std::string full = readBytes(path);
    ASSERT_GT(full.size(), 8192u);
    for (std::size_t keep : {full.size() / 2 / 4096 * 4096, full.size() - 4096, full.size() - 1,
                             std::size_t(4096), std::size_t(1000), std::size_t(60)}) {
        const std::string cut = dir.file("cut" + std::to_string(keep) + ".muster");
        writeBytes(cut, full.substr(0, keep));
        expectRefused(cut, "truncated");
    }
}

TEST(Refusal, NewerSchemaVersion) {
    ScratchDir dir;
    const std::string path = dir.file("future.muster");
    writeSampleJournal(path, 1);
    {
        SQLite::Database db(path, SQLite::OPEN_READWRITE);
        db.exec("PRAGMA journal_mode = DELETE");
        db.exec("PRAGMA user_version = " + std::to_string(schema::kCurrentVersion + 1));
    }
    expectRefused(path, "newer Muster");
}

TEST(Refusal, UnfinishedCreation) {
    ScratchDir dir;
    const std::string path = dir.file("half.muster");
    {
        SQLite::Database db(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        db.exec("PRAGMA application_id = " + std::to_string(schema::kApplicationId));
    }
    expectRefused(path, "never finished");
}

TEST(Refusal, MissingTable) {
    ScratchDir dir;
    const std::string path = dir.file("g.muster");
    writeSampleJournal(path, 1);
    {
        SQLite::Database db(path, SQLite::OPEN_READWRITE);
        db.exec("PRAGMA journal_mode = DELETE");
        db.exec("DROP TRIGGER evidence_append_only_delete; DROP TRIGGER evidence_append_only_update; "
                "DROP TABLE evidence");
    }
    expectRefused(path, "table 'evidence' is missing");
}

TEST(Refusal, CorruptPage) {
    ScratchDir dir;
    const std::string path = dir.file("g.muster");
    writeSampleJournal(path, 6);
    std::string bytes = readBytes(path);
    // Scribble over the middle of the third page (a b-tree page of the tables), keeping the size.
    for (std::size_t i = 2 * 4096 + 8; i < 2 * 4096 + 400; ++i)
        bytes[i] = static_cast<char>(0xA5);
    writeBytes(path, bytes);
    expectRefused(path, "corrupt");
}

namespace {

// Leaves beside path what an older Muster (WAL mode) killed in the middle of play left: a -wal holding the
// events after the first `before`, which src holds too, and its -shm. Returns the new event count.
std::int64_t leaveOlderMustersWal(const std::string& path, const std::string& src) {
    const std::int64_t before = Journal::open(path, {OpenMode::ReadOnly, false})->eventCount();
    const pid_t pid = ::fork();
    if (pid == 0) {
        SQLite::Database db(path, SQLite::OPEN_READWRITE);
        db.exec("PRAGMA journal_mode = WAL");
        sqlite3_db_config(db.getHandle(), SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nullptr);
        db.exec("ATTACH '" + src + "' AS src");
        db.exec("INSERT INTO events SELECT * FROM src.events WHERE seq > " + std::to_string(before));
        db.exec("INSERT INTO evidence SELECT * FROM src.evidence WHERE event_seq > " +
                std::to_string(before));
        ::_exit(0); // no close, no checkpoint: every new page stays in the WAL
    }
    int status = 0;
    ::waitpid(pid, &status, 0);
    return Journal::open(src, {OpenMode::ReadOnly, false})->eventCount();
}

} // namespace

TEST(Journal, CreateIgnoresAnOrphanedWalOfADeletedGame) {
    ScratchDir dir;
    const std::string path = dir.file("g.muster");
    const std::string src = dir.file("src.muster");
    {
        auto first = Journal::create(path, sampleGame());
        ASSERT_TRUE(first);
        ASSERT_TRUE(first->append(answerDraft(1, "MOVE")));
    }
    std::filesystem::copy_file(path, src);
    ASSERT_TRUE(Journal::open(src)->append(answerDraft(1, "HOLD")));
    // A game an older Muster killed mid-play leaves its WAL beside it; then someone deletes only the .muster.
    leaveOlderMustersWal(path, src);
    ASSERT_TRUE(std::filesystem::exists(path + "-wal"));
    std::filesystem::remove(path);
    auto second = Journal::create(path, sampleGame());
    ASSERT_TRUE(second) << second.message();
    EXPECT_EQ(second->eventCount(), 0);
    EXPECT_TRUE(second->verify().ok);
    EXPECT_FALSE(std::filesystem::exists(path + "-wal"));
}

TEST(Journal, OpensAfterAProcessDiedMidGame) {
    // A child appends and dies without closing anything (as under SIGKILL).
    ScratchDir dir;
    const std::string path = dir.file("g.muster");
    ASSERT_TRUE(Journal::create(path, sampleGame()));
    const pid_t pid = ::fork();
    if (pid == 0) {
        auto j = Journal::open(path);
        for (int i = 0; i < 5 && j; ++i)
            (void)j->append(answerDraft(1, "MOVE"));
        ::_exit(0);
    }
    int status = 0;
    ::waitpid(pid, &status, 0);
    // Every commit ended in the game file: nothing is left beside it.
    for (const char* suffix : {"-wal", "-shm", "-journal"})
        EXPECT_FALSE(std::filesystem::exists(path + suffix)) << suffix;
    const std::string before = checksum(path);
    auto ro = Journal::open(path, {OpenMode::ReadOnly, true});
    ASSERT_TRUE(ro) << ro.message();
    EXPECT_EQ(ro->eventCount(), 5);
    EXPECT_TRUE(ro->verify().ok);
    ro = Journal::open(path, {OpenMode::ReadOnly, true});
    EXPECT_EQ(checksum(path), before) << "reading a crashed game must not write the game file";
    auto rw = Journal::open(path);
    ASSERT_TRUE(rw) << rw.message();
    EXPECT_EQ(rw->eventCount(), 5);
}

TEST(Journal, OpensAfterACrashInTheMiddleOfACheckpoint) {
    // A checkpoint copies pages from the WAL into the file, page 1 (the header with the page count) first. A
    // crash right after that leaves a header promising pages that are only in the WAL: a sound game, not a
    // truncated one. Games are no longer in WAL mode, but an older Muster's files still may be.
    ScratchDir dir;
    const std::string path = dir.file("g.muster");
    const std::string src = dir.file("src.muster");
    writeSampleJournal(path, 1);
    std::filesystem::copy_file(path, src);
    {
        auto j = Journal::open(src);
        for (int i = 0; i < 30 && j; ++i)
            ASSERT_TRUE(j->append(diceDraft(2, {1, 2, 3}, 2)));
    }
    const std::int64_t after = leaveOlderMustersWal(path, src);
    // The first step of a checkpoint: the WAL's latest page 1 written over the file's.
    const std::string wal = readBytes(path + "-wal");
    ASSERT_GT(wal.size(), 32u);
    auto be32 = [&wal](std::size_t at) {
        return (std::uint32_t(std::uint8_t(wal[at])) << 24) |
               (std::uint32_t(std::uint8_t(wal[at + 1])) << 16) |
               (std::uint32_t(std::uint8_t(wal[at + 2])) << 8) | std::uint8_t(wal[at + 3]);
    };
    const std::size_t pageSize = be32(8);
    std::string page1;
    for (std::size_t at = 32; at + 24 + pageSize <= wal.size(); at += 24 + pageSize)
        if (be32(at) == 1)
            page1 = wal.substr(at + 24, pageSize);
    ASSERT_EQ(page1.size(), pageSize);
    std::string file = readBytes(path);
    file.replace(0, pageSize, page1);
    writeBytes(path, file);
    std::filesystem::remove(path + "-shm");
    auto j = Journal::open(path, {OpenMode::ReadOnly, true});
    ASSERT_TRUE(j) << j.message();
    EXPECT_EQ(j->eventCount(), after);
    EXPECT_TRUE(j->verify().ok) << j->verify().problem;
    // Without its WAL the same file is what it looks like: truncated.
    const std::string alone = dir.file("alone.muster");
    writeBytes(alone, file);
    expectRefused(alone, "truncated");
}

namespace {

// Leaves a hot -journal beside path, as a writer killed in the middle of a big commit does: a child begins a
// write, makes SQLite spill pages into the file (so the journal is synced and the file changed) and dies
// without committing.
void leaveHotJournal(const std::string& path) {
    const pid_t pid = ::fork();
    if (pid == 0) {
        try {
            SQLite::Database db(path, SQLite::OPEN_READWRITE);
            db.exec("PRAGMA journal_mode = DELETE");
            db.exec("PRAGMA cache_size = 2");
            db.exec("BEGIN IMMEDIATE");
            db.exec("CREATE TABLE scratch(x)");
            for (int i = 0; i < 200; ++i)
                db.exec("INSERT INTO scratch VALUES (randomblob(3000))");
            ::_exit(0); // no commit, no rollback (no destructor either): the journal stays hot
        } catch (const std::exception& e) {
            std::fprintf(stderr, "leaveHotJournal: %s\n", e.what());
            ::_exit(1);
        }
    }
    int status = 0;
    ::waitpid(pid, &status, 0);
}

} // namespace

// Issue 46, finding 5: a crashed game's hot journal copied beside another game used to be rolled into it by
// the first command that opened it (verify included), rewriting its pages with the other game's.
TEST(Journal, AnotherGamesHotJournalIsLeftAloneAndNamed) {
    ScratchDir dir;
    const std::string crashed = dir.file("crashed.muster");
    const std::string healthy = dir.file("healthy.muster");
    writeSampleJournal(crashed, 2);
    writeSampleJournal(healthy, 6);
    leaveHotJournal(crashed);
    ASSERT_TRUE(std::filesystem::exists(crashed + "-journal"));
    std::filesystem::copy_file(crashed + "-journal", healthy + "-journal");

    const std::string before = checksum(healthy);
    for (const OpenMode mode : {OpenMode::ReadOnly, OpenMode::ReadWrite}) {
        auto j = Journal::open(healthy, {mode, true});
        ASSERT_FALSE(j) << "another game's journal must not be rolled into this one";
        EXPECT_NE(j.message().find(healthy + "-journal"), std::string::npos) << j.message();
        EXPECT_NE(j.message().find("left alone"), std::string::npos) << j.message();
        EXPECT_EQ(checksum(healthy), before) << "the game file must be untouched";
        EXPECT_TRUE(std::filesystem::exists(healthy + "-journal"));
    }

    // The crashed game's own journal is its own: it rolls back, and the last committed game comes back.
    auto own = Journal::open(crashed, {OpenMode::ReadOnly, true});
    ASSERT_TRUE(own) << own.message();
    EXPECT_EQ(own->eventCount(), 14);
    EXPECT_TRUE(own->verify().ok);

    // Moved away, the healthy game opens as it was.
    std::filesystem::rename(healthy + "-journal", dir.file("stray-journal"));
    auto back = Journal::open(healthy, {OpenMode::ReadOnly, true});
    ASSERT_TRUE(back) << back.message();
    EXPECT_EQ(back->eventCount(), 42);
    EXPECT_TRUE(back->verify().ok);
}
