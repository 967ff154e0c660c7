// libFuzzer target: any bytes as a chit's text. parseChit never throws; a payload it accepts encodes back to
// a text that parses to the same payload.

#include "vision/chits/ChitPayload.h"

#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    namespace mv = muster::vision;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const mv::ChitParseResult parsed = mv::parseChit(text);
    if (!parsed)
        return 0;
    const std::string canonical = mv::encodeChit(parsed.value());
    const mv::ChitParseResult again = mv::parseChit(canonical);
    if (canonical.empty() || !again || !(again.value() == parsed.value()))
        std::abort(); // an accepted payload does not round-trip
    return 0;
}
