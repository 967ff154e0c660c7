#pragma once

// A test SQLite VFS wrapping the default one, for crash testing that can fail. It keeps, per file, the bytes
// that are durable (as of the file's last successful sync) and can
// - cut the power at the Nth sync (before it happens) or at a moment the test chooses: from then on nothing
//   reaches the disk, and powerLoss() puts every file back to its durable bytes, with the last unsynced write
//   torn (its first half applied), and an unsynced delete undone (the file comes back, as an unsynced
//   directory entry can);
// - fail the Nth write or sync with the error a full disk or a failing disk gives (SQLITE_FULL,
// SQLITE_IOERR_*). Syncs are modelled, not performed, so a run through every sync point of a game is fast.

#include <sqlite3.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <optional>
#include <string>

namespace muster::storage::test {

class CrashVfs {
public:
    enum class Fault { None, PowerLossAtSync, FailWrite, FailSync };

    // Registers the VFS as SQLite's default until uninstall() (or destruction).
    CrashVfs() {
        m_real = sqlite3_vfs_find(nullptr);
        instance() = this;
        m_vfs = *m_real;
        m_vfs.iVersion = 2;
        m_vfs.szOsFile = static_cast<int>(sizeof(File)) + m_real->szOsFile;
        m_vfs.zName = "muster-crash";
        m_vfs.pNext = nullptr;
        m_vfs.xOpen = &CrashVfs::open;
        m_vfs.xDelete = &CrashVfs::remove;
        m_vfs.xAccess = [](sqlite3_vfs*, const char* n, int f, int* out) {
            return real()->xAccess(real(), n, f, out);
        };
        m_vfs.xFullPathname = [](sqlite3_vfs*, const char* n, int size, char* out) {
            return real()->xFullPathname(real(), n, size, out);
        };
        m_vfs.xRandomness = [](sqlite3_vfs*, int n, char* out) {
            return real()->xRandomness(real(), n, out);
        };
        m_vfs.xSleep = [](sqlite3_vfs*, int us) {
            return real()->xSleep(real(), us);
        };
        m_vfs.xCurrentTime = [](sqlite3_vfs*, double* t) {
            return real()->xCurrentTime(real(), t);
        };
        m_vfs.xGetLastError = [](sqlite3_vfs*, int n, char* out) {
            return real()->xGetLastError(real(), n, out);
        };
        m_vfs.xCurrentTimeInt64 = [](sqlite3_vfs*, sqlite3_int64* t) {
            return real()->xCurrentTimeInt64(real(), t);
        };
        m_vfs.xDlOpen = nullptr;
        m_vfs.xDlError = nullptr;
        m_vfs.xDlSym = nullptr;
        m_vfs.xDlClose = nullptr;
        m_methods = {};
        m_methods.iVersion = 1;
        m_methods.xClose = [](sqlite3_file* f) {
            File* file = reinterpret_cast<File*>(f);
            const int rc = file->real()->pMethods ? file->real()->pMethods->xClose(file->real()) : SQLITE_OK;
            delete file->path;
            return rc;
        };
        m_methods.xRead = [](sqlite3_file* f, void* out, int n, sqlite3_int64 at) {
            return fwd(f)->pMethods->xRead(fwd(f), out, n, at);
        };
        m_methods.xWrite = &CrashVfs::write;
        m_methods.xTruncate = [](sqlite3_file* f, sqlite3_int64 size) {
            if (instance()->m_off)
                return SQLITE_IOERR_TRUNCATE;
            return fwd(f)->pMethods->xTruncate(fwd(f), size);
        };
        m_methods.xSync = &CrashVfs::sync;
        m_methods.xFileSize = [](sqlite3_file* f, sqlite3_int64* size) {
            return fwd(f)->pMethods->xFileSize(fwd(f), size);
        };
        m_methods.xLock = [](sqlite3_file* f, int l) {
            return fwd(f)->pMethods->xLock(fwd(f), l);
        };
        m_methods.xUnlock = [](sqlite3_file* f, int l) {
            return fwd(f)->pMethods->xUnlock(fwd(f), l);
        };
        m_methods.xCheckReservedLock = [](sqlite3_file* f, int* out) {
            return fwd(f)->pMethods->xCheckReservedLock(fwd(f), out);
        };
        m_methods.xFileControl = [](sqlite3_file* f, int op, void* arg) {
            return fwd(f)->pMethods->xFileControl(fwd(f), op, arg);
        };
        m_methods.xSectorSize = [](sqlite3_file* f) {
            return fwd(f)->pMethods->xSectorSize(fwd(f));
        };
        m_methods.xDeviceCharacteristics = [](sqlite3_file* f) {
            return fwd(f)->pMethods->xDeviceCharacteristics(fwd(f));
        };
        sqlite3_vfs_register(&m_vfs, 1);
    }
    ~CrashVfs() { uninstall(); }
    CrashVfs(const CrashVfs&) = delete;
    CrashVfs& operator=(const CrashVfs&) = delete;

    void uninstall() {
        if (!m_installed)
            return;
        sqlite3_vfs_unregister(&m_vfs);
        m_installed = false;
    }

    // What to do, at which (1-based) write or sync, with which SQLite error for a failure.
    void arm(Fault fault, int at, int error = SQLITE_IOERR) {
        m_fault = fault;
        m_at = at;
        m_error = error;
    }
    // The power goes now (a moment between two appends).
    void cutPower() { m_off = true; }
    bool powerIsOff() const { return m_off; }
    int writes() const { return m_writes; }
    int syncs() const { return m_syncs; }

    // After the connections are closed: every file as the disk would hold it after the power cut.
    void powerLoss() {
        for (auto& [path, state] : m_files) {
            std::error_code ec;
            if (!state.durable) {
                std::filesystem::remove(path, ec);
                continue;
            }
            std::string bytes = *state.durable;
            if (state.lastWrite) {
                const auto& [at, data] = *state.lastWrite;
                const std::size_t half = data.size() / 2;
                if (bytes.size() < at + half)
                    bytes.resize(at + half, '\0');
                bytes.replace(at, half, data.substr(0, half));
            }
            std::ofstream out(path, std::ios::binary | std::ios::trunc);
            out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        }
        m_files.clear();
        m_off = false;
    }

private:
    struct File {
        sqlite3_file base;
        std::string* path; // null for SQLite's nameless temporary files
        sqlite3_file* real() { return reinterpret_cast<sqlite3_file*>(this + 1); }
    };
    struct State {
        std::optional<std::string> durable; // nothing: the file does not durably exist
        std::optional<std::pair<std::size_t, std::string>> lastWrite; // since the last sync
    };

    static CrashVfs*& instance() {
        static CrashVfs* vfs = nullptr;
        return vfs;
    }
    static sqlite3_vfs* real() { return instance()->m_real; }
    static sqlite3_file* fwd(sqlite3_file* f) { return reinterpret_cast<File*>(f)->real(); }

    static std::optional<std::string> readFile(const std::string& path) {
        std::ifstream in(path, std::ios::binary);
        if (!in)
            return std::nullopt;
        return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }

    static int open(sqlite3_vfs*, const char* name, sqlite3_file* f, int flags, int* outFlags) {
        CrashVfs* self = instance();
        File* file = reinterpret_cast<File*>(f);
        file->base.pMethods = nullptr;
        file->path = nullptr;
        if (self->m_off && (flags & SQLITE_OPEN_CREATE))
            return SQLITE_CANTOPEN;
        // First seen: what is there now is durable (read before the open creates it).
        if (name && !self->m_files.count(name))
            self->m_files[name].durable = readFile(name);
        const int rc = self->m_real->xOpen(self->m_real, name, file->real(), flags, outFlags);
        if (rc != SQLITE_OK)
            return rc;
        file->base.pMethods = &self->m_methods;
        if (name)
            file->path = new std::string(name);
        return SQLITE_OK;
    }

    static int remove(sqlite3_vfs*, const char* name, int syncDir) {
        CrashVfs* self = instance();
        if (self->m_off)
            return SQLITE_IOERR_DELETE;
        // The folder sync is modelled, not performed, like every other sync here.
        const int rc = self->m_real->xDelete(self->m_real, name, 0);
        if (rc == SQLITE_OK && syncDir) // the folder was synced: the file is durably gone
            self->m_files[name] = State{};
        // Without a folder sync the delete is not durable: the file may come back with its synced bytes.
        return rc;
    }

    static int write(sqlite3_file* f, const void* data, int n, sqlite3_int64 at) {
        CrashVfs* self = instance();
        if (self->m_off)
            return SQLITE_IOERR_WRITE;
        File* file = reinterpret_cast<File*>(f);
        ++self->m_writes;
        if (self->m_fault == Fault::FailWrite && self->m_writes == self->m_at)
            return self->m_error;
        if (file->path)
            self->m_files[*file->path].lastWrite.emplace(static_cast<std::size_t>(at),
                                                         std::string(static_cast<const char*>(data), n));
        return file->real()->pMethods->xWrite(file->real(), data, n, at);
    }

    static int sync(sqlite3_file* f, int) {
        CrashVfs* self = instance();
        if (self->m_off)
            return SQLITE_IOERR_FSYNC;
        File* file = reinterpret_cast<File*>(f);
        ++self->m_syncs;
        if (self->m_fault == Fault::PowerLossAtSync && self->m_syncs == self->m_at) {
            self->m_off = true;
            return SQLITE_IOERR_FSYNC;
        }
        if (self->m_fault == Fault::FailSync && self->m_syncs == self->m_at)
            return self->m_error; // and nothing became durable
        if (file->path) {
            State& s = self->m_files[*file->path];
            s.durable = readFile(*file->path);
            s.lastWrite.reset();
        }
        return SQLITE_OK;
    }

    sqlite3_vfs* m_real = nullptr;
    sqlite3_vfs m_vfs{};
    sqlite3_io_methods m_methods{};
    bool m_installed = true;
    Fault m_fault = Fault::None;
    int m_at = 0;
    int m_error = SQLITE_IOERR;
    bool m_off = false;
    int m_writes = 0;
    int m_syncs = 0;
    std::map<std::string, State> m_files;
};

} // namespace muster::storage::test
