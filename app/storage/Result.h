#pragma once

// Expected failures of the journal as values (common/Result.h).

#include "common/Result.h"

namespace muster::storage {

using muster::Error;
using muster::Result;

} // namespace muster::storage
