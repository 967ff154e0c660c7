#include "app/storage/Journal.h"

#include "app/storage/ChainHash.h"
#include "app/storage/PayloadFields.h"
#include "app/storage/Schema.h"
#include "common/crypto/Crypto.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>
#include <SQLiteCpp/Transaction.h>
#include <fcntl.h>
#include <nlohmann/json.hpp>
#include <sqlite3.h>
#include <sys/file.h>
#include <unistd.h>

#include <atomic>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#ifndef MUSTER_VERSION
#define MUSTER_VERSION "unknown"
#endif

namespace muster::storage {

namespace {

using Json = nlohmann::json;

constexpr int kBusyTimeoutMs = 5000;

// Text of a column with its exact bytes (a tampered value may hold a NUL).
std::string text(const SQLite::Column& c) {
    const char* p = static_cast<const char*>(c.getBlob());
    return p ? std::string(p, static_cast<std::size_t>(c.getBytes())) : std::string();
}

const char* const kEventColumns =
    "seq, turn, phase, kind, payload, player, dice_source, time, evidence_hash, prev_hash, hash, input";

// The event columns of a file of the given schema version (the input column came with version 3).
std::string selectEvents(int version, const char* tail) {
    std::string columns = kEventColumns;
    if (version < 3)
        columns.replace(columns.size() - 5, 5, "x'' AS input");
    return std::string("SELECT ") + columns + " FROM events " + tail;
}

// Reads the columns of kEventColumns. A value the Event cannot hold exactly (an unknown dice source, a turn
// beyond int) clears *exact, so verify reports it instead of hashing a rounded copy.
Event readEvent(SQLite::Statement& s, bool* exact = nullptr) {
    Event e;
    e.seq = s.getColumn(0).getInt64();
    const std::int64_t turn = s.getColumn(1).getInt64();
    e.turn = static_cast<int>(turn);
    e.phase = text(s.getColumn(2));
    e.kind = text(s.getColumn(3));
    e.payloadJson = text(s.getColumn(4));
    e.player = text(s.getColumn(5));
    const auto source = diceSourceFromString(text(s.getColumn(6)));
    if (exact)
        *exact = source.has_value() && e.turn == turn;
    e.source = source.value_or(DiceSource::None);
    e.time = text(s.getColumn(7));
    e.evidenceHash = text(s.getColumn(8));
    e.prevHash = text(s.getColumn(9));
    e.hash = text(s.getColumn(10));
    e.input = text(s.getColumn(11));
    return e;
}

// A rollback journal, so a commit ends in the game file itself: after each acknowledged event the .muster
// alone is the game (a copy of it, a backup tool, a USB stick). synchronous=EXTRA also syncs the folder when
// the journal is deleted at the end of a commit; with FULL a power cut could bring the deleted journal back
// and roll the acknowledged event back with it. Measured against WAL in docs/journal.md (Durability).
void configureWritable(SQLite::Database& db, const std::string& path) {
    const std::string mode = db.execAndGet("PRAGMA journal_mode = DELETE").getString();
    if (mode != "delete")
        throw SQLite::Exception(path + " cannot leave journal mode '" + mode +
                                "' (another program has it open?)");
#ifdef MUSTER_TEST_SYNCHRONOUS_OFF
    // Test builds only (-DMUSTER_TEST_SYNCHRONOUS_OFF=ON): shows that the crash tests catch a lost fsync.
    db.exec("PRAGMA synchronous = OFF");
#else
    db.exec("PRAGMA synchronous = EXTRA");
#endif
    db.exec("PRAGMA foreign_keys = ON");
}

// fsync a folder so a rename into it is durable.
void syncDirectory(const std::filesystem::path& dir) {
    const int fd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY);
    if (fd >= 0) {
        ::fsync(fd);
        ::close(fd);
    }
}

Result<void> writeNewGame(SQLite::Database& db, const NewGame& newGame, GameInfo& info) {
    info.ruleSet = newGame.ruleSet;
    info.houseRulesJson = newGame.houseRulesJson.empty() ? "{}" : newGame.houseRulesJson;
    info.scenarioJson = newGame.scenarioJson.empty() ? "{}" : newGame.scenarioJson;
    info.created = newGame.created.empty() ? nowIso8601() : newGame.created;
    info.musterVersion = newGame.musterVersion.empty() ? MUSTER_VERSION : newGame.musterVersion;
    info.engineVersion = newGame.engineVersion;
    info.playSetupJson = newGame.playSetupJson;
    info.players = newGame.players;
    info.genesisHash = genesisHash(info);
    for (std::size_t i = 0; i < info.players.size(); ++i)
        for (std::size_t j = 0; j < i; ++j)
            if (info.players[i].name == info.players[j].name)
                return Error{"two players are named '" + info.players[i].name + "'"};
    try {
        db.exec("PRAGMA application_id = " + std::to_string(schema::kApplicationId));
        if (auto migrated = schema::migrate(db); !migrated)
            return migrated.error();
        SQLite::Transaction tx(db, SQLite::TransactionBehavior::IMMEDIATE);
        SQLite::Statement g(db,
                            "INSERT INTO game(id, rule_set, house_rules, scenario, created, muster_version, "
                            "genesis_hash, engine_version, play_setup) VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?)");
        g.bind(1, info.ruleSet);
        g.bind(2, info.houseRulesJson);
        g.bind(3, info.scenarioJson);
        g.bind(4, info.created);
        g.bind(5, info.musterVersion);
        g.bind(6, info.genesisHash);
        g.bind(7, info.engineVersion);
        g.bind(8, info.playSetupJson);
        g.exec();
        for (std::size_t i = 0; i < info.players.size(); ++i) {
            SQLite::Statement p(db,
                                "INSERT INTO players(position, name, side, dice_colour) VALUES (?, ?, ?, ?)");
            p.bind(1, static_cast<std::int64_t>(i));
            p.bind(2, info.players[i].name);
            p.bind(3, info.players[i].side);
            p.bind(4, info.players[i].diceColour);
            p.exec();
        }
        tx.commit();
    } catch (const SQLite::Exception& e) {
        return Error{std::string("cannot write the new game: ") + e.what()};
    }
    return {};
}

Result<GameInfo> readGame(SQLite::Database& db, int version) {
    GameInfo info;
    SQLite::Statement g(db, std::string("SELECT rule_set, house_rules, scenario, created, muster_version, "
                                        "genesis_hash, ") +
                                (version >= 3 ? "engine_version, play_setup" : "0, ''") + " FROM game");
    if (!g.executeStep())
        return Error{"the game row is missing"};
    info.ruleSet = text(g.getColumn(0));
    info.houseRulesJson = text(g.getColumn(1));
    info.scenarioJson = text(g.getColumn(2));
    info.created = text(g.getColumn(3));
    info.musterVersion = text(g.getColumn(4));
    info.genesisHash = text(g.getColumn(5));
    info.engineVersion = g.getColumn(6).getInt();
    info.playSetupJson = text(g.getColumn(7));
    SQLite::Statement p(db, "SELECT name, side, dice_colour FROM players ORDER BY position");
    while (p.executeStep())
        info.players.push_back({text(p.getColumn(0)), text(p.getColumn(1)), text(p.getColumn(2))});
    return info;
}

// A size hint for the event list: seq runs without gaps, and max(seq) is one index lookup, not a table scan.
std::size_t eventCountHint(SQLite::Database& db) {
    return static_cast<std::size_t>(
        std::max<std::int64_t>(0, db.execAndGet("SELECT coalesce(max(seq), 0) FROM events").getInt64()));
}

std::vector<Event> readEvents(SQLite::Database& db, int version) {
    std::vector<Event> out;
    out.reserve(eventCountHint(db));
    SQLite::Statement s(db, selectEvents(version, "ORDER BY seq"));
    while (s.executeStep())
        out.push_back(readEvent(s));
    SQLite::Statement c(db, "SELECT event_seq, count(*) FROM evidence GROUP BY event_seq ORDER BY event_seq");
    std::size_t i = 0;
    while (c.executeStep()) {
        const std::int64_t seq = c.getColumn(0).getInt64();
        while (i < out.size() && out[i].seq < seq)
            ++i;
        if (i < out.size() && out[i].seq == seq)
            out[i].evidenceCount = c.getColumn(1).getInt();
    }
    return out;
}

// Inserts one event with its evidence; the caller holds the write transaction.
Event insertEvent(SQLite::Database& db, const GameInfo& game, const EventDraft& draft) {
    Event e;
    e.prevHash = game.genesisHash;
    {
        SQLite::Statement last(db, "SELECT seq, hash FROM events ORDER BY seq DESC LIMIT 1");
        if (last.executeStep()) {
            e.seq = last.getColumn(0).getInt64();
            e.prevHash = text(last.getColumn(1));
        }
    }
    e.seq += 1;
    e.turn = draft.turn;
    e.phase = draft.phase;
    e.kind = draft.kind;
    e.payloadJson = draft.payloadJson;
    e.player = draft.player;
    e.source = draft.source;
    e.time = draft.time.empty() ? nowIso8601() : draft.time;
    if (e.kind == kind::Answer || e.kind == kind::Dice)
        e.input = compactInput(e.kind == kind::Dice, readPayloadFields(e.payloadJson));
    std::vector<Evidence> evidence;
    for (std::size_t i = 0; i < draft.evidence.size(); ++i)
        evidence.push_back({e.seq, static_cast<int>(i), draft.evidence[i].jpeg,
                            draft.evidence[i].detectionsJson,
                            crypto::sha256Hex(draft.evidence[i].jpeg.data(), draft.evidence[i].jpeg.size())});
    e.evidenceHash = evidenceHash(evidence);
    e.evidenceCount = static_cast<int>(evidence.size());
    e.hash = eventHash(e);

    SQLite::Statement ins(db, std::string("INSERT INTO events(") + kEventColumns +
                                  ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    ins.bind(1, e.seq);
    ins.bind(2, e.turn);
    ins.bind(3, e.phase);
    ins.bind(4, e.kind);
    ins.bind(5, e.payloadJson);
    ins.bind(6, e.player);
    ins.bind(7, std::string(toString(e.source)));
    ins.bind(8, e.time);
    ins.bind(9, e.evidenceHash);
    ins.bind(10, e.prevHash);
    ins.bind(11, e.hash);
    ins.bind(12, e.input.data(), static_cast<int>(e.input.size()));
    ins.exec();
    for (const Evidence& ev : evidence) {
        SQLite::Statement p(db, "INSERT INTO evidence(event_seq, idx, jpeg, detections, photo_hash) "
                                "VALUES (?, ?, ?, ?, ?)");
        p.bind(1, ev.eventSeq);
        p.bind(2, ev.index);
        p.bind(3, ev.jpeg.data(), static_cast<int>(ev.jpeg.size()));
        p.bind(4, ev.detectionsJson);
        p.bind(5, ev.photoHash);
        p.exec();
    }
    return e;
}

Result<void> checkDraft(const EventDraft& d) {
    if (d.kind.empty())
        return Error{"an event needs a kind"};
    if (!Json::accept(d.payloadJson))
        return Error{"the payload of a '" + d.kind + "' event is not valid JSON"};
    if (d.kind == kind::Dice) {
        if (auto faces = facesOf(d.payloadJson); !faces)
            return faces.error();
        if (d.source == DiceSource::None || d.source == DiceSource::Override)
            return Error{"a dice event needs its source: camera, typed, virtual or app"};
    }
    for (const EvidenceDraft& ev : d.evidence)
        if (!Json::accept(ev.detectionsJson))
            return Error{"the detections of a photo are not valid JSON"};
    return {};
}

std::string seqText(std::int64_t seq) {
    return "event " + std::to_string(seq);
}

// The compact input replay reads must carry the same key and value or faces as the payload people read.
bool inputMatchesPayload(const Event& e) {
    const PayloadFields input = readCompactInput(e.input);
    const PayloadFields payload = readPayloadFields(e.payloadJson);
    const bool dice = e.kind == kind::Dice;
    if (!input.validJson || (!dice && e.kind != kind::Answer) || input.key != payload.key)
        return false;
    return dice ? input.faces && input.faces == payload.faces : input.value && input.value == payload.value;
}

} // namespace

std::string nowIso8601() {
    const auto now = std::chrono::system_clock::now();
    const std::time_t secs = std::chrono::system_clock::to_time_t(now);
    const auto ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() % 1000;
    std::tm utc{};
    gmtime_r(&secs, &utc);
    char buf[96];
    std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", utc.tm_year + 1900, utc.tm_mon + 1,
                  utc.tm_mday, utc.tm_hour, utc.tm_min, utc.tm_sec, static_cast<int>(ms));
    return buf;
}

Result<std::vector<int>> facesOf(const std::string& payloadJson) {
    PayloadFields fields = readPayloadFields(payloadJson);
    if (!fields.faces)
        return Error{"a dice payload needs a \"faces\" array of integers"};
    return std::move(*fields.faces);
}

namespace {

// The faces a dice event carries: from its compact input when it has one (replayInputs() reads no payload
// then), else from its payload.
Result<std::vector<int>> facesOfEvent(const Event& e) {
    if (e.input.empty())
        return facesOf(e.payloadJson);
    PayloadFields fields = readCompactInput(e.input);
    if (!fields.faces)
        return Error{"the replay input of a dice event has no faces"};
    return std::move(*fields.faces);
}

// The value an answer event carries, as facesOfEvent reads faces (empty when it has none).
std::string valueOfEvent(const Event& e) {
    PayloadFields fields = e.input.empty() ? readPayloadFields(e.payloadJson) : readCompactInput(e.input);
    return fields.value ? *fields.value : std::string();
}

// Folds events one at a time into the inputs still in force: a stack, since undo and override only ever touch
// its top. replayInputs() feeds it row by row, so no list of every event is built first.
class EffectiveFold {
public:
    explicit EffectiveFold(std::size_t hint) { m_inForce.reserve(hint); }
    Result<void> add(Event&& e);
    std::vector<EffectiveInput> take() { return std::move(m_inForce); }

private:
    std::vector<EffectiveInput> m_inForce;
};

Result<void> EffectiveFold::add(Event&& e) {
    if (e.kind == kind::Answer || e.kind == kind::Dice) {
        m_inForce.push_back({std::move(e), std::nullopt, std::nullopt, std::nullopt});
        return {};
    }
    if (e.kind != kind::Undo && e.kind != kind::Override)
        return {}; // other kinds (notes) do not feed the rules
    const Json p = Json::parse(e.payloadJson, nullptr, false);
    if (p.is_discarded() || !p.is_object() || !p.contains("target") || !p["target"].is_number_integer())
        return Error{seqText(e.seq) + ": " + e.kind + " without a numeric \"target\""};
    const std::int64_t target = p["target"].get<std::int64_t>();
    if (e.kind == kind::Undo) {
        // Undo takes back the latest step, an answer or a throw.
        if (m_inForce.empty() || m_inForce.back().event.seq != target)
            return Error{seqText(e.seq) + ": undo of " + seqText(target) +
                         ", which is not the latest input still in force"};
        m_inForce.pop_back();
        return {};
    }
    // An override fixes any input in force; the inputs after it that no longer fit the refolded game are
    // named in "setAside", which must be the tail of the inputs in force (docs/journal.md).
    std::size_t at = m_inForce.size();
    while (at > 0 && m_inForce[at - 1].event.seq != target)
        --at;
    if (at == 0)
        return Error{seqText(e.seq) + ": override of " + seqText(target) +
                     ", which is not an input in force"};
    --at;
    std::vector<std::int64_t> setAside;
    if (p.contains("setAside")) {
        if (!p["setAside"].is_array())
            return Error{seqText(e.seq) + ": override's \"setAside\" is not a list of events"};
        for (const Json& s : p["setAside"]) {
            if (!s.is_number_integer())
                return Error{seqText(e.seq) + ": override's \"setAside\" is not a list of events"};
            setAside.push_back(s.get<std::int64_t>());
        }
    }
    const std::size_t after = m_inForce.size() - at - 1;
    if (setAside.size() > after)
        return Error{seqText(e.seq) + ": override sets aside more inputs than follow " + seqText(target)};
    const std::size_t keep = m_inForce.size() - setAside.size();
    for (std::size_t i = 0; i < setAside.size(); ++i)
        if (m_inForce[keep + i].event.seq != setAside[i])
            return Error{seqText(e.seq) + ": override's \"setAside\" is not the inputs in force after " +
                         seqText(target) + ", in order, up to the latest"};
    EffectiveInput& top = m_inForce[at];
    if (top.event.kind == kind::Answer) {
        const std::string current = top.overriddenValue ? *top.overriddenValue : valueOfEvent(top.event);
        if (!p.contains("old") || !p["old"].is_string() || !p.contains("new") || !p["new"].is_string())
            return Error{seqText(e.seq) + ": override of an answer needs text \"old\" and \"new\""};
        if (p["old"].get<std::string>() != current)
            return Error{seqText(e.seq) + ": override's \"old\" answer differs from " + seqText(target) +
                         "'s"};
        top.overriddenValue = p["new"].get<std::string>();
    } else {
        auto current =
            top.overriddenFaces ? Result<std::vector<int>>(*top.overriddenFaces) : facesOfEvent(top.event);
        if (!current)
            return Error{seqText(target) + ": " + current.message()};
        auto oldFaces = p.contains("old") ? facesOf(Json{{"faces", p["old"]}}.dump()) : facesOf("{}");
        auto newFaces = p.contains("new") ? facesOf(Json{{"faces", p["new"]}}.dump()) : facesOf("{}");
        if (!oldFaces || !newFaces)
            return Error{seqText(e.seq) + ": override needs integer arrays \"old\" and \"new\""};
        if (*oldFaces != *current)
            return Error{seqText(e.seq) + ": override's \"old\" faces differ from " + seqText(target) + "'s"};
        top.overriddenFaces = *newFaces;
    }
    top.overrideSeq = e.seq;
    m_inForce.resize(keep);
    return {};
}

} // namespace

Result<std::vector<EffectiveInput>> foldEffective(std::vector<Event> events) {
    EffectiveFold fold(events.size());
    for (Event& e : events)
        if (auto added = fold.add(std::move(e)); !added)
            return added.error();
    return fold.take();
}

Journal::Journal(Journal&&) noexcept = default;
Journal& Journal::operator=(Journal&&) noexcept = default;
Journal::~Journal() = default;

Result<Journal> Journal::create(const std::string& path, const NewGame& game) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const auto taken = [&path] {
        return Error{path + " already exists; open it to resume, or choose another name"};
    };
    if (fs::exists(path, ec))
        return taken();
    const fs::path target(path);
    // A name no other creator uses (another process, or another thread of this one).
    static std::atomic<unsigned> counter{0};
    const fs::path building = target.string() + ".creating-" + std::to_string(::getpid()) + "-" +
                              std::to_string(counter.fetch_add(1));
    auto discard = [&building, &ec] {
        fs::remove(building, ec);
        fs::remove(building.string() + "-journal", ec);
    };
    int fd = -1;
    try {
        {
            // Built aside, closed, synced once, then moved into place: the game file appears complete or not
            // at all. Nobody can see it before, so SQLite need not sync each step.
            SQLite::Database db(building.string(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE,
                                kBusyTimeoutMs);
            db.exec("PRAGMA journal_mode = MEMORY");
            db.exec("PRAGMA synchronous = OFF");
            GameInfo info;
            if (auto written = writeNewGame(db, game, info); !written) {
                discard();
                return Error{path + ": " + written.message()};
            }
        }
        // Locked before it has its name, so nobody can resume (or write) it between the move and our open.
        fd = ::open(building.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd < 0 || ::fsync(fd) != 0 || ::flock(fd, LOCK_EX | LOCK_NB) != 0)
            throw std::runtime_error(std::string("cannot sync the new file: ") + std::strerror(errno));
        // Moved without replacing (O_EXCL semantics): of two creators of one path exactly one wins. A file
        // system without renameat2 flags gets link(2), which refuses an existing name just as well.
        int moved = ::renameat2(AT_FDCWD, building.c_str(), AT_FDCWD, target.c_str(), RENAME_NOREPLACE);
        if (moved != 0 && (errno == EINVAL || errno == ENOSYS)) {
            moved = ::link(building.c_str(), target.c_str());
            if (moved == 0)
                ::unlink(building.c_str());
        }
        if (moved != 0) {
            const int err = errno;
            ::close(fd);
            discard();
            if (err == EEXIST)
                return taken();
            return Error{path + ": cannot create the game file: " + std::strerror(err)};
        }
        syncDirectory(target.parent_path());
    } catch (const std::exception& e) {
        if (fd >= 0)
            ::close(fd);
        discard();
        return Error{path + ": cannot create the game file: " + e.what()};
    }
    // The file is ours and locked: a -journal, -wal or -shm beside it belongs to a deleted game of the same
    // name, and SQLite would play a stranger's journal into the new file, so they go first.
    for (const char* suffix : {"-wal", "-shm", "-journal"})
        fs::remove(target.string() + suffix, ec);
    return open(path, {OpenMode::ReadWrite, false}, WriterLock::adopt(fd));
}

Result<Journal> Journal::createInMemory(const NewGame& game) {
    try {
        auto db =
            std::make_unique<SQLite::Database>(":memory:", SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        GameInfo info;
        if (auto written = writeNewGame(*db, game, info); !written)
            return written.error();
        return finishOpen(std::move(db), ":memory:", false);
    } catch (const SQLite::Exception& e) {
        return Error{std::string("cannot create an in-memory journal: ") + e.what()};
    }
}

namespace {

// A file: URI for path with SQLite's query parameters (path made absolute, its special characters escaped).
std::string fileUri(const std::string& path, const char* query) {
    std::error_code ec;
    const std::string absolute = std::filesystem::absolute(path, ec).string();
    std::string uri = "file:";
    for (const unsigned char c : ec ? path : absolute) {
        if (std::isalnum(c) || std::strchr("/-._~", c))
            uri += static_cast<char>(c);
        else {
            char hex[4];
            std::snprintf(hex, sizeof hex, "%%%02X", c);
            uri += hex;
        }
    }
    return uri + "?" + query;
}

// The header says WAL (file format bytes 18-19 are 2): a file left so by a Muster from before the rollback
// journal.
bool walModeFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    char header[20] = {};
    in.read(header, sizeof header);
    return in.gcount() == sizeof header && header[18] == 2;
}

bool walHasFrames(const std::string& path) {
    std::error_code ec;
    const auto size = std::filesystem::file_size(path + "-wal", ec);
    return !ec && size > 0;
}

void probe(SQLite::Database& db) {
    db.execAndGet("SELECT count(*) FROM sqlite_master");
}

// A -journal refused by checkJournalIsThisGames; its message is the whole error.
struct JournalRefused : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// A private folder for a trial rollback, removed with everything in it when this goes out of scope.
class TrialFolder {
public:
    TrialFolder() {
        std::error_code ec;
        std::string pattern = (std::filesystem::temp_directory_path(ec) / "muster-journal-XXXXXX").string();
        if (ec)
            pattern = "/tmp/muster-journal-XXXXXX";
        if (::mkdtemp(pattern.data()))
            m_path = pattern;
    }
    ~TrialFolder() {
        std::error_code ec;
        if (!m_path.empty())
            std::filesystem::remove_all(m_path, ec);
    }
    TrialFolder(const TrialFolder&) = delete;
    TrialFolder& operator=(const TrialFolder&) = delete;
    const std::filesystem::path& path() const { return m_path; }

private:
    std::filesystem::path m_path;
};

// The genesis hash of the game as the file holds it, the journal beside it ignored (empty when unreadable,
// as a file torn by the crash may be).
std::string genesisIgnoringJournal(const std::string& path) {
    try {
        SQLite::Database db(fileUri(path, "immutable=1"), SQLite::OPEN_READONLY | SQLite::OPEN_URI);
        SQLite::Statement g(db, "SELECT genesis_hash FROM game");
        return g.executeStep() ? text(g.getColumn(0)) : std::string();
    } catch (const SQLite::Exception&) {
        return {};
    }
}

// SQLite rolls a hot -journal into the file beside it on the next write-capable open, whichever game the
// journal came from: a file manager copies or renames a game together with a crashed game's journal, and the
// other game's pages overwrite this one's. So the journal is first rolled into a private copy, and only a
// copy that comes back as this game, whole (integrity, hash chain, the same genesis), lets it near the real
// file. A refused journal is left where it is, for whoever knows which game it belongs to.
Result<void> checkJournalIsThisGames(const std::string& path) {
    namespace fs = std::filesystem;
    const std::string journal = path + "-journal";
    std::error_code ec;
    const auto size = fs::file_size(journal, ec);
    if (ec || size == 0)
        return {};
    const auto refuse = [&](const std::string& why) {
        return Error{
            path + ": the rollback journal beside it, " + journal + ", " + why +
            ". It was left alone and the game was not opened: if it belongs to another game, move it "
            "back beside that game's file; otherwise move it away and open this game again"};
    };
    TrialFolder trial;
    if (trial.path().empty())
        return refuse("could not be checked (no private folder for a trial rollback)");
    const fs::path copy = trial.path() / "trial.muster";
    fs::copy_file(path, copy, ec);
    if (!ec)
        fs::copy_file(journal, copy.string() + "-journal", ec);
    if (ec)
        return refuse("could not be checked (" + ec.message() + ")");
    try {
        SQLite::Database rolled(copy.string(), SQLite::OPEN_READWRITE, kBusyTimeoutMs);
        probe(rolled);
    } catch (const SQLite::Exception& e) {
        return refuse(std::string("does not roll back into it (") + e.what() + ")");
    }
    auto trialGame = Journal::open(copy.string(), {OpenMode::ReadOnly, true});
    if (!trialGame)
        return refuse("would leave a file that is not a sound game");
    const VerifyReport report = trialGame->verify();
    if (!report.ok)
        return refuse("would leave a broken game (" + report.problem + ")");
    const std::string genesis = genesisIgnoringJournal(path);
    if (!genesis.empty() && genesis != trialGame->game().genesisHash)
        return refuse("is another game's (rolled back, it would replace this game's header)");
    return {};
}

// A read-only connection for validation and for every read-only command. It writes nothing beside the file
// (no -journal, -wal or -shm), so it works in a read-only folder and on a full disk:
// - a game in rollback-journal mode (every file since the switch) opens with mode=ro: shared locks only;
// - a file an older Muster left in WAL mode with an empty or no -wal opens immutable (there is nothing to
//   read from a WAL, and SQLite would otherwise create a -shm);
// - two crash leftovers need writing first, as SQLite will not fix them read-only: a hot journal of a killed
//   writer (rolled back: the last committed game comes back) and the WAL index of a killed older Muster
//   (rebuilt in the -shm with checkpoint-on-close off, so the game file itself is not touched).
std::unique_ptr<SQLite::Database> openForValidation(const std::string& path) {
    const bool wal = walModeFile(path);
    if (wal && !walHasFrames(path)) {
        auto db = std::make_unique<SQLite::Database>(
            fileUri(path, "immutable=1"), SQLite::OPEN_READONLY | SQLite::OPEN_URI, kBusyTimeoutMs);
        probe(*db);
        return db;
    }
    const std::string uri = fileUri(path, "mode=ro");
    auto ro =
        std::make_unique<SQLite::Database>(uri, SQLite::OPEN_READONLY | SQLite::OPEN_URI, kBusyTimeoutMs);
    try {
        probe(*ro);
        return ro;
    } catch (const SQLite::Exception& e) {
        if ((e.getErrorCode() & 0xff) != SQLITE_READONLY &&
            (e.getExtendedErrorCode() & 0xff) != SQLITE_READONLY)
            throw;
    }
    ro.reset();
    if (!wal)
        if (auto mine = checkJournalIsThisGames(path); !mine)
            throw JournalRefused(mine.message());
    {
        SQLite::Database rw(path, SQLite::OPEN_READWRITE, kBusyTimeoutMs);
        if (wal)
            sqlite3_db_config(rw.getHandle(), SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nullptr);
        probe(rw);
    }
    ro = std::make_unique<SQLite::Database>(uri, SQLite::OPEN_READONLY | SQLite::OPEN_URI, kBusyTimeoutMs);
    probe(*ro);
    return ro;
}

} // namespace

namespace {

// Every input writes the file and a rollback journal beside it, so a game in a folder or file this user
// cannot write is refused when it is opened for play, not at its first input.
Result<void> checkWritable(const std::string& path) {
    const std::filesystem::path folder = std::filesystem::path(path).parent_path();
    const std::string dir = folder.empty() ? std::string(".") : folder.string();
    const char* const readable = "; it can still be read here (verify, log, state, report), or copied to a "
                                 "writable folder and played on there";
    if (::access(path.c_str(), W_OK) != 0 && errno != ENOENT)
        return Error{path + " cannot be played here: the file is read-only for this user" + readable};
    if (::access(dir.c_str(), W_OK | X_OK) != 0)
        return Error{path + " cannot be played here: its folder " + dir +
                     " is read-only for this user, and each input writes a journal beside the game" +
                     readable};
    return {};
}

} // namespace

Result<Journal> Journal::open(const std::string& path, OpenOptions options) {
    if (options.mode == OpenMode::ReadOnly)
        return open(path, options, WriterLock());
    if (auto header = schema::checkFileHeader(path); !header)
        return header.error();
    auto lock = WriterLock::acquire(path);
    if (!lock)
        return lock.error();
    return open(path, options, std::move(lock.value()));
}

Result<Journal> Journal::open(const std::string& path, OpenOptions options, WriterLock lock) {
    if (auto header = schema::checkFileHeader(path); !header)
        return header.error();
    if (options.mode == OpenMode::ReadWrite && !lock.held())
        return Error{path + ": a writer must hold the game's lock"};
    if (options.mode == OpenMode::ReadWrite)
        if (auto writable = checkWritable(path); !writable)
            return writable.error();
    int fileVersion = 0;
    try {
        // Validation touches the file read-only, so a file we refuse is left exactly as it was.
        auto ro = openForValidation(path);
        auto valid = schema::validate(*ro, path, options.integrityCheck);
        if (!valid)
            return valid.error();
        fileVersion = *valid;
        if (options.mode == OpenMode::ReadOnly)
            return finishOpen(std::move(ro), path, true);
    } catch (const JournalRefused& e) {
        return Error{e.what()};
    } catch (const SQLite::Exception& e) {
        return Error{path + " cannot be opened: " + e.what()};
    }
    try {
        auto db = std::make_unique<SQLite::Database>(path, SQLite::OPEN_READWRITE, kBusyTimeoutMs);
        configureWritable(*db, path);
        if (fileVersion < schema::kCurrentVersion)
            if (auto migrated = schema::migrate(*db); !migrated)
                return Error{path + ": " + migrated.message()};
        auto j = finishOpen(std::move(db), path, false);
        if (j)
            j->m_lock = std::move(lock);
        return j;
    } catch (const SQLite::Exception& e) {
        return Error{path + " cannot be opened for writing: " + e.what()};
    }
}

Result<Journal> Journal::finishOpen(std::unique_ptr<SQLite::Database> db, std::string path, bool readOnly) {
    Journal j;
    try {
        j.m_version = schema::version(*db);
        auto game = readGame(*db, j.m_version);
        if (!game)
            return Error{path + ": " + game.message()};
        j.m_game = std::move(game.value());
        j.m_head = {0, j.m_game.genesisHash};
        SQLite::Statement last(*db, "SELECT seq, hash FROM events ORDER BY seq DESC LIMIT 1");
        if (last.executeStep())
            j.m_head = {last.getColumn(0).getInt64(), text(last.getColumn(1))};
    } catch (const SQLite::Exception& e) {
        return Error{path + " cannot be read: " + e.what()};
    }
    j.m_db = std::move(db);
    j.m_path = std::move(path);
    j.m_readOnly = readOnly;
    return j;
}

Result<Event> Journal::append(const EventDraft& draft) {
    if (draft.kind == kind::Undo || draft.kind == kind::Override)
        return Error{"undo and override events are appended with appendUndo() and appendOverride()"};
    if (draft.source == DiceSource::Override)
        return Error{"only an override event has the source 'override'"};
    if (auto ok = checkDraft(draft); !ok)
        return ok.error();
    return appendChecked(draft);
}

Result<void> Journal::checkTail() const {
    Head now{0, m_game.genesisHash};
    SQLite::Statement last(*m_db, "SELECT seq, hash FROM events ORDER BY seq DESC LIMIT 1");
    if (last.executeStep())
        now = {last.getColumn(0).getInt64(), text(last.getColumn(1))};
    if (now == m_head)
        return {};
    return Error{m_path + " was changed behind this game's back (its last event is " + seqText(now.seq) +
                 ", this game had folded up to " + seqText(m_head.seq) +
                 "): nothing was appended; close it and open it again"};
}

Result<Event> Journal::appendChecked(const EventDraft& draft) {
    if (m_readOnly)
        return Error{m_path + " is open read-only"};
    try {
        SQLite::Transaction tx(*m_db, SQLite::TransactionBehavior::IMMEDIATE);
        if (auto tail = checkTail(); !tail)
            return tail.error();
        Event e = insertEvent(*m_db, m_game, draft);
        tx.commit(); // rollback journal, synchronous=EXTRA: durable in the game file once this returns
        m_head = {e.seq, e.hash};
        return e;
    } catch (const SQLite::Exception& e) {
        return Error{m_path + ": the event was not recorded: " + e.what()};
    }
}

namespace {

// The input an undo or override may touch: the latest one still in force, which must be target. Runs inside
// the caller's write transaction so nothing can slip in between the check and the append. The file is
// writable, so it has been migrated to the current version.
Result<EffectiveInput> latestInForce(SQLite::Database& db, std::int64_t target, const std::string& verb,
                                     const std::string& done) {
    auto inForce = foldEffective(readEvents(db, schema::kCurrentVersion));
    if (!inForce)
        return inForce.error();
    if (inForce->empty())
        return Error{"there is nothing to " + verb};
    if (inForce->back().event.seq != target)
        return Error{"only the latest input still in force (" + seqText(inForce->back().event.seq) +
                     ") can be " + done + ", not " + seqText(target)};
    return inForce->back();
}

} // namespace

Result<Event> Journal::appendUndo(std::int64_t target, const std::string& player, const std::string& reason) {
    if (m_readOnly)
        return Error{m_path + " is open read-only"};
    try {
        SQLite::Transaction tx(*m_db, SQLite::TransactionBehavior::IMMEDIATE);
        if (auto tail = checkTail(); !tail)
            return tail.error();
        auto top = latestInForce(*m_db, target, "undo", "undone");
        if (!top)
            return top.error();
        EventDraft d;
        d.turn = top->event.turn;
        d.phase = top->event.phase;
        d.kind = kind::Undo;
        d.payloadJson = Json{{"target", target}, {"reason", reason}}.dump();
        d.player = player;
        Event e = insertEvent(*m_db, m_game, d);
        tx.commit();
        m_head = {e.seq, e.hash};
        return e;
    } catch (const SQLite::Exception& e) {
        return Error{m_path + ": the undo was not recorded: " + e.what()};
    }
}

Result<Event> Journal::appendOverride(std::int64_t target, const std::string& player,
                                      const std::string& reason, const std::vector<int>& newFaces,
                                      std::vector<EvidenceDraft> evidence) {
    Replacement with;
    with.faces = newFaces;
    return appendOverride(target, player, reason, with, {}, std::move(evidence));
}

Result<Event> Journal::appendOverride(std::int64_t target, const std::string& player,
                                      const std::string& reason, const Replacement& with,
                                      const std::vector<std::int64_t>& setAside,
                                      std::vector<EvidenceDraft> evidence) {
    if (m_readOnly)
        return Error{m_path + " is open read-only"};
    if (player.empty())
        return Error{"an override must say who made it"};
    if (reason.empty())
        return Error{"an override must give a reason"};
    if (with.faces.has_value() == with.value.has_value())
        return Error{"an override replaces either the faces of a throw or an answer"};
    try {
        SQLite::Transaction tx(*m_db, SQLite::TransactionBehavior::IMMEDIATE);
        if (auto tail = checkTail(); !tail)
            return tail.error();
        std::vector<Event> events = readEvents(*m_db, schema::kCurrentVersion);
        auto inForce = foldEffective(events);
        if (!inForce)
            return inForce.error();
        const EffectiveInput* found = nullptr;
        for (const EffectiveInput& in : *inForce)
            if (in.event.seq == target)
                found = &in;
        if (!found)
            return Error{seqText(target) + " is not an input still in force: it cannot be overridden"};
        const bool dice = found->event.kind == kind::Dice;
        if (dice != with.faces.has_value())
            return Error{seqText(target) + (dice ? " is a dice result: give new faces, not an answer"
                                                 : " is an answer: give a new answer, not faces")};
        Json old;
        if (dice) {
            auto faces = found->overriddenFaces ? Result<std::vector<int>>(*found->overriddenFaces)
                                                : facesOfEvent(found->event);
            if (!faces)
                return faces.error();
            if (with.faces->size() != faces->size())
                return Error{"the override has " + std::to_string(with.faces->size()) + " dice but " +
                             seqText(target) + " rolled " + std::to_string(faces->size())};
            old = *faces;
        } else {
            old = found->overriddenValue ? *found->overriddenValue : valueOfEvent(found->event);
        }
        EventDraft d;
        d.turn = found->event.turn;
        d.phase = found->event.phase;
        d.kind = kind::Override;
        Json payload{{"target", target}, {"reason", reason}, {"old", old}};
        if (dice)
            payload["new"] = *with.faces;
        else
            payload["new"] = *with.value;
        if (!setAside.empty())
            payload["setAside"] = setAside;
        d.payloadJson = payload.dump();
        d.player = player;
        d.source = DiceSource::Override;
        d.evidence = std::move(evidence);
        // The fold's own rules decide whether the override fits (target in force, set-aside tail).
        Event probe;
        probe.seq = m_head.seq + 1;
        probe.kind = d.kind;
        probe.payloadJson = d.payloadJson;
        events.push_back(std::move(probe));
        if (auto folded = foldEffective(std::move(events)); !folded)
            return folded.error();
        Event e = insertEvent(*m_db, m_game, d);
        tx.commit();
        m_head = {e.seq, e.hash};
        return e;
    } catch (const SQLite::Exception& e) {
        return Error{m_path + ": the override was not recorded: " + e.what()};
    }
}

Result<Head> Journal::exportTo(const std::string& out) const {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (fs::exists(out, ec))
        return Error{out + " already exists; choose another name for the copy"};
    const fs::path target(out);
    const std::string building = out + ".exporting-" + std::to_string(::getpid());
    const auto discard = [&building] {
        std::error_code ignored;
        fs::remove(building, ignored);
        fs::remove(building + "-journal", ignored);
    };
    try {
        {
            SQLite::Database copy(building, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE, kBusyTimeoutMs);
            // One step of every page: the read lock is held from the first page to the last, so no commit
            // can land half inside the copy.
            sqlite3_backup* backup = sqlite3_backup_init(copy.getHandle(), "main", m_db->getHandle(), "main");
            if (!backup)
                throw std::runtime_error(sqlite3_errmsg(copy.getHandle()));
            int rc = SQLITE_OK;
            for (int tries = 0; tries < 50; ++tries) { // ~5 s of a writer holding the file
                rc = sqlite3_backup_step(backup, -1);
                if (rc != SQLITE_BUSY && rc != SQLITE_LOCKED)
                    break;
                sqlite3_sleep(100);
            }
            sqlite3_backup_finish(backup);
            if (rc != SQLITE_DONE)
                throw std::runtime_error(std::string("the copy did not finish: ") + sqlite3_errstr(rc));
        }
        const int fd = ::open(building.c_str(), O_RDONLY | O_CLOEXEC);
        const bool synced = fd >= 0 && ::fsync(fd) == 0;
        if (fd >= 0)
            ::close(fd);
        if (!synced)
            throw std::runtime_error(std::string("cannot sync the copy: ") + std::strerror(errno));
        if (::renameat2(AT_FDCWD, building.c_str(), AT_FDCWD, out.c_str(), RENAME_NOREPLACE) != 0) {
            const int err = errno;
            if (err != EINVAL && err != ENOSYS)
                throw std::runtime_error(err == EEXIST ? out + " appeared meanwhile" : std::strerror(err));
            if (::link(building.c_str(), out.c_str()) != 0)
                throw std::runtime_error(std::strerror(errno));
            ::unlink(building.c_str());
        }
        syncDirectory(target.parent_path());
    } catch (const std::exception& e) {
        discard();
        return Error{"cannot write the copy " + out + ": " + e.what()};
    }
    auto copy = Journal::open(out, {OpenMode::ReadOnly, true});
    if (!copy)
        return Error{"the copy " + out + " does not open: " + copy.message()};
    const VerifyReport report = copy->verify();
    if (!report.ok)
        return Error{"the copy " + out + " does not verify: " + report.problem};
    return copy->head();
}

std::int64_t Journal::eventCount() const {
    return m_db->execAndGet("SELECT count(*) FROM events").getInt64();
}

Result<std::optional<Event>> Journal::lastEvent() const {
    try {
        SQLite::Statement s(
            *m_db, "SELECT seq, turn, phase, time, kind, hash FROM events ORDER BY seq DESC LIMIT 1");
        if (!s.executeStep())
            return std::optional<Event>();
        Event e;
        e.seq = s.getColumn(0).getInt64();
        e.turn = s.getColumn(1).getInt();
        e.phase = text(s.getColumn(2));
        e.time = text(s.getColumn(3));
        e.kind = text(s.getColumn(4));
        e.hash = text(s.getColumn(5));
        return std::optional<Event>(std::move(e));
    } catch (const SQLite::Exception& e) {
        return Error{m_path + ": cannot read the last event: " + e.what()};
    }
}

Result<std::vector<Event>> Journal::events() const {
    try {
        return readEvents(*m_db, m_version);
    } catch (const SQLite::Exception& e) {
        return Error{m_path + ": cannot read the events: " + e.what()};
    }
}

Result<std::optional<Event>> Journal::latestOfKind(std::string_view kind) const {
    try {
        SQLite::Statement s(*m_db, selectEvents(m_version, "WHERE kind = ? ORDER BY seq DESC LIMIT 1"));
        s.bind(1, std::string(kind));
        if (!s.executeStep())
            return std::optional<Event>();
        return std::optional<Event>(readEvent(s));
    } catch (const SQLite::Exception& e) {
        return Error{m_path + ": cannot read the latest " + std::string(kind) + " event: " + e.what()};
    }
}

Result<std::vector<Evidence>> Journal::evidence(std::int64_t seq) const {
    try {
        std::vector<Evidence> out;
        SQLite::Statement s(*m_db, "SELECT event_seq, idx, jpeg, detections, photo_hash FROM evidence "
                                   "WHERE event_seq = ? ORDER BY idx");
        s.bind(1, seq);
        while (s.executeStep()) {
            Evidence ev;
            ev.eventSeq = s.getColumn(0).getInt64();
            ev.index = s.getColumn(1).getInt();
            const auto* bytes = static_cast<const std::uint8_t*>(s.getColumn(2).getBlob());
            ev.jpeg.assign(bytes, bytes + s.getColumn(2).getBytes());
            ev.detectionsJson = text(s.getColumn(3));
            ev.photoHash = text(s.getColumn(4));
            out.push_back(std::move(ev));
        }
        return out;
    } catch (const SQLite::Exception& e) {
        return Error{m_path + ": cannot read the evidence of " + seqText(seq) + ": " + e.what()};
    }
}

Result<std::vector<Evidence>> Journal::evidenceDetections() const {
    try {
        std::vector<Evidence> out;
        SQLite::Statement s(
            *m_db, "SELECT event_seq, idx, detections, photo_hash FROM evidence ORDER BY event_seq, idx");
        while (s.executeStep()) {
            Evidence ev;
            ev.eventSeq = s.getColumn(0).getInt64();
            ev.index = s.getColumn(1).getInt();
            ev.detectionsJson = text(s.getColumn(2));
            ev.photoHash = text(s.getColumn(3));
            out.push_back(std::move(ev));
        }
        return out;
    } catch (const SQLite::Exception& e) {
        return Error{m_path + ": cannot read the photos' detections: " + e.what()};
    }
}

Result<std::vector<EffectiveInput>> Journal::effectiveInputs() const {
    auto all = events();
    if (!all)
        return all.error();
    return foldEffective(std::move(*all));
}

Result<std::vector<EffectiveInput>> Journal::replayInputs() const {
    try {
        EffectiveFold fold(eventCountHint(*m_db));
        SQLite::Statement s(*m_db, std::string("SELECT seq, kind, player, dice_source, ") +
                                       (m_version >= 3 ? "input" : "x''") +
                                       ", payload FROM events ORDER BY seq");
        while (s.executeStep()) {
            Event e;
            e.seq = s.getColumn(0).getInt64();
            e.kind = text(s.getColumn(1));
            e.player = text(s.getColumn(2));
            e.source = diceSourceFromString(text(s.getColumn(3))).value_or(DiceSource::None);
            e.input = text(s.getColumn(4));
            if (e.input.empty() || (e.kind != kind::Answer && e.kind != kind::Dice))
                e.payloadJson = text(s.getColumn(5));
            if (auto added = fold.add(std::move(e)); !added)
                return added.error();
        }
        return fold.take();
    } catch (const SQLite::Exception& e) {
        return Error{m_path + ": cannot read the events: " + e.what()};
    }
}

VerifyReport Journal::verify() const {
    VerifyReport r;
    auto fail = [&r](std::optional<std::int64_t> seq, std::string problem) {
        r.ok = false;
        r.firstBadSeq = seq;
        r.problem = std::move(problem);
        return r;
    };
    try {
        auto game = readGame(*m_db, m_version);
        if (!game)
            return fail(std::nullopt, game.message());
        if (genesisHash(*game) != game->genesisHash)
            return fail(std::nullopt, "the game header or the player list was changed after the game began");

        SQLite::Statement events(*m_db, selectEvents(m_version, "ORDER BY seq"));
        SQLite::Statement photos(*m_db, "SELECT event_seq, idx, jpeg, detections, photo_hash FROM evidence "
                                        "ORDER BY event_seq, idx");
        bool photoPending = photos.executeStep();
        std::string prev = game->genesisHash;
        std::int64_t expectedSeq = 1;
        std::vector<Event> all;
        while (events.executeStep()) {
            bool exact = true;
            Event e = readEvent(events, &exact);
            const std::string where = seqText(e.seq);
            if (e.seq != expectedSeq)
                return fail(e.seq, "expected " + seqText(expectedSeq) + " but found " + where +
                                       " (an event is missing or renumbered)");
            if (!exact)
                return fail(e.seq, where + " has an unknown dice source or an impossible turn number");
            std::vector<Evidence> mine;
            while (photoPending && photos.getColumn(0).getInt64() <= e.seq) {
                Evidence ev;
                ev.eventSeq = photos.getColumn(0).getInt64();
                const std::int64_t index = photos.getColumn(1).getInt64();
                ev.index = static_cast<int>(index);
                const auto* bytes = static_cast<const std::uint8_t*>(photos.getColumn(2).getBlob());
                ev.jpeg.assign(bytes, bytes + photos.getColumn(2).getBytes());
                ev.detectionsJson = text(photos.getColumn(3));
                ev.photoHash = text(photos.getColumn(4));
                if (ev.eventSeq < e.seq)
                    return fail(e.seq, "a photo is filed under event " + std::to_string(ev.eventSeq) +
                                           ", which does not exist");
                if (index != static_cast<std::int64_t>(mine.size()))
                    return fail(e.seq,
                                where + ": photo numbering is broken (index " + std::to_string(index) + ")");
                if (crypto::sha256Hex(ev.jpeg.data(), ev.jpeg.size()) != ev.photoHash)
                    return fail(e.seq, where + ": photo " + std::to_string(ev.index) +
                                           " does not match its recorded hash");
                mine.push_back(std::move(ev));
                ++r.evidenceCount;
                photoPending = photos.executeStep();
            }
            if (evidenceHash(mine) != e.evidenceHash)
                return fail(e.seq, where + ": its evidence (photos or detections) does not match its hash");
            if (e.prevHash != prev)
                return fail(e.seq, where + ": prev_hash does not match the hash of the event before it");
            if (eventHash(e) != e.hash)
                return fail(e.seq, where + ": its content does not match its hash");
            if (!e.input.empty() && !inputMatchesPayload(e))
                return fail(e.seq, where + ": its replay input does not say what its payload says");
            prev = e.hash;
            ++expectedSeq;
            ++r.eventCount;
            all.push_back(std::move(e));
        }
        if (photoPending)
            return fail(std::nullopt, "a photo is filed under event " +
                                          std::to_string(photos.getColumn(0).getInt64()) +
                                          ", after the last event");
        if (auto folded = foldEffective(std::move(all)); !folded) {
            const std::string& message = folded.message();
            return fail(std::nullopt, message);
        }
        // After the chain, so a changed event is named even when its tamperer also dropped a trigger.
        if (m_version >= 2)
            if (auto triggers = schema::checkAppendOnlyTriggers(*m_db); !triggers)
                return fail(std::nullopt, triggers.message());
        r.headHash = prev;
    } catch (const SQLite::Exception& e) {
        return fail(std::nullopt, std::string("the file cannot be read to the end: ") + e.what());
    }
    return r;
}

} // namespace muster::storage
