#pragma once

#include "common/Result.h"

namespace muster::rules {

// An expected failure (bad file, illegal input): a value with a readable message, never an exception.
using muster::Error;
using muster::makeError;
using muster::Result;

} // namespace muster::rules
