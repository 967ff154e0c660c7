#pragma once

#include "rules/HouseRules.h"

#include <memory>
#include <string>

namespace muster::rules {

// An immutable string shared between copies: copying a game state copies a pointer, not the text.
class SharedText {
public:
    SharedText() = default;
    SharedText(std::string text)
        : m_text(std::make_shared<const std::string>(std::move(text))) {}
    SharedText(const char* text)
        : SharedText(std::string(text)) {}

    const std::string& str() const { return m_text ? *m_text : emptyText(); }
    operator const std::string&() const { return str(); }
    bool empty() const { return str().empty(); }
    bool operator==(const SharedText& other) const { return str() == other.str(); }

private:
    static const std::string& emptyText() {
        static const std::string kEmpty;
        return kEmpty;
    }
    std::shared_ptr<const std::string> m_text;
};

inline bool operator==(const SharedText& a, const std::string& b) {
    return a.str() == b;
}
inline bool operator==(const SharedText& a, const char* b) {
    return a.str() == b;
}
inline std::string operator+(const SharedText& a, const std::string& b) {
    return a.str() + b;
}
inline std::string operator+(const SharedText& a, char b) {
    return a.str() + b;
}
inline std::string operator+(const SharedText& a, const char* b) {
    return a.str() + b;
}
inline std::string operator+(const char* a, const SharedText& b) {
    return a + b.str();
}
inline std::string operator+(const std::string& a, const SharedText& b) {
    return a + b.str();
}

// House rules held by a game state: immutable and shared, so copying a state does not copy the option map.
class SharedHouseRules {
public:
    SharedHouseRules()
        : m_rules(std::make_shared<const HouseRules>()) {}
    SharedHouseRules(HouseRules rules)
        : m_rules(std::make_shared<const HouseRules>(std::move(rules))) {}

    const HouseRules& get() const { return *m_rules; }
    operator const HouseRules&() const { return *m_rules; }
    const std::map<std::string, std::string>& values() const { return m_rules->values; }
    bool operator==(const SharedHouseRules& other) const { return *m_rules == *other.m_rules; }

private:
    std::shared_ptr<const HouseRules> m_rules;
};

} // namespace muster::rules
