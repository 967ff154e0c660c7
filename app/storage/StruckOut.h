#pragma once

// What the players struck out of a camera read ("not a die: a shadow"). The reasons live in the photo's
// detections JSON (each struck find carries "notADie"), so the log, `game log` and the report read them
// from there rather than keeping a second copy in the event.

#include "app/storage/Journal.h"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace muster::storage {

// The reasons of every struck-out find in one photo's detections JSON, in find order: finds the reader
// returned ("dice"[i].notADie) first, then those only the person placed (top-level "notADie" list).
// Anything that is not such a document, or a reason that is not text, gives nothing (never throws).
std::vector<std::string> struckOutReasons(std::string_view detectionsJson);

// "struck out 2 finds as not a die: a shadow; the chit" (empty when there are none).
std::string struckOutText(const std::vector<std::string>& reasons);

// The reasons of every event's photos that have any, by event seq.
Result<std::map<std::int64_t, std::vector<std::string>>> struckOutBySeq(const Journal& journal);

} // namespace muster::storage
