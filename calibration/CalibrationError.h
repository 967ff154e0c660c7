#pragma once

// Expected failures of calibration (no markers, corrupt profile, wrong resolution) as values, not exceptions
// (common/Result.h).

#include "common/Result.h"

namespace muster::calibration {

using muster::Error;
using muster::Result;
// Success or an Error, for operations that produce nothing.
using Status = Result<void>;

} // namespace muster::calibration
