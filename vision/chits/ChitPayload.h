#pragma once

// The text inside an order chit's QR code: a short, versioned, alphanumeric-mode string (see docs/chits.md).
//
//   M1/<game>/<unit>/<order>     e.g. "M1/K7/3/FF"  (unit slot 3 of game K7: FIRST FIRE)
//   M1/<game>/*/<order>          a unit-less chit: the unit comes from a tap in the UI
//
// game:  exactly 2 characters of [0-9A-Z], printed on every chit of one sheet (a hash of the scenario by
// default). unit:  the unit's 1-based slot in the scenario's unit list, in base 36 without leading zeros
// (1..ZZ = 1..1295). order: 1-2 characters of [0-9A-Z], one of the rule set's chit codes (its
// ChitVocabulary: M, CF, FF, F, H, C or W for Manifest Destiny). The longest payload has 11 characters, the
// alphanumeric capacity of Micro QR M3 at level M.

#include "common/ChitVocabulary.h"
#include "common/Result.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace muster::vision {

inline constexpr int kChitPayloadVersion = 1;
inline constexpr int kMaxUnitSlot = 36 * 36 - 1; // "ZZ"
inline constexpr std::size_t kMaxPayloadLength = 11;

// The order of `vocabulary` that `name` names: its payload code ("FF"), its name ("FIRST FIRE", "first fire")
// or its answer value ("first_fire"), case and separators ignored; nullptr for none.
const ChitOrderSpec* orderFromName(const ChitVocabulary& vocabulary, std::string_view name);

// One chit: a game tag, a unit slot (none for a unit-less chit) and an order.
struct ChitPayload {
    std::string game;
    std::optional<int> unitSlot;
    std::string order; // the order's payload code ("FF")

    bool operator==(const ChitPayload&) const = default;
};

// Why a text is not a chit. Foreign: not ours at all (a URL, a product code). The rest look like ours but are
// not valid, so they are reported as malformed with the reason.
enum class ChitErrorKind { Foreign, WrongVersion, Malformed, BadGame, BadUnit, UnknownOrder };

struct ChitError {
    ChitErrorKind kind = ChitErrorKind::Malformed;
    std::string message;
};

const char* errorKindName(ChitErrorKind kind);

// A parsed chit or the reason it is not one. Test with `if (result)`.
using ChitParseResult = Result<ChitPayload, ChitError>;

// Parses any text (any bytes) without throwing. With a vocabulary, an order code it lacks is UnknownOrder;
// without one, any well-formed code is accepted.
ChitParseResult parseChit(std::string_view text, const ChitVocabulary* vocabulary = nullptr);
// The canonical text of a valid payload; an empty string if the payload cannot be encoded (bad game or slot).
std::string encodeChit(const ChitPayload& payload);

bool isValidGameTag(std::string_view game);
// Base 36 without leading zeros, "" for a slot out of 1..kMaxUnitSlot.
std::string unitSlotCode(int slot);
// A 2-character game tag derived from any text (FNV-1a of the text, modulo 36^2).
std::string gameTagFor(std::string_view seed);

} // namespace muster::vision
