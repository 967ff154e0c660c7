// libFuzzer target: any bytes as a whole .muster file, opened the way `game verify`, `game log` and a resume
// open it: the journal's read-only open with its integrity check, verify with the device signatures, the
// events and replay inputs, the replay through the rules engine, the turn seals and every later correction
// of them (verify --seal, the Log), and the records `game log --json` prints.

#include "app/report/GameRecords.h"
#include "app/report/JsonText.h"
#include "app/storage/GameSession.h"
#include "app/storage/Journal.h"
#include "app/storage/Seal.h"
#include "app/storage/SealCorrections.h"
#include "app/storage/TurnSignature.h"

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
            (void)ms::GameSession::verify(*journal);
            (void)journal->replayInputs();
            (void)ms::GameSession::replay(*journal);
            if (auto events = journal->events()) {
                (void)ms::checkSignatures(*events);
                for (const ms::TurnSeal& seal : ms::turnSeals(*events, 1 << 20))
                    for (const auto& c : ms::correctionsAfter(*journal, *events, seal.seq).corrections)
                        (void)ms::describe(c);
                (void)ms::sealedFixes(*journal, *events, 1 << 20);
            }
            if (auto records = muster::report::loadRecords(*journal))
                for (const auto& r : records->records)
                    (void)muster::report::jsonText(muster::report::toJson(r));
        }
    }
    for (const char* suffix : {"", "-wal", "-shm", "-journal"})
        std::remove((path + suffix).c_str());
    return 0;
}
