#!/usr/bin/env bash
# ThreadSanitizer on the camera path: configures build-tsan (no Qt, RelWithDebInfo, -DMUSTER_TSAN=ON, which puts
# -fsanitize=thread on our own targets), builds only muster_camera_tests and runs it with halt_on_error, so a
# data race in the frame mailbox or the settled-throw pipeline fails the run. Prints the build and run times.
# Usage: scripts/tsan.sh [gtest arguments...]   e.g. --gtest_filter='FrameMailbox.*'
# Without arguments it runs every test but FaceTeachingTest: that one is single-threaded arithmetic over a hundred
# photos (no thread to race), and TSan's instrumentation makes it run for most of an hour.
# Environment: MUSTER_TSAN_BUILD_DIR (default build-tsan), MUSTER_JOBS.
set -euo pipefail
source "$(dirname "$0")/common.sh"

build="${MUSTER_TSAN_BUILD_DIR:-$MUSTER_ROOT/build-tsan}"
launcher=()
command -v ccache >/dev/null 2>&1 && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)

start=$(date +%s)
echo "== tsan: ThreadSanitizer build of muster_camera_tests in $build"
# -O1 -g1: a TSan report needs line tables only, and -O1 builds faster than -O2 (the ASan pass's reason too).
muster_configure_dir "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMUSTER_TSAN=ON -DMUSTER_BUILD_QT=OFF \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" \
    -DMUSTER_BUILD_BENCHMARKS=OFF -DMUSTER_BUILD_TESTS=ON "${launcher[@]}" >/dev/null
cmake --build "$build" -j"$MUSTER_JOBS" --target muster_camera_tests
built=$(date +%s)
echo "== tsan: built in $(( built - start )) s"

args=("$@")
[ "${#args[@]}" = 0 ] && args=(--gtest_filter='-FaceTeachingTest.*')

status=0
# second_deadlock_stack: a lock-order report shows both stacks. OpenCV and GoogleTest are not instrumented;
# the mutexes and threads they use are still seen through TSan's interceptors. The suppressions are for
# reports from inside third-party libraries only (each one says why).
supp="$MUSTER_ROOT/tests/app/camera/tsan.supp"
TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:suppressions=$supp${TSAN_OPTIONS:+:$TSAN_OPTIONS}" \
    "$build/bin/muster_camera_tests" "${args[@]}" || status=$?
echo "== tsan: ran in $(( $(date +%s) - built )) s, $( [ "$status" = 0 ] && echo passed || echo "FAILED ($status)")"
exit "$status"
