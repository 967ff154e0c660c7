#!/usr/bin/env bash
# The README's test command: install what is missing, build with tests, run the whole suite through ctest.
# With CI=true, or each with its flag, four more passes follow:
#   --sanitize  every target (the Qt app too) built with ASan+UBSan in build-asan/, and their tests;
#   --tsan      ThreadSanitizer on the camera path's Qt-free unit (scripts/tsan.sh);
#   --fuzz      each libFuzzer target for MUSTER_FUZZ_SECONDS (30 s here; scripts/fuzz.sh);
#   --tidy      clang-tidy on the .cpp files the last commit changed (scripts/tidy.sh).
# Exits non-zero on any failure.
set -euo pipefail
source "$(dirname "$0")/common.sh"

sanitize=0
tsan=0
fuzz=0
tidy=0
[ "${CI:-}" = "true" ] && sanitize=1 && tsan=1 && fuzz=1 && tidy=1
for a in "$@"; do
    case "$a" in
        --sanitize) sanitize=1 ;;
        --no-sanitize) sanitize=0 ;;
        --tsan) tsan=1 ;;
        --no-tsan) tsan=0 ;;
        --fuzz) fuzz=1 ;;
        --no-fuzz) fuzz=0 ;;
        --tidy) tidy=1 ;;
        --no-tidy) tidy=0 ;;
        *) echo "test: unknown argument $a (use --sanitize, --tsan, --fuzz, --tidy, or --no-<one of them>)" >&2; exit 2 ;;
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
# Each pass says how long it took, so a CI run that nears its time limit shows where the time went.
pass_start=$start
pass_done() { echo "== test: $1 took $(( $(date +%s) - pass_start )) s"; pass_start=$(date +%s); }
# The measurements over whole photo sets: hundreds of real photos each, minutes under ASan.
photo_suites=(ThrowSurfaces SymbolFaces DieSizeHint DiceAccuracy Codes/ChitRoundTrip)
photo_sets="^($(IFS='|'; echo "${photo_suites[*]}"))\\."         # a ctest regex of their cases
photo_sets_gtest="$(printf '%s.*:' "${photo_suites[@]}")"           # a gtest filter of them
photo_sets_gtest="${photo_sets_gtest%:}"

status=0
muster_configure -DMUSTER_BUILD_TESTS=ON -DMUSTER_BUILD_BENCHMARKS=ON
if [ "$sanitize" = 1 ]; then
    # The sanitizer pass below builds every target and runs every other test, so the Release pass builds what
    # people run (the app, muster-cli, the benchmarks) and runs what runs in Release only: the photo sets.
    echo "== test: Release build of the app, muster-cli, the benchmarks and the photo-set measurements"
    cmake --build "$MUSTER_BUILD_DIR" -j"$MUSTER_JOBS" --target muster muster-cli muster_vision_bench \
        muster_calibration_bench muster_chits_bench muster_rules_bench muster_storage_bench \
        muster_vision_tests muster_chits_roundtrip_tests
    pass_done "the Release build"
    ctest --test-dir "$MUSTER_BUILD_DIR" -j"$MUSTER_JOBS" --timeout 900 -R "$photo_sets" || status=$?
    pass_done "the Release photo-set measurements"
else
    echo "== test: Release build with tests in $MUSTER_BUILD_DIR"
    cmake --build "$MUSTER_BUILD_DIR" -j"$MUSTER_JOBS"
    pass_done "the Release build"
    ctest --test-dir "$MUSTER_BUILD_DIR" -j"$MUSTER_JOBS" --timeout 900 || status=$?
    pass_done "the Release tests"
    if [ "$tidy" = 1 ]; then
        echo "== test: clang-tidy on the last commit's sources"
        "$MUSTER_ROOT/scripts/tidy.sh" || status=$?
        pass_done "clang-tidy"
    fi
fi
# The presets of CMakePresets.json stay readable by this CMake.
(cd "$MUSTER_ROOT" && cmake --list-presets=all >/dev/null) || { echo "test: CMakePresets.json does not load" >&2; status=1; }

if [ "$sanitize" = 1 ]; then
    asan_dir="${MUSTER_ASAN_BUILD_DIR:-$MUSTER_ROOT/build-asan}"
    echo "== test: ASan+UBSan build of every target, the Qt app's included, in $asan_dir"
    # -O1 -g1: line tables are all a sanitizer report needs, and -O1 (the optimisation the ASan manual suggests)
    # compiled the whole tree in 70% of the time of -O2 (1,286 s against 1,857 s on 2 cores). Each GoogleTest
    # executable runs as 4 shards, one process each:
    # a sanitized process takes 0.2-0.5 s to start and to check for leaks, most cases milliseconds to run.
    muster_configure_dir "$asan_dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMUSTER_SANITIZE=ON \
        -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" -DMUSTER_TEST_SHARDS=4 \
        -DMUSTER_TEST_SHARD_FILTER="-$photo_sets_gtest" \
        -DMUSTER_BUILD_QT=ON -DMUSTER_BUILD_BENCHMARKS=OFF -DMUSTER_BUILD_TESTS=ON
    cmake --build "$asan_dir" -j"$MUSTER_JOBS"
    pass_done "the ASan+UBSan build"
    if [ "$tidy" = 1 ]; then
        # Every target is built here, generated sources included, which clang-tidy needs.
        echo "== test: clang-tidy on the last commit's sources"
        MUSTER_BUILD_DIR="$asan_dir" "$MUSTER_ROOT/scripts/tidy.sh" || status=$?
        pass_done "clang-tidy"
    fi
    # Leaks are ours to fix; scripts/lsan.supp names the few that Qt 6.4 itself never frees, each with why.
    asan_env=(UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" MUSTER_DEVICE_KEY="$asan_dir/test-device-key"
        LSAN_OPTIONS="suppressions=$MUSTER_ROOT/scripts/lsan.supp:print_suppressions=0")
    env "${asan_env[@]}" ASAN_OPTIONS="detect_leaks=1:abort_on_error=1" \
        ctest --test-dir "$asan_dir" -j"$MUSTER_JOBS" --timeout 1800 -LE 'slow|gui|qml' || status=$?
    # Qt's libraries have no frame pointers, so the fast unwinder stops at their first frame and a leak inside Qt
    # would have no stack for a suppression to match: the Qt tests unwind in full.
    env "${asan_env[@]}" ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:fast_unwind_on_malloc=0" \
        ctest --test-dir "$asan_dir" -j"$MUSTER_JOBS" --timeout 1800 -L 'gui|qml' -LE slow -E '^qml\.quick_tests$' \
        || status=$?
    # The Quick Test suite unwinding in full took over 10 min on 2 cores, so it runs with ASan's memory checks but
    # no leak check. Our models' leaks are checked above and in the app's GoogleTest suites, through whole games.
    env "${asan_env[@]}" ASAN_OPTIONS="detect_leaks=0:abort_on_error=1" \
        ctest --test-dir "$asan_dir" -j"$MUSTER_JOBS" --timeout 1800 -R '^qml\.quick_tests$' || status=$?
    pass_done "the ASan+UBSan tests"
fi

if [ "$tsan" = 1 ]; then
    # ThreadSanitizer cannot share a build with ASan: its own build-tsan, the camera path's Qt-free unit only.
    "$MUSTER_ROOT/scripts/tsan.sh" || status=$?
    pass_done "the ThreadSanitizer pass"
fi

if [ "$fuzz" = 1 ]; then
    # About 7 minutes on 2 cores: the clang build of the fuzz targets (4.5 min), then 30 s per target.
    MUSTER_FUZZ_SECONDS="${MUSTER_FUZZ_SECONDS:-30}" "$MUSTER_ROOT/scripts/fuzz.sh" || status=$?
    pass_done "fuzzing"
fi

echo "== test: finished in $(( $(date +%s) - start )) s, status $status"
exit "$status"
