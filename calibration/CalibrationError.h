#pragma once

// Expected failures of calibration (no markers, corrupt profile, wrong resolution) as values, not exceptions.

#include <optional>
#include <string>
#include <utility>

namespace muster::calibration {

struct Error {
    std::string message;
};

// A value or an Error; test it with `if (result)` before calling value().
template <typename T>
class [[nodiscard]] Result {
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

// Success or an Error, for operations that produce nothing.
class [[nodiscard]] Status {
public:
    Status() = default;
    Status(Error error)
        : m_error(std::move(error))
        , m_failed(true) {}

    explicit operator bool() const { return !m_failed; }
    const Error& error() const { return m_error; }

private:
    Error m_error;
    bool m_failed = false;
};

} // namespace muster::calibration
