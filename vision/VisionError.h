#pragma once

// Expected failures of the vision module (bad frame, missing model, unreadable file) as values, not
// exceptions (common/Result.h).

#include "common/Result.h"

namespace muster::vision {

using muster::Error;
using muster::Result;

} // namespace muster::vision
