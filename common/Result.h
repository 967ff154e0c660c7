#pragma once

// Expected failures as values, for every module: a Result holds either a value or an Error with a message a
// person can act on. Never thrown.

#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace muster {

struct Error {
    std::string message;
};

inline Error makeError(std::string message) {
    return Error{std::move(message)};
}

// A value or an error (an Error, or a module's richer error type with a `message`); test it with
// `if (result)` before reading value().
template <class T, class E = Error>
class [[nodiscard]] Result {
public:
    Result(T value)
        : m_data(std::move(value)) {}
    Result(E error)
        : m_data(std::move(error)) {}

    bool ok() const { return m_data.index() == 0; }
    explicit operator bool() const { return ok(); }

    T& value() & { return std::get<0>(m_data); }
    const T& value() const& { return std::get<0>(m_data); }
    T&& value() && { return std::get<0>(std::move(m_data)); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }

    const E& error() const { return std::get<1>(m_data); }
    const std::string& message() const { return error().message; }

private:
    std::variant<T, E> m_data;
};

// Success with no value, or an error.
template <class E>
class [[nodiscard]] Result<void, E> {
public:
    Result() = default;
    Result(E error)
        : m_error(std::move(error)) {}

    bool ok() const { return !m_error; }
    explicit operator bool() const { return ok(); }
    const E& error() const { return *m_error; }
    const std::string& message() const { return m_error->message; }

private:
    std::optional<E> m_error;
};

} // namespace muster
