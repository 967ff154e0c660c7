#!/usr/bin/python3
"""Train the two small networks of the Muster dice reader and export them to ONNX.

Stage 1, the die finder: a fully convolutional net that looks at the frame scaled so a die is about 19-25 px across
and outputs, on a grid of stride 8, a centre heatmap, a sub-cell offset and the die size (CenterNet-style).
Stage 2, the face reader: a small CNN that classifies a square crop around one found die (1.4 x its size,
resampled to 32x32, or to the side --reader-crop gives: write it as reader_crop in the set's dice_models.yml) into
faces 1-6 or "not a die". It learns from the dice of the train photos as the exported finder finds them (the
finder's own centre and size errors are part of the augmentation).

Only the `train` split is used. The committed models come from (seeded, one thread):

    nice -n 10 /usr/bin/python3 scripts/train_dice_model.py --stage finder \
        --data ../shared/data/dice/nell-byler-d6 --out data/models \
        --finder-sizes 12,45 --finder-epochs 200 --finder-lowres 0.3          # finder, about 10-15 minutes
    nice -n 10 /usr/bin/python3 scripts/train_dice_model.py --stage reader --holdout 30 \
        --data ../shared/data/dice/nell-byler-d6 --out data/models \
        --label-fixes data/dice/nell-byler-label-fixes.csv --reader-glare 0.25 \
        --reader-widths 24,0,48,0,64,64,0,96,96 --reader-epochs 80 --reader-rejpeg   # reader, 10-20 minutes

The committed finder (the tenth round in docs/dice-reader.md) trains on dice of 12-45 px for 200 epochs, a third
of its windows shrunk and enlarged back. The committed reader (the eleventh round) learns from that finder's finds
on train photos 1-170, with the train labels checked to be wrong corrected, painted glare streaks, compressed
patches cut from whole JPEG-compressed photos, six convolutions 24-96 wide and 80 epochs, and reports on photos
171-200 (--holdout 30). Without those options the script gives the first finder and the third round's reader.
`--stage reader` uses the finder already in --out; `--reader-file dice_reader_2.onnx` writes the second reader of
a pair (DiceReader averages the two). Options: --holdout N keeps the last N train photos out of training and
reports on them (for tuning); --stage finder|reader|both. --finder-init / --reader-init FILE start from an exported
model of the same layers (its folded batch norms frozen) and --finder-lr / --reader-lr lower the peak learning
rate, to fine-tune the committed models on new data without forgetting the old (scripts/train_dice_variety.sh).
"""

import argparse
import csv
import math
import os
import random
import sys
import time

import cv2
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

SEED = 5
FINDER_DIE_PX = 19.0  # die size the finder is trained around (the C++ reader scales frames to this)
FINDER_STRIDE = 8
READER_CROP = 32  # reader input side
READER_CONTEXT = 1.4  # crop side / die size
NOT_A_DIE = 6
NEG_LABEL = NOT_A_DIE + 1  # a box of class 6 in a YOLO label file (scripts/dice_synth.py): a hard negative

cv2.setNumThreads(1)


def seedAll(seed):
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)


def loadLabelFixes(path):
    """[(image, cx, cy, labelled, actual)] from data/dice/nell-byler-label-fixes.csv ('#' lines are comments)."""
    if not path:
        return []
    with open(path) as f:
        rows = list(csv.DictReader(line for line in f if not line.startswith("#")))
    return [(r["image"], float(r["cx"]), float(r["cy"]), int(r["labelled"]), int(r["actual"])) for r in rows]


def applyLabelFixes(data, fixes):
    """Corrects the labelled dice the fixes name (as muster-cli dice eval --label-fixes does); returns how many.
    A fix that names a loaded photo but finds no die with its old label at its centre stops the run."""
    n = 0
    for name, img, boxes in data:
        h, w = img.shape[:2]
        for image, cx, cy, labelled, actual in fixes:
            if image != name:
                continue
            hit = [b for b in boxes if int(b[0]) == labelled and abs(cx * w - b[1]) <= b[3] / 2
                   and abs(cy * h - b[2]) <= b[4] / 2]
            if not hit:
                sys.exit(f"label fix {image} ({cx}, {cy}): no die labelled {labelled} there")
            hit[0][0] = actual
            n += 1
    return n


def hasTestSplit(root):
    """A real labelled set has a test split; a synthetic one (scripts/dice_synth.py) has train only."""
    with open(os.path.join(root, "manifest.csv")) as f:
        return any(row["split"] == "test" for row in csv.DictReader(f))


def loadSplit(root, split):
    """[(name, image BGR uint8, boxes float32 Nx5: face, cx, cy, w, h in pixels)]"""
    out = []
    with open(os.path.join(root, "manifest.csv")) as f:
        for row in csv.DictReader(f):
            if row["split"] != split:
                continue
            img = cv2.imread(os.path.join(root, row["image_path"]), cv2.IMREAD_COLOR)
            if img is None:
                sys.exit(f"cannot read {row['image_path']} in {root}")
            h, w = img.shape[:2]
            lab = os.path.join(root, row["image_path"].replace("images/", "labels/", 1).rsplit(".", 1)[0] + ".txt")
            boxes = []
            for line in open(lab):
                p = line.split()
                if len(p) == 5:
                    c, cx, cy, bw, bh = map(float, p)
                    boxes.append([c + 1, cx * w, cy * h, bw * w, bh * h])
            out.append((os.path.basename(row["image_path"]), img, np.array(boxes, np.float32).reshape(-1, 5)))
    return out


# ---------------------------------------------------------------- networks


def convBlock(cin, cout, stride=1, dil=1):
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, stride, padding=dil, dilation=dil, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True)
    )


class Finder(nn.Module):
    """Input 1x3xHxW BGR in [0,1]; output 1x4x(H/8)x(W/8): heat (sigmoid), dx, dy (cells), log(size/FINDER_DIE_PX).
    Plain convolutions: OpenCV 4.6 runs them faster than depthwise ones (measured, docs/dice-reader.md).
    arch "conv5" (the committed finder): five 3x3 layers, three of stride 2. Cheaper ones tried (Nov 30 evening,
    docs/dice-reader.md, Timing): "narrow" (fewer channels, about 0.75x the time), "k2" (2x2 stride-2 stem, about
    0.9x), "patch4" (4x4 stride-4 stem and three 3x3 layers, about 0.65x); each placed dice less precisely and read
    fewer test dice right with the committed reader."""

    def __init__(self, arch="conv5"):
        super().__init__()
        if arch == "conv5":
            layers = [convBlock(3, 8, 2), convBlock(8, 16, 2), convBlock(16, 24, 2), convBlock(24, 24),
                      convBlock(24, 24, dil=2)]
        elif arch == "narrow":
            layers = [convBlock(3, 8, 2), convBlock(8, 12, 2), convBlock(12, 16, 2), convBlock(16, 16),
                      convBlock(16, 16, dil=2)]
        elif arch == "k2":
            stem = nn.Sequential(nn.Conv2d(3, 8, 2, 2, bias=False), nn.BatchNorm2d(8), nn.ReLU(inplace=True))
            layers = [stem, convBlock(8, 16, 2), convBlock(16, 24, 2), convBlock(24, 24), convBlock(24, 24, dil=2)]
        else:
            stem = nn.Sequential(nn.Conv2d(3, 16, 4, 4, bias=False), nn.BatchNorm2d(16), nn.ReLU(inplace=True))
            layers = [stem, convBlock(16, 24, 2), convBlock(24, 24), convBlock(24, 24, dil=2)]
        self.body = nn.Sequential(*layers)
        self.head = nn.Conv2d(layers[-1][0].out_channels, 4, 1)
        self.head.bias.data[0] = -4.0

    def forward(self, x):
        y = self.head(self.body(x))
        return torch.cat([torch.sigmoid(y[:, 0:1]), y[:, 1:4]], 1)


# ---------------------------------------------------------------- fine-tuning


def loadOnnxWeights(net, path):
    """Starts net from an exported model of the same layers (--reader-init, --finder-init). The export folds each
    batch norm into the convolution before it, so the convolution takes the folded weights and its batch norm is
    set to pass them through (mean 0, variance 1, scale sqrt(1 + eps), shift = the folded bias); train with
    frozenBatchNorm so those statistics stay. A file of other layers stops the run, naming the mismatch."""
    import onnx
    from onnx import numpy_helper

    m = onnx.load(path)
    inits = {t.name: numpy_helper.to_array(t) for t in m.graph.initializer}
    nodes = [n for n in m.graph.node if n.op_type in ("Conv", "Gemm")]
    mods = [mod for mod in net.modules() if isinstance(mod, (nn.Conv2d, nn.Linear))]
    if len(nodes) != len(mods):
        sys.exit(f"{path}: {len(nodes)} conv/gemm layers, the net to train has {len(mods)}")
    following = {}  # conv -> the batch norm right after it
    seq = [mod for mod in net.modules() if isinstance(mod, (nn.Conv2d, nn.Linear, nn.BatchNorm2d))]
    for a, b in zip(seq, seq[1:]):
        if isinstance(a, nn.Conv2d) and isinstance(b, nn.BatchNorm2d):
            following[a] = b
    with torch.no_grad():
        for node, mod in zip(nodes, mods):
            w = torch.from_numpy(inits[node.input[1]].copy())
            b = torch.from_numpy(inits[node.input[2]].copy()) if len(node.input) > 2 else torch.zeros(w.shape[0])
            if tuple(w.shape) != tuple(mod.weight.shape):
                sys.exit(f"{path}: layer {node.name} has weights {tuple(w.shape)}, the net {tuple(mod.weight.shape)}")
            mod.weight.copy_(w)
            bn = following.get(mod)
            if bn is not None:
                bn.running_mean.zero_(); bn.running_var.fill_(1.0)
                bn.weight.fill_(math.sqrt(1.0 + bn.eps)); bn.bias.copy_(b)
            elif mod.bias is not None:
                mod.bias.copy_(b)
            else:
                sys.exit(f"{path}: layer {node.name} has a bias the net has no place for")
    print(f"started from {path}", flush=True)


def frozenBatchNorm(net, frozen):
    """In training mode, batch norms of a fine-tuned net keep their statistics: a batch's own statistics would
    renormalise the folded weights and lose what the net had learnt."""
    if frozen:
        for mod in net.modules():
            if isinstance(mod, nn.BatchNorm2d):
                mod.eval()


# ---------------------------------------------------------------- augmentation


def colourJitter(img, rng, blurMax=5):
    """Lighting, white balance, hue, grey, blur and sensor noise. blurMax 3 for die crops: a 5x5 blur on a 32 px
    crop wipes out the pips (it cost the reader several points of accuracy)."""
    img = img.astype(np.float32)
    if rng.random() < 0.8:
        img = img * rng.uniform(0.7, 1.3) + rng.uniform(-30, 30)
    if rng.random() < 0.5:  # per-channel gain (white balance)
        img = img * rng.uniform(0.85, 1.15, size=3)[None, None, :]
    if rng.random() < 0.3:
        hsv = cv2.cvtColor(np.clip(img, 0, 255).astype(np.uint8), cv2.COLOR_BGR2HSV)
        hsv[..., 0] = (hsv[..., 0].astype(np.int32) + rng.integers(-12, 13)) % 180
        img = cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR).astype(np.float32)
    if rng.random() < 0.1:
        g = cv2.cvtColor(np.clip(img, 0, 255).astype(np.uint8), cv2.COLOR_BGR2GRAY)
        img = np.repeat(g[..., None], 3, 2).astype(np.float32)
    if rng.random() < 0.25:
        k = int(rng.choice([3, 5])) if blurMax >= 5 else 3
        img = cv2.GaussianBlur(img, (k, k), 0 if k == 5 else rng.uniform(0.4, 0.8))
    if rng.random() < 0.3:
        img = img + rng.normal(0, rng.uniform(2, 8), img.shape)
    return np.clip(img, 0, 255)


# ---------------------------------------------------------------- finder data


def diceOnly(boxes):
    """The labelled dice of a photo, without the hard negatives a synthetic photo labels as not a die."""
    return boxes[boxes[:, 0] < NEG_LABEL]


def finderSample(item, rng, side=256, dieRange=(12.0, 30.0), lowres=0.0):
    _, img, boxes = item
    boxes = diceOnly(boxes)
    sizes = np.maximum(boxes[:, 3], boxes[:, 4]) if len(boxes) else np.array([38.0])
    # Scale so the median die lands in dieRange (log-uniform; 12-45 px for the committed finder). The C++ reader
    # aims at 25 px and rescales only when the dice it found are more than rescaleAbove off, so a frame's dice can
    # reach the finder anywhere from about 25 / 1.35 to 25 * 1.35 px, and further after a wrong size estimate.
    target = math.exp(rng.uniform(math.log(dieRange[0]), math.log(dieRange[1])))
    s = target / float(np.median(sizes))
    ang = rng.uniform(0, 360) if rng.random() < 0.5 else float(rng.integers(0, 4) * 90)
    # Pick a window centre: near a die most of the time.
    if len(boxes) and rng.random() < 0.8:
        b = boxes[rng.integers(len(boxes))]
        c = np.array([b[1], b[2]]) + rng.uniform(-100, 100, 2) / s
    else:
        c = rng.uniform(0, 1, 2) * np.array(img.shape[1::-1])
    M = cv2.getRotationMatrix2D((float(c[0]), float(c[1])), ang, s)
    M[:, 2] += np.array([side / 2, side / 2]) - c
    border = cv2.BORDER_REFLECT101 if rng.random() < 0.7 else cv2.BORDER_CONSTANT
    bval = tuple(int(v) for v in rng.integers(0, 256, 3))
    out = cv2.warpAffine(img, M, (side, side), flags=cv2.INTER_AREA if s < 1 else cv2.INTER_LINEAR, borderMode=border,
                         borderValue=bval)
    if rng.random() < 0.5:
        out = out[:, ::-1]
        M = np.array([[-1, 0, side - 1], [0, 1, 0]], np.float64) @ np.vstack([M, [0, 0, 1]])
    if lowres > 0 and rng.random() < lowres:
        # A die seen by a camera further away and enlarged to the finder's size: fewer real pixels, soft edges.
        f = rng.uniform(0.4, 0.9)
        small = cv2.resize(out, (int(side * f), int(side * f)), interpolation=cv2.INTER_AREA)
        out = cv2.resize(small, (side, side), interpolation=cv2.INTER_LINEAR)
    out = colourJitter(out, rng)
    g = side // FINDER_STRIDE
    heat = np.zeros((g, g), np.float32)
    reg = np.zeros((3, g, g), np.float32)
    mask = np.zeros((g, g), np.float32)
    yy, xx = np.mgrid[0:g, 0:g].astype(np.float32)
    for b in boxes:
        p = M @ np.array([b[1], b[2], 1.0])
        size = max(b[3], b[4]) * s
        cx, cy = p[0] / FINDER_STRIDE, p[1] / FINDER_STRIDE
        # Reflected borders can mirror a die into view without a label: mark labels only, and accept that.
        if not (0 <= cx < g and 0 <= cy < g):
            continue
        sig = max(0.5, size / FINDER_STRIDE / 4.0)
        heat = np.maximum(heat, np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * sig * sig)))
        ix, iy = int(cx), int(cy)
        heat[iy, ix] = 1.0
        reg[:, iy, ix] = [cx - ix, cy - iy, math.log(size / FINDER_DIE_PX)]
        mask[iy, ix] = 1.0
    if border == cv2.BORDER_REFLECT101:
        # Mirrored dice outside the photo have no labels: do not punish the finder there.
        inv = cv2.invertAffineTransform(M[:2])
        pts = np.stack([xx * FINDER_STRIDE + 4, yy * FINDER_STRIDE + 4, np.ones_like(xx)], -1) @ inv.T
        h, w = img.shape[:2]
        valid = (pts[..., 0] >= 0) & (pts[..., 0] < w) & (pts[..., 1] >= 0) & (pts[..., 1] < h)
    else:
        valid = np.ones((g, g), bool)
    x = out.transpose(2, 0, 1).astype(np.float32) / 255.0
    return x, heat, reg, mask, valid.astype(np.float32)


def finderLoss(pred, heat, reg, mask, valid):
    p = pred[:, 0].clamp(1e-4, 1 - 1e-4)
    pos = (heat >= 1.0).float()
    neg = 1 - pos
    posL = -torch.log(p) * (1 - p) ** 2 * pos
    negL = -torch.log(1 - p) * p**2 * (1 - heat) ** 4 * neg * valid
    npos = pos.sum().clamp(min=1)
    lh = (posL.sum() + negL.sum()) / npos
    m = mask[:, None]
    lr = (torch.abs(pred[:, 1:4] - reg) * m).sum() / (m.sum() * 3).clamp(min=1)
    return lh + lr


def distillLoss(pred, teacher, x, valid):
    """Follow a teacher finder (ONNX, run by OpenCV DNN as in C++): its heat everywhere, and its offsets and size
    where it sees a die. The reader learnt from crops around the teacher's finds, errors included, so a cheaper
    student that reproduces them keeps the reader's input as it was."""
    teacher.setInput(x.numpy())
    t = torch.from_numpy(teacher.forward().copy())
    th = t[:, 0]
    npos = (th > 0.3).float().sum().clamp(min=1)
    lh = (torch.abs(pred[:, 0] - th) * valid).sum() / npos
    m = (th > 0.3).float()[:, None]
    lr = (torch.abs(pred[:, 1:4] - t[:, 1:4]) * m).sum() / (m.sum() * 3).clamp(min=1)
    return lh + lr


def finderDecode(out, scale, thr=0.3):
    """out 4xGxG numpy -> list of (cx, cy, size, score) in the original frame."""
    heat = out[0]
    mx = cv2.dilate(heat, np.ones((3, 3), np.uint8))
    ys, xs = np.where((heat >= mx) & (heat > thr))
    res = []
    for y, x in zip(ys, xs):
        cx = (x + out[1, y, x]) * FINDER_STRIDE / scale
        cy = (y + out[2, y, x]) * FINDER_STRIDE / scale
        size = FINDER_DIE_PX * math.exp(out[3, y, x]) / scale
        res.append((cx, cy, size, float(heat[y, x])))
    return res


def finderRun(net, img, scale):
    h, w = img.shape[:2]
    W = int(math.ceil(w * scale / 16.0) * 16)
    H = int(math.ceil(h * scale / 16.0) * 16)
    small = cv2.resize(img, (int(round(w * scale)), int(round(h * scale))), interpolation=cv2.INTER_AREA)
    small = cv2.copyMakeBorder(small, 0, H - small.shape[0], 0, W - small.shape[1], cv2.BORDER_REPLICATE)
    x = torch.from_numpy(small.transpose(2, 0, 1).astype(np.float32)[None] / 255.0)
    with torch.no_grad():
        return net(x)[0].numpy()


def finderFind(net, img, thr=0.3):
    scale = 0.5 * 640.0 / min(img.shape[:2])
    dets = finderDecode(finderRun(net, img, scale), scale, thr)
    if dets:
        med = float(np.median([d[2] for d in dets]))
        s2 = FINDER_DIE_PX / med
        if abs(math.log(s2 / scale)) > math.log(1.3):
            scale = s2
            dets = finderDecode(finderRun(net, img, scale), scale, thr)
    return dets


def matchDets(dets, boxes):
    """Greedy: each detection to the nearest unmatched label whose box contains its centre."""
    used = set()
    pairs = []
    for i, d in sorted(enumerate(dets), key=lambda t: -t[1][3]):
        best, bd = -1, 1e9
        for j, b in enumerate(boxes):
            if j in used:
                continue
            if abs(d[0] - b[1]) <= b[3] / 2 and abs(d[1] - b[2]) <= b[4] / 2:
                dd = (d[0] - b[1]) ** 2 + (d[1] - b[2]) ** 2
                if dd < bd:
                    best, bd = j, dd
        if best >= 0:
            used.add(best)
            pairs.append((i, best))
    return pairs


def fit(name, net, weightDecay, epochs, batches, batchLoss, report, lr=3e-3, frozen=False):
    """AdamW with a one-cycle schedule; batchLoss() draws one batch and returns its loss."""
    opt = torch.optim.AdamW(net.parameters(), lr=lr, weight_decay=weightDecay)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=lr, total_steps=epochs * batches, pct_start=0.1)
    t0 = time.time()
    for ep in range(epochs):
        net.train()
        frozenBatchNorm(net, frozen)
        tot = 0.0
        for _ in range(batches):
            loss = batchLoss()
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            tot += loss.item()
        if ep % 5 == 4 or ep == epochs - 1:
            msg = f"{name} epoch {ep + 1} loss {tot / batches:.4f} {time.time() - t0:.0f}s"
            if report:
                msg += " | val " + report(net)
            print(msg, flush=True)
    return net


def trainFinder(train, val, args):
    seedAll(SEED)
    rng = np.random.default_rng(SEED)
    net = Finder(args.finder_arch)
    if args.finder_init:
        loadOnnxWeights(net, args.finder_init)

    teacher = cv2.dnn.readNetFromONNX(args.finder_teacher) if args.finder_teacher else None

    def batchLoss():
        batch = [finderSample(train[rng.integers(len(train))], rng, dieRange=args.finder_sizes, lowres=args.finder_lowres)
                 for _ in range(16)]
        x, heat, reg, mask, valid = (torch.from_numpy(np.stack(v)) for v in zip(*batch))
        pred = net(x)
        loss = finderLoss(pred, heat, reg, mask, valid)
        if teacher is not None:
            loss = loss + distillLoss(pred, teacher, x, valid)
        return loss

    report = (lambda n: finderReport(n, val)) if val else None
    return fit("finder", net, 1e-4, args.finder_epochs, args.finder_batches, batchLoss, report, lr=args.finder_lr,
               frozen=bool(args.finder_init))


def finderReport(net, data, thr=0.3):
    net.eval()
    n = found = phantom = 0
    for _, img, boxes in data:
        boxes = diceOnly(boxes)
        dets = finderFind(net, img, thr)
        pairs = matchDets(dets, boxes)
        n += len(boxes)
        found += len(pairs)
        phantom += len(dets) - len(pairs)
    return f"dice {n} found {found} ({100.0 * found / max(n, 1):.2f}%) phantom {phantom}"


# ---------------------------------------------------------------- reader data


CANON = 80      # canonical patch side (canonSide(): larger for a reader of more than 32 px)
CANON_K = 2.6   # canonical patch side / die size


def canonSide(crop):
    """The canonical patch side for a reader of crop px. 80 px puts a die at 31 px, i.e. 43 px of patch under a
    reader crop: enough for 32 px, but a 48 px reader would only ever see upsampled patches (the photos' dice are
    30-45 px, its crop shows them at 34 px). Above 32 the die gets 1.25x the crop's die size, so the scale jitter
    (up to about 1.3x) still samples real pixels; 32 keeps 80, so the committed recipe is unchanged."""
    return max(CANON, int(math.ceil(crop / READER_CONTEXT * CANON_K * 1.25)))

def square(img, cx, cy, side, out):
    s = max(2, int(round(side)))
    x0 = int(round(cx - side / 2)); y0 = int(round(cy - side / 2))
    h, w = img.shape[:2]
    pad = max(0, -x0, -y0, x0 + s - w, y0 + s - h)
    if pad:
        img = cv2.copyMakeBorder(img, pad, pad, pad, pad, cv2.BORDER_REPLICATE); x0 += pad; y0 += pad
    roi = np.ascontiguousarray(img[y0:y0 + s, x0:x0 + s])
    return cv2.resize(roi, (out, out), interpolation=cv2.INTER_AREA if s > out else cv2.INTER_LINEAR)

def finderDets(net, img, diePx=25.0, thr=0.12, strongThr=0.35):
    """The C++ DiceReader::read() candidate search, in Python: (cx, cy, size, score)."""
    h, w = img.shape[:2]
    def run(scale):
        W = max(8, int(round(w * scale))); H = max(8, int(round(h * scale)))
        small = cv2.resize(img, (W, H), interpolation=cv2.INTER_LINEAR)
        small = cv2.copyMakeBorder(small, 0, (H + 15) // 16 * 16 - H, 0, (W + 15) // 16 * 16 - W, cv2.BORDER_REPLICATE)
        net.setInput(cv2.dnn.blobFromImage(small, 1.0 / 255.0)); out = net.forward()[0]
        sx, sy = W / w, H / h
        heat = out[0]; mx = cv2.dilate(heat, np.ones((3, 3), np.uint8))
        res = []
        for y, x in zip(*np.where((heat >= mx) & (heat >= thr))):
            res.append(((x + out[1, y, x]) * 8 / sx, (y + out[2, y, x]) * 8 / sy, 19.0 * math.exp(out[3, y, x]) / scale, float(heat[y, x])))
        return [r for r in res if 0 <= r[0] < w and 0 <= r[1] < h]
    clamp = lambda s: min(max(s, 32.0 / max(w, h)), 1280.0 / max(w, h))
    scale = clamp(diePx / 19.0 * 320.0 / min(w, h))
    dets = run(scale)
    sizes = [d[2] for d in dets if d[3] >= strongThr]
    if sizes:
        better = clamp(diePx / float(np.median(sizes)))
        if abs(math.log(better / scale)) > math.log(1.2):
            dets = run(better)
    return dets

def jpeg(p, rng):
    q = int(rng.integers(35, 80))
    return cv2.imdecode(cv2.imencode('.jpg', p, [cv2.IMWRITE_JPEG_QUALITY, q])[1], cv2.IMREAD_COLOR)

def buildPool(data, finderNet, rng, rejpeg=False, deltaClip=0.0):
    """Canonical patches: dice (label centre), with the finder's offsets for jitter, and not-a-die patches.
    J holds the same patches after JPEG: each patch compressed on its own (quality 35-80), or with rejpeg the
    whole photo compressed once (quality 60-97) and the patch cut from it, as from a webcam's MJPG frame: block
    edges and chroma subsampling then fall where they fall on a real frame, not on the patch's own grid."""
    P, Y, J, deltas, src = [], [], [], [], []
    canon = canonSide(READER_CROP)
    for photo, (name, img, allBoxes) in enumerate(data):
        boxes = diceOnly(allBoxes)
        whole = None
        if rejpeg:
            q = int(rng.integers(60, 98))
            whole = cv2.imdecode(cv2.imencode('.jpg', img, [cv2.IMWRITE_JPEG_QUALITY, q])[1], cv2.IMREAD_COLOR)

        def cut(cx, cy, side, label):
            p = square(img, cx, cy, side, canon)
            P.append(p); Y.append(label); src.append(photo)
            J.append(square(whole, cx, cy, side, canon) if rejpeg else jpeg(p, rng))

        dets = finderDets(finderNet, img)
        pairs = matchDets(dets, boxes)
        matched = {i for i, _ in pairs}
        for i, j in pairs:
            b = boxes[j]; size = max(b[3], b[4]); d = dets[i]
            delta = ((d[0] - b[1]) / size, (d[1] - b[2]) / size, math.log(d[2] / size))
            # Plain finder passes on 8-250 px dice misjudge some sizes by 2x and more; at the table the size hint
            # corrects those, so with deltaClip such finds teach no crop (they showed half a die or four).
            if deltaClip <= 0 or (abs(delta[2]) <= deltaClip and math.hypot(delta[0], delta[1]) <= deltaClip):
                deltas.append(delta)
        sizes = np.maximum(boxes[:, 3], boxes[:, 4]) if len(boxes) else np.array([38.0])
        for b in boxes:
            size = max(b[3], b[4])
            cut(b[1], b[2], CANON_K * size, int(b[0]) - 1)
            ang = rng.uniform(0, 2 * math.pi); dist = rng.uniform(0.6, 0.95) * size
            cut(b[1] + dist * math.cos(ang), b[2] + dist * math.sin(ang), CANON_K * size, NOT_A_DIE)
        for k, d in enumerate(dets):
            if k not in matched:
                cut(d[0], d[1], CANON_K * d[2], NOT_A_DIE)
        for b in allBoxes[allBoxes[:, 0] >= NEG_LABEL]:  # coins, rims, hands: labelled as not a die
            cut(b[1], b[2], CANON_K * max(b[3], b[4]), NOT_A_DIE)
        h, w = img.shape[:2]
        for _ in range(3):
            for _ in range(20):
                cx, cy = rng.uniform(0, w), rng.uniform(0, h)
                if len(boxes) == 0 or np.min(np.hypot(boxes[:, 1] - cx, boxes[:, 2] - cy) / sizes) > 1.3:
                    break
            size = float(np.median(sizes)) * math.exp(rng.uniform(-0.3, 0.3))
            cut(cx, cy, CANON_K * size, NOT_A_DIE)
    toT = lambda a: torch.from_numpy(np.stack(a).transpose(0, 3, 1, 2).astype(np.float32) / 255.0)
    return toT(P), toT(J), torch.tensor(Y), np.array(deltas, np.float32), torch.tensor(src)

def addGlare(x, isDie, share, g):
    """Paints a specular streak (a thin, bright, grey line, blurred at its ends) across a share of the dice: on
    shiny red and purple dice a streak through the middle was read as the centre pip of a 5 or a 3."""
    n, _, side, _ = x.shape
    on = (torch.rand(n, generator=g) < share) & isDie
    k = int(on.sum())
    if k == 0:
        return x
    u = lambda lo, hi: lo + (hi - lo) * torch.rand(k, 1, 1, generator=g)
    t = (torch.arange(side, dtype=torch.float32) + 0.5) / side * 2 - 1  # pixel centres in [-1, 1]
    yy, xx = torch.meshgrid(t, t, indexing="ij")
    cx, cy, ang = u(-0.35, 0.35), u(-0.35, 0.35), u(0, math.pi)
    halfLen, sigma, alpha = u(0.1, 0.55), u(0.025, 0.07), u(0.55, 1.0)
    along = (xx - cx) * torch.cos(ang) + (yy - cy) * torch.sin(ang)
    across = -(xx - cx) * torch.sin(ang) + (yy - cy) * torch.cos(ang)
    beyond = (along.abs() - halfLen).clamp(min=0)
    m = alpha * torch.exp(-(across**2 + beyond**2) / (2 * sigma**2))
    y = x[on]
    x[on] = y + m[:, None] * (1 - y)
    return x


def addNeighbours(x, isDie, share, g):
    """Puts the edge of another die of the batch beside a share of the dice, beyond a straight line 0.55-0.85 die
    sizes from the centre, as a touching die shows in the crop's margin (a third of the train photos' unsure
    dice had a neighbour in their crop). The line may cut off a corner of the die (corners reach 0.71), never more."""
    n, _, side, _ = x.shape
    on = torch.where((torch.rand(n, generator=g) < share) & isDie)[0]
    dice = torch.where(isDie)[0]
    k = len(on)
    if k == 0 or len(dice) < 2:
        return x
    src = x[dice[torch.randint(len(dice), (k,), generator=g)]]
    perDie = 2.0 / READER_CONTEXT  # normalised crop units per die size
    phi = torch.rand(k, generator=g) * 2 * math.pi
    dist = 1.05 + 0.3 * torch.rand(k, generator=g)  # neighbour centre, in die sizes
    theta = torch.zeros(k, 2, 3)
    theta[:, 0, 0] = 1; theta[:, 1, 1] = 1
    theta[:, 0, 2] = -dist * perDie * torch.cos(phi); theta[:, 1, 2] = -dist * perDie * torch.sin(phi)
    grid = F.affine_grid(theta, (k, 3, side, side), align_corners=False)
    nb = F.grid_sample(src, grid, mode='bilinear', padding_mode='border', align_corners=False)
    t = (torch.arange(side, dtype=torch.float32) + 0.5) / side * 2 - 1
    yy, xx = torch.meshgrid(t, t, indexing="ij")
    along = (xx[None] * torch.cos(phi)[:, None, None] + yy[None] * torch.sin(phi)[:, None, None]) / perDie
    m = ((along - (dist[:, None, None] - 0.5)) * side / 2).clamp(0, 1)  # about one pixel of soft edge
    x[on] = x[on] * (1 - m[:, None]) + nb * m[:, None]
    return x


def augmentBatch(P, J, Y, deltas, idx, g, crop, train=True, glare=0.0, jpegShare=0.3, lowres=0.0, neighbours=0.0,
                 grey=0.1):
    n = len(idx)
    src = P[idx].clone()
    if train:
        useJ = torch.rand(n, generator=g) < jpegShare
        src[useJ] = J[idx][useJ]
    # geometry: rotation, flip, scale, offset (finder-like)
    ang = torch.rand(n, generator=g) * 2 * math.pi if train else torch.zeros(n)
    flip = torch.where(torch.rand(n, generator=g) < 0.5, -1.0, 1.0) if train else torch.ones(n)
    if train:
        emp = torch.from_numpy(deltas[torch.randint(len(deltas), (n,), generator=g).numpy()])
        useEmp = (torch.rand(n, generator=g) < 0.6).float()[:, None]
        gauss = torch.stack([torch.randn(n, generator=g) * 0.07, torch.randn(n, generator=g) * 0.07,
                             torch.randn(n, generator=g) * 0.1], 1)
        d = useEmp * (emp + gauss * 0.4) + (1 - useEmp) * gauss
        d[Y[idx] == NOT_A_DIE] = gauss[Y[idx] == NOT_A_DIE] * 2
    else:
        d = torch.zeros(n, 3)
    half = (READER_CONTEXT / 2) * torch.exp(d[:, 2]) / (CANON_K / 2)
    c, s = torch.cos(ang), torch.sin(ang)
    theta = torch.zeros(n, 2, 3)
    theta[:, 0, 0] = half * c * flip; theta[:, 0, 1] = -half * s
    theta[:, 1, 0] = half * s * flip; theta[:, 1, 1] = half * c
    theta[:, 0, 2] = d[:, 0] / (CANON_K / 2); theta[:, 1, 2] = d[:, 1] / (CANON_K / 2)
    grid = F.affine_grid(theta, (n, 3, 2 * crop, 2 * crop), align_corners=False)
    x = F.avg_pool2d(F.grid_sample(src, grid, mode='bilinear', padding_mode='border', align_corners=False), 2)
    if not train:
        return x
    if neighbours > 0:
        x = addNeighbours(x, Y[idx] != NOT_A_DIE, neighbours, g)
    if glare > 0:
        x = addGlare(x, Y[idx] != NOT_A_DIE, glare, g)
    if lowres > 0:
        # Dice seen from further away: the C++ crop then enlarges fewer real pixels to the reader's side.
        low = torch.rand(n, generator=g) < lowres
        if low.any():
            side = max(8, int(crop * (0.5 + 0.4 * float(torch.rand(1, generator=g)))))
            xs = F.interpolate(x[low], size=(side, side), mode='area')
            x[low] = F.interpolate(xs, size=(crop, crop), mode='bilinear', align_corners=False)
    # colour
    r = lambda: torch.rand(n, 1, 1, 1, generator=g)
    m = x.mean((1, 2, 3), keepdim=True)
    on = (r() < 0.8).float()
    x = on * ((x - m) * (0.7 + 0.6 * r()) + m + (r() - 0.5) * 0.24) + (1 - on) * x
    on = (r() < 0.5).float()
    x = on * x * (0.85 + 0.3 * torch.rand(n, 3, 1, 1, generator=g)) + (1 - on) * x
    perm = torch.rand(n, generator=g) < 0.3
    if perm.any():
        k = int(perm.sum()); order = torch.argsort(torch.rand(k, 3, generator=g), 1)
        x[perm] = torch.gather(x[perm], 1, order[:, :, None, None].expand(k, 3, crop, crop))
    on = (r() < grey).float()
    x = on * x.mean(1, keepdim=True).expand_as(x) + (1 - on) * x
    on = (r() < 0.15).float()
    x = on * (1 - x) + (1 - on) * x
    blur = torch.rand(n, generator=g) < 0.25
    if blur.any():
        sig = 0.3 + 0.6 * torch.rand(int(blur.sum()), generator=g)
        k1 = torch.exp(-torch.tensor([1.0, 0.0, 1.0])[None] / (2 * sig[:, None] ** 2)); k1 = k1 / k1.sum(1, keepdim=True)
        k2 = k1[:, :, None] * k1[:, None, :]
        xb = x[blur]; kb = int(blur.sum())
        xb = F.conv2d(F.pad(xb.reshape(1, kb * 3, crop, crop), (1, 1, 1, 1), mode='replicate'),
                      k2.repeat_interleave(3, 0)[:, None], groups=kb * 3)
        x[blur] = xb.reshape(kb, 3, crop, crop)
    on = (r() < 0.3).float()
    x = x + on * torch.randn(x.shape, generator=g) * (0.005 + 0.025 * r())
    return x.clamp(0, 1)

class Reader(nn.Module):
    """Input Nx3xSxS BGR in [0,1] (S = READER_CROP); output Nx7 softmax (faces 1-6, not a die). widths: conv
    channels, 0 for a 2x2 max pool."""

    def __init__(self, widths):
        super().__init__()
        def cb(cin, cout):
            return nn.Sequential(nn.Conv2d(cin, cout, 3, 1, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))
        layers, cin = [], 3
        for i, w in enumerate(widths):
            if w == 0:
                layers.append(nn.MaxPool2d(2)); continue
            layers.append(cb(cin, w)); cin = w
        self.f = nn.Sequential(*layers)
        self.drop = nn.Dropout(0.1)
        self.fc = nn.Linear(cin, 7)
    def forward(self, x):
        y = F.adaptive_avg_pool2d(self.f(x), 1).flatten(1)
        return torch.softmax(self.fc(self.drop(y)), 1)

def evalCrops(net, crops, ys, thr=0.9):
    net.eval()
    with torch.no_grad():
        p = torch.cat([net(crops[i:i + 256]) for i in range(0, len(crops), 256)]).numpy()
    k = p.argmax(1); c = p.max(1)
    right = (k == ys).sum(); cw = ((k != ys) & (c >= thr)).sum(); un = (c < thr).sum()
    return p, f"n {len(ys)} right {100.0 * right / len(ys):.2f}% confwrong {cw} unsure {un}"

def runtimeCrops(data, finderNet, crop):
    """Crops the C++ reader would see: around the finder's detections matched to labels."""
    xs, ys = [], []
    for name, img, boxes in data:
        boxes = diceOnly(boxes)
        dets = finderDets(finderNet, img)
        for i, j in matchDets(dets, boxes):
            d = dets[i]
            side = READER_CONTEXT * d[2]
            xs.append(square(img, d[0], d[1], side, crop)); ys.append(int(boxes[j][0]) - 1)
    return torch.from_numpy(np.stack(xs).transpose(0, 3, 1, 2).astype(np.float32) / 255.0), np.array(ys)

def trainReader(train, val, args, finderPath):
    """The face reader, from canonical patches with batched augmentation (see buildPool, augmentBatch)."""
    seedAll(SEED + 1)
    rng = np.random.default_rng(SEED + 1)
    g = torch.Generator().manual_seed(SEED + 1)
    fnet = cv2.dnn.readNetFromONNX(finderPath)
    t0 = time.time()
    P, J, Y, deltas, src = buildPool(train, fnet, rng, rejpeg=args.reader_rejpeg, deltaClip=args.reader_delta_clip)
    print(f"reader pool {len(Y)} patches ({int((Y < 6).sum())} dice), {len(deltas)} finder deltas: offset sd "
          f"{deltas[:, :2].std():.3f}, log size mean {deltas[:, 2].mean():.3f} sd {deltas[:, 2].std():.3f}", flush=True)
    trX, trY = runtimeCrops(train, fnet, READER_CROP)
    if val:
        vaX, vaY = runtimeCrops(val, fnet, READER_CROP)
    net = Reader([int(w) for w in args.reader_widths.split(",")])
    if args.reader_init:
        loadOnnxWeights(net, args.reader_init)
    dieIdx = torch.where(Y < 6)[0]
    # --reader-first-share: the dice of the first --data set (its photos come first) drawn at that share, so a
    # small set the reader must not forget (nell-byler) is not outweighed by the others.
    firstIdx = torch.where((Y < 6) & (src < args.first_set_photos))[0]
    otherIdx = torch.where((Y < 6) & (src >= args.first_set_photos))[0]
    share = args.reader_first_share if len(firstIdx) and len(otherIdx) else 0.0
    notIdx = torch.where(Y == NOT_A_DIE)[0]
    bs = args.reader_batch
    opt = torch.optim.AdamW(net.parameters(), lr=args.reader_lr, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=args.reader_lr,
                                                total_steps=args.reader_epochs * args.reader_batches,
                                                pct_start=0.15)
    if val and args.reader_init:
        print(f"reader at start | holdout {evalCrops(net, vaX, vaY)[1]}", flush=True)
    for ep in range(args.reader_epochs):
        net.train()
        frozenBatchNorm(net, bool(args.reader_init))
        tot = 0.0
        for _ in range(args.reader_batches):
            nd = int(bs * 0.8)  # 80% dice, 20% "not a die"
            if share > 0:
                n1 = int(round(nd * share))
                dice = torch.cat([firstIdx[torch.randint(len(firstIdx), (n1,), generator=g)],
                                  otherIdx[torch.randint(len(otherIdx), (nd - n1,), generator=g)]])
            else:
                dice = dieIdx[torch.randint(len(dieIdx), (nd,), generator=g)]
            idx = torch.cat([dice, notIdx[torch.randint(len(notIdx), (bs - nd,), generator=g)]])
            x = augmentBatch(P, J, Y, deltas, idx, g, READER_CROP, glare=args.reader_glare,
                             jpegShare=0.5 if args.reader_rejpeg else 0.3, lowres=args.reader_lowres,
                             neighbours=args.reader_neighbours, grey=args.reader_grey)
            loss = F.nll_loss(torch.log(net(x).clamp(min=1e-7)), Y[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            tot += loss.item()
        if ep % 5 == 4 or ep == args.reader_epochs - 1:
            msg = (f"reader epoch {ep + 1} loss {tot / args.reader_batches:.4f} {time.time() - t0:.0f}s | train "
                   f"(finder crops) {evalCrops(net, trX, trY)[1]}")
            if val:
                msg += f" | holdout {evalCrops(net, vaX, vaY)[1]}"
            print(msg, flush=True)
    return net


def export(net, shape, path):
    net.eval()
    torch.onnx.export(net, torch.zeros(*shape), path, opset_version=11, input_names=["input"],
                      output_names=["output"], dynamic_axes={"input": {0: "n", 2: "h", 3: "w"}} if shape[0] == 1 else
                      {"input": {0: "n"}})
    # The exporter shares equal weight tensors through Identity nodes, which OpenCV 4.6 cannot load: copy them.
    import onnx

    m = onnx.load(path)
    inits = {t.name: t for t in m.graph.initializer}
    for node in list(m.graph.node):
        if node.op_type == "Identity" and node.input[0] in inits:
            t = onnx.TensorProto()
            t.CopyFrom(inits[node.input[0]])
            t.name = node.output[0]
            m.graph.initializer.append(t)
            m.graph.node.remove(node)
    onnx.save(m, path)
    print(f"wrote {path} ({os.path.getsize(path)} bytes)")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", action="append",
                    help="a labelled dice set (train split used); repeat to learn from several (default nell-byler-d6)")
    ap.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "../data/models"))
    ap.add_argument("--label-fixes", default="",
                    help="a list of labels checked to be wrong (data/dice/nell-byler-label-fixes.csv) to correct first")
    ap.add_argument("--holdout", type=int, default=0, help="keep the last N train photos of each real set out")
    ap.add_argument("--holdout-every", type=int, default=0,
                    help="keep every Nth train photo of each real set out (a set with a test split; not synthetic)")
    ap.add_argument("--reader-grey", type=float, default=0.1,
                    help="share of reader crops made grey (rune55's photos are greyscale)")
    ap.add_argument("--seed", type=int, default=5, help="finder seed; the reader uses seed + 1")
    ap.add_argument("--stage", choices=["finder", "reader", "both"], default="both")
    ap.add_argument("--finder-arch", choices=["conv5", "narrow", "k2", "patch4"], default="conv5",
                    help="finder layers (see Finder); conv5 is the committed one")
    ap.add_argument("--finder-teacher", default="",
                    help="a finder ONNX file for the new finder to imitate besides the labels (see distillLoss)")
    ap.add_argument("--finder-sizes", default="12,30",
                    help="LO,HI: die sizes in px the finder trains on, drawn log-uniform (committed finder: 12,45)")
    ap.add_argument("--finder-lowres", type=float, default=0.0,
                    help="share of finder windows shrunk by 0.4-0.9 and enlarged back (a camera further away)")
    ap.add_argument("--finder-epochs", type=int, default=40)
    ap.add_argument("--finder-init", default="",
                    help="an exported finder (ONNX, same layers) to start from, with its batch norms frozen")
    ap.add_argument("--finder-lr", type=float, default=3e-3, help="peak learning rate (lower to fine-tune)")
    ap.add_argument("--finder-batches", type=int, default=40)
    ap.add_argument("--reader-epochs", type=int, default=60)
    ap.add_argument("--reader-init", default="",
                    help="an exported reader (ONNX, same layers) to start from, with its batch norms frozen")
    ap.add_argument("--reader-delta-clip", type=float, default=0.0,
                    help="leave out finder errors over this (log size, offset in die sizes) from the crop jitter")
    ap.add_argument("--reader-first-share", type=float, default=0.0,
                    help="share of the training dice drawn from the first --data set (0: as they come)")
    ap.add_argument("--reader-lr", type=float, default=3e-3, help="peak learning rate (lower to fine-tune)")
    ap.add_argument("--reader-batches", type=int, default=100)
    ap.add_argument("--reader-batch", type=int, default=128)
    ap.add_argument("--reader-crop", type=int, default=32,
                    help="reader input side; the C++ reader crops to reader_crop of dice_models.yml, so set it there")
    ap.add_argument("--reader-rejpeg", action="store_true",
                    help="JPEG-compress whole photos (quality 60-97) for the compressed copies of the patches, half of "
                         "the training dice")
    ap.add_argument("--reader-lowres", type=float, default=0.0,
                    help="share of reader crops shrunk to 0.5-0.9 of their side and enlarged back (smaller dice)")
    ap.add_argument("--reader-neighbours", type=float, default=0.0,
                    help="share of dice given the edge of another die beside them")
    ap.add_argument("--reader-glare", type=float, default=0.0, help="share of dice given a painted glare streak")
    ap.add_argument("--reader-widths", default="16,0,32,0,48,0,64",
                    help="reader conv channels in order, 0 for a 2x2 max pool")
    ap.add_argument("--reader-file", default="dice_reader.onnx",
                    help="file name of the reader in --out; dice_reader_2.onnx makes it the second reader of a pair")
    args = ap.parse_args()
    args.finder_sizes = tuple(float(v) for v in args.finder_sizes.split(","))
    if len(args.finder_sizes) != 2 or not 0 < args.finder_sizes[0] < args.finder_sizes[1]:
        ap.error("--finder-sizes needs LO,HI with 0 < LO < HI")
    global READER_CROP, SEED
    READER_CROP = args.reader_crop
    SEED = args.seed
    torch.set_num_threads(1)
    seedAll(SEED)
    if not args.data:
        args.data = [os.path.join(os.path.dirname(__file__), "../../shared/data/dice/nell-byler-d6")]
    if not 0 <= args.reader_first_share < 1:
        ap.error("--reader-first-share needs 0 <= S < 1")
    if args.holdout < 0 or args.holdout_every < 0 or args.holdout_every == 1:
        ap.error("--holdout needs N >= 0 and --holdout-every N >= 2")
    fixes = loadLabelFixes(args.label_fixes)
    train, val = [], []
    for root in args.data:
        part = loadSplit(root, "train")
        fixed = applyLabelFixes(part, fixes)
        real = hasTestSplit(root)
        keep, held = part, []
        if real and args.holdout:
            keep, held = part[: -args.holdout], part[-args.holdout:]
        if real and args.holdout_every:
            n = args.holdout_every
            held = held + [p for k, p in enumerate(keep) if k % n == n - 1]
            keep = [p for k, p in enumerate(keep) if k % n != n - 1]
        print(f"{root}: {len(keep)} train photos, {len(held)} held out, {fixed} labels corrected", flush=True)
        if not train:
            args.first_set_photos = len(keep)
        train += keep
        val += held
    print(f"train {len(train)} photos, {sum(len(t[2]) for t in train)} dice; holdout {len(val)}", flush=True)
    os.makedirs(args.out, exist_ok=True)
    finderPath = os.path.join(args.out, "dice_finder.onnx")
    if args.stage in ("finder", "both"):
        finder = trainFinder(train, val, args)
        export(finder, (1, 3, 160, 160), finderPath)
    if args.stage in ("reader", "both"):
        # The reader learns from crops around what the exported finder finds, as the C++ reader sees them.
        reader = trainReader(train, val, args, finderPath)
        export(reader, (4, 3, READER_CROP, READER_CROP), os.path.join(args.out, args.reader_file))


if __name__ == "__main__":
    sys.exit(main())
