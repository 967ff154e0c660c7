// A randomized test of the payload parser: random bytes and mutated valid payloads, >= 100,000 in all. Every
// input must either parse to a payload whose canonical text is the input, or be rejected with a reason.

#include "vision/chits/ChitPayload.h"

#include <gtest/gtest.h>

#include <random>

namespace mv = muster::vision;

namespace {

void check(const std::string& text, int& accepted) {
    const auto parsed = mv::parseChit(text);
    if (parsed) {
        ++accepted;
        ASSERT_EQ(mv::encodeChit(parsed.value()), text) << "accepted a non-canonical text";
    } else {
        ASSERT_FALSE(parsed.error().message.empty()) << "rejected without a reason";
    }
}

// Manifest Destiny's seven order codes (MD-ORD-02).
const char* const kCodes[] = {"M", "CF", "FF", "F", "H", "C", "W"};

std::string validPayload(std::mt19937& rng) {
    std::uniform_int_distribution<int> slot(0, mv::kMaxUnitSlot);
    std::uniform_int_distribution<int> order(0, 6);
    std::uniform_int_distribution<int> tag(0, 36 * 36 - 1);
    const char* digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const int t = tag(rng);
    const int s = slot(rng);
    return mv::encodeChit({std::string{digits[t / 36], digits[t % 36]},
                           s == 0 ? std::nullopt : std::optional<int>(s), std::string(kCodes[order(rng)])});
}

} // namespace

TEST(ChitPayloadFuzz, RandomBytes) {
    std::mt19937 rng(20261130);
    std::uniform_int_distribution<int> length(0, 40);
    std::uniform_int_distribution<int> byte(0, 255);
    int accepted = 0;
    for (int i = 0; i < 60000; ++i) {
        std::string text(static_cast<std::size_t>(length(rng)), '\0');
        for (char& c : text)
            c = static_cast<char>(byte(rng));
        if (i % 2 == 0 && text.size() >= 3) // half of them start like ours, to get past the first check
            text.replace(0, 3, "M1/");
        check(text, accepted);
    }
    RecordProperty("accepted", accepted);
}

TEST(ChitPayloadFuzz, MutatedValidPayloads) {
    std::mt19937 rng(6);
    // The QR alphanumeric set, a few letters it lacks, and a NUL and a 0xFF byte (the literal is sized so the
    // NUL does not end it).
    static constexpr char kAlphabet[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:abcxyz\x00\xff";
    const std::string alphabet(kAlphabet, sizeof kAlphabet - 1);
    std::uniform_int_distribution<std::size_t> pick(0, alphabet.size() - 1);
    std::uniform_int_distribution<int> op(0, 3);
    std::uniform_int_distribution<int> count(1, 3);
    int accepted = 0;
    for (int i = 0; i < 60000; ++i) {
        std::string text = validPayload(rng);
        check(text, accepted);
        for (int m = count(rng); m > 0; --m) {
            std::uniform_int_distribution<std::size_t> at(0, text.empty() ? 0 : text.size() - 1);
            switch (op(rng)) {
            case 0:
                if (!text.empty())
                    text[at(rng)] = alphabet[pick(rng)];
                break;
            case 1:
                text.insert(text.begin() + static_cast<long>(text.empty() ? 0 : at(rng)),
                            alphabet[pick(rng)]);
                break;
            case 2:
                if (!text.empty())
                    text.erase(at(rng), 1);
                break;
            default:
                if (!text.empty())
                    text[at(rng)] ^= static_cast<char>(1 << (pick(rng) % 8));
                break;
            }
        }
        check(text, accepted);
    }
    RecordProperty("accepted", accepted);
    EXPECT_GT(accepted, 60000); // the unmutated ones at least
}
