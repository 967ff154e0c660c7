#include "rules/VirtualDice.h"

#include <limits>

namespace muster::rules {

VirtualDice::VirtualDice(std::uint64_t seed)
    : m_seed(seed)
    , m_engine(seed) {}

int VirtualDice::face(int sides) {
    if (sides <= 1)
        return 1;
    // Rejection sampling: accept only draws below the largest multiple of `sides`, so every face is equally
    // likely and the result depends on nothing but the mt19937_64 output sequence.
    const std::uint64_t n = static_cast<std::uint64_t>(sides);
    const std::uint64_t limit =
        std::numeric_limits<std::uint64_t>::max() - (std::numeric_limits<std::uint64_t>::max() % n);
    std::uint64_t x = 0;
    do {
        x = m_engine();
        ++m_draws;
    } while (x >= limit);
    return static_cast<int>(x % n) + 1;
}

std::vector<int> VirtualDice::roll(const DiceRequest& request) {
    std::vector<int> faces;
    faces.reserve(static_cast<std::size_t>(request.count));
    for (int i = 0; i < request.count; ++i)
        faces.push_back(face(request.sides));
    return faces;
}

} // namespace muster::rules
