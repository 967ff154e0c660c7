// libFuzzer target: a game file and the rollback journal beside it, both from the bytes (a 4-byte
// little-endian length, that many bytes of game, the rest the -journal). Opening it runs the check that a hot
// journal is this game's (a trial rollback in a private folder) before SQLite may roll it into the file.

#include "app/storage/Journal.h"

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    namespace ms = muster::storage;
    if (size < 4)
        return 0;
    const std::size_t gameSize = std::min<std::size_t>(size - 4, data[0] | (data[1] << 8) | (data[2] << 16) |
                                                                     (std::size_t(data[3]) << 24));
    static const std::string path = "/tmp/muster-fuzz-pair-" + std::to_string(::getpid()) + ".muster";
    const auto write = [](const std::string& to, const std::uint8_t* from, std::size_t n) {
        std::ofstream out(to, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(from), static_cast<std::streamsize>(n));
    };
    write(path, data + 4, gameSize);
    write(path + "-journal", data + 4 + gameSize, size - 4 - gameSize);
    if (auto journal = ms::Journal::open(path, {ms::OpenMode::ReadOnly, true}))
        (void)journal->verify();
    for (const char* suffix : {"", "-wal", "-shm", "-journal"})
        std::remove((path + suffix).c_str());
    return 0;
}
