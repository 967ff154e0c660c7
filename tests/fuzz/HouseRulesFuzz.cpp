// libFuzzer target: any bytes as the house rules JSON a game file or the app's settings hold, parsed as
// GameSession does (a non-JSON text counts as no overrides) and resolved against the option register.

#include "rules/io/Json.h"
#include "rules/md/Options.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    namespace io = muster::rules::io;
    const auto json = nlohmann::json::parse(data, data + size, nullptr, false);
    const auto house = io::houseRulesFromJson(json.is_discarded() ? nlohmann::json::object() : json);
    if (!house)
        return 0;
    const auto resolved = muster::rules::md::resolveOptions(*house);
    if (resolved)
        (void)io::toJson(*resolved).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    return 0;
}
