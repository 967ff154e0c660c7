#include "app/storage/DeviceKey.h"

#include <fcntl.h>
#include <sodium.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>

namespace muster::storage {

namespace {

// The key file: one line, a tag and the 32-byte seed in hex.
constexpr std::string_view kTag = "muster-device-key/1 ";
constexpr std::size_t kFileSize = kTag.size() + 64 + 1;

bool sodiumReady() {
    static const bool ok = sodium_init() >= 0;
    return ok;
}

std::string hexOf(const std::uint8_t* bytes, std::size_t n) {
    static const char digits[] = "0123456789abcdef";
    std::string out;
    out.reserve(n * 2);
    for (std::size_t i = 0; i < n; ++i) {
        out += digits[bytes[i] >> 4];
        out += digits[bytes[i] & 15];
    }
    return out;
}

bool seedFromHex(std::string_view hex, std::array<std::uint8_t, 32>& seed) {
    std::size_t used = 0;
    return hex.size() == 64 &&
           sodium_hex2bin(seed.data(), seed.size(), hex.data(), hex.size(), nullptr, &used, nullptr) == 0 &&
           used == seed.size();
}

std::string envOr(const char* name) {
    const char* v = std::getenv(name);
    return v ? std::string(v) : std::string();
}

} // namespace

std::string fingerprintOf(const PublicKey& key) {
    std::array<std::uint8_t, 8> h{};
    if (!sodiumReady())
        return {};
    crypto_generichash(h.data(), h.size(), key.data(), key.size(), nullptr, 0);
    const std::string hex = hexOf(h.data(), h.size());
    return hex.substr(0, 4) + "-" + hex.substr(4, 4) + "-" + hex.substr(8, 4) + "-" + hex.substr(12, 4);
}

bool verifySignature(const PublicKey& key, std::string_view message, const Signature& sig) {
    return sodiumReady() &&
           crypto_sign_verify_detached(sig.data(), reinterpret_cast<const unsigned char*>(message.data()),
                                       message.size(), key.data()) == 0;
}

std::string DeviceKey::defaultPath() {
    if (std::string p = envOr("MUSTER_DEVICE_KEY"); !p.empty())
        return p;
    if (std::string x = envOr("XDG_CONFIG_HOME"); !x.empty())
        return x + "/muster/device-key";
    if (std::string h = envOr("HOME"); !h.empty())
        return h + "/.config/muster/device-key";
    return {};
}

DeviceKey DeviceKey::fromSeed(const std::array<std::uint8_t, 32>& seed) {
    DeviceKey k;
    if (sodiumReady())
        crypto_sign_seed_keypair(k.m_public.data(), k.m_secret.data(), seed.data());
    return k;
}

Result<DeviceKey> DeviceKey::loadOrCreate(const std::string& path) {
    return loadOrCreate(path, 0);
}

Result<DeviceKey> DeviceKey::loadOrCreate(const std::string& path, int attempt) {
    if (!sodiumReady())
        return Error{"libsodium could not be initialised"};
    if (path.empty())
        return Error{"no place for the device key (set MUSTER_DEVICE_KEY or HOME)"};
    std::array<std::uint8_t, 32> seed{};
    std::error_code ec;
    // A link to nothing is not "no key": a key made through it would land where the link points, and link()
    // below would find the link there forever. It is the user's to mend.
    if (std::filesystem::is_symlink(std::filesystem::symlink_status(path, ec)) &&
        !std::filesystem::exists(path, ec))
        return Error{
            path + " is a link to " + std::filesystem::read_symlink(path, ec).string() +
            ", which does not exist: no key was made. Point the link at this device's key, or remove "
            "it to make a new one"};
    if (std::filesystem::exists(path, ec)) {
        const std::string keep = " It was left as it is: it is this device's identity, whose signatures its "
                                 "games carry, so do not replace it";
        if (std::filesystem::is_directory(path, ec))
            return Error{path + " is a folder, not a device key." + keep};
        const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd < 0)
            return Error{path + ": cannot read the device key: " + std::strerror(errno) + "." + keep +
                         "; give this user read access to it"};
        std::string text(kFileSize + 1, '\0');
        const ssize_t n = ::read(fd, text.data(), text.size());
        const int readErrno = errno;
        struct stat st {};
        const bool exposed = ::fstat(fd, &st) == 0 && (st.st_mode & 077) != 0;
        ::close(fd);
        if (n < 0) {
            sodium_memzero(text.data(), text.size());
            return Error{path + ": cannot read the device key: " + std::strerror(readErrno) + "." + keep};
        }
        text.resize(static_cast<std::size_t>(n));
        const bool shaped = text.size() == kFileSize && text.compare(0, kTag.size(), kTag) == 0 &&
                            text.back() == '\n' &&
                            seedFromHex(std::string_view(text).substr(kTag.size(), 64), seed);
        sodium_memzero(text.data(), text.size());
        if (!shaped)
            return Error{path +
                         ": not a Muster device key (it was left as it is; move it away to make a new key)"};
        DeviceKey k = fromSeed(seed);
        sodium_memzero(seed.data(), seed.size());
        if (exposed)
            k.m_warning = path +
                          " can be read by other users of this computer: anyone who reads it can sign "
                          "games as this device. Make it private: chmod 600 '" +
                          path + "'";
        return k;
    }
    std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
    randombytes_buf(seed.data(), seed.size());
    // Written whole beside the key's place, then linked into it: link() fails if a key is already there, so
    // of two programs making the key at once one wins and the other reads the winner's whole file.
    const std::string part = path + ".part-" + std::to_string(::getpid());
    const int fd = ::open(part.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0)
        return Error{path + ": cannot create the device key: " + std::strerror(errno)};
    std::string line = std::string(kTag) + hexOf(seed.data(), seed.size()) + "\n";
    const bool written =
        ::write(fd, line.data(), line.size()) == static_cast<ssize_t>(line.size()) && ::fsync(fd) == 0;
    sodium_memzero(line.data(), line.size());
    ::close(fd);
    const int linked = written ? ::link(part.c_str(), path.c_str()) : -1;
    const int linkErrno = errno;
    ::unlink(part.c_str());
    if (!written)
        return Error{path + ": cannot write the device key"};
    if (linked != 0) {
        // Another maker won: read its key, once (a second clash means something else is in the way).
        if (linkErrno == EEXIST && attempt == 0)
            return loadOrCreate(path, attempt + 1);
        return Error{path + ": cannot create the device key: " + std::strerror(linkErrno)};
    }
    DeviceKey k = fromSeed(seed);
    sodium_memzero(seed.data(), seed.size());
    return k;
}

Signature DeviceKey::sign(std::string_view message) const {
    Signature sig{};
    if (sodiumReady())
        crypto_sign_detached(sig.data(), nullptr, reinterpret_cast<const unsigned char*>(message.data()),
                             message.size(), m_secret.data());
    return sig;
}

} // namespace muster::storage
