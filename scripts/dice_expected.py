#!/usr/bin/python3
"""Write tests/vision/data/dice_expected.csv from a `muster-cli dice eval --json` report of the test split.

    build-vision/bin/muster-cli dice eval ../shared/data/dice/nell-byler-d6/manifest.csv --split test --json \\
        > /tmp/test.json
    /usr/bin/python3 scripts/dice_expected.py /tmp/test.json > tests/vision/data/dice_expected.csv

Each photo with a miss, a wrong value or a phantom gets a row with what the reader did on it; photos without a row
must be read fully right (DicePhoto.ReadsAsRecorded).
"""
import json
import sys

report = json.load(open(sys.argv[1]))
print("image,dice,min_read_right,max_confident_wrong,max_phantom")
for f in sorted(report["failing"], key=lambda f: f["image"]):
    print(f"{f['image']},{f['dice']},{f['read_right']},{f['confident_wrong']},{f['phantom']}")
