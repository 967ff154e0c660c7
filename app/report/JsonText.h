#pragma once

// JSON as the CLI prints it. Text stored in a game file need not be UTF-8 (a player name or a payload written
// by another tool), and nlohmann's dump() throws type_error 316 on such a string: every JSON that can hold
// text from a file is written through here, which puts U+FFFD in place of each invalid byte.

#include <nlohmann/json.hpp>

#include <string>

namespace muster::report {

inline std::string jsonText(const nlohmann::json& j, int indent = -1) {
    return j.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

} // namespace muster::report
