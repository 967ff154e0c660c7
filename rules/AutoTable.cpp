#include "rules/AutoTable.h"

namespace muster::rules {

AutoTable::AutoTable(std::uint64_t seed)
    : m_dice(seed ^ 0x9e3779b97f4a7c15ULL) {}

std::string AutoTable::answer(const Question& question) {
    if (question.options.empty())
        return {};
    // Orders lean towards action so simulated games see fire, charges and melee; everything else is uniform.
    const auto& opts = question.options;
    if (question.key.size() > 6 && question.key.compare(question.key.size() - 6, 6, ".order") == 0) {
        int roll = m_dice.face(10);
        const char* preferred = roll <= 3   ? "fire"
                                : roll <= 4 ? "first_fire"
                                : roll == 5 ? "charge"
                                            : nullptr;
        if (preferred) {
            for (const auto& o : opts) {
                if (o.value == preferred)
                    return o.value;
            }
        }
    }
    return opts[static_cast<std::size_t>(m_dice.face(static_cast<int>(opts.size())) - 1)].value;
}

} // namespace muster::rules
