#pragma once

// The few top-level payload fields replay needs ("key", "value", "faces"), read in one streaming pass without
// building a JSON tree: replaying 10,000 events must not spend its time allocating the words meant for
// people.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace muster::storage {

struct PayloadFields {
    bool validJson = false;                // the payload is one JSON object
    std::optional<std::string> key;        // top-level "key" when it is a string
    std::optional<std::string> value;      // top-level "value" when it is a string
    std::optional<std::vector<int>> faces; // top-level "faces" when it is an array of integers
};

PayloadFields readPayloadFields(std::string_view payloadJson);

// The compact replay input stored beside the payload (events.input, schema version 3): MessagePack of
// [key, value] for an answer or [key, [faces...]] for dice. Empty when the fields hold no such input.
std::string compactInput(bool dice, const PayloadFields& fields);
// Reads a compact input back; validJson is false (and nothing is set) when the bytes are not one.
PayloadFields readCompactInput(std::string_view bytes);

} // namespace muster::storage
