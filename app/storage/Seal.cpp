#include "app/storage/Seal.h"

#include "common/crypto/Crypto.h"

#include <cctype>

namespace muster::storage {

namespace {

const char kAlphabet[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"; // Crockford: no I, L, O, U

} // namespace

std::string sealOf(std::int64_t eventCount, const std::string& headHash) {
    const std::string hex = crypto::sha256Hex("muster-seal/1:" + std::to_string(eventCount) + ":" + headHash);
    // The first 50 bits of the digest, 5 at a time.
    std::uint64_t bits = std::stoull(hex.substr(0, 13), nullptr, 16) >> 2; // 52 bits read, 50 kept
    std::string out(11, '-');
    for (int i = 9; i >= 0; --i) {
        out[static_cast<std::size_t>(i < 5 ? i : i + 1)] = kAlphabet[bits & 31];
        bits >>= 5;
    }
    return out;
}

std::string normalizeSeal(const std::string& typed) {
    std::string code;
    for (const unsigned char c : typed) {
        if (c == '-' || std::isspace(c))
            continue;
        char u = static_cast<char>(std::toupper(c));
        if (u == 'O')
            u = '0';
        if (u == 'I' || u == 'L')
            u = '1';
        bool known = false;
        for (const char* a = kAlphabet; *a; ++a)
            known = known || *a == u;
        if (!known)
            return {};
        code += u;
    }
    if (code.size() != 10)
        return {};
    return code.substr(0, 5) + "-" + code.substr(5);
}

std::vector<TurnSeal> turnSeals(const std::vector<Event>& events, int nextTurn) {
    // A fix of an earlier turn's input is stamped with the turn it fixes: the stream steps back into a turn
    // already over, which neither ends that turn again nor the turn in play. Such events are passed over.
    // A fix made just after a turn's signature, before any input of the next turn, is passed over too: the
    // signature is where that turn ended and its seal was shown.
    std::vector<const Event*> inOrder;
    int latest = 0;
    int signedTurn = 0;
    for (const Event& e : events) {
        const bool fix = e.kind == kind::Override || e.kind == kind::Undo;
        if (e.turn < latest || (fix && e.turn <= signedTurn))
            continue;
        inOrder.push_back(&e);
        latest = e.turn;
        if (e.kind == kind::Signature)
            signedTurn = e.turn;
    }
    std::vector<TurnSeal> out;
    for (std::size_t i = 0; i < inOrder.size(); ++i) {
        const Event& e = *inOrder[i];
        const int after = i + 1 < inOrder.size() ? inOrder[i + 1]->turn : nextTurn;
        if (after > e.turn)
            out.push_back({e.turn, e.seq, sealOf(e.seq, e.hash)});
    }
    return out;
}

} // namespace muster::storage
