#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan+UBSan, -DMUSTER_FUZZ=ON) and runs each for a bounded time, seeded
# from tests/fuzz/corpus/<target>/. A crash is copied to tests/fuzz/regressions/<target>/ (commit it: the
# normal ctest run replays it, test fuzz.replay.<target>) and makes this script exit 1.
# Usage: scripts/fuzz.sh [TARGET...]   (default: all)
# Environment: MUSTER_FUZZ_SECONDS per target (default 60), MUSTER_FUZZ_BUILD_DIR (default build-fuzz),
#              MUSTER_JOBS.
set -euo pipefail
source "$(dirname "$0")/common.sh"

seconds="${MUSTER_FUZZ_SECONDS:-60}"
build="${MUSTER_FUZZ_BUILD_DIR:-$MUSTER_ROOT/build-fuzz}"
all=(chit_payload scenario house_rules compact_input game_file)
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=("${all[@]}")

start=$(date +%s)
echo "== fuzz: clang build of the fuzz targets in $build"
CC=clang CXX=clang++ muster_configure_dir "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMUSTER_FUZZ=ON \
    -DMUSTER_BUILD_QT=OFF -DMUSTER_BUILD_BENCHMARKS=OFF -DMUSTER_BUILD_TESTS=ON >/dev/null
cmake --build "$build" -j"$MUSTER_JOBS" --target "${targets[@]/#/muster_fuzz_}"
echo "== fuzz: built in $(( $(date +%s) - start )) s; ${seconds} s per target"

work="$build/fuzz-work"
status=0
summary=()
for t in "${targets[@]}"; do
    corpus="$work/$t/corpus"
    artifacts="$work/$t/artifacts"
    rm -rf "$artifacts"
    mkdir -p "$corpus" "$artifacts"
    log="$work/$t/fuzz.log"
    # The working corpus grows run after run in the build folder; the committed seeds are read, never written.
    rc=0
    ASAN_OPTIONS="detect_leaks=1:abort_on_error=1" UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" \
        "$build/bin/muster_fuzz_$t" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=20 \
        -print_final_stats=1 -artifact_prefix="$artifacts/" "$corpus" "$MUSTER_ROOT/tests/fuzz/corpus/$t" \
        >"$log" 2>&1 || rc=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    crashes=$(find "$artifacts" -type f | wc -l)
    line="$t: ${execs:-?} executions (${rate:-?}/s), corpus $(find "$corpus" -type f | wc -l) files"
    if [ "$rc" -ne 0 ] || [ "$crashes" -gt 0 ]; then
        status=1
        mkdir -p "$MUSTER_ROOT/tests/fuzz/regressions/$t"
        find "$artifacts" -type f -exec cp {} "$MUSTER_ROOT/tests/fuzz/regressions/$t/" \;
        line="$line, FAILED (exit $rc, $crashes input(s) kept in tests/fuzz/regressions/$t/; log $log)"
        tail -40 "$log" >&2
    fi
    echo "fuzz: $line"
    summary+=("$line")
done

echo "== fuzz: finished in $(( $(date +%s) - start )) s, status $status"
printf '  %s\n' "${summary[@]}"
exit "$status"
