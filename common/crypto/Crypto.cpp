#include "common/crypto/Crypto.h"

#include <openssl/evp.h>

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace muster::crypto {

Sha256Digest sha256(const void* data, std::size_t size) {
    Sha256Digest out{};
    unsigned int length = 0;
    // EVP_Digest fails only when the digest cannot be set up (no SHA-256 in a FIPS-restricted build): that
    // is a broken installation, not input a user can fix.
    if (EVP_Digest(data, size, out.data(), &length, EVP_sha256(), nullptr) != 1 || length != out.size())
        throw std::runtime_error("OpenSSL's SHA-256 is not available");
    return out;
}

std::string hex(const Sha256Digest& digest) {
    static const char kDigits[] = "0123456789abcdef";
    std::string out;
    out.reserve(digest.size() * 2);
    for (std::uint8_t b : digest) {
        out += kDigits[b >> 4];
        out += kDigits[b & 15];
    }
    return out;
}

std::string base64Encode(const void* data, std::size_t size) {
    // EVP_EncodeBlock takes an int length: pieces of a multiple of 3 bytes give the output of one call.
    constexpr std::size_t kPiece = 3 * (std::size_t(1) << 28);
    const auto* bytes = static_cast<const unsigned char*>(data);
    std::string out;
    out.reserve((size + 2) / 3 * 4);
    std::size_t at = 0;
    do {
        const std::size_t n = std::min(kPiece, size - at);
        std::string piece((n + 2) / 3 * 4 + 1, '\0'); // and the NUL EVP_EncodeBlock writes
        const int written =
            EVP_EncodeBlock(reinterpret_cast<unsigned char*>(piece.data()), bytes + at, static_cast<int>(n));
        out.append(piece.data(), static_cast<std::size_t>(written));
        at += n;
    } while (at < size);
    return out;
}

Result<std::vector<std::uint8_t>> base64Decode(std::string_view text) {
    if (text.size() > static_cast<std::size_t>(std::numeric_limits<int>::max()) - 3)
        return makeError("not base64: too long");
    std::string padded(text);
    padded.append((4 - padded.size() % 4) % 4, '=');
    // EVP_DecodeBlock would skip blanks at either end and read '=' anywhere as zero bits: take neither.
    const std::size_t data =
        padded.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/");
    const std::size_t pad = data == std::string::npos ? 0 : padded.size() - data;
    if (pad > 2 || (pad > 0 && padded.find_first_not_of('=', data) != std::string::npos))
        return makeError("not base64: a character outside its alphabet, or '=' before the end");
    std::vector<std::uint8_t> out(padded.size() / 4 * 3);
    const int n = EVP_DecodeBlock(out.data(), reinterpret_cast<const unsigned char*>(padded.data()),
                                  static_cast<int>(padded.size()));
    if (n < 0 || static_cast<std::size_t>(n) < pad)
        return makeError("not base64");
    // The decoded length counts the zero bytes that '=' padding stands for; they are not data.
    out.resize(static_cast<std::size_t>(n) - pad);
    return out;
}

} // namespace muster::crypto
