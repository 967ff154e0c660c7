#!/usr/bin/env python3
"""Renders a screenshot as people with protanopia, deuteranopia and tritanopia see it.

The same simulation as common/colour/ColourVision.cpp (Machado, Oliveira and Fernandes 2009, severity 1,
on linear sRGB), so a page can be looked at as the colour check judges it.

    scripts/colour_vision_sim.py docs/screenshots/roster-1280x800.png [OUT_DIR]

writes OUT_DIR/<name>-protanopia.png, -deuteranopia.png, -tritanopia.png (OUT_DIR defaults to the input's
folder) and one side-by-side sheet <name>-colour-vision.png. Needs Debian's python3-numpy and python3-pil.
"""
import sys
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw

MATRICES = {
    "protanopia": [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216],
                   [-0.003882, -0.048116, 1.051998]],
    "deuteranopia": [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413],
                     [-0.011820, 0.042940, 0.968881]],
    "tritanopia": [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602],
                   [0.004733, 0.691367, 0.303900]],
}


def to_linear(c):
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def to_encoded(l):
    l = np.clip(l, 0.0, 1.0)
    return np.where(l <= 0.0031308, 12.92 * l, 1.055 * l ** (1 / 2.4) - 0.055)


def simulate(rgb, matrix):
    lin = to_linear(rgb.astype(np.float64) / 255.0)
    out = lin @ np.array(matrix).T
    return (to_encoded(out) * 255.0 + 0.5).astype(np.uint8)


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    src = Path(argv[1])
    out_dir = Path(argv[2]) if len(argv) > 2 else src.parent
    out_dir.mkdir(parents=True, exist_ok=True)
    try:
        image = Image.open(src).convert("RGB")
    except OSError as e:
        print(f"colour_vision_sim: cannot read {src}: {e}", file=sys.stderr)
        return 1
    rgb = np.asarray(image)
    views = [("normal vision", image)]
    for name, m in MATRICES.items():
        sim = Image.fromarray(simulate(rgb, m))
        sim.save(out_dir / f"{src.stem}-{name}.png")
        views.append((name, sim))
    # A 2x2 sheet at half size, each view labelled.
    w, h = image.width // 2, image.height // 2
    sheet = Image.new("RGB", (2 * w, 2 * h), "black")
    draw = ImageDraw.Draw(sheet)
    for i, (name, view) in enumerate(views):
        x, y = (i % 2) * w, (i // 2) * h
        sheet.paste(view.resize((w, h)), (x, y))
        draw.rectangle([x, y, x + 200, y + 24], fill="black")
        draw.text((x + 6, y + 6), name, fill="white")
    sheet.save(out_dir / f"{src.stem}-colour-vision.png")
    print(f"wrote {out_dir / (src.stem + '-colour-vision.png')} and three single views")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
