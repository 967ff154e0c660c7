#!/usr/bin/env bash
# Rebuilds the variety candidate of issue 26 (docs/dice-reader.md, Retraining; not committed): synthetic photos,
# the held-out train photos as manifests, then the committed models of git 09d7e3f (trained on nell-byler only)
# fine-tuned on nell-byler + rune55 + synthetic train photos: the finder, then the first reader from the new
# finder's crops; the second reader stays as it was. Seeded, one torch thread, nice 19; every 10th train photo
# of each real set is held out of all of it, for choosing and tuning.
# Usage: scripts/train_dice_variety.sh OUT_DIR [WORK_DIR]   (WORK_DIR gets synth/, holdout/, base-models/; /work)
# SYNTH_RENDER=R (default 0) gives that share of the synthetic photos rendered dice (scripts/dice_render.py),
# SYNTH_COUNT, SYNTH_SEED the photos' number and seed (300, 26). FINDER_SCRATCH=1 trains the finder from
# random weights (200 epochs at the from-scratch learning rate) instead of fine-tuning it. READER_EPOCHS (20) sets
# the readers' epochs; READER2=1 fine-tunes the second reader the same way (seed 7) instead of keeping it.
# Then: scripts/dice_unsure_sweep.sh OUT_DIR holdout "0.7 0.8 0.85 0.9" WORK_DIR/holdout/*/manifest.csv
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
[ $# -ge 1 ] || { echo "usage: $0 OUT_DIR [WORK_DIR]" >&2; exit 2; }
out="$1" work="${2:-/work}"
data="${MUSTER_DATA_DIR:-$root/../shared/data}/dice"
py=/usr/bin/python3
base="$work/base-models"
sets=(--data "$data/nell-byler-d6" --data "$data/rune55-other" --data "$work/synth")
fixes=(--label-fixes "$root/data/dice/nell-byler-label-fixes.csv")
mkdir -p "$out" "$base"
for f in dice_finder.onnx dice_reader.onnx dice_reader_2.onnx; do
    git -C "$root" show "09d7e3f:data/models/$f" >"$base/$f"
done
[ -f "$work/synth/manifest.csv" ] ||
    nice -n 19 "$py" "$root/scripts/dice_synth.py" --out "$work/synth" --count "${SYNTH_COUNT:-300}" \
        --seed "${SYNTH_SEED:-26}" --render "${SYNTH_RENDER:-0}" --holdout-every 10 \
        --data "$data/nell-byler-d6" --data "$data/rune55-other"
"$py" "$root/scripts/dice_holdout_manifest.py" "$data/nell-byler-d6" "$work/holdout/nell" 10
"$py" "$root/scripts/dice_holdout_manifest.py" "$data/rune55-other" "$work/holdout/rune55" 10
# The finder: batch norms frozen, 100 epochs at a third of the from-scratch peak learning rate, dice of 12-45 px,
# a third of the windows at low resolution (27 minutes at load 6-10).
finder=(--finder-epochs 100 --finder-init "$base/dice_finder.onnx" --finder-lr 1e-3)
[ "${FINDER_SCRATCH:-0}" = 1 ] && finder=(--finder-epochs 200 --finder-lr 3e-3)
nice -n 19 "$py" "$root/scripts/train_dice_model.py" --stage finder --holdout-every 10 "${sets[@]}" "${fixes[@]}" \
    --out "$out" --finder-sizes 12,45 --finder-lowres 0.3 "${finder[@]}"
# The first reader (15 minutes, 6.4 GB resident): half its dice from nell-byler so that set is not forgotten;
# finder errors over 0.35 (log size, offset in die sizes) are left out of the crop jitter, as the size hint
# corrects those at the table.
reader=(--stage reader --holdout-every 10 "${sets[@]}" "${fixes[@]}" --out "$out" --reader-glare 0.25
    --reader-widths 24,0,48,0,64,64,0,96,96 --reader-epochs "${READER_EPOCHS:-20}" --reader-rejpeg --reader-grey 0.4
    --reader-lowres 0.25 --reader-neighbours 0.2 --reader-lr 5e-4 --reader-delta-clip 0.35 --reader-first-share 0.5)
nice -n 19 "$py" "$root/scripts/train_dice_model.py" "${reader[@]}" --reader-init "$base/dice_reader.onnx"
if [ "${READER2:-0}" = 1 ]; then
    # Another seed, so that the two readers averaged do not make the same mistakes.
    nice -n 19 "$py" "$root/scripts/train_dice_model.py" "${reader[@]}" --reader-init "$base/dice_reader_2.onnx" \
        --seed 7 --reader-file dice_reader_2.onnx
else
    cp "$base/dice_reader_2.onnx" "$out/"
fi
cp "$root/data/models/dice_models.yml" "$out/"
