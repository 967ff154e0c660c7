#pragma once

// Starts the touch app: parses the command line, prepares the platform, loads the QML and runs one of three
// modes (interactive, --self-test, --screenshot).

namespace muster::app {

int run(int argc, char** argv);

} // namespace muster::app
