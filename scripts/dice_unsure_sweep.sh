#!/usr/bin/env bash
# Prints confident-wrong and unsure rates as the unsure threshold moves, to choose `unsure_below` for a model set
# on held-out TRAIN photos (never on test). One `muster-cli dice eval --json` run per threshold and manifest.
# Usage: scripts/dice_unsure_sweep.sh MODEL_DIR SPLIT "THRESHOLDS" MANIFEST... (extra eval arguments in $EVAL_ARGS)
# e.g.   scripts/dice_unsure_sweep.sh /work/cand holdout "0.6 0.7 0.8 0.85 0.9" /work/holdout/*/manifest.csv
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cli="${MUSTER_CLI:-$root/build/bin/muster-cli}"
[ $# -ge 4 ] || { echo "usage: $0 MODEL_DIR SPLIT \"THRESHOLDS\" MANIFEST..." >&2; exit 2; }
models="$1" split="$2" thresholds="$3"
shift 3
printf '| manifest | unsure below | dice | found | right | confident wrong | unsure | phantom/photo |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n'
for manifest in "$@"; do
    for t in $thresholds; do
        # shellcheck disable=SC2086
        "$cli" dice eval "$manifest" --split "$split" --json --models "$models" --unsure-below "$t" \
            --label-fixes "$root/data/dice/nell-byler-label-fixes.csv" ${EVAL_ARGS:-} 2>/dev/null |
            /usr/bin/python3 -c '
import json, sys
r = json.load(sys.stdin)
d = max(1, r["dice"])
pct = lambda key: "%.2f%%" % (100.0 * r[key] / d)
print("| %s | %s | %d | %s | %s | %s | %s | %.2f |" % (sys.argv[1], sys.argv[2], r["dice"], pct("found"),
      pct("read_right"), pct("confident_wrong"), pct("unsure"), r["phantom_per_image"]))
' "$(basename "$(dirname "$manifest")")" "$t"
    done
done
