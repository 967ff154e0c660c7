#include "vision/chits/ChitPayload.h"

#include <algorithm>
#include <cctype>

namespace muster::vision {

namespace {

bool isBase36(char c) {
    return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z');
}

int base36Value(char c) {
    return c <= '9' ? c - '0' : c - 'A' + 10;
}

// Keeps error messages printable whatever bytes arrived.
std::string printable(std::string_view text) {
    std::string out;
    for (char c : text.substr(0, 40)) {
        const auto u = static_cast<unsigned char>(c);
        out += (u >= 0x20 && u < 0x7f) ? c : '?';
    }
    if (text.size() > 40)
        out += "...";
    return out;
}

ChitError fail(ChitErrorKind kind, std::string message) {
    return ChitError{kind, std::move(message)};
}

bool isOrderCode(std::string_view code) {
    return !code.empty() && code.size() <= 2 && std::all_of(code.begin(), code.end(), isBase36);
}

std::string normalisedName(std::string_view name) {
    std::string out;
    for (char c : name) {
        if (c == '_' || c == '-' || c == ' ')
            continue;
        out += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    return out;
}

} // namespace

const ChitOrderSpec* orderFromName(const ChitVocabulary& vocabulary, std::string_view name) {
    if (const ChitOrderSpec* byCode = findChitOrder(vocabulary, name))
        return byCode;
    const std::string wanted = normalisedName(name);
    for (const ChitOrderSpec& o : vocabulary.orders)
        if (wanted == normalisedName(o.name) || wanted == normalisedName(o.value))
            return &o;
    return nullptr;
}

const char* errorKindName(ChitErrorKind kind) {
    switch (kind) {
    case ChitErrorKind::Foreign:
        return "foreign";
    case ChitErrorKind::WrongVersion:
        return "wrong-version";
    case ChitErrorKind::Malformed:
        return "malformed";
    case ChitErrorKind::BadGame:
        return "bad-game";
    case ChitErrorKind::BadUnit:
        return "bad-unit";
    case ChitErrorKind::UnknownOrder:
        return "unknown-order";
    }
    return "malformed";
}

bool isValidGameTag(std::string_view game) {
    return game.size() == 2 && isBase36(game[0]) && isBase36(game[1]);
}

std::string unitSlotCode(int slot) {
    if (slot < 1 || slot > kMaxUnitSlot)
        return {};
    const char* digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    std::string out;
    if (slot >= 36)
        out += digits[slot / 36];
    out += digits[slot % 36];
    return out;
}

std::string gameTagFor(std::string_view seed) {
    std::uint32_t hash = 2166136261u;
    for (char c : seed) {
        hash ^= static_cast<unsigned char>(c);
        hash *= 16777619u;
    }
    const char* digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const std::uint32_t value = hash % (36u * 36u);
    return {digits[value / 36], digits[value % 36]};
}

std::string encodeChit(const ChitPayload& payload) {
    if (!isValidGameTag(payload.game))
        return {};
    std::string unit = "*";
    if (payload.unitSlot) {
        unit = unitSlotCode(*payload.unitSlot);
        if (unit.empty())
            return {};
    }
    if (!isOrderCode(payload.order))
        return {};
    return "M" + std::to_string(kChitPayloadVersion) + "/" + payload.game + "/" + unit + "/" + payload.order;
}

ChitParseResult parseChit(std::string_view text, const ChitVocabulary* vocabulary) {
    // Ours starts with 'M', a version number and '/'. Anything else is somebody else's code.
    std::size_t digits = 0;
    while (1 + digits < text.size() && digits < 4 &&
           std::isdigit(static_cast<unsigned char>(text[1 + digits])))
        ++digits;
    if (text.empty() || text[0] != 'M' || digits == 0 || 1 + digits >= text.size() || text[1 + digits] != '/')
        return fail(ChitErrorKind::Foreign, "not a Muster chit: \"" + printable(text) + "\"");
    const std::string_view version = text.substr(1, digits);
    if (version != "1")
        return fail(ChitErrorKind::WrongVersion, "chit format version " + std::string(version) +
                                                     " is not supported (this build reads version " +
                                                     std::to_string(kChitPayloadVersion) + ")");
    if (text.size() > kMaxPayloadLength)
        return fail(ChitErrorKind::Malformed, "chit text is " + std::to_string(text.size()) +
                                                  " characters, longer than the " +
                                                  std::to_string(kMaxPayloadLength) + " a chit holds");

    std::string_view rest = text.substr(2 + digits);
    std::array<std::string_view, 3> fields;
    for (std::size_t i = 0; i < fields.size(); ++i) {
        const std::size_t slash = rest.find('/');
        if ((i < 2) != (slash != std::string_view::npos))
            return fail(ChitErrorKind::Malformed,
                        "chit \"" + printable(text) + "\" does not have the 4 fields M1/game/unit/order");
        fields[i] = rest.substr(0, slash);
        rest = slash == std::string_view::npos ? std::string_view{} : rest.substr(slash + 1);
    }

    ChitPayload payload;
    if (!isValidGameTag(fields[0]))
        return fail(ChitErrorKind::BadGame,
                    "game tag \"" + printable(fields[0]) + "\" is not 2 characters of 0-9 A-Z");
    payload.game = std::string(fields[0]);

    const std::string_view unit = fields[1];
    if (unit != "*") {
        const bool charsOk = std::all_of(unit.begin(), unit.end(), isBase36);
        if (unit.empty() || unit.size() > 2 || !charsOk || unit[0] == '0')
            return fail(ChitErrorKind::BadUnit,
                        "unit \"" + printable(unit) + "\" is not a slot 1..ZZ in base 36 (or * for no unit)");
        int slot = 0;
        for (char c : unit)
            slot = slot * 36 + base36Value(c);
        payload.unitSlot = slot;
    }

    if (!isOrderCode(fields[2]) || (vocabulary && !findChitOrder(*vocabulary, fields[2]))) {
        std::string known;
        if (vocabulary)
            for (const ChitOrderSpec& o : vocabulary->orders)
                known += (known.empty() ? "" : ", ") + o.code;
        return fail(ChitErrorKind::UnknownOrder,
                    "order \"" + printable(fields[2]) + "\" is not " +
                        (vocabulary ? "one of " + known : std::string("1-2 characters of 0-9 A-Z")));
    }
    payload.order = std::string(fields[2]);
    return payload;
}

} // namespace muster::vision
