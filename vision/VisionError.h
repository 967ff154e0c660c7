#pragma once

// Expected failures of the vision module (bad frame, missing model, unreadable file) as values, not
// exceptions.

#include <optional>
#include <string>
#include <utility>

namespace muster::vision {

struct Error {
    std::string message;
};

// A value or an Error; test it with `if (result)` before calling value().
template <typename T>
class Result {
public:
    Result(T value)
        : m_value(std::move(value)) {}
    Result(Error error)
        : m_error(std::move(error)) {}

    explicit operator bool() const { return m_value.has_value(); }
    const T& value() const& { return *m_value; }
    T& value() & { return *m_value; }
    T&& value() && { return std::move(*m_value); }
    const T* operator->() const { return &*m_value; }
    T* operator->() { return &*m_value; }
    const Error& error() const { return m_error; }

private:
    std::optional<T> m_value;
    Error m_error;
};

} // namespace muster::vision
