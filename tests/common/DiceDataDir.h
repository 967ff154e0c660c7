#pragma once

// Where a test finds a shared dice data set: ../shared/data/dice/<set> beside the checkout (the build passes
// MUSTER_TEST_DATA_DIR) or $MUSTER_DATA_DIR/dice/<set>. Empty when the set is not there, so a test can skip
// and say why.

#include <cstdlib>
#include <filesystem>
#include <string>

namespace muster::test {

inline std::string diceSetDir(const char* set) {
    std::filesystem::path base = MUSTER_TEST_DATA_DIR;
    if (const char* env = std::getenv("MUSTER_DATA_DIR"); env && *env)
        base = env;
    const std::filesystem::path dir = base / "dice" / set;
    return std::filesystem::exists(dir / "manifest.csv") ? dir.string() : std::string();
}

} // namespace muster::test
