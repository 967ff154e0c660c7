#!/usr/bin/python3
"""Synthetic dice photos for training the dice reader for variety (issue 26).

Each image pastes real die crops, cut from the TRAIN boxes of the labelled sets only (never test), onto a
procedural background (felt of any colour, wood grain, carpet speckle, woven cloth with a plaid, paper, card),
at 12-120 px, turned, some in heaps of touching dice, together with hard negatives (coins, tray rims, hands,
plain background patches, and on light ground: grey spots on white objects and paper, screws, buttons, dotted
cards, coins) labelled class 6, "not a die". With --render, dice rendered in perspective (scripts/dice_render.py:
side faces with pips, labelled by the top face) stand beside or instead of the crops. The whole image is then seen in perspective, lit
unevenly, blurred, given noise and JPEG-compressed, and sometimes made grey (rune55's photos are greyscale).

Output, in the layout of the dice sets (docs/dice-reader.md, Measuring): OUT/images/*.jpg, OUT/labels/*.txt
(YOLO `cls cx cy w h`, normalised, cls = face - 1, 6 = not a die) and OUT/manifest.csv
(image_path,split,width,height,count,faces; every image is `train`; count and faces list the dice only).

    /usr/bin/python3 scripts/dice_synth.py --out /work/synth --count 600 --seed 26 \
        --data ../shared/data/dice/nell-byler-d6 --data ../shared/data/dice/rune55-other
"""

import argparse
import csv
import math
import os
import sys

import cv2
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from train_dice_model import loadSplit  # noqa: E402  (the same reading of a set's train split)
from dice_render import randomView, renderDie  # noqa: E402

NOT_A_DIE = 6
SIDE = 640

cv2.setNumThreads(1)


def loadCrops(root, holdoutEvery):
    """Square crops (1.15x the box, the die plus a little of its ground) of every labelled die of the train split;
    with holdoutEvery N, every Nth train photo is skipped, as train_dice_model.py --holdout-every holds it out."""
    crops = []
    for k, (_, img, boxes) in enumerate(loadSplit(root, "train")):
        if holdoutEvery and k % holdoutEvery == holdoutEvery - 1:
            continue
        h, w = img.shape[:2]
        for face, cx, cy, bw, bh in boxes:
            s = int(round(max(bw, bh) * 1.15))
            x0, y0 = int(round(cx - s / 2)), int(round(cy - s / 2))
            if s < 8 or x0 < 0 or y0 < 0 or x0 + s > w or y0 + s > h:
                continue  # a die cut by the photo's edge would teach a face the crop does not show
            crops.append((int(face) - 1, img[y0:y0 + s, x0:x0 + s].copy(), max(bw, bh) / s))
    return crops


# ---------------------------------------------------------------- backgrounds


def smoothNoise(rng, h, w, cell):
    g = rng.normal(0, 1, (max(2, h // cell + 2), max(2, w // cell + 2))).astype(np.float32)
    return cv2.resize(g, (w, h), interpolation=cv2.INTER_CUBIC)


def randomColour(rng):
    hsv = np.uint8([[[rng.integers(0, 180), rng.integers(0, 256), rng.integers(30, 240)]]])
    return cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)[0, 0].astype(np.float32)


def background(rng, h, w, kind=None):
    kind = kind or rng.choice(["felt", "wood", "carpet", "cloth", "paper", "card"])
    base = randomColour(rng)
    if kind == "felt":
        t = smoothNoise(rng, h, w, 6) * 6 + rng.normal(0, 4, (h, w))
    elif kind == "wood":
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        ang = rng.uniform(0, math.pi)
        u = xx * math.cos(ang) + yy * math.sin(ang)
        warp = smoothNoise(rng, h, w, 80) * rng.uniform(10, 40)
        t = np.sin((u + warp) / rng.uniform(3, 12)) * rng.uniform(8, 25) + smoothNoise(rng, h, w, 20) * 8
        base = np.float32([rng.uniform(30, 110), rng.uniform(60, 150), rng.uniform(100, 220)])
    elif kind == "carpet":
        t = rng.normal(0, rng.uniform(15, 40), (h, w))
        t = cv2.GaussianBlur(t.astype(np.float32), (3, 3), 0) * 1.5 + smoothNoise(rng, h, w, 30) * 10
    elif kind == "cloth":
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        p = rng.uniform(2.5, 6)
        t = (np.sin(xx / p * math.pi) * np.sin(yy / p * math.pi)) * rng.uniform(5, 15)
        band = rng.uniform(20, 80)
        plaid = ((xx // band) % 2 + (yy // band) % 2) * rng.uniform(10, 40)
        t = t + plaid + rng.normal(0, 3, (h, w))
    elif kind == "paper":
        base = np.float32([rng.uniform(190, 250)] * 3) + rng.uniform(-10, 10, 3)
        t = smoothNoise(rng, h, w, 40) * 4 + rng.normal(0, 2, (h, w))
    else:
        t = smoothNoise(rng, h, w, 60) * 5 + rng.normal(0, 3, (h, w))
    return np.clip(base[None, None, :] + t[..., None], 0, 255).astype(np.float32)


# ---------------------------------------------------------------- objects


def pasteDie(canvas, crop, size, ang, cx, cy, rng):
    """Pastes a die crop turned by ang (degrees) so the die is `size` px across; returns its box (w, h)."""
    face, img, dieShare = crop
    s = size / dieShare
    src = img.astype(np.float32)
    n = src.shape[0]
    M = cv2.getRotationMatrix2D((n / 2, n / 2), ang, s / n)
    out = int(math.ceil(s * 1.5)) + 2
    M[:, 2] += out / 2 - n / 2
    warped = cv2.warpAffine(src, M, (out, out), flags=cv2.INTER_AREA if s < n else cv2.INTER_LINEAR)
    # A soft rounded square a little beyond the die: the crop's own ground fades into the new one.
    mask = np.zeros((n, n), np.float32)
    r = int(n * 0.12)
    cv2.rectangle(mask, (r, r), (n - 1 - r, n - 1 - r), 1.0, -1)
    mask = cv2.GaussianBlur(mask, (0, 0), max(0.8, n * 0.04))
    mask = cv2.warpAffine(mask, M, (out, out))
    if rng.random() < 0.5:  # a shadow beside the die
        sh = np.roll(mask, (int(size * 0.08), int(size * 0.08)), (0, 1)) * rng.uniform(0.2, 0.5)
        blend(canvas, np.zeros_like(warped), sh, cx, cy)
    blend(canvas, warped, mask, cx, cy)
    rad = math.radians(ang)
    ext = size * (abs(math.cos(rad)) + abs(math.sin(rad)))
    return ext, ext


def pasteRendered(canvas, rng, size, view, cx, cy):
    """Pastes a rendered die whose box is about `size` px, centred at (cx, cy); returns (face, w, h) or None."""
    tilt, azim, light, dist = view
    # One camera per photo: each die sees it from nearly the same direction.
    tilt = min(math.radians(58), max(0.0, tilt + rng.normal(0, math.radians(3))))
    ground = canvas[int(min(max(cy, 0), SIDE - 1)), int(min(max(cx, 0), SIDE - 1))]
    out = renderDie(rng, size, tilt, azim + rng.normal(0, 0.05), light, dist, ground=ground,
                    cock=0.35 if rng.random() < 0.1 else 0.0)
    if out is None:
        return None
    col, alpha, shadow, top, (bx, by, bw, bh) = out
    n = col.shape[0]
    px, py = cx - (bx - n / 2), cy - (by - n / 2)
    blend(canvas, np.zeros_like(col), shadow, px, py)
    blend(canvas, col, alpha, px, py)
    return top - 1, bw, bh


def blend(canvas, img, mask, cx, cy):
    h, w = canvas.shape[:2]
    n = img.shape[0]
    x0, y0 = int(round(cx - n / 2)), int(round(cy - n / 2))
    a0, b0 = max(0, -x0), max(0, -y0)
    a1, b1 = min(n, w - x0), min(n, h - y0)
    if a1 <= a0 or b1 <= b0:
        return
    m = mask[b0:b1, a0:a1, None]
    region = canvas[y0 + b0:y0 + b1, x0 + a0:x0 + a1]
    region[:] = region * (1 - m) + img[b0:b1, a0:a1] * m


def drawNegative(canvas, rng, size, cx, cy):
    """A hard negative: a coin, a stretch of tray rim, a hand, a small bright token, or one of the light-ground
    things (see drawLightNegative); returns its box (w, h)."""
    kind = rng.choice(["coin", "rim", "hand", "token", "light"], p=[0.15, 0.15, 0.1, 0.15, 0.45])
    if kind == "light":
        return drawLightNegative(canvas, rng, size, cx, cy)
    layer = np.zeros_like(canvas)
    mask = np.zeros(canvas.shape[:2], np.float32)
    if kind == "coin":
        r = size * rng.uniform(0.4, 0.6)
        col = np.float32([rng.uniform(40, 120), rng.uniform(100, 190), rng.uniform(140, 230)])
        cv2.circle(layer, (int(cx), int(cy)), int(r), col.tolist(), -1, cv2.LINE_AA)
        cv2.circle(layer, (int(cx), int(cy)), int(r * 0.8), (col * 0.8).tolist(), max(1, int(r * 0.06)), cv2.LINE_AA)
        cv2.circle(mask, (int(cx), int(cy)), int(r), 1.0, -1, cv2.LINE_AA)
        bw = bh = 2 * r
    elif kind == "rim":
        ang = rng.uniform(0, math.pi)
        L = size * rng.uniform(1.5, 3)
        dx, dy = math.cos(ang) * L / 2, math.sin(ang) * L / 2
        col = randomColour(rng)
        th = max(2, int(size * rng.uniform(0.15, 0.4)))
        p0, p1 = (int(cx - dx), int(cy - dy)), (int(cx + dx), int(cy + dy))
        cv2.line(layer, p0, p1, col.tolist(), th, cv2.LINE_AA)
        cv2.line(layer, p0, p1, np.minimum(col * 1.4 + 40, 255).tolist(), max(1, th // 4), cv2.LINE_AA)
        cv2.line(mask, p0, p1, 1.0, th, cv2.LINE_AA)
        bw, bh = size, size
    elif kind == "hand":
        skin = np.float32([rng.uniform(40, 170), rng.uniform(70, 190), rng.uniform(110, 235)])
        for _ in range(int(rng.integers(2, 5))):
            ox, oy = rng.uniform(-0.5, 0.5, 2) * size
            ax = (int(size * rng.uniform(0.2, 0.6)), int(size * rng.uniform(0.1, 0.25)))
            a = float(rng.uniform(0, 180))
            cv2.ellipse(layer, (int(cx + ox), int(cy + oy)), ax, a, 0, 360, skin.tolist(), -1, cv2.LINE_AA)
            cv2.ellipse(mask, (int(cx + ox), int(cy + oy)), ax, a, 0, 360, 1.0, -1, cv2.LINE_AA)
        bw = bh = size * 1.4
    else:
        r = size * rng.uniform(0.3, 0.5)
        col = randomColour(rng)
        cv2.rectangle(layer, (int(cx - r), int(cy - r)), (int(cx + r), int(cy + r)), col.tolist(), -1, cv2.LINE_AA)
        for _ in range(int(rng.integers(0, 3))):  # a few marks that are not a die's pips
            q = rng.uniform(-0.6, 0.6, 2) * r
            cv2.line(layer, (int(cx + q[0]), int(cy - r * 0.6)), (int(cx + q[1]), int(cy + r * 0.6)),
                     (255 - col).tolist(), max(1, int(r * 0.12)), cv2.LINE_AA)
        cv2.rectangle(mask, (int(cx - r), int(cy - r)), (int(cx + r), int(cy + r)), 1.0, -1, cv2.LINE_AA)
        bw = bh = 2 * r
    mask = cv2.GaussianBlur(mask, (3, 3), 0)[..., None]
    canvas[:] = canvas * (1 - mask) + layer * mask
    return bw, bh


def drawLightNegative(canvas, rng, size, cx, cy):
    """Things on light ground that a finder takes for a die: a grey round spot on a white object or on paper (a
    die-sized dark disc on light ground looks like a pip), a screw head, a button with 2-4 holes, a card of small
    dots, a silver coin. The box is die-sized at the spot or the thing, where the reader would be asked."""
    kind = rng.choice(["spot_object", "spot", "screw", "button", "dots", "silver"])
    layer = np.zeros_like(canvas)
    mask = np.zeros(canvas.shape[:2], np.float32)
    c = (int(cx), int(cy))
    light = np.float32([rng.uniform(200, 252)] * 3) + rng.uniform(-8, 8, 3)
    bw = bh = size
    if kind == "spot_object":  # a white object (lid, cup, box) with a grey round spot near its edge
        a, b = size * rng.uniform(0.9, 2.5), size * rng.uniform(0.7, 2.0)
        oc = (int(cx + rng.uniform(-0.5, 0.5) * a), int(cy + rng.uniform(-0.5, 0.5) * b))
        ang = float(rng.uniform(0, 180))
        cv2.ellipse(layer, oc, (int(a), int(b)), ang, 0, 360, light.tolist(), -1, cv2.LINE_AA)
        cv2.ellipse(mask, oc, (int(a), int(b)), ang, 0, 360, 1.0, -1, cv2.LINE_AA)
        if rng.random() < 0.5:
            cv2.ellipse(layer, oc, (int(a), int(b)), ang, 0, 360, (light * 0.8).tolist(), max(1, int(size * 0.05)),
                        cv2.LINE_AA)
    if kind in ("spot_object", "spot"):
        r = max(1.5, size * rng.uniform(0.1, 0.4))
        g = rng.uniform(40, 170)
        spot = np.zeros(canvas.shape[:2], np.float32)
        cv2.circle(spot, c, int(round(r)), 1.0, -1, cv2.LINE_AA)
        spot = cv2.GaussianBlur(spot, (0, 0), max(0.5, r * rng.uniform(0.05, 0.3)))
        if kind == "spot":  # on the ground itself, which the caller gives light ground more often
            layer[:] = g
            mask = spot
        else:
            layer = layer * (1 - spot[..., None]) + np.float32([g] * 3) * spot[..., None]
            mask = np.maximum(mask, spot)
    elif kind == "screw":
        r = size * rng.uniform(0.25, 0.5)
        metal = rng.uniform(90, 200)
        yy, xx = np.mgrid[0:SIDE, 0:SIDE].astype(np.float32)
        rr = np.hypot(xx - cx, yy - cy) / max(r, 1)
        layer[:] = (metal * (1.1 - 0.4 * rr))[..., None]
        cv2.circle(mask, c, int(r), 1.0, -1, cv2.LINE_AA)
        ang = rng.uniform(0, math.pi)
        for k in range(1 if rng.random() < 0.5 else 2):  # a slot or a cross
            a = ang + k * math.pi / 2
            dx, dy = math.cos(a) * r * 0.75, math.sin(a) * r * 0.75
            cv2.line(layer, (int(cx - dx), int(cy - dy)), (int(cx + dx), int(cy + dy)), (metal * 0.3,) * 3,
                     max(1, int(r * 0.2)), cv2.LINE_AA)
    elif kind == "button":
        r = size * rng.uniform(0.3, 0.55)
        col = randomColour(rng) if rng.random() < 0.6 else light
        cv2.circle(layer, c, int(r), col.tolist(), -1, cv2.LINE_AA)
        cv2.circle(layer, c, int(r * 0.8), (col * 0.85).tolist(), max(1, int(r * 0.08)), cv2.LINE_AA)
        holes = int(rng.choice([2, 4]))
        ang = rng.uniform(0, math.pi)
        for k in range(holes):
            a = ang + 2 * math.pi * k / holes
            cv2.circle(layer, (int(cx + math.cos(a) * r * 0.3), int(cy + math.sin(a) * r * 0.3)),
                       max(1, int(r * 0.1)), (col * 0.3).tolist(), -1, cv2.LINE_AA)
        cv2.circle(mask, c, int(r), 1.0, -1, cv2.LINE_AA)
    elif kind == "dots":  # a card printed with small dots, closer than a die's pips
        w2, h2 = size * rng.uniform(0.8, 2.0), size * rng.uniform(0.8, 2.0)
        cv2.rectangle(layer, (int(cx - w2), int(cy - h2)), (int(cx + w2), int(cy + h2)), light.tolist(), -1)
        cv2.rectangle(mask, (int(cx - w2), int(cy - h2)), (int(cx + w2), int(cy + h2)), 1.0, -1)
        step = size * rng.uniform(0.18, 0.3)
        dcol = (randomColour(rng) * 0.5).tolist()
        jitter = rng.random() < 0.5
        for yv in np.arange(cy - h2 + step / 2, cy + h2, step):
            for xv in np.arange(cx - w2 + step / 2, cx + w2, step):
                if jitter:
                    xv, yv2 = xv + rng.uniform(-0.3, 0.3) * step, yv + rng.uniform(-0.3, 0.3) * step
                else:
                    yv2 = yv
                if rng.random() < 0.85:
                    cv2.circle(layer, (int(xv), int(yv2)), max(1, int(step * 0.25)), dcol, -1, cv2.LINE_AA)
    else:  # a silver coin with a rim and some relief
        r = size * rng.uniform(0.4, 0.6)
        metal = rng.uniform(120, 210)
        cv2.circle(layer, c, int(r), (metal,) * 3, -1, cv2.LINE_AA)
        cv2.circle(layer, c, int(r * 0.85), (metal * 0.75,) * 3, max(1, int(r * 0.06)), cv2.LINE_AA)
        for _ in range(int(rng.integers(2, 6))):
            q = rng.uniform(-0.5, 0.5, 2) * r
            cv2.circle(layer, (int(cx + q[0]), int(cy + q[1])), max(1, int(r * rng.uniform(0.05, 0.2))),
                       (metal * 0.7,) * 3, -1, cv2.LINE_AA)
        cv2.circle(mask, c, int(r), 1.0, -1, cv2.LINE_AA)
        bw = bh = 2 * r
    mask = cv2.GaussianBlur(mask, (3, 3), 0)[..., None]
    canvas[:] = canvas * (1 - mask) + layer * mask
    return bw, bh


# ---------------------------------------------------------------- one image


def compose(rng, crops, render=0.0):
    """One photo. With render R, that share of photos has rendered dice: all of them in half of those, about half
    in the others (the rest crops)."""
    lightGround = rng.random() < 0.3  # white boards and paper, where the light-ground negatives matter most
    canvas = background(rng, SIDE, SIDE, "paper" if lightGround else None)
    # A frame's dice share a size (one camera, one distance), spread a little.
    size0 = math.exp(rng.uniform(math.log(12), math.log(120)))
    nDice = int(rng.integers(1, max(2, min(30, int(160000 / (size0 * size0 * 6)))) + 1))
    renderShare = 0.0
    if rng.random() < render:
        renderShare = 1.0 if rng.random() < 0.5 else 0.5
    view = randomView(rng)
    objs = []  # (cls, cx, cy, w, h)
    placed = []

    def free(cx, cy, r):
        return all(math.hypot(cx - x, cy - y) > (r + q) * 0.92 for x, y, q in placed)

    # Negatives first: a white object drawn later would cover dice already placed.
    for _ in range(int(rng.integers(1 if lightGround else 0, 6 if lightGround else 4))):
        size = size0 * math.exp(rng.normal(0, 0.2))
        for _ in range(30):
            cx, cy = rng.uniform(size, SIDE - size, 2)
            if free(cx, cy, size * 0.7):
                break
        else:
            continue
        bw, bh = drawLightNegative(canvas, rng, size, cx, cy) if lightGround else \
            drawNegative(canvas, rng, size, cx, cy)
        placed.append((cx, cy, size * 0.7))
        objs.append((NOT_A_DIE, cx, cy, bw, bh))
    negatives = len(placed)
    heap = rng.random() < 0.4
    for k in range(nDice):
        size = size0 * math.exp(rng.normal(0, 0.08))
        for _ in range(30):
            if heap and len(placed) > negatives and rng.random() < 0.8:
                x, y, q = placed[int(rng.integers(negatives, len(placed)))]
                a = rng.uniform(0, 2 * math.pi)
                d = (q + size / 2) * rng.uniform(1.0, 1.15)  # touching
                cx, cy = x + d * math.cos(a), y + d * math.sin(a)
            else:
                cx, cy = rng.uniform(size, SIDE - size, 2)
            if size / 2 < cx < SIDE - size / 2 and size / 2 < cy < SIDE - size / 2 and free(cx, cy, size / 2):
                break
        else:
            continue
        if renderShare > 0 and rng.random() < renderShare:
            got = pasteRendered(canvas, rng, size, view, cx, cy)
            if got is None:
                continue
            face, bw, bh = got
        else:
            crop = crops[int(rng.integers(len(crops)))]
            bw, bh = pasteDie(canvas, crop, size, float(rng.uniform(0, 360)), cx, cy, rng)
            face = crop[0]
        placed.append((cx, cy, size / 2))
        objs.append((face, cx, cy, bw, bh))
    # Uneven light: a broad gradient and a spot.
    yy, xx = np.mgrid[0:SIDE, 0:SIDE].astype(np.float32) / SIDE
    g = 1 + rng.uniform(-0.3, 0.3) * (xx - 0.5) + rng.uniform(-0.3, 0.3) * (yy - 0.5)
    sx, sy = rng.uniform(0, 1, 2)
    g = g + rng.uniform(0, 0.35) * np.exp(-((xx - sx) ** 2 + (yy - sy) ** 2) / 0.08)
    canvas = canvas * g[..., None] * rng.uniform(0.6, 1.25) + rng.uniform(-25, 25)
    canvas = canvas * rng.uniform(0.85, 1.15, 3)[None, None, :]
    # Perspective: a camera up to about 25 degrees off the vertical.
    img, objs = perspective(np.clip(canvas, 0, 255).astype(np.uint8), objs, rng)
    if rng.random() < 0.35:
        k = int(rng.choice([3, 5]))
        img = cv2.GaussianBlur(img, (k, k), 0)
    if rng.random() < 0.15:  # motion blur
        L = int(rng.integers(3, 8))
        ker = np.zeros((L, L), np.float32)
        ker[L // 2] = 1.0 / L
        ker = cv2.warpAffine(ker, cv2.getRotationMatrix2D((L / 2 - 0.5, L / 2 - 0.5), float(rng.uniform(0, 180)), 1),
                             (L, L))
        img = cv2.filter2D(img, -1, ker / max(ker.sum(), 1e-6))
    img = np.clip(img.astype(np.float32) + rng.normal(0, rng.uniform(0, 8), img.shape), 0, 255).astype(np.uint8)
    if rng.random() < 0.5:
        g1 = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
        img = cv2.cvtColor(g1, cv2.COLOR_GRAY2BGR)
    return img, objs


def perspective(img, objs, rng):
    t = rng.uniform(0, 0.12)
    src = np.float32([[0, 0], [SIDE, 0], [SIDE, SIDE], [0, SIDE]])
    d = rng.uniform(-1, 1, (4, 2)) * t * SIDE
    dst = np.float32(src + d)
    H = cv2.getPerspectiveTransform(src, dst)
    out = cv2.warpPerspective(img, H, (SIDE, SIDE), borderMode=cv2.BORDER_REFLECT101)
    res = []
    for c, cx, cy, bw, bh in objs:
        pts = np.float32([[cx - bw / 2, cy - bh / 2], [cx + bw / 2, cy - bh / 2], [cx + bw / 2, cy + bh / 2],
                          [cx - bw / 2, cy + bh / 2]])[None]
        q = cv2.perspectiveTransform(pts, H)[0]
        x0, y0 = q.min(0)
        x1, y1 = q.max(0)
        if x0 < 0 or y0 < 0 or x1 > SIDE or y1 > SIDE:
            continue  # the reflected border mirrors it: drop the label rather than label half a die
        res.append((c, (x0 + x1) / 2, (y0 + y1) / 2, x1 - x0, y1 - y0))
    return out, res


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", action="append", required=True, help="a labelled dice set; its train split gives crops")
    ap.add_argument("--out", required=True, help="output folder (outside the repository)")
    ap.add_argument("--count", type=int, default=600)
    ap.add_argument("--seed", type=int, default=26)
    ap.add_argument("--holdout-every", type=int, default=10,
                    help="skip every Nth train photo of each set, the ones train_dice_model.py holds out")
    ap.add_argument("--render", type=float, default=0.0,
                    help="share of photos with rendered dice (scripts/dice_render.py) beside or instead of crops")
    args = ap.parse_args()
    if args.count < 1:
        ap.error("--count must be positive")
    rng = np.random.default_rng(args.seed)
    crops = []
    for root in args.data:
        c = loadCrops(root, args.holdout_every)
        print(f"{root}: {len(c)} die crops", flush=True)
        crops += c
    if not crops:
        sys.exit("no die crops in the train splits given")
    os.makedirs(os.path.join(args.out, "images"), exist_ok=True)
    os.makedirs(os.path.join(args.out, "labels"), exist_ok=True)
    with open(os.path.join(args.out, "manifest.csv"), "w", newline="") as mf:
        w = csv.writer(mf)
        w.writerow(["image_path", "split", "width", "height", "count", "faces"])
        for i in range(args.count):
            img, objs = compose(rng, crops, args.render)
            q = int(rng.integers(50, 96))
            name = f"synth_{i:05d}"
            cv2.imwrite(os.path.join(args.out, "images", name + ".jpg"), img, [cv2.IMWRITE_JPEG_QUALITY, q])
            with open(os.path.join(args.out, "labels", name + ".txt"), "w") as lf:
                for c, cx, cy, bw, bh in objs:
                    lf.write(f"{c} {cx / SIDE:.6f} {cy / SIDE:.6f} {bw / SIDE:.6f} {bh / SIDE:.6f}\n")
            faces = sorted(c + 1 for c, *_ in objs if c != NOT_A_DIE)
            w.writerow([f"images/{name}.jpg", "train", SIDE, SIDE, len(faces), " ".join(map(str, faces))])
    print(f"wrote {args.count} images to {args.out}")


if __name__ == "__main__":
    sys.exit(main())
