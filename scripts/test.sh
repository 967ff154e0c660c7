#!/usr/bin/env bash
# The README's test command: install what is missing, build with tests, run the whole suite through ctest.
# With CI=true (or --sanitize) it then builds the non-GUI targets with ASan+UBSan and runs their tests too;
# with CI=true (or --fuzz) it then runs each libFuzzer target for MUSTER_FUZZ_SECONDS (default 60; see
# scripts/fuzz.sh); with CI=true (or --tidy) it runs clang-tidy on the .cpp files the last commit changed
# (scripts/tidy.sh). Exits non-zero on any failure.
set -euo pipefail
source "$(dirname "$0")/common.sh"

sanitize=0
fuzz=0
tidy=0
[ "${CI:-}" = "true" ] && sanitize=1 && fuzz=1 && tidy=1
for a in "$@"; do
    case "$a" in
        --sanitize) sanitize=1 ;;
        --no-sanitize) sanitize=0 ;;
        --fuzz) fuzz=1 ;;
        --no-fuzz) fuzz=0 ;;
        --tidy) tidy=1 ;;
        --no-tidy) tidy=0 ;;
        *) echo "test: unknown argument $a (use --sanitize, --no-sanitize, --fuzz, --no-fuzz, --tidy or --no-tidy)" >&2; exit 2 ;;
    esac
done

"$MUSTER_ROOT/scripts/install-deps.sh"

# Headless: no display in CI, and the ffmpeg media backend (GStreamer can hang on exit on a minimal install).
export QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}"
export QT_MEDIA_BACKEND="${QT_MEDIA_BACKEND:-ffmpeg}"
export QT_LOGGING_RULES="${QT_LOGGING_RULES:-*.debug=false}"
# Games played by the tests are signed with a key of the build, never the key of the person running them.
export MUSTER_DEVICE_KEY="${MUSTER_DEVICE_KEY:-$MUSTER_BUILD_DIR/test-device-key}"
export CTEST_OUTPUT_ON_FAILURE=1

start=$(date +%s)
echo "== test: Release build with tests in $MUSTER_BUILD_DIR"
muster_configure -DMUSTER_BUILD_TESTS=ON -DMUSTER_BUILD_BENCHMARKS=ON
cmake --build "$MUSTER_BUILD_DIR" -j"$MUSTER_JOBS"
status=0
ctest --test-dir "$MUSTER_BUILD_DIR" -j"$MUSTER_JOBS" --timeout 900 || status=$?
# The presets of CMakePresets.json stay readable by this CMake.
(cd "$MUSTER_ROOT" && cmake --list-presets=all >/dev/null) || { echo "test: CMakePresets.json does not load" >&2; status=1; }
if [ "$tidy" = 1 ]; then
    echo "== test: clang-tidy on the last commit's sources"
    "$MUSTER_ROOT/scripts/tidy.sh" || status=$?
fi

if [ "$sanitize" = 1 ]; then
    asan_dir="${MUSTER_ASAN_BUILD_DIR:-$MUSTER_ROOT/build-asan}"
    echo "== test: ASan+UBSan build of the non-GUI targets in $asan_dir"
    muster_configure_dir "$asan_dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMUSTER_SANITIZE=ON \
        -DMUSTER_BUILD_QT=OFF -DMUSTER_BUILD_BENCHMARKS=OFF -DMUSTER_BUILD_TESTS=ON
    cmake --build "$asan_dir" -j"$MUSTER_JOBS"
    ASAN_OPTIONS="detect_leaks=1:abort_on_error=1" UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" \
        ctest --test-dir "$asan_dir" -j"$MUSTER_JOBS" --timeout 1800 -LE slow || status=$?
fi

if [ "$fuzz" = 1 ]; then
    # About 6 minutes on 2 cores: the clang build of the fuzz targets, then 60 s per target.
    MUSTER_FUZZ_SECONDS="${MUSTER_FUZZ_SECONDS:-60}" "$MUSTER_ROOT/scripts/fuzz.sh" || status=$?
fi

echo "== test: finished in $(( $(date +%s) - start )) s, status $status"
exit "$status"
