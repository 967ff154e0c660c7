#include "app/storage/PayloadFields.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <limits>

namespace muster::storage {

namespace {

using Json = nlohmann::json;

// SAX handler that keeps only the wanted top-level members and skips everything else.
class FieldReader {
public:
    explicit FieldReader(PayloadFields& out)
        : m_out(out) {}

    bool null() { return scalar(false); }
    bool boolean(bool) { return scalar(false); }
    bool number_integer(Json::number_integer_t v) { return integer(v); }
    bool number_unsigned(Json::number_unsigned_t v) {
        return v > static_cast<Json::number_unsigned_t>(std::numeric_limits<int>::max())
                   ? scalar(false)
                   : integer(static_cast<Json::number_integer_t>(v));
    }
    bool number_float(Json::number_float_t, const std::string&) { return scalar(false); }
    bool binary(Json::binary_t&) { return scalar(false); }
    bool string(std::string& s) {
        if (m_depth == 1 && m_member == "key")
            m_out.key = std::move(s);
        else if (m_depth == 1 && m_member == "value")
            m_out.value = std::move(s);
        return scalar(false);
    }
    bool start_object(std::size_t) {
        if (m_depth == 0)
            m_out.validJson = true;
        else
            scalar(false);
        ++m_depth;
        return true;
    }
    bool end_object() {
        --m_depth;
        return true;
    }
    bool start_array(std::size_t) {
        if (m_depth == 1 && m_member == "faces") {
            m_inFaces = true;
            m_faces.clear();
            m_facesOk = true;
        } else {
            scalar(false);
        }
        ++m_depth;
        return true;
    }
    bool end_array() {
        --m_depth;
        if (m_depth == 1 && m_inFaces) {
            m_inFaces = false;
            if (m_facesOk)
                m_out.faces = m_faces;
        }
        return true;
    }
    bool key(std::string& k) {
        if (m_depth == 1)
            m_member = k;
        return true;
    }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) {
        m_out = PayloadFields{};
        return false;
    }

private:
    bool integer(Json::number_integer_t v) {
        if (m_inFaces && m_depth == 2 && v >= std::numeric_limits<int>::min() &&
            v <= std::numeric_limits<int>::max()) {
            m_faces.push_back(static_cast<int>(v));
            return true;
        }
        return scalar(false);
    }
    // A value that is not a face: inside "faces" it spoils the list.
    bool scalar(bool) {
        if (m_inFaces)
            m_facesOk = false;
        return true;
    }

    PayloadFields& m_out;
    int m_depth = 0;
    std::string m_member;
    bool m_inFaces = false;
    bool m_facesOk = true;
    std::vector<int> m_faces;
};

// SAX handler for a compact input: a two-element array, a string key, then a string value or a list of faces.
// byteCount bounds what an array header may make it reserve: every element takes at least one byte, so an
// 8-byte input claiming 2^32 faces reserves 8, not 17 GB.
class CompactReader {
public:
    CompactReader(PayloadFields& out, std::size_t byteCount)
        : m_out(out)
        , m_byteCount(byteCount) {}

    bool null() { return false; }
    bool boolean(bool) { return false; }
    bool number_integer(Json::number_integer_t v) { return face(v); }
    bool number_unsigned(Json::number_unsigned_t v) {
        return v <= static_cast<Json::number_unsigned_t>(std::numeric_limits<int>::max()) &&
               face(static_cast<Json::number_integer_t>(v));
    }
    bool number_float(Json::number_float_t, const std::string&) { return false; }
    bool binary(Json::binary_t&) { return false; }
    bool string(std::string& s) {
        if (m_depth != 1 || m_items > 1)
            return false;
        (m_items++ == 0 ? m_out.key : m_out.value) = std::move(s);
        return true;
    }
    bool start_object(std::size_t) { return false; }
    bool key(std::string&) { return false; }
    bool end_object() { return false; }
    bool start_array(std::size_t n) {
        if (m_depth == 0 && n == 2) {
            m_depth = 1;
            return true;
        }
        if (m_depth != 1 || m_items != 1)
            return false;
        m_depth = 2;
        m_out.faces.emplace().reserve(n == std::size_t(-1) ? 0 : std::min(n, m_byteCount));
        return true;
    }
    bool end_array() {
        if (m_depth == 2) {
            m_depth = 1;
            ++m_items;
        } else {
            m_depth = 0;
            m_out.validJson = m_items == 2;
        }
        return true;
    }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) { return false; }

private:
    bool face(Json::number_integer_t v) {
        if (m_depth != 2 || v < std::numeric_limits<int>::min() || v > std::numeric_limits<int>::max())
            return false;
        m_out.faces->push_back(static_cast<int>(v));
        return true;
    }

    PayloadFields& m_out;
    std::size_t m_byteCount;
    int m_depth = 0;
    int m_items = 0;
};

} // namespace

std::string compactInput(bool dice, const PayloadFields& fields) {
    if (!fields.key || (dice ? !fields.faces : !fields.value))
        return {};
    const Json input =
        dice ? Json::array({*fields.key, *fields.faces}) : Json::array({*fields.key, *fields.value});
    std::string out;
    Json::to_msgpack(input, nlohmann::detail::output_adapter<char>(out));
    return out;
}

PayloadFields readCompactInput(std::string_view bytes) {
    PayloadFields out;
    CompactReader reader(out, bytes.size());
    if (!Json::sax_parse(bytes.begin(), bytes.end(), &reader, nlohmann::json::input_format_t::msgpack) ||
        !out.validJson)
        return PayloadFields{};
    return out;
}

PayloadFields readPayloadFields(std::string_view payloadJson) {
    PayloadFields out;
    FieldReader reader(out);
    if (!Json::sax_parse(payloadJson.begin(), payloadJson.end(), &reader))
        return PayloadFields{};
    return out;
}

} // namespace muster::storage
