#pragma once

// The key of the device that records a game: an Ed25519 key pair (libsodium) kept in a file on the device,
// never in the game. Each finished turn's head is signed with it (see TurnSignature.h), so a game edited
// anywhere else no longer verifies as this device's. See docs/journal.md, Device signatures.

#include "app/storage/Result.h"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace muster::storage {

using PublicKey = std::array<std::uint8_t, 32>;
using Signature = std::array<std::uint8_t, 64>;

// A short, readable name of a public key: 16 hex digits in four groups ("3f9a-0c21-77be-d410"), the first
// 64 bits of its BLAKE2b hash.
std::string fingerprintOf(const PublicKey& key);

// True if sig is key's Ed25519 signature of message.
bool verifySignature(const PublicKey& key, std::string_view message, const Signature& sig);

class DeviceKey {
public:
    // The key file this device uses: $MUSTER_DEVICE_KEY, else $XDG_CONFIG_HOME/muster/device-key, else
    // $HOME/.config/muster/device-key. Empty if none of them is set.
    static std::string defaultPath();
    // Reads the key at path, or makes a new one there when no file exists (mode 0600, its folder made as
    // needed; of two makers at once, one key wins and both use it). A file that is there but is not a key is
    // an error and is left untouched: a device key is never replaced behind the user's back.
    // A link that points nowhere, a folder or a file that cannot be read is an error that names it and
    // leaves it as it is.
    static Result<DeviceKey> loadOrCreate(const std::string& path);
    // A key from a 32-byte seed (tests).
    static DeviceKey fromSeed(const std::array<std::uint8_t, 32>& seed);

    const PublicKey& publicKey() const { return m_public; }
    std::string fingerprint() const { return fingerprintOf(m_public); }
    Signature sign(std::string_view message) const;
    // What the user should know about the key's file, or empty: a key other users can read.
    const std::string& warning() const { return m_warning; }

private:
    DeviceKey() = default;
    static Result<DeviceKey> loadOrCreate(const std::string& path, int attempt);
    std::string m_warning;
    PublicKey m_public{};
    std::array<std::uint8_t, 64> m_secret{}; // libsodium's secret key: the seed followed by the public key
};

} // namespace muster::storage
