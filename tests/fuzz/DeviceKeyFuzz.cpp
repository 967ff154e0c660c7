// libFuzzer target: any bytes as the device key file, read the way the app and `game play` read it before
// signing a turn (DeviceKey::loadOrCreate): a key that is not one is refused with a message, never used or
// replaced.

#include "app/storage/DeviceKey.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    namespace ms = muster::storage;
    static const std::string path = "/tmp/muster-fuzz-key-" + std::to_string(::getpid());
    {
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    }
    ::chmod(path.c_str(), 0600);
    if (auto key = ms::DeviceKey::loadOrCreate(path))
        (void)key->fingerprint();
    std::remove(path.c_str());
    return 0;
}
