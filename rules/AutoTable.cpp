#include "rules/AutoTable.h"

#include <algorithm>
#include <vector>

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
    // A hex that splits (MF-MOVE-03) is an occasional choice at a real table: split one march in ten, so that
    // simulated games see splits without breaking every hex into parts of one figure.
    const auto split =
        std::find_if(opts.begin(), opts.end(), [](const Option& o) { return o.value == "split"; });
    if (question.tag == "march" && split != opts.end() && opts.size() > 1) {
        if (m_dice.face(10) == 1)
            return split->value;
        std::vector<std::string> others;
        for (const auto& o : opts)
            if (o.value != "split")
                others.push_back(o.value);
        return others[static_cast<std::size_t>(m_dice.face(static_cast<int>(others.size())) - 1)];
    }
    return opts[static_cast<std::size_t>(m_dice.face(static_cast<int>(opts.size())) - 1)].value;
}

} // namespace muster::rules
