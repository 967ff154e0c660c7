#pragma once

// The text inside an order chit's QR code: a short, versioned, alphanumeric-mode string (see docs/chits.md).
//
//   M1/<game>/<unit>/<order>     e.g. "M1/K7/3/FF"  (unit slot 3 of game K7: FIRST FIRE)
//   M1/<game>/*/<order>          a unit-less chit: the unit comes from a tap in the UI
//
// game:  exactly 2 characters of [0-9A-Z], printed on every chit of one sheet (a hash of the scenario by
// default). unit:  the unit's 1-based slot in the scenario's unit list, in base 36 without leading zeros
// (1..ZZ = 1..1295). order: M, CF, FF, F, H, C or W (MD-ORD-02). The longest payload has 11 characters, the
// alphanumeric capacity of Micro QR M3 at level M.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace muster::vision {

// The seven Manifest Destiny orders a chit can carry (MD-ORD-02).
enum class MdOrder { Move, ChangeFormation, FirstFire, Fire, Hold, Charge, Wheel };

// Printing facts about one order: its code in the payload, its name, and the colour of its spot (MD-ORD-02).
struct MdOrderInfo {
    MdOrder order;
    const char* code;  // payload code
    const char* name;  // as the rules name it
    const char* label; // the short text printed on the chit
    std::array<std::uint8_t, 3> rgb;
    bool blank;              // HOLD is a blank chit: no coloured ring (MD-ORD-01, MD-ORD-02)
    const char* engineValue; // the rules engine's answer to "<unit>.order" (MD-ORD-01)
};

inline constexpr int kChitPayloadVersion = 1;
inline constexpr int kMaxUnitSlot = 36 * 36 - 1; // "ZZ"
inline constexpr std::size_t kMaxPayloadLength = 11;

// All orders in the MD-ORD-02 table order.
const std::array<MdOrderInfo, 7>& mdOrders();
const MdOrderInfo& orderInfo(MdOrder order);
std::optional<MdOrder> orderFromCode(std::string_view code);
// Accepts a payload code ("FF"), a name ("FIRST FIRE", "first_fire") or the enum's spelling ("FirstFire").
std::optional<MdOrder> orderFromName(std::string_view name);

// One chit: a game tag, a unit slot (none for a unit-less chit) and an order.
struct ChitPayload {
    std::string game;
    std::optional<int> unitSlot;
    MdOrder order = MdOrder::Hold;

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
class ChitParseResult {
public:
    ChitParseResult(ChitPayload payload)
        : m_payload(std::move(payload)) {}
    ChitParseResult(ChitError error)
        : m_error(std::move(error)) {}

    explicit operator bool() const { return m_payload.has_value(); }
    const ChitPayload& value() const { return *m_payload; }
    const ChitPayload* operator->() const { return &*m_payload; }
    const ChitError& error() const { return m_error; }

private:
    std::optional<ChitPayload> m_payload;
    ChitError m_error;
};

// Parses any text (any bytes) without throwing.
ChitParseResult parseChit(std::string_view text);
// The canonical text of a valid payload; an empty string if the payload cannot be encoded (bad game or slot).
std::string encodeChit(const ChitPayload& payload);

bool isValidGameTag(std::string_view game);
// Base 36 without leading zeros, "" for a slot out of 1..kMaxUnitSlot.
std::string unitSlotCode(int slot);
// A 2-character game tag derived from any text (FNV-1a of the text, modulo 36^2).
std::string gameTagFor(std::string_view seed);

} // namespace muster::vision
