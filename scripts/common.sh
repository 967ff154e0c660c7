# Shared by run.sh and test.sh: where to build and how to configure.
# shellcheck shell=bash
MUSTER_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
MUSTER_BUILD_DIR="${MUSTER_BUILD_DIR:-$MUSTER_ROOT/build}"
MUSTER_JOBS="${MUSTER_JOBS:-$(nproc 2>/dev/null || echo 2)}"

# Configures the build folder $1 with the cmake arguments that follow. A new folder gets Ninja: with Make, Qt
# 6.4's metatypes step runs on every build and regenerates all QML cache files, about a minute on 2 cores
# with nothing changed (Ninja: 0.1 s). A folder configured before keeps its generator (cmake refuses a switch).
muster_configure_dir() {
    local dir="$1"
    shift
    local generator=()
    if [ ! -f "$dir/CMakeCache.txt" ] && command -v ninja >/dev/null 2>&1; then
        generator=(-G Ninja)
    fi
    cmake -S "$MUSTER_ROOT" -B "$dir" "${generator[@]}" "$@"
}

muster_configure() { # extra cmake arguments follow
    muster_configure_dir "$MUSTER_BUILD_DIR" -DCMAKE_BUILD_TYPE=Release "$@"
}
