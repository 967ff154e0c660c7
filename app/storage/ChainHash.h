#pragma once

// The canonical serialisation behind the hash chain. Every column of an event, its evidence hash and the
// previous hash go in as length-prefixed fields, so no two different rows serialise alike.

#include "app/storage/JournalTypes.h"

#include <string>
#include <vector>

namespace muster::storage {

// Hash of the game row and the player list: the chain's anchor (first event's prev_hash).
std::string genesisHash(const GameInfo& game);

// Hash over the photos' hashes and detections of one event, in index order; empty for no evidence.
std::string evidenceHash(const std::vector<Evidence>& evidence);

// Hash of one event: seq, turn, phase, kind, payload, player, dice source, time, evidence hash, prev_hash.
std::string eventHash(const Event& event);

} // namespace muster::storage
