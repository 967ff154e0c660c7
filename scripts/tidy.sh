#!/usr/bin/env bash
# clang-tidy (the checks of .clang-tidy) on C++ sources: the files given, or else the .cpp files the last commit
# changed. Needs a configured build folder for compile_commands.json ($MUSTER_BUILD_DIR, default build/; the
# generated moc and QML sources must exist, so build first). Exits non-zero on any finding.
set -euo pipefail
source "$(dirname "$0")/common.sh"
cd "$MUSTER_ROOT"

if [ ! -f "$MUSTER_BUILD_DIR/compile_commands.json" ]; then
    echo "tidy: no $MUSTER_BUILD_DIR/compile_commands.json: configure and build first" >&2
    exit 2
fi
files=("$@")
if [ ${#files[@]} -eq 0 ]; then
    if git rev-parse -q --verify HEAD~1 >/dev/null; then
        mapfile -t files < <(git diff --name-only --diff-filter=d HEAD~1 HEAD -- '*.cpp' | grep -v '^tests/fuzz/' || true)
    fi
fi
# Only sources the build compiles (a file of a target that is not configured has no command).
checked=()
for f in "${files[@]}"; do
    if grep -q "\"file\": \"$MUSTER_ROOT/$f\"" "$MUSTER_BUILD_DIR/compile_commands.json"; then
        checked+=("$f")
    fi
done
if [ ${#checked[@]} -eq 0 ]; then
    echo "tidy: no C++ source to check"
    exit 0
fi
echo "tidy: ${#checked[@]} file(s): ${checked[*]}"
printf '%s\n' "${checked[@]}" | xargs -P "$MUSTER_JOBS" -n 1 clang-tidy -p "$MUSTER_BUILD_DIR" --quiet --extra-arg=-Wno-unknown-warning-option
