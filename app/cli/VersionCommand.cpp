#include "app/cli/Commands.h"

#include <iostream>

namespace muster::cli {

int runVersion() {
    std::cout << "muster-cli " << MUSTER_VERSION << "\n";
    return 0;
}

} // namespace muster::cli
