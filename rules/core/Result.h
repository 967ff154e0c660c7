#pragma once

#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace muster::rules {

// An expected failure (bad file, illegal input): a value with a readable message, never an exception.
struct Error {
    std::string message;
};

// Either a value or an Error. `explicit operator bool` is true on success.
template <class T>
class Result {
public:
    Result(T value)
        : m_data(std::move(value)) {}
    Result(Error error)
        : m_data(std::move(error)) {}

    explicit operator bool() const { return m_data.index() == 0; }
    bool ok() const { return m_data.index() == 0; }
    const T& value() const& { return std::get<0>(m_data); }
    T& value() & { return std::get<0>(m_data); }
    T&& value() && { return std::get<0>(std::move(m_data)); }
    const Error& error() const { return std::get<1>(m_data); }
    const T* operator->() const { return &std::get<0>(m_data); }
    T* operator->() { return &std::get<0>(m_data); }
    const T& operator*() const { return std::get<0>(m_data); }
    T& operator*() { return std::get<0>(m_data); }

private:
    std::variant<T, Error> m_data;
};

// Success with no value, or an Error.
template <>
class Result<void> {
public:
    Result() = default;
    Result(Error error)
        : m_error(std::move(error)) {}

    explicit operator bool() const { return !m_error; }
    bool ok() const { return !m_error; }
    const Error& error() const { return *m_error; }

private:
    std::optional<Error> m_error;
};

inline Error makeError(std::string message) {
    return Error{std::move(message)};
}

} // namespace muster::rules
