#include "app/storage/TurnSignature.h"

#include <nlohmann/json.hpp>
#include <sodium.h>

#include <algorithm>
#include <cctype>

namespace muster::storage {

namespace {

using nlohmann::json;

template <std::size_t N>
std::string hexOf(const std::array<std::uint8_t, N>& bytes) {
    std::string out(N * 2 + 1, '\0');
    sodium_bin2hex(out.data(), out.size(), bytes.data(), N);
    out.pop_back();
    return out;
}

template <std::size_t N>
bool fromHex(const json& j, std::array<std::uint8_t, N>& out) {
    if (!j.is_string())
        return false;
    const std::string& hex = j.get_ref<const std::string&>();
    std::size_t used = 0;
    return hex.size() == N * 2 &&
           sodium_hex2bin(out.data(), N, hex.data(), hex.size(), nullptr, &used, nullptr) == 0 && used == N;
}

} // namespace

std::string headMessage(std::int64_t seq, const std::string& headHash) {
    return "muster-head/1:" + std::to_string(seq) + ":" + headHash;
}

std::string signaturePayload(const DeviceKey& key, int turn, const Event& head) {
    const Signature sig = key.sign(headMessage(head.seq, head.hash));
    return json{{"turn", turn},
                {"seq", head.seq},
                {"head", head.hash},
                {"key", hexOf(key.publicKey())},
                {"sig", hexOf(sig)}}
        .dump();
}

std::string signerOf(const std::string& payloadJson) {
    const json p = json::parse(payloadJson, nullptr, false);
    PublicKey key{};
    return p.is_object() && fromHex(p.value("key", json()), key) ? fingerprintOf(key) : std::string();
}

SignatureCheck checkSignatures(const std::vector<Event>& events) {
    SignatureCheck out;
    for (std::size_t i = 0; i < events.size(); ++i) {
        const Event& e = events[i];
        if (e.kind != kind::Signature)
            continue;
        auto fail = [&](const std::string& why) {
            out.firstBadSeq = e.seq;
            out.problem = "event #" + std::to_string(e.seq) + " (the signature of turn " +
                          std::to_string(e.turn) + "'s head): " + why;
            return out;
        };
        const json p = json::parse(e.payloadJson, nullptr, false);
        PublicKey key{};
        Signature sig{};
        if (!p.is_object() || !fromHex(p.value("key", json()), key) ||
            !fromHex(p.value("sig", json()), sig) || !p.value("seq", json()).is_number_integer() ||
            !p.value("head", json()).is_string())
            return fail("not a well-formed signature");
        const std::int64_t seq = p["seq"].get<std::int64_t>();
        if (i == 0 || events[i - 1].seq != seq)
            return fail("it does not sign the event just before it");
        if (p["head"].get<std::string>() != events[i - 1].hash)
            return fail("it signs another head than this game's event #" + std::to_string(seq) +
                        ": the game was changed after it was signed");
        if (!verifySignature(key, headMessage(seq, events[i - 1].hash), sig))
            return fail("the signature by device " + fingerprintOf(key) +
                        " does not verify: the game was changed after it was signed");
        out.signedHeads.push_back({e.turn, seq, fingerprintOf(key)});
    }
    return out;
}

std::string describeSignatures(const std::vector<SignedHead>& signedHeads) {
    if (signedHeads.empty())
        return "unsigned";
    // Turns per device, in the order the devices first signed.
    std::vector<std::pair<std::string, std::vector<int>>> byDevice;
    for (const SignedHead& s : signedHeads) {
        auto it = std::find_if(byDevice.begin(), byDevice.end(),
                               [&](const auto& d) { return d.first == s.fingerprint; });
        if (it == byDevice.end())
            it = byDevice.insert(byDevice.end(), {s.fingerprint, {}});
        if (it->second.empty() || it->second.back() != s.turn)
            it->second.push_back(s.turn);
    }
    std::string out;
    for (const auto& [device, turns] : byDevice) {
        std::string list;
        for (std::size_t i = 0; i < turns.size(); ++i) {
            std::size_t j = i;
            while (j + 1 < turns.size() && turns[j + 1] == turns[j] + 1)
                ++j;
            list += (list.empty() ? "" : ", ") + std::to_string(turns[i]) +
                    (j > i ? "-" + std::to_string(turns[j]) : "");
            i = j;
        }
        out += (out.empty() ? "" : "; ") + std::string(turns.size() == 1 ? "turn " : "turns ") + list +
               " by device " + device;
    }
    return out;
}

std::string normalizeFingerprint(const std::string& typed) {
    std::string hex;
    for (const unsigned char c : typed) {
        if (c == '-' || std::isspace(c))
            continue;
        if (!std::isxdigit(c))
            return {};
        hex += static_cast<char>(std::tolower(c));
    }
    if (hex.size() != 16)
        return {};
    return hex.substr(0, 4) + "-" + hex.substr(4, 4) + "-" + hex.substr(8, 4) + "-" + hex.substr(12, 4);
}

std::string notSignedBy(const std::vector<Event>& events, const std::vector<SignedHead>& signedHeads,
                        const std::string& fingerprint) {
    for (const SignedHead& s : signedHeads)
        if (s.fingerprint != fingerprint)
            return "turn " + std::to_string(s.turn) + "'s head is signed by another device, " + s.fingerprint;
    for (std::size_t i = 0; i < events.size(); ++i) {
        const bool turnEnds = i + 1 < events.size() && events[i + 1].turn > events[i].turn;
        if (!turnEnds)
            continue;
        const int turn = events[i].turn;
        const bool signedTurn = std::any_of(signedHeads.begin(), signedHeads.end(),
                                            [&](const SignedHead& s) { return s.turn == turn; });
        if (!signedTurn)
            return "turn " + std::to_string(turn) + " ended (at event #" + std::to_string(events[i].seq) +
                   ") without a signature by this device";
    }
    return {};
}

} // namespace muster::storage
