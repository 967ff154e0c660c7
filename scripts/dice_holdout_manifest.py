#!/usr/bin/python3
"""A manifest of a dice set's held-out train photos, for choosing and tuning models without looking at test.

Writes OUT/manifest.csv (the set's rows, with split `holdout` for every Nth train photo: the photos that
train_dice_model.py --holdout-every N and dice_synth.py --holdout-every N leave out) and links OUT/images and
OUT/labels to the set's folders, so `muster-cli dice eval OUT/manifest.csv --split holdout` reads them.

    /usr/bin/python3 scripts/dice_holdout_manifest.py ../shared/data/dice/rune55-other /work/holdout/rune55 10
"""

import csv
import os
import sys


def main():
    if len(sys.argv) != 4 or not sys.argv[3].isdigit() or int(sys.argv[3]) < 2:
        sys.exit("usage: dice_holdout_manifest.py SET_DIR OUT_DIR N   (N >= 2: every Nth train photo is held out)")
    root, out, n = os.path.abspath(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    path = os.path.join(root, "manifest.csv")
    if not os.path.isfile(path):
        sys.exit(f"{path}: no manifest")
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    if not rows or "split" not in rows[0]:
        sys.exit(f"{path}: no rows with a split column")
    os.makedirs(out, exist_ok=True)
    for sub in ("images", "labels"):
        link = os.path.join(out, sub)
        if os.path.islink(link):
            os.remove(link)
        elif os.path.exists(link):
            sys.exit(f"{link} exists and is not a link: choose an empty OUT_DIR")
        os.symlink(os.path.join(root, sub), link)
    k = held = 0
    for r in rows:
        if r["split"] == "train":
            if k % n == n - 1:  # the same photos loadSplit order gives train_dice_model.py --holdout-every
                r["split"] = "holdout"
                held += 1
            k += 1
    with open(os.path.join(out, "manifest.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
        w.writeheader()
        w.writerows(rows)
    print(f"{out}: {held} of {k} train photos held out")


if __name__ == "__main__":
    main()
