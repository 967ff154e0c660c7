#pragma once

#include "rules/HouseRules.h"
#include "rules/core/Result.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

// The field reader every rule set's JSON I/O shares: typed fields with "file: field: problem" messages.
namespace muster::rules::io {

using nlohmann::json;

// Text as it may be shown in a message: control bytes, bytes that are not UTF-8 and the Unicode marks that
// reorder text (a right-to-left override makes "evil.json" read as "nosj.live") written as escapes (\x00,
// \u202e). Nothing read from a file reaches a terminal or a screen raw.
std::string escapedText(const std::string& text);
// The first character of `text` that no name or id may hold (a control character or a text-direction mark)
// as an escape, or empty when there is none. Tabs and line breaks are refused too: ids and names are one
// line.
std::string forbiddenCharacter(const std::string& text);

// Reads typed fields and builds "file: field: problem" messages.
class Reader {
public:
    Reader(std::string source)
        : m_source(std::move(source)) {}

    Error error(const std::string& field, const std::string& problem) const {
        return Error{escapedText(m_source) + ": " + escapedText(field) + ": " + escapedText(problem)};
    }

    std::optional<Error> requireObject(const json& j, const std::string& field) const {
        if (!j.is_object())
            return error(field, "expected an object, got " + std::string(j.type_name()));
        return std::nullopt;
    }

    std::optional<Error> string(const json& obj, const std::string& path, const char* key, std::string& out,
                                bool required) const {
        auto it = obj.find(key);
        if (it == obj.end()) {
            if (required)
                return error(path + key, "missing required field");
            return std::nullopt;
        }
        if (!it->is_string())
            return error(path + key, "expected a string, got " + std::string(it->type_name()));
        out = it->get<std::string>();
        if (const std::string bad = forbiddenCharacter(out); !bad.empty())
            return error(path + key, "contains " + bad + ", a control character or a text-direction mark");
        return std::nullopt;
    }

    std::optional<Error> optString(const json& obj, const std::string& path, const char* key,
                                   std::optional<std::string>& out) const {
        if (!obj.contains(key))
            return std::nullopt;
        std::string s;
        if (auto e = string(obj, path, key, s, true))
            return e;
        out = s;
        return std::nullopt;
    }

    std::optional<Error> integer(const json& obj, const std::string& path, const char* key, int& out,
                                 bool required, int min, int max) const {
        auto it = obj.find(key);
        if (it == obj.end()) {
            if (required)
                return error(path + key, "missing required field");
            return std::nullopt;
        }
        if (!it->is_number_integer())
            return error(path + key, "expected an integer, got " + std::string(it->type_name()));
        long long v = it->get<long long>();
        if (v < min || v > max)
            return error(path + key, "value " + std::to_string(v) + " is outside " + std::to_string(min) +
                                         ".." + std::to_string(max));
        out = static_cast<int>(v);
        return std::nullopt;
    }

    std::optional<Error> optInteger(const json& obj, const std::string& path, const char* key,
                                    std::optional<int>& out, int min, int max) const {
        if (!obj.contains(key))
            return std::nullopt;
        int v = 0;
        if (auto e = integer(obj, path, key, v, true, min, max))
            return e;
        out = v;
        return std::nullopt;
    }

    std::optional<Error> optBool(const json& obj, const std::string& path, const char* key,
                                 std::optional<bool>& out) const {
        auto it = obj.find(key);
        if (it == obj.end())
            return std::nullopt;
        if (!it->is_boolean())
            return error(path + key, "expected true or false, got " + std::string(it->type_name()));
        out = it->get<bool>();
        return std::nullopt;
    }

private:
    std::string m_source;
};

#define MUSTER_TRY(expr)                                                                                     \
    do {                                                                                                     \
        if (auto muster_err_ = (expr))                                                                       \
            return *muster_err_;                                                                             \
    } while (false)

inline std::optional<Error> readHouseRules(const Reader& r, const json& j, const std::string& path,
                                           HouseRules& out) {
    if (!j.is_object())
        return r.error(path, "expected an object of option keys, got " + std::string(j.type_name()));
    for (const auto& [key, value] : j.items()) {
        if (value.is_string())
            out.values[key] = value.get<std::string>();
        else if (value.is_number_integer())
            out.values[key] = std::to_string(value.get<long long>());
        else if (value.is_boolean())
            out.values[key] = value.get<bool>() ? "true" : "false";
        else if (value.is_array()) {
            std::string s;
            for (const auto& v : value) {
                if (!v.is_number_integer())
                    return r.error(path + "." + key, "expected a list of integers");
                s += (s.empty() ? "" : ",") + std::to_string(v.get<long long>());
            }
            out.values[key] = s;
        } else
            return r.error(path + "." + key,
                           "expected a string, number or boolean, got " + std::string(value.type_name()));
    }
    return std::nullopt;
}

// Parses a whole JSON document; a malformed one is an error naming the source and the byte.
inline Result<json> parseDocument(const std::string& text, const std::string& sourceName) {
    json j = json::parse(text, nullptr, false);
    if (!j.is_discarded())
        return j;
    // Re-parse with exceptions only to get the position for the message.
    try {
        json again = json::parse(text);
        (void)again;
    } catch (const json::parse_error& e) {
        return makeError(sourceName + ": (document): malformed JSON at byte " + std::to_string(e.byte) +
                         ": " + e.what());
    } catch (const json::exception& e) {
        // A number too large for a double (out_of_range 406) is not a parse_error.
        return makeError(sourceName + ": (document): malformed JSON: " + e.what());
    }
    return makeError(sourceName + ": (document): malformed JSON");
}

} // namespace muster::rules::io
