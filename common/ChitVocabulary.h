#pragma once

// The orders a rule set prints on chits, as plain data: the rule set defines them, the chit reader and the
// chit sheet use them without knowing any rule set.

#include <string>
#include <string_view>
#include <vector>

namespace muster {

// One order a chit can carry: its code in the QR payload, the answer it gives the order question, and how the
// chit is printed.
struct ChitOrderSpec {
    std::string code;                 // short, in the payload ("M", "FF"): [0-9A-Z], 1-2 characters
    std::string value;                // the order question's option value ("first_fire")
    std::string name;                 // as the rules name it ("FIRST FIRE")
    std::string label;                // the short text printed on the chit ("FF")
    unsigned char rgb[3] = {0, 0, 0}; // the colour of its spot
    bool blank = false;               // printed without a coloured ring (MD's HOLD)
};

// A rule set's order-chit vocabulary; empty when the rule set has no chits.
struct ChitVocabulary {
    std::vector<ChitOrderSpec> orders;
    bool empty() const { return orders.empty(); }
};

// The order with this payload code, or nullptr.
inline const ChitOrderSpec* findChitOrder(const ChitVocabulary& vocabulary, std::string_view code) {
    for (const ChitOrderSpec& o : vocabulary.orders)
        if (o.code == code)
            return &o;
    return nullptr;
}

} // namespace muster
