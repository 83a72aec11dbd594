"""A real Keras 3 job as users run it: `model.fit(x, y, epochs=..., validation_split=0.2)` at fit's
default verbosity (a bar per epoch, its summary line at the epoch's end), then `model.evaluate`
(a bar of its own), on the PyTorch backend (`KERAS_BACKEND=torch`), on generated data: a small
MLP classifying noise.

The harness's own clock (time.time() in a Keras callback) goes to --truth as `TRUTH {...}` lines,
never to the console: the run's start, each epoch's begin and end, each training batch's end
(epoch 1-based, batch 1-based within the epoch, and the global batch), the epoch's training loss
(fit's logs at its end), the run's end. With --csv PATH, Keras's own CSVLogger callback writes its
per-epoch table there too. With --checkpoint PATH, Keras's ModelCheckpoint saves the model there when
the validation loss improves, saying so on the console (`verbose=1`); the harness marks each epoch
whose end wrote the file (`checkpoint_saved`, from the file's modification time).
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path

os.environ.setdefault("KERAS_BACKEND", "torch")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--truth", type=Path, required=True)
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--samples", type=int, default=4000)
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--csv", type=Path, help="also keep Keras's CSVLogger file here")
    parser.add_argument("--checkpoint", type=Path, help="ModelCheckpoint(save_best_only=True, verbose=1) to this path")
    args = parser.parse_args()

    import keras
    import numpy as np

    truth = args.truth.open("w")

    def mark(event: str, **fields: object) -> None:
        truth.write("TRUTH " + json.dumps({"event": event, **fields, "t": time.time()}) + "\n")
        truth.flush()

    class Clock(keras.callbacks.Callback):
        def __init__(self) -> None:
            super().__init__()
            self.epoch = 0
            self.batches = 0

        def on_epoch_begin(self, epoch: int, logs: object = None) -> None:
            self.epoch = epoch + 1
            mark("epoch_start", epoch=self.epoch)

        def on_train_batch_end(self, batch: int, logs: object = None) -> None:
            self.batches += 1
            mark("step_end", epoch=self.epoch, batch=batch + 1, step=self.batches)

        def on_epoch_end(self, epoch: int, logs: dict | None = None) -> None:
            mark("epoch_end", epoch=epoch + 1, loss=(logs or {}).get("loss"))

    mark("run_start")
    rng = np.random.default_rng(0)
    x = rng.normal(size=(args.samples, 256)).astype("float32")
    y = (x[:, :8].sum(axis=1) > 0).astype("int32")
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input(shape=(256,)), keras.layers.Dense(1024, activation="relu"),
                              keras.layers.Dense(1024, activation="relu"), keras.layers.Dense(2, activation="softmax")])
    model.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    callbacks: list[keras.callbacks.Callback] = [Clock()]
    if args.csv:
        callbacks.append(keras.callbacks.CSVLogger(str(args.csv)))
    if args.checkpoint:
        class Saved(keras.callbacks.Callback):
            def __init__(self) -> None:
                super().__init__()
                self.mtime = 0

            def on_epoch_end(self, epoch: int, logs: object = None) -> None:
                if args.checkpoint.exists() and args.checkpoint.stat().st_mtime_ns != self.mtime:
                    self.mtime = args.checkpoint.stat().st_mtime_ns
                    mark("checkpoint_saved", epoch=epoch + 1)

        callbacks.append(keras.callbacks.ModelCheckpoint(str(args.checkpoint), monitor="val_loss", save_best_only=True,
                                                         verbose=1))
        callbacks.append(Saved())
    model.fit(x, y, batch_size=args.batch_size, epochs=args.epochs, validation_split=0.2, callbacks=callbacks)
    mark("evaluate_start")
    model.evaluate(x[:640], y[:640], batch_size=args.batch_size)  # its bar after the epochs': no training step
    mark("run_end")


if __name__ == "__main__":
    main()
