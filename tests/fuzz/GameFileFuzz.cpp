// libFuzzer target: any bytes as a whole .muster file, opened the way `game verify`, `game log` and a resume
// open it: the journal's read-only open with its integrity check, verify, the events and replay inputs, the
// replay through the rules engine, and the records `game log --json` prints.

#include "app/report/GameRecords.h"
#include "app/report/JsonText.h"
#include "app/storage/GameSession.h"
#include "app/storage/Journal.h"

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    namespace ms = muster::storage;
    static const std::string path = "/tmp/muster-fuzz-game-" + std::to_string(::getpid()) + ".muster";
    {
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    }
    {
        auto journal = ms::Journal::open(path, {ms::OpenMode::ReadOnly, true});
        if (journal) {
            (void)journal->verify();
            (void)journal->events();
            (void)journal->replayInputs();
            (void)ms::GameSession::replay(*journal);
            if (auto records = muster::report::loadRecords(*journal))
                for (const auto& r : records->records)
                    (void)muster::report::jsonText(muster::report::toJson(r));
        }
    }
    for (const char* suffix : {"", "-wal", "-shm", "-journal"})
        std::remove((path + suffix).c_str());
    return 0;
}
