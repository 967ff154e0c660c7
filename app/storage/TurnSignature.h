#pragma once

// Device signatures of turn heads. At the end of a turn the recording device appends a "signature" event
// that signs the head just before it (event count and hash) with its DeviceKey; the turn's seal then covers
// the signature too. Verify checks every signature against the chain. See docs/journal.md, Device
// signatures.

#include "app/storage/DeviceKey.h"
#include "app/storage/JournalTypes.h"

#include <optional>
#include <string>
#include <vector>

namespace muster::storage {

// What is signed: the head's event count and hash under a fixed tag.
std::string headMessage(std::int64_t seq, const std::string& headHash);

// The payload of a signature event for head: {"turn", "seq", "head", "key", "sig"} (key and sig in hex).
std::string signaturePayload(const DeviceKey& key, int turn, const Event& head);

// The fingerprint of the key a signature payload names, "" if the payload is not a signature (it is not
// verified here: see checkSignatures).
std::string signerOf(const std::string& payloadJson);

struct SignatureCheck {
    std::vector<SignedHead> signedHeads;     // every signature that holds, in seq order
    std::optional<std::int64_t> firstBadSeq; // the first signature event that does not
    std::string problem;
};

// Checks every signature event of a game (events in seq order, as the journal returns them): each must
// sign the event just before it, with a well-formed key, and verify.
SignatureCheck checkSignatures(const std::vector<Event>& events);

// A fingerprint as typed ("3F9A 0C21-77BE-D410"): lower case, in four groups; empty if it cannot be one.
std::string normalizeFingerprint(const std::string& typed);

// Empty if every turn that has ended (a later turn has events) has its head signed by the device with that
// fingerprint and no other device signed; else what is not, in words.
std::string notSignedBy(const std::vector<Event>& events, const std::vector<SignedHead>& signedHeads,
                        const std::string& fingerprint);

// "turns 1-3, 5 by device 3f9a-0c21-77be-d410", or "unsigned".
std::string describeSignatures(const std::vector<SignedHead>& signedHeads);

} // namespace muster::storage
