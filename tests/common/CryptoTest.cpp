// The libcrypto wrappers: SHA-256 against the NIST FIPS 180-4 example vectors and the long-message vectors of
// the NIST SHAVS; base64 against the RFC 4648 test vectors, and what the decoder refuses.

#include "common/crypto/Crypto.h"

#include <gtest/gtest.h>

#include <string>

using namespace muster::crypto;

TEST(Sha256, EmptyMessage) {
    EXPECT_EQ(sha256Hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

TEST(Sha256, NistOneBlockAbc) {
    EXPECT_EQ(sha256Hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(Sha256, NistTwoBlock448Bits) {
    EXPECT_EQ(sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
              "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

TEST(Sha256, Nist896Bits) {
    EXPECT_EQ(
        sha256Hex("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnop"
                  "qrlmnopqrsmnopqrstnopqrstu"),
        "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
}

TEST(Sha256, NistMillionA) {
    const std::string a(1000000, 'a');
    EXPECT_EQ(sha256Hex(a), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(Sha256, PaddingBoundaries) {
    // 55, 56 and 64 bytes straddle the length field; known digests from sha256sum.
    EXPECT_EQ(sha256Hex(std::string(55, 'a')),
              "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318");
    EXPECT_EQ(sha256Hex(std::string(56, 'a')),
              "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a");
    EXPECT_EQ(sha256Hex(std::string(64, 'a')),
              "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb");
}

TEST(Sha256, RawDigestMatchesHex) {
    const Sha256Digest d = sha256("abc", 3);
    EXPECT_EQ(d[0], 0xba);
    EXPECT_EQ(d[31], 0xad);
    EXPECT_EQ(hex(d), sha256Hex("abc"));
}

TEST(Base64, Rfc4648Vectors) {
    const std::pair<std::string, std::string> vectors[] = {
        {"", ""},
        {"f", "Zg=="},
        {"fo", "Zm8="},
        {"foo", "Zm9v"},
        {"foob", "Zm9vYg=="},
        {"fooba", "Zm9vYmE="},
        {"foobar", "Zm9vYmFy"},
    };
    for (const auto& [plain, encoded] : vectors) {
        EXPECT_EQ(base64Encode(plain.data(), plain.size()), encoded) << plain;
        const auto back = base64Decode(encoded);
        ASSERT_TRUE(back) << encoded << ": " << back.message();
        EXPECT_EQ(std::string(back->begin(), back->end()), plain) << encoded;
    }
}

TEST(Base64, EveryByteValueRoundTrips) {
    std::vector<std::uint8_t> bytes;
    for (int i = 0; i < 256 * 3 + 1; ++i)
        bytes.push_back(static_cast<std::uint8_t>((i * 7) & 0xff));
    const std::string text = base64Encode(bytes);
    EXPECT_EQ(text.size(), (bytes.size() + 2) / 3 * 4);
    EXPECT_EQ(text.find('\n'), std::string::npos) << "no line breaks";
    EXPECT_EQ(text.substr(0, 8), "AAcOFRwj"); // 00 07 0e 15 1c 23
    const auto back = base64Decode(text);
    ASSERT_TRUE(back) << back.message();
    EXPECT_EQ(*back, bytes);
}

TEST(Base64, DecodesTextWithoutItsPadding) {
    const auto back = base64Decode("Zm9vYg");
    ASSERT_TRUE(back) << back.message();
    EXPECT_EQ(std::string(back->begin(), back->end()), "foob");
}

TEST(Base64, RefusesWhatItDoesNotWrite) {
    for (const char* bad : {"Zm9v!", "Zm9v Zg==", " Zm9v", "Zm9v\n", "Zg==Zg==", "Z===", "Zm9vY", "Zm=v"})
        EXPECT_FALSE(base64Decode(bad)) << "accepted '" << bad << "'";
}
