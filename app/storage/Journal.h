#pragma once

// The game journal: one .muster SQLite file, append-only, hash-chained. State is a fold over its events; the
// journal itself knows nothing of the rules, only of events, their evidence photos, undo and override.

#include "app/storage/JournalTypes.h"
#include "app/storage/Result.h"
#include "app/storage/WriterLock.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace SQLite {
class Database;
}

namespace muster::storage {

enum class OpenMode { ReadOnly, ReadWrite };

struct OpenOptions {
    OpenMode mode = OpenMode::ReadWrite;
    bool integrityCheck = true; // PRAGMA integrity_check before use (reads every page and index)
};

// The last event of a journal as a writer last saw it: appends go on only from this tail.
struct Head {
    std::int64_t seq = 0; // 0 before the first event
    std::string hash;     // the last event's hash, or the genesis hash
    bool operator==(const Head&) const = default;
};

class Journal {
public:
    // Writes a new game file atomically (built beside it, then renamed into place without replacing: of two
    // creators of one path exactly one wins) and opens it for writing, locked from before it appears. Refuses
    // an existing path.
    static Result<Journal> create(const std::string& path, const NewGame& game);
    // A journal in memory, for tests.
    static Result<Journal> createInMemory(const NewGame& game);
    // Validates the file read-only first (header, application_id, version, tables, integrity); a refused file
    // is never written. Read-only opens write nothing beside the file (no -wal, -shm or -journal). ReadWrite
    // first takes the game's WriterLock (a second writer is refused: "open in another Muster (pid N)"), then
    // reopens it with a rollback journal and full syncs (see docs/journal.md, Durability) and migrates old
    // versions.
    static Result<Journal> open(const std::string& path, OpenOptions options = {});
    // ReadWrite with a lock the caller already holds (GameSession takes it before its read-only replay).
    static Result<Journal> open(const std::string& path, OpenOptions options, WriterLock lock);

    Journal(Journal&&) noexcept;
    Journal& operator=(Journal&&) noexcept;
    ~Journal();

    const GameInfo& game() const { return m_game; }
    const std::string& path() const { return m_path; }
    bool readOnly() const { return m_readOnly; }
    int schemaVersion() const { return m_version; }

    // Appends one event (and its evidence) in one transaction; returns only after the commit, so a returned
    // event survives a crash. Refuses undo and override drafts: use the dedicated calls.
    Result<Event> append(const EventDraft& draft);
    // Undo of the latest step: target must be the latest input still in force (an answer or a throw).
    Result<Event> appendUndo(std::int64_t target, const std::string& player, const std::string& reason);
    // Replaces the faces of a dice event still in force, keeping every input after it. The override records
    // who (player), why (reason), the old and the new faces.
    Result<Event> appendOverride(std::int64_t target, const std::string& player, const std::string& reason,
                                 const std::vector<int>& newFaces, std::vector<EvidenceDraft> evidence = {});
    // What an override puts in place of an input: new faces for a throw, or a new answer.
    struct Replacement {
        std::optional<std::vector<int>> faces;
        std::optional<std::string> value;
    };
    // Replaces the faces or the answer of any input still in force and sets aside `setAside`, the inputs in
    // force after it that no longer fit (the tail of them, in order; the rules decide which: GameSession).
    Result<Event> appendOverride(std::int64_t target, const std::string& player, const std::string& reason,
                                 const Replacement& with, const std::vector<std::int64_t>& setAside,
                                 std::vector<EvidenceDraft> evidence = {});

    // The tail this journal appends after: every append checks, in its transaction, that the file's last
    // event is still this one (compare-and-append), so nothing written behind its back is ever forked.
    const Head& head() const { return m_head; }

    std::int64_t eventCount() const;
    // The seq, turn, phase, time, kind and hash of the last event, or nothing before the first event: one
    // row, read by the primary key.
    Result<std::optional<Event>> lastEvent() const;
    Result<std::vector<Event>> events() const; // every event in seq order, no photo bytes
    // The last event of one kind ("calibration"), or nothing if the game has none: read newest first and
    // stopped at the first match, so it costs the events after that one, not the whole journal. Its
    // evidenceCount is not filled in.
    Result<std::optional<Event>> latestOfKind(std::string_view kind) const;
    Result<std::vector<Evidence>> evidence(std::int64_t seq) const; // the photos of one event
    // Every photo of the game without its JPEG bytes (jpeg left empty): what the log needs of them.
    Result<std::vector<Evidence>> evidenceDetections() const;
    // The inputs that still count, in order, with overrides applied. Fails if undo/override records are
    // malformed.
    Result<std::vector<EffectiveInput>> effectiveInputs() const;
    // The same inputs with only what replay needs: seq, kind, player, dice source and the compact input. The
    // payload is read only for undo and override, and for events written before the compact input existed.
    Result<std::vector<EffectiveInput>> replayInputs() const;

    // Writes a consistent copy of the game to `out` (which must not exist) through SQLite's backup API, under
    // a read lock, so it is whole even while another Muster is in the middle of a commit; a file manager's
    // copy taken then can be torn. The copy is built beside `out` and moved into place, then opened and
    // verified; returns its head.
    Result<Head> exportTo(const std::string& out) const;

    // Recomputes the whole chain from the stored bytes (photos included) and names the first event that
    // differs.
    VerifyReport verify() const;

private:
    Journal() = default;
    static Result<Journal> finishOpen(std::unique_ptr<SQLite::Database> db, std::string path, bool readOnly);
    Result<Event> appendChecked(const EventDraft& draft);
    Result<void> checkTail() const;

    WriterLock m_lock; // declared before m_db: released after the connection is closed
    std::unique_ptr<SQLite::Database> m_db;
    std::string m_path;
    GameInfo m_game;
    bool m_readOnly = false;
    int m_version = 0;
    Head m_head;
};

// Folds events into the inputs still in force: drops undone answers, applies overrides. Used by the journal
// and by verify; an error names the first undo/override that does not fit the rules above.
Result<std::vector<EffectiveInput>> foldEffective(std::vector<Event> events);

// The faces a dice payload carries ({"faces": [..]}), or an error.
Result<std::vector<int>> facesOf(const std::string& payloadJson);

std::string nowIso8601();

} // namespace muster::storage
