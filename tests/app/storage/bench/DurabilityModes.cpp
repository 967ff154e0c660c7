// Durable appends under each way SQLite can keep a commit on disk, measured on the same rows: the choice of
// journal mode behind docs/journal.md (Durability). Each append is one transaction of one event-sized row
// (about 2.5 KB, as a dice event with a photo) and is acknowledged only after its commit returns; "alone"
// says whether the main file by itself then holds the event (a copy without -wal/-shm).
//   usage: muster_storage_durability [DIR] [APPENDS]

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>
#include <SQLiteCpp/Transaction.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

namespace {

struct Mode {
    const char* name;
    const char* journal;
    const char* synchronous;
    bool checkpointEachCommit;
};

const Mode kModes[] = {
    {"wal, synchronous=FULL (before)", "WAL", "FULL", false},
    {"wal, synchronous=FULL, checkpoint(TRUNCATE) per commit", "WAL", "FULL", true},
    {"rollback (DELETE), synchronous=FULL", "DELETE", "FULL", false},
    {"rollback (DELETE), synchronous=EXTRA (chosen)", "DELETE", "EXTRA", false},
    {"rollback (TRUNCATE), synchronous=FULL", "TRUNCATE", "FULL", false},
};

} // namespace

int main(int argc, char** argv) {
    namespace fs = std::filesystem;
    const fs::path dir =
        argc > 1 ? fs::path(argv[1])
                 : fs::temp_directory_path() / ("muster-durability-" + std::to_string(::getpid()));
    const int appends = argc > 2 ? std::atoi(argv[2]) : 500;
    fs::create_directories(dir);
    std::vector<unsigned char> photo(2500);
    for (std::size_t i = 0; i < photo.size(); ++i)
        photo[i] = static_cast<unsigned char>(i * 131);
    std::printf("%d appends each, in %s\n", appends, dir.c_str());
    for (const Mode& m : kModes) {
        const fs::path file = dir / "modes.muster";
        for (const char* suffix : {"", "-wal", "-shm", "-journal"})
            fs::remove(file.string() + suffix);
        double seconds = 0;
        std::int64_t alone = 0;
        {
            SQLite::Database db(file.string(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
            db.exec(std::string("PRAGMA journal_mode = ") + m.journal);
            db.exec(std::string("PRAGMA synchronous = ") + m.synchronous);
            db.exec("CREATE TABLE events(seq INTEGER PRIMARY KEY, payload TEXT NOT NULL, hash TEXT NOT NULL, "
                    "photo BLOB NOT NULL)");
            const auto t0 = std::chrono::steady_clock::now();
            for (int i = 1; i <= appends; ++i) {
                SQLite::Transaction tx(db, SQLite::TransactionBehavior::IMMEDIATE);
                SQLite::Statement ins(db, "INSERT INTO events VALUES (?, ?, ?, ?)");
                ins.bind(1, i);
                ins.bind(2, R"({"key":"US-5INF.fire","faces":[3,6,2,5],"sides":6,"ruleId":"MD-FIRE-04"})");
                ins.bind(3, std::string(64, 'a'));
                ins.bind(4, photo.data(), static_cast<int>(photo.size()));
                ins.exec();
                tx.commit();
                if (m.checkpointEachCommit)
                    db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
            }
            seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            // What a copy of the main file alone holds while the writer still has it open.
            const fs::path copy = dir / "copy.muster";
            fs::remove(copy);
            fs::copy_file(file, copy);
            SQLite::Database c("file:" + copy.string() + "?immutable=1",
                               SQLite::OPEN_READONLY | SQLite::OPEN_URI);
            alone = c.execAndGet("SELECT count(*) FROM events").getInt64();
        }
        std::printf("%-58s %8.0f appends/s  %6.2f ms each  copy of the file alone holds %lld of %d\n", m.name,
                    appends / seconds, 1000.0 * seconds / appends, static_cast<long long>(alone), appends);
    }
    fs::remove_all(dir);
    return 0;
}
