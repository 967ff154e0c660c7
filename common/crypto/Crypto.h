#pragma once

// SHA-256 and base64 through OpenSSL's libcrypto: the one file that sees OpenSSL (STYLE.md: one adapter per
// third-party API). Used by the journal's hash chain and photo hashes, the report's inline photos and the
// calibration profile's reference view.

#include "common/Result.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace muster::crypto {

using Sha256Digest = std::array<std::uint8_t, 32>;

Sha256Digest sha256(const void* data, std::size_t size);
// Lower-case hex, the form the journal stores.
std::string hex(const Sha256Digest& digest);
inline std::string sha256Hex(const void* data, std::size_t size) {
    return hex(sha256(data, size));
}
inline std::string sha256Hex(std::string_view text) {
    return sha256Hex(text.data(), text.size());
}

// Standard base64 (RFC 4648 alphabet, '=' padding, no line breaks).
std::string base64Encode(const void* data, std::size_t size);
inline std::string base64Encode(const std::vector<std::uint8_t>& bytes) {
    return base64Encode(bytes.data(), bytes.size());
}
// Accepts what base64Encode writes, and the same without its '=' padding; anything else is an error.
Result<std::vector<std::uint8_t>> base64Decode(std::string_view text);

} // namespace muster::crypto
