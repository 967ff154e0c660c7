#include "rules/hex/Casualties.h"

#include <algorithm>

namespace muster::rules::hex {

std::optional<std::vector<int>> chooseLosses(Feed& feed, int losses, const std::vector<Pool>& pools,
                                             const std::string& chooserSide, const std::string& target,
                                             const std::string& ruleId) {
    std::vector<int> out(pools.size(), 0);
    int left = losses;
    for (std::size_t i = 0; i < pools.size() && left > 0; ++i) {
        int rest = 0; // what the later pools can still take
        for (std::size_t j = i + 1; j < pools.size(); ++j)
            rest += pools[j].capacity;
        const int lo = std::max(0, left - rest);
        const int hi = std::min(left, pools[i].capacity);
        int take = hi;
        if (lo < hi) {
            Question q;
            q.key = target + ".loss_" + pools[i].value;
            q.text = std::to_string(left) + " casualt" + (left == 1 ? "y" : "ies") + " still to place in " +
                     target + ": how many on " + pools[i].label + "?";
            q.ruleId = ruleId;
            q.side = chooserSide;
            q.subjects = {target};
            q.tag = "casualties";
            for (int n = lo; n <= hi; ++n)
                q.options.push_back({std::to_string(n), std::to_string(n)});
            auto a = feed.ask(q);
            if (!a)
                return std::nullopt;
            take = std::stoi(*a);
        }
        out[i] = take;
        left -= take;
    }
    return out;
}

} // namespace muster::rules::hex
