"""A real Ultralytics YOLO job as users run it: `YOLO("yolov8n.yaml").train(...)` (a model built
from its yaml, no weights to download) on a tiny data set of generated images (coloured boxes on
noise, YOLO label files) on the CPU, at Ultralytics' default console output; `plots=False` only
so that no font is downloaded (the job runs offline).

The harness's own clock (time.time() in Ultralytics callbacks) goes to --truth as `TRUTH {...}`
lines, never to the console: attempt start, each training batch's begin and end (epoch 1-based,
batch 1-based within the epoch, and the global batch), validation runs, checkpoint saves, the end.
With --crash-epoch/--crash-batch the first attempt raises at that batch; run again with --resume,
it resumes from the run's last.pt (saved at each epoch's end).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from pathlib import Path
from typing import Any

T0 = time.time()


def make_dataset(root: Path, images: int, size: int) -> Path:
    """`images` training and `images // 2` validation images, each with one to three boxes."""
    from PIL import Image, ImageDraw

    rng = random.Random(0)
    for split, count in (("train", images), ("val", images // 2)):
        (root / "images" / split).mkdir(parents=True, exist_ok=True)
        (root / "labels" / split).mkdir(parents=True, exist_ok=True)
        for i in range(count):
            img = Image.effect_noise((size, size), 40).convert("RGB")
            draw = ImageDraw.Draw(img)
            labels = []
            for _ in range(rng.randint(1, 3)):
                w, h = rng.randint(size // 8, size // 3), rng.randint(size // 8, size // 3)
                x, y = rng.randint(0, size - w), rng.randint(0, size - h)
                cls = rng.randint(0, 1)
                draw.rectangle([x, y, x + w, y + h], fill=(255, 0, 0) if cls == 0 else (0, 0, 255))
                labels.append(f"{cls} {(x + w / 2) / size:.6f} {(y + h / 2) / size:.6f} {w / size:.6f} {h / size:.6f}")
            img.save(root / "images" / split / f"{i:04d}.jpg")
            (root / "labels" / split / f"{i:04d}.txt").write_text("\n".join(labels) + "\n")
    data = root / "data.yaml"
    data.write_text(f"path: {root}\ntrain: images/train\nval: images/val\nnames:\n  0: red\n  1: blue\n")
    return data


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--work", required=True, help="folder for the data set and the run")
    ap.add_argument("--truth", required=True)
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--images", type=int, default=48)
    ap.add_argument("--crash-epoch", type=int, default=-1)
    ap.add_argument("--crash-batch", type=int, default=-1)
    ap.add_argument("--resume", action="store_true")
    a = ap.parse_args()
    from ultralytics import YOLO

    work = Path(a.work)
    attempt = 1 if a.resume else 0

    def emit(**fields: Any) -> None:
        with open(a.truth, "a") as fh:
            fh.write("TRUTH " + json.dumps({"attempt": attempt, **fields}) + "\n")

    state = {"batch": 0}

    def batch_start(trainer: Any) -> None:
        state["batch"] += 1
        epoch, nb = trainer.epoch + 1, len(trainer.train_loader)
        emit(event="step_start", epoch=epoch, batch=state["batch"], step=trainer.epoch * nb + state["batch"], t=time.time())
        if epoch == a.crash_epoch and state["batch"] == a.crash_batch and not a.resume:
            emit(event="crash", epoch=epoch, batch=state["batch"], t=time.time())
            raise RuntimeError(f"injected failure at epoch {epoch} batch {state['batch']}")

    def batch_end(trainer: Any) -> None:
        epoch, nb = trainer.epoch + 1, len(trainer.train_loader)
        emit(event="step_end", epoch=epoch, batch=state["batch"], step=trainer.epoch * nb + state["batch"], t=time.time())

    def epoch_start(trainer: Any) -> None:
        state["batch"] = 0

    if a.resume:
        runs = sorted(work.glob("runs/**/weights/last.pt"), key=os.path.getmtime)
        model = YOLO(str(runs[-1]))
    else:
        model = YOLO("yolov8n.yaml")
    emit(event="attempt_start", t=T0)
    model.add_callback("on_train_epoch_start", epoch_start)
    model.add_callback("on_train_batch_start", batch_start)
    model.add_callback("on_train_batch_end", batch_end)
    model.add_callback("on_val_start", lambda v: emit(event="eval_start", t=time.time()))
    model.add_callback("on_val_end", lambda v: emit(event="eval_end", t=time.time()))
    model.add_callback("on_model_save", lambda t: emit(event="checkpoint_save", epoch=t.epoch + 1, t=time.time()))
    if a.resume:
        model.train(resume=True)
    else:
        data = make_dataset(work / "data", a.images, 64)
        model.train(data=str(data), epochs=a.epochs, imgsz=64, batch=8, workers=0, device="cpu", plots=False,
                    project=str(work / "runs"), name="train", seed=0)
    emit(event="attempt_end", t=time.time())


if __name__ == "__main__":
    main()
