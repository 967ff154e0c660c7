#!/usr/bin/python3
"""Make a throw video from still dice photos, for trying `muster-cli dice watch` without a camera.

For each photo: rolling frames (shifting crops with motion blur), then still frames with sensor noise, then a
skin-coloured hand reaching in to pick the dice up. Written as MJPG .avi, like a real recording.

    /usr/bin/python3 scripts/dice_make_sequence.py OUT.avi PHOTO.jpg [PHOTO.jpg ...] [--still 15] [--fps 15]
"""

import argparse
import math

import cv2
import numpy as np


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out")
    ap.add_argument("photos", nargs="+")
    ap.add_argument("--still", type=int, default=15, help="still frames per throw")
    ap.add_argument("--fps", type=float, default=15.0)
    ap.add_argument("--side", type=int, default=560, help="frame side; crops of the photo")
    args = ap.parse_args()
    rng = np.random.default_rng(5)
    side = args.side
    out = cv2.VideoWriter(args.out, cv2.VideoWriter_fourcc(*"MJPG"), args.fps, (side, side))
    if not out.isOpened():
        raise SystemExit(f"cannot write {args.out}")

    def noisy(img):
        return np.clip(img.astype(np.int16) + rng.normal(0, 3, img.shape).astype(np.int16), 0, 255).astype(np.uint8)

    for photo in args.photos:
        img = cv2.imread(photo, cv2.IMREAD_COLOR)
        if img is None or min(img.shape[:2]) < side + 20:
            raise SystemExit(f"cannot use {photo} (unreadable or smaller than {side + 20} px)")
        m = (min(img.shape[:2]) - side) // 2
        for step in range(8):  # rolling
            dx = m + int(m * 0.7 * math.sin(step * 1.7))
            dy = m + int(m * 0.7 * math.cos(step * 2.3))
            k = np.zeros((9, 9), np.float32)
            cv2.line(k, (0, 4 + step % 3 - 1), (8, 4 - step % 3 + 1), 1.0, 1)
            out.write(noisy(cv2.filter2D(img[dy:dy + side, dx:dx + side], -1, k / k.sum())))
        still = img[m:m + side, m:m + side]
        for _ in range(args.still):
            out.write(noisy(still))
        for reach in range(100, 260, 40):  # a hand comes in to pick the dice up
            f = noisy(still)
            palm = (side // 2 + reach // 3, side - reach)
            skin = (120, 150, 205)
            cv2.rectangle(f, (palm[0] - 45, palm[1]), (palm[0] + 45, side), skin, cv2.FILLED)
            cv2.ellipse(f, palm, (70, 85), 10, 0, 360, skin, cv2.FILLED)
            out.write(f)
    out.release()
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
