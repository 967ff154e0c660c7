#pragma once

// SHA-256 (FIPS 180-4), written here so the journal's hash chain needs no crypto dependency.

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace muster::storage {

// Incremental hasher: update() any number of times, then digest() once.
class Sha256 {
public:
    using Digest = std::array<std::uint8_t, 32>;

    Sha256();
    void update(const void* data, std::size_t size);
    void update(std::string_view text) { update(text.data(), text.size()); }
    Digest digest();

    static Digest hash(const void* data, std::size_t size);
    static std::string hex(const Digest& digest);
    // Lower-case hex digest of a byte string, the form stored in the journal.
    static std::string hexOf(const void* data, std::size_t size) { return hex(hash(data, size)); }
    static std::string hexOf(std::string_view text) { return hexOf(text.data(), text.size()); }

private:
    void compress(const std::uint8_t* block);

    std::array<std::uint32_t, 8> m_state;
    std::array<std::uint8_t, 64> m_buffer{};
    std::size_t m_buffered = 0;
    std::uint64_t m_totalBytes = 0;
    bool m_finished = false;
};

} // namespace muster::storage
