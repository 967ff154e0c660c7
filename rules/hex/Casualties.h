#pragma once

#include "rules/core/Feed.h"
#include "rules/hex/GameRules.h"

#include <optional>
#include <string>
#include <vector>

// Casualty choice by the side the rule names (MF-FIRE-07 the firer, AS-FIGHT-06 and SD-CAS-01 the owner):
// losses beyond the figures present are lost, and the chooser says how many fall on each pool.
namespace muster::rules::hex {

// How many of `losses` fall on each of `pools`, in pool order. When the split is forced (one pool, or the
// losses take everything) nothing is asked; else the chooser answers one question per pool but the last.
// Nothing when the feed ran out.
std::optional<std::vector<int>> chooseLosses(Feed& feed, int losses, const std::vector<Pool>& pools,
                                             const std::string& chooserSide, const std::string& target,
                                             const std::string& ruleId);

} // namespace muster::rules::hex
