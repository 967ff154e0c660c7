#pragma once

// The rows of a .muster game file as plain values: the game, its players, its events and their evidence
// photos.

#include "common/DiceSource.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace muster::storage {

// Where a dice result came from. None for events that carry no dice (answers, undo).
using muster::DiceSource;
using muster::diceSourceFromString;
using muster::toString;

// Event kinds written by Muster. The journal itself accepts any kind; undo and override have dedicated
// appends because their targets are checked.
namespace kind {
inline constexpr std::string_view Answer = "answer";     // an answer to a question or an order
inline constexpr std::string_view Dice = "dice";         // a dice result, payload has "faces"
inline constexpr std::string_view Undo = "undo";         // payload {"target": seq, "reason": ...}
inline constexpr std::string_view Override = "override"; // payload {"target", "reason", "old", "new"}
// Kinds the rules never read (GameSession::note): they ride along in the game file.
inline constexpr std::string_view Calibration =
    "calibration"; // payload {"name", "width", "height", "profile"}
// The recording device's signature of the head just before it (TurnSignature.h).
inline constexpr std::string_view Signature = "signature"; // payload {"turn", "seq", "head", "key", "sig"}
} // namespace kind

struct Player {
    std::string name;
    std::string side;
    std::string diceColour;
    bool operator==(const Player&) const = default;
};

// What a new game file starts with; all of it is covered by the genesis hash.
struct NewGame {
    std::string ruleSet;        // the registry id of its rule set
    std::string houseRulesJson; // the house rules in force, as JSON
    std::string scenarioJson;   // a snapshot of the scenario, so the file replays without the scenario file
    std::vector<Player> players;
    std::string created;       // ISO 8601 UTC; empty = now
    std::string musterVersion; // empty = this build's version
    int engineVersion = 0;     // the rules engine version that plays the game (0: none recorded)
    std::string playSetupJson; // how the game is played, e.g. {"dice":"virtual","seed":7}; empty: unknown
};

struct GameInfo {
    std::string ruleSet;
    std::string houseRulesJson;
    std::string scenarioJson;
    std::string created;
    std::string musterVersion;
    int engineVersion = 0;     // 0 in files written before schema version 3
    std::string playSetupJson; // empty in files written before schema version 3
    std::string genesisHash;   // hash of the game row and the players; the first event's prev_hash
    std::vector<Player> players;
};

// One photo of a throw and what the vision module read from it.
struct EvidenceDraft {
    std::vector<std::uint8_t> jpeg;
    std::string detectionsJson; // detections with their confidences, as JSON
};

struct Evidence {
    std::int64_t eventSeq = 0;
    int index = 0;
    std::vector<std::uint8_t> jpeg;
    std::string detectionsJson;
    std::string photoHash; // SHA-256 of the JPEG bytes, hex
};

// An event before it is appended: the journal assigns seq, prev_hash, hash and (if empty) the time.
struct EventDraft {
    int turn = 0;
    std::string phase;
    std::string kind;
    std::string payloadJson = "{}";
    std::string player;
    DiceSource source = DiceSource::None;
    std::string time; // ISO 8601 UTC; empty = now
    std::vector<EvidenceDraft> evidence;
};

struct Event {
    std::int64_t seq = 0;
    int turn = 0;
    std::string phase;
    std::string kind;
    std::string payloadJson;
    std::string player;
    DiceSource source = DiceSource::None;
    std::string time;
    std::string evidenceHash; // empty when the event has no evidence
    std::string prevHash;
    std::string hash;
    int evidenceCount = 0;
    // The replay input in a compact form (MessagePack [key, value] or [key, [faces]]), written by the journal
    // from the payload of answer and dice events; empty for other kinds and in events from before schema 3.
    std::string input;
};

// An input that still counts: an answer or dice event that no undo names and no override set aside, with the
// faces or the answer of its latest override.
struct EffectiveInput {
    Event event;
    std::optional<std::vector<int>> overriddenFaces; // set when an override replaced the dice
    std::optional<std::int64_t> overrideSeq;         // the override event that did it
    std::optional<std::string> overriddenValue;      // set when an override changed the answer
};

// A turn head signed by a device key, as verify found it.
struct SignedHead {
    int turn = 0;
    std::int64_t seq = 0; // the signed head
    std::string fingerprint;
};

// Outcome of recomputing the hash chain.
struct VerifyReport {
    bool ok = true;
    std::int64_t eventCount = 0;
    std::int64_t evidenceCount = 0;
    std::optional<std::int64_t> firstBadSeq; // the first event whose stored values do not match
    std::string problem;                     // what did not match, in words
    std::string headHash;                    // the last event's hash (the genesis hash with no events)
    bool replayed = false;                   // every input was also replayed to the end (GameSession::verify)
    std::string notReplayed;                 // why not, for a game of another rules engine version
    std::vector<SignedHead> signatures;      // every device signature that holds (GameSession::verify)
    // The last turn the replay says has ended, when no device signed it (GameSession::verify): the game was
    // cut before that turn's signature, or played without a device key. Empty when it is signed.
    std::string unsignedEnd;
};

} // namespace muster::storage
