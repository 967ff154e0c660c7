#include "app/storage/WriterLock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

namespace muster::storage {

namespace {

// The pid holding a flock on the file behind fd, read from /proc/locks ("1: FLOCK ADVISORY WRITE 1234
// 08:01:5678 0 EOF", device in hex, inode in decimal); 0 when not found.
long flockHolder(int fd) {
    struct stat st {};
    if (::fstat(fd, &st) != 0)
        return 0;
    char id[64];
    std::snprintf(id, sizeof id, "%02x:%02x:%llu", ::major(st.st_dev), ::minor(st.st_dev),
                  static_cast<unsigned long long>(st.st_ino));
    std::ifstream locks("/proc/locks");
    std::string line;
    while (std::getline(locks, line)) {
        std::istringstream words(line);
        std::string number, type, advisory, mode, pid, file;
        words >> number >> type;
        if (type == "->")
            continue; // a waiter, not the holder
        words >> advisory >> mode >> pid >> file;
        if (type == "FLOCK" && file == id)
            return std::atol(pid.c_str());
    }
    return 0;
}

} // namespace

std::string openElsewhereMessage(const std::string& path, int fd) {
    const long pid = fd >= 0 ? flockHolder(fd) : 0;
    return path + " is open in another Muster" + (pid > 0 ? " (pid " + std::to_string(pid) + ")" : "") +
           "; it can be read (verify, log, state, report) but not played here until that one closes it";
}

Result<WriterLock> WriterLock::acquire(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return Error{path + " cannot be opened: " + std::strerror(errno)};
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        const int err = errno;
        std::string message = err == EWOULDBLOCK ? openElsewhereMessage(path, fd)
                                                 : path + " cannot be locked: " + std::strerror(err);
        ::close(fd);
        return Error{std::move(message)};
    }
    return WriterLock(fd);
}

WriterLock::WriterLock(WriterLock&& other) noexcept
    : m_fd(other.m_fd) {
    other.m_fd = -1;
}

WriterLock& WriterLock::operator=(WriterLock&& other) noexcept {
    if (this != &other) {
        if (m_fd >= 0)
            ::close(m_fd);
        m_fd = other.m_fd;
        other.m_fd = -1;
    }
    return *this;
}

WriterLock::~WriterLock() {
    if (m_fd >= 0)
        ::close(m_fd); // closing the last descriptor of the open file releases the flock
}

} // namespace muster::storage
