#pragma once

// Micro QR through libqrencode (ZXing 1.4 reads Micro QR but cannot write it).

#include "vision/chits/ZXingAdapter.h"

#include <string>

namespace muster::app {

// A Micro QR symbol of exactly version M<version> at level M (version 3: 15x15 modules, 11 alphanumeric
// characters); empty if the text does not fit.
vision::zxing::ModuleMatrix encodeMicroQr(const std::string& text, int version = 3);

} // namespace muster::app
