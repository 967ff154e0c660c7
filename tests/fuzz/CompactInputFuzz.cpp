// libFuzzer target: any bytes as an event's compact input (MessagePack) and as its payload JSON, read as
// replay reads them. What is read as a compact input writes back to the same bytes' meaning.

#include "app/storage/PayloadFields.h"

#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    namespace ms = muster::storage;
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    (void)ms::readPayloadFields(bytes);
    const ms::PayloadFields input = ms::readCompactInput(bytes);
    if (!input.validJson)
        return 0;
    const ms::PayloadFields again = ms::readCompactInput(ms::compactInput(input.faces.has_value(), input));
    if (!again.validJson || again.key != input.key || again.value != input.value ||
        again.faces != input.faces)
        std::abort(); // a compact input we read does not round-trip
    return 0;
}
