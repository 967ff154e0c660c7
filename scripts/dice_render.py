#!/usr/bin/python3
"""Procedural pip d6 for the synthetic photos of scripts/dice_synth.py: a rounded cube ray-marched in perspective.

Real photos (rune55) show dice at an angle whose side faces carry pips too; the reader must read the TOP face
only. A rendered die is a rounded box (signed distance, sphere tracing in numpy) resting on the ground, any face
up, any yaw, now and then cocked a little; the camera is tilted 0-55 degrees from the vertical at a focal length
from wide to long. Faces follow a right-handed d6 (opposite faces sum to 7; 1-2-3 counterclockwise about their
corner), pips round, sometimes recessed (a darker rim) or ringed; bodies plain, marbled or translucent-ish.
Lambert shading and a highlight from one light, a soft shadow on the ground. The label is the face whose normal
points most nearly up; its box the die's projected outline, as real labels box an oblique die (whole cube).

    python3 scripts/dice_render.py OUT.png   # a montage of rendered dice, to look at
"""

import math
import sys

import cv2
import numpy as np

# Face value of each local axis direction: +x 1, +y 2, +z 3 (a right-handed corner), opposite faces sum to 7.
FACE = {(0, 1): 1, (1, 1): 2, (2, 1): 3, (0, -1): 6, (1, -1): 5, (2, -1): 4}


def _layouts(o, rng):
    """Pip centres (face u, v in [-1, 1]) of faces 1-6, padded to 6 with far-away points; 2, 3 and 6 turned
    at random (one die's layouts, drawn once)."""
    d = 1 if rng.random() < 0.5 else -1
    L = {1: [(0, 0)], 2: [(-o, -o * d), (o, o * d)], 3: [(-o, -o * d), (0, 0), (o, o * d)],
         4: [(-o, -o), (o, -o), (-o, o), (o, o)], 5: [(-o, -o), (o, -o), (-o, o), (o, o), (0, 0)]}
    six = [(-o, -o), (-o, 0), (-o, o), (o, -o), (o, 0), (o, o)]
    L[6] = six if rng.random() < 0.5 else [(v, u) for u, v in six]
    out = np.full((7, 6, 2), 50.0, np.float32)
    for k, pts in L.items():
        out[k, :len(pts)] = pts
    return out


def _sdf(p, b, r):
    q = np.abs(p) - (b - r)
    outside = np.linalg.norm(np.maximum(q, 0), axis=-1)
    return outside + np.minimum(q.max(-1), 0) - r


def _rot(axis, ang):
    axis = np.asarray(axis, np.float64) / np.linalg.norm(axis)
    return cv2.Rodrigues(axis * ang)[0]


def randomStyle(rng):
    """Body, pip colours (BGR 0-255) and finish of one die."""
    kind = rng.choice(["white", "ivory", "black", "red", "blue", "green", "yellow", "grey", "any"],
                      p=[0.22, 0.1, 0.16, 0.12, 0.1, 0.08, 0.06, 0.06, 0.1])
    base = {"white": (240, 240, 240), "ivory": (200, 230, 240), "black": (30, 30, 30), "red": (40, 40, 190),
            "blue": (170, 70, 30), "green": (60, 150, 40), "yellow": (40, 200, 230), "grey": (140, 140, 140)}
    if kind == "any":
        hsv = np.uint8([[[rng.integers(0, 180), rng.integers(60, 256), rng.integers(40, 250)]]])
        body = cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)[0, 0].astype(np.float32)
    else:
        body = np.float32(base[kind]) * rng.uniform(0.8, 1.05) + rng.uniform(-12, 12, 3)
    light = body.mean() > 120
    if light:
        pip = [(25, 25, 25), (120, 40, 20), (30, 30, 170), (70, 70, 70)][int(rng.choice(4, p=[0.6, 0.15, 0.15, 0.1]))]
    else:
        pip = [(235, 235, 235), (60, 170, 215), (40, 40, 200), (25, 25, 25)][int(rng.choice(4, p=[0.6, 0.2, 0.15, 0.05]))]
    pip = np.float32(pip) + rng.uniform(-15, 15, 3)
    if not light and pip.mean() < 60:  # black pips on a dark body: lighten the body
        body = np.minimum(body + 90, 255)
    return {
        "body": np.clip(body, 0, 255), "pip": np.clip(pip, 0, 255),
        "marble": rng.random() < 0.15, "marble2": np.clip(body + rng.uniform(-90, 90, 3), 0, 255),
        "translucent": rng.random() < 0.12,
        "recess": rng.random() < 0.5, "ringed": rng.random() < 0.1,
        "round": rng.uniform(0.08, 0.38),      # corner radius / half edge
        "pipR": rng.uniform(0.13, 0.22),       # pip radius / half edge
        "pipO": rng.uniform(0.45, 0.56),       # pip offset from the face centre / half edge
        "spec": rng.uniform(0, 0.5) if rng.random() < 0.6 else 0.0,
    }


def renderDie(rng, size, tilt, azim, light, dist, style=None, ground=None, cock=0.0):
    """Renders one die whose projected box is about `size` px. tilt, azim: camera direction (radians from the
    vertical, around it); light: unit vector towards the light (world, z up); dist: camera distance in half
    edges (small = wide angle). Returns (colour HxWx3 float32, alpha HxW, shadow HxW (share of light taken away),
    top face 1-6, box (cx, cy, w, h) in patch pixels)."""
    st = style or randomStyle(rng)
    b, r = 1.0, st["round"]
    # The die: a random one of the 24 orientations of the cube, a yaw, and sometimes cocked.
    R = _rot([0, 0, 1], rng.uniform(0, 2 * math.pi))
    ups = [([1, 0, 0], 0), ([1, 0, 0], math.pi / 2), ([1, 0, 0], math.pi), ([1, 0, 0], -math.pi / 2),
           ([0, 1, 0], math.pi / 2), ([0, 1, 0], -math.pi / 2)]
    ax, an = ups[int(rng.integers(6))]
    R = R @ _rot(ax, an)
    if cock > 0:
        R = _rot([rng.normal(), rng.normal(), 0], rng.uniform(0, cock)) @ R
    corners = np.array([[x, y, z] for x in (-1, 1) for y in (-1, 1) for z in (-1, 1)], np.float64) @ R.T
    c = np.array([0, 0, -corners[:, 2].min()])  # resting on the ground z = 0
    up_local = R.T @ np.array([0, 0, 1.0])
    k = int(np.argmax(np.abs(up_local)))
    top = FACE[(k, 1 if up_local[k] > 0 else -1)]
    # The camera.
    d = np.array([math.sin(tilt) * math.cos(azim), math.sin(tilt) * math.sin(azim), math.cos(tilt)])
    C = c + dist * d
    f = -d
    rt = np.array([-math.sin(azim), math.cos(azim), 0.0])
    dn = np.cross(f, rt)
    v = corners + c - C
    z = v @ f
    px, py = (v @ rt) / z, (v @ dn) / z
    ext = max(px.max() - px.min(), py.max() - py.min())
    F = size / ext
    mx, my = (px.max() + px.min()) / 2, (py.max() + py.min()) / 2
    N = int(math.ceil(size * 2.0)) + 4
    ss = 2 if N <= 140 else 1
    M = N * ss
    g = (np.arange(M, dtype=np.float64) + 0.5) / ss - N / 2
    gx, gy = np.meshgrid(g / F + mx, g / F + my)
    dirs = f[None, None] + gx[..., None] * rt + gy[..., None] * dn
    dirs /= np.linalg.norm(dirs, axis=-1, keepdims=True)
    dirs = dirs.reshape(-1, 3)
    # Sphere tracing in die coordinates.
    o_l = R.T @ (C - c)
    d_l = dirs @ R  # = (R.T @ dir) per row
    t = np.full(len(d_l), max(0.0, np.linalg.norm(o_l) - 1.8))
    alive = np.ones(len(d_l), bool)
    hit = np.zeros(len(d_l), bool)
    tmax = np.linalg.norm(o_l) + 1.8
    for _ in range(64):
        idx = np.where(alive)[0]
        if len(idx) == 0:
            break
        p = o_l + t[idx, None] * d_l[idx]
        s = _sdf(p, b, r)
        t[idx] += s
        h = s < 1e-3
        hit[idx[h]] = True
        alive[idx[h | (t[idx] > tmax)]] = False
    # Shading of the die.
    col = np.zeros((len(d_l), 3), np.float32)
    hi = np.where(hit)[0]
    p = o_l + t[hi, None] * d_l[hi]
    q = np.abs(p) - (b - r)
    nq = np.maximum(q, 0) * np.sign(p)
    nrm = nq / np.maximum(np.linalg.norm(nq, axis=-1, keepdims=True), 1e-9)
    flat = np.linalg.norm(nq, axis=-1) < 1e-9  # inside the inner box (cannot happen on the surface); guard
    nrm[flat] = np.eye(3)[np.argmax(np.abs(p[flat]), -1)] * np.sign(p[flat])
    nw = nrm @ R.T
    ax = np.argmax(np.abs(p), -1)
    sg = np.where(p[np.arange(len(p)), ax] > 0, 1, -1)
    val = np.zeros(len(p), np.int64)
    for (a, s_), v_ in FACE.items():
        val[(ax == a) & (sg == s_)] = v_
    other = np.array([[1, 2], [0, 2], [0, 1]])[ax]
    uv = np.stack([p[np.arange(len(p)), other[:, 0]], p[np.arange(len(p)), other[:, 1]]], -1)
    lay = _layouts(st["pipO"], rng)
    dpip = np.linalg.norm(uv[:, None, :] - lay[val], axis=-1).min(1) / st["pipR"]
    body = np.repeat(st["body"][None], len(p), 0)
    if st["marble"]:
        fr = rng.uniform(1.5, 4, 3)
        m = np.sin(p @ fr + 2.5 * np.sin(p @ rng.uniform(1, 3, 3) * 1.7)) * 0.5 + 0.5
        body = body * (1 - m[:, None] * 0.7) + st["marble2"][None] * (m[:, None] * 0.7)
    pipMix = np.clip((1.0 - dpip) * st["pipR"] * size * 0.5 + 0.5, 0, 1)  # anti-aliased pip edge
    pc = np.repeat(st["pip"][None], len(p), 0)
    if st["recess"]:  # a recessed pip: its rim in shade
        rim = np.clip((dpip - 0.6) / 0.4, 0, 1)[:, None]
        pc = pc * (1 - 0.45 * rim)
    if st["ringed"]:
        inner = (dpip < 0.45)[:, None]
        pc = np.where(inner, st["body"][None] * 0.9, pc)
    alb = body * (1 - pipMix[:, None]) + pc * pipMix[:, None]
    lam = np.clip(nw @ light, 0, 1)
    amb = rng.uniform(0.3, 0.6)
    view = -dirs[hi]
    hv = light[None] + view
    hv /= np.linalg.norm(hv, axis=-1, keepdims=True)
    spec = np.clip((nw * hv).sum(-1), 0, 1) ** rng.uniform(15, 60) * st["spec"] * 255
    if st["translucent"]:
        lam = 0.5 + 0.5 * lam
        amb = amb + 0.15
    col[hi] = alb * (amb + (1 - amb) * lam)[:, None] + spec[:, None]
    # The ground: a soft shadow towards the light, and a little occlusion where the die touches it.
    shadow = np.zeros(len(d_l), np.float32)
    gi = np.where(~hit & (dirs[:, 2] < -1e-6))[0]
    tg = -C[2] / dirs[gi, 2]
    G = C + tg[:, None] * dirs[gi]
    Gl = (G - c) @ R
    Ll = R.T @ light
    res = np.ones(len(gi))
    ts = np.full(len(gi), 0.05)
    for _ in range(24):
        s = _sdf(Gl + ts[:, None] * Ll, b, r)
        res = np.minimum(res, 6.0 * s / ts)
        ts += np.clip(s, 0.05, 0.6)
    occ = np.clip(_sdf(Gl, b, r) / 0.8, 0, 1)
    shadow[gi] = np.maximum((1 - np.clip(res, 0, 1)) * rng.uniform(0.35, 0.7), (1 - occ) * 0.5)
    # Fade the shadow out towards the patch's edge so a long shadow shows no square border.
    e = np.minimum(np.arange(M), np.arange(M)[::-1]) / (0.15 * M)
    shadow *= (np.clip(np.minimum(e[:, None], e[None, :]), 0, 1)).reshape(-1)
    alpha = hit.astype(np.float32) * (0.9 if st["translucent"] else 1.0)
    if st["translucent"] and ground is not None:
        col[hi] = col[hi] * 0.85 + np.float32(ground)[None] * 0.15
    col = col.reshape(M, M, 3)
    alpha = alpha.reshape(M, M)
    shadow = shadow.reshape(M, M)
    if ss > 1:
        col = cv2.resize(col * alpha[..., None], (N, N), interpolation=cv2.INTER_AREA)
        alpha = cv2.resize(alpha, (N, N), interpolation=cv2.INTER_AREA)
        col = col / np.maximum(alpha[..., None], 1e-4)
        shadow = cv2.resize(shadow, (N, N), interpolation=cv2.INTER_AREA)
    ys, xs = np.where(alpha > 0.3)
    if len(xs) == 0:
        return None
    box = ((xs.min() + xs.max() + 1) / 2, (ys.min() + ys.max() + 1) / 2, xs.max() + 1 - xs.min(),
           ys.max() + 1 - ys.min())
    return np.clip(col, 0, 255).astype(np.float32), alpha, shadow, top, box


def randomView(rng):
    """One photo's camera and light: tilt (radians, 0-55 degrees, more often small), azimuth, light, distance."""
    tilt = math.radians(55 * rng.random() ** 1.3)
    azim = rng.uniform(0, 2 * math.pi)
    el = rng.uniform(math.radians(40), math.radians(88))
    la = rng.uniform(0, 2 * math.pi)
    light = np.array([math.cos(el) * math.cos(la), math.cos(el) * math.sin(la), math.sin(el)])
    dist = math.exp(rng.uniform(math.log(6), math.log(50)))
    return tilt, azim, light, dist


def main():
    rng = np.random.default_rng(1)
    tiles = []
    for i in range(48):
        tilt, azim, light, dist = randomView(rng)
        size = float(rng.choice([24, 48, 96]))
        out = renderDie(rng, size, tilt, azim, light, dist, ground=(150, 150, 150), cock=0.3 if i % 5 == 0 else 0)
        col, alpha, shadow, top, (cx, cy, w, h) = out
        N = col.shape[0]
        bg = np.full((N, N, 3), 150, np.float32) * (1 - shadow[..., None])
        img = bg * (1 - alpha[..., None]) + col * alpha[..., None]
        img = cv2.resize(img.astype(np.uint8), (200, 200), interpolation=cv2.INTER_NEAREST if N < 200 else
                         cv2.INTER_AREA)
        k = 200 / N
        cv2.rectangle(img, (int((cx - w / 2) * k), int((cy - h / 2) * k)), (int((cx + w / 2) * k),
                      int((cy + h / 2) * k)), (0, 0, 255), 1)
        cv2.putText(img, f"{top} t{math.degrees(tilt):.0f}", (3, 15), 0, 0.45, (0, 255, 0), 1)
        tiles.append(img)
    rows = [np.hstack(tiles[i:i + 8]) for i in range(0, 48, 8)]
    cv2.imwrite(sys.argv[1] if len(sys.argv) > 1 else "/tmp/dice_render.png", np.vstack(rows))


if __name__ == "__main__":
    sys.exit(main())
