# Shared by run.sh and test.sh: where to build and how to configure.
# shellcheck shell=bash
MUSTER_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
MUSTER_BUILD_DIR="${MUSTER_BUILD_DIR:-$MUSTER_ROOT/build}"
MUSTER_JOBS="${MUSTER_JOBS:-$(nproc 2>/dev/null || echo 2)}"

muster_configure() { # extra cmake arguments follow
    cmake -S "$MUSTER_ROOT" -B "$MUSTER_BUILD_DIR" -DCMAKE_BUILD_TYPE=Release "$@"
}
