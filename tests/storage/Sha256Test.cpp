// SHA-256 against the NIST FIPS 180-4 example vectors and the long-message vectors of the NIST SHAVS.

#include "app/storage/Sha256.h"

#include <gtest/gtest.h>

#include <string>

using muster::storage::Sha256;

TEST(Sha256, EmptyMessage) {
    EXPECT_EQ(Sha256::hexOf(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

TEST(Sha256, NistOneBlockAbc) {
    EXPECT_EQ(Sha256::hexOf("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(Sha256, NistTwoBlock448Bits) {
    EXPECT_EQ(Sha256::hexOf("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
              "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

TEST(Sha256, Nist896Bits) {
    EXPECT_EQ(
        Sha256::hexOf("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnop"
                      "qrlmnopqrsmnopqrstnopqrstu"),
        "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
}

TEST(Sha256, NistMillionA) {
    const std::string a(1000000, 'a');
    EXPECT_EQ(Sha256::hexOf(a), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(Sha256, NistMillionAInUnevenPieces) {
    // Feeding the same bytes in odd-sized pieces must not change the digest (buffering across blocks).
    Sha256 h;
    const std::string piece(997, 'a');
    std::size_t fed = 0;
    while (fed + piece.size() <= 1000000) {
        h.update(piece);
        fed += piece.size();
    }
    h.update(std::string(1000000 - fed, 'a'));
    EXPECT_EQ(Sha256::hex(h.digest()), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(Sha256, PaddingBoundaries) {
    // 55, 56 and 64 bytes straddle the length field; known digests from sha256sum.
    EXPECT_EQ(Sha256::hexOf(std::string(55, 'a')),
              "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318");
    EXPECT_EQ(Sha256::hexOf(std::string(56, 'a')),
              "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a");
    EXPECT_EQ(Sha256::hexOf(std::string(64, 'a')),
              "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb");
}
