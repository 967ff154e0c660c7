#!/usr/bin/env bash
# Rebuilds the variety candidate of issue 26 (docs/dice-reader.md, Retraining): synthetic photos, the held-out
# train photos as manifests, the committed finder fine-tuned on nell-byler + rune55 + synthetic train photos, and
# (with READERS=1) the first committed reader fine-tuned on the same mix from the new finder's crops. Seeded, one
# torch thread, nice 15; every Nth train photo (N = 10) is held out of all of it for choosing and tuning.
# Usage: scripts/train_dice_variety.sh OUT_DIR [WORK_DIR]   (WORK_DIR holds synth/ and holdout/; default /work)
# Then: scripts/dice_unsure_sweep.sh OUT_DIR holdout "0.7 0.8 0.85 0.9" WORK_DIR/holdout/*/manifest.csv
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
[ $# -ge 1 ] || { echo "usage: $0 OUT_DIR [WORK_DIR]" >&2; exit 2; }
out="$1" work="${2:-/work}"
data="${MUSTER_DATA_DIR:-$root/../shared/data}/dice"
py=/usr/bin/python3
sets=(--data "$data/nell-byler-d6" --data "$data/rune55-other" --data "$work/synth")
fixes=(--label-fixes "$root/data/dice/nell-byler-label-fixes.csv")
mkdir -p "$out"
[ -f "$work/synth/manifest.csv" ] ||
    nice -n 15 "$py" "$root/scripts/dice_synth.py" --out "$work/synth" --count 300 --seed 26 --holdout-every 10 \
        --data "$data/nell-byler-d6" --data "$data/rune55-other"
"$py" "$root/scripts/dice_holdout_manifest.py" "$data/nell-byler-d6" "$work/holdout/nell" 10
"$py" "$root/scripts/dice_holdout_manifest.py" "$data/rune55-other" "$work/holdout/rune55" 10
# The finder: the committed one's weights (batch norms frozen), 100 epochs at a third of the
# from-scratch peak learning rate, dice of 12-45 px, a third of the windows at low resolution (about 27 min).
nice -n 15 "$py" "$root/scripts/train_dice_model.py" --stage finder --holdout-every 10 "${sets[@]}" "${fixes[@]}" \
    --out "$out" --finder-sizes 12,45 --finder-epochs 100 --finder-lowres 0.3 \
    --finder-init "$root/data/models/dice_finder.onnx" --finder-lr 1e-3
cp "$root/data/models/dice_reader.onnx" "$root/data/models/dice_reader_2.onnx" "$root/data/models/dice_models.yml" "$out/"
if [ "${READERS:-0}" = 1 ]; then
    # The first reader fine-tuned from the new finder's crops (about 25 min); finder errors over 0.35 (log size,
    # offset in die sizes) are left out of the crop jitter: at the table the size hint corrects those.
    nice -n 15 "$py" "$root/scripts/train_dice_model.py" --stage reader --holdout-every 10 "${sets[@]}" "${fixes[@]}" \
        --out "$out" --reader-glare 0.25 --reader-widths 24,0,48,0,64,64,0,96,96 --reader-epochs 20 \
        --reader-rejpeg --reader-grey 0.4 --reader-lowres 0.25 --reader-neighbours 0.2 \
        --reader-init "$root/data/models/dice_reader.onnx" --reader-lr 5e-4 --reader-delta-clip 0.35
fi
