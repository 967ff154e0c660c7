#!/usr/bin/env bash
# Prints the dice reader's figures for every split of the two labelled sets, over the whole frame and at the
# table (tray from the labels, K = 1.5), each without and with the die-size hint from the labels: one
# `muster-cli dice eval --json` run per row, summed up by /usr/bin/python3.
# Usage: scripts/dice_eval_table.sh [muster-cli] [extra eval arguments, e.g. --models DIR]
# SPLITS="test" (default "train test") limits the rows to those splits.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cli="${1:-$root/build/bin/muster-cli}"
shift || true
data="${MUSTER_DATA_DIR:-$root/../shared/data}/dice"
printf '| set | split | where | size hint | dice | found | right | confident wrong | unsure | phantom/photo | median ms | p95 ms |\n'
printf '| --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n'
for set in nell-byler-d6 rune55-other; do
    fixes=()
    [ "$set" = nell-byler-d6 ] && fixes=(--label-fixes "$root/data/dice/nell-byler-label-fixes.csv")
    for split in ${SPLITS:-train test}; do
        for where in frame table; do
            for hint in no yes; do
                args=("$data/$set/manifest.csv" --split "$split" --json "${fixes[@]}" "$@")
                [ "$where" = table ] && args+=(--tray-from-labels 1.5)
                [ "$hint" = yes ] && args+=(--die-size-from-labels)
                "$cli" dice eval "${args[@]}" 2>/dev/null | /usr/bin/python3 -c '
import json, sys
r = json.load(sys.stdin)
d = max(1, r["dice"])
pct = lambda key: "%.2f%%" % (100.0 * r[key] / d)
print("| %s | %s | %s | %s | %d | %s | %s | %s | %s | %.2f | %.1f | %.1f |" % (
    sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], r["dice"], pct("found"), pct("read_right"),
    pct("confident_wrong"), pct("unsure"), r["phantom_per_image"], r["median_ms"], r["p95_ms"]))
' "$set" "$split" "$where" "$hint" || true
            done
        done
    done
done
