#pragma once

// The one-writer-per-game lock: an exclusive flock(2) on the .muster file itself, held while a writer has the
// game open. The kernel drops it when the process dies, so a crash leaves nothing stale; SQLite's own locks
// are POSIX record locks, which on Linux are independent of flock, so the two never interfere.

#include "app/storage/Result.h"

#include <string>

namespace muster::storage {

class WriterLock {
public:
    // Takes the lock without waiting. Fails with "PATH is open in another Muster (pid N)" when a writer holds
    // it (the pid from /proc/locks, when the kernel shows it).
    static Result<WriterLock> acquire(const std::string& path);
    // Takes over an open descriptor of the file that already holds the lock (a new game built aside).
    static WriterLock adopt(int fd) { return WriterLock(fd); }

    WriterLock() = default; // holds nothing
    WriterLock(WriterLock&& other) noexcept;
    WriterLock& operator=(WriterLock&& other) noexcept;
    WriterLock(const WriterLock&) = delete;
    WriterLock& operator=(const WriterLock&) = delete;
    ~WriterLock();

    bool held() const { return m_fd >= 0; }

private:
    explicit WriterLock(int fd)
        : m_fd(fd) {}
    int m_fd = -1;
};

// The message for a game another process writes: "PATH is open in another Muster (pid N)".
std::string openElsewhereMessage(const std::string& path, int fd);

} // namespace muster::storage
