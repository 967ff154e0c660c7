#!/usr/bin/env bash
# Kills the app's game controller with SIGKILL at a dice prompt, starts it again, and checks it resumes at the same
# prompt with the same journal: nothing lost. Usage: kill_resume.sh <resume_probe binary>
set -euo pipefail
probe="$1"
export MUSTER_GAMES_DIR
MUSTER_GAMES_DIR="$(mktemp -d)"
trap 'rm -rf "$MUSTER_GAMES_DIR"' EXIT

"$probe" play > "$MUSTER_GAMES_DIR/before.txt" &
pid=$!
for _ in $(seq 1 200); do
    grep -q '^AT ' "$MUSTER_GAMES_DIR/before.txt" 2>/dev/null && break
    sleep 0.1
done
kill -9 "$pid"
wait "$pid" 2>/dev/null || true
before="$(grep '^AT ' "$MUSTER_GAMES_DIR/before.txt")"
after="$("$probe" resume | grep '^AT ')"
echo "before kill: $before"
echo "after start: $after"
case "$before" in *" dice") ;; *) echo "FAIL: the probe did not stop at a dice prompt"; exit 1 ;; esac
if [ "$before" != "$after" ]; then
    echo "FAIL: resumed somewhere else"
    exit 1
fi
echo "kill_resume: OK"
