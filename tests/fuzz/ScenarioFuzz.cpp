// libFuzzer target: any bytes as a scenario file, through the loader the CLI and the app use
// (rules::io::parseScenario). An accepted scenario writes back to JSON that loads again.

#include "rules/io/Json.h"

#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    namespace io = muster::rules::io;
    const std::string text(reinterpret_cast<const char*>(data), size);
    const auto scenario = io::parseScenario(text, "<fuzz>");
    if (!scenario)
        return 0;
    const auto again = io::parseScenario(io::toJson(*scenario).dump(), "<fuzz, written back>");
    if (!again)
        std::abort(); // a scenario we accepted does not load once written back
    return 0;
}
