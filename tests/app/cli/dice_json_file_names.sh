#!/usr/bin/env bash
# `muster-cli dice read --json` on a photo whose file name holds a newline, a quote and a backslash: the output
# must be JSON that names the file exactly (it was not when the JSON was written by hand).
# Usage: dice_json_file_names.sh <muster-cli>
set -euo pipefail
cli="${1:?usage: dice_json_file_names.sh <muster-cli>}"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
name="$dir/two"$'\n'"lines \"quoted\" back\\slash.png"
# Any photo will do: the calibration sheet's own PNG (no dice in it).
"$cli" calibrate sheet --png "$name" --dpi 50 >/dev/null
"$cli" dice read "$name" --json >"$dir/out.json"
/usr/bin/python3 - "$dir/out.json" "$name" <<'PY'
import json, sys
frames = json.load(open(sys.argv[1]))
assert len(frames) == 1, frames
assert frames[0]["image"] == sys.argv[2], (frames[0]["image"], sys.argv[2])
assert frames[0]["count"] == len(frames[0]["dice"]), frames[0]
print("dice read --json names", repr(frames[0]["image"]))
PY
