#!/usr/bin/env bash
# The README's run command: install what is missing, build (Release) and start the touch app.
# Arguments are passed to the app, e.g. ./scripts/run.sh --demo or ./scripts/run.sh --screenshot home.png
set -euo pipefail
source "$(dirname "$0")/common.sh"

"$MUSTER_ROOT/scripts/install-deps.sh"
# Configure once; after that the build itself reruns CMake when a CMakeLists.txt changed, so a start with
# nothing changed is the build's no-op check, not a reconfigure.
if [ ! -f "$MUSTER_BUILD_DIR/CMakeCache.txt" ]; then
    muster_configure -DMUSTER_BUILD_TESTS=ON
fi
cmake --build "$MUSTER_BUILD_DIR" -j"$MUSTER_JOBS" --target muster muster-cli

# A screenshot named by a relative path goes under the build folder, not into the checkout.
args=()
shot_next=0
for a in "$@"; do
    if [ "$shot_next" = 1 ] && [ "${a#/}" = "$a" ]; then
        mkdir -p "$MUSTER_BUILD_DIR/screenshots"
        a="$MUSTER_BUILD_DIR/screenshots/$a"
        echo "run: the screenshot goes to $a" >&2
    fi
    shot_next=0
    [ "$a" = "--screenshot" ] && shot_next=1
    args+=("$a")
done
set -- "${args[@]}"

headless=0
for a in "$@"; do
    case "$a" in --screenshot|--self-test|--help|-h|--version|-v) headless=1 ;; esac
done
if [ "$headless" = 0 ] && [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && [ -z "${QT_QPA_PLATFORM:-}" ]; then
    cat >&2 <<MSG
run: no display found (neither DISPLAY nor WAYLAND_DISPLAY is set), so no window can open.
     On a desktop, run this from a terminal inside the session.
     On a headless machine:  xvfb-run -a -s '-screen 0 1280x800x24' ./scripts/run.sh
     Or render a page:       ./scripts/run.sh --screenshot home.png --page home
MSG
    exit 2
fi
export QT_MEDIA_BACKEND="${QT_MEDIA_BACKEND:-ffmpeg}"
exec "$MUSTER_BUILD_DIR/bin/muster" "$@"
