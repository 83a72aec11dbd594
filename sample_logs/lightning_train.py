"""A real Lightning job as users run it: `Trainer(accelerator="cpu", devices=2, strategy="ddp")`
(Lightning's own launcher starts the second process; gloo on CPU), its default TQDM progress bar,
its default sanity check and model checkpoint, a TensorBoardLogger and a CSVLogger (metrics.csv).
A tiny MLP learns random regression targets; each training batch sleeps --step-sleep seconds so
that step times are measurable. `log_every_n_steps=1` so that every step has a metrics record
(Lightning's default, 50, would log none in a job this short).

Lightning prints no timestamp anywhere: the console has INFO lines without dates and the bar. The
harness's own clock (time.time() in a Callback, rank 0) goes to --truth as `TRUTH {...}` lines,
never to the console: attempt start, each training step's begin and end (global step, 1-based,
as the bar counts within an epoch), validation runs, checkpoint saves, the end of training.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import lightning as L
import torch
from lightning.pytorch.loggers import CSVLogger, TensorBoardLogger
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

T0 = time.time()


class Regressor(L.LightningModule):
    def __init__(self, step_sleep: float) -> None:
        super().__init__()
        self.net = nn.Sequential(nn.Linear(32, 64), nn.ReLU(), nn.Linear(64, 1))
        self.step_sleep = step_sleep

    def training_step(self, batch: list[torch.Tensor], batch_idx: int) -> torch.Tensor:
        x, y = batch
        time.sleep(self.step_sleep)
        loss = nn.functional.mse_loss(self.net(x), y)
        self.log("train_loss", loss, prog_bar=True)
        return loss

    def validation_step(self, batch: list[torch.Tensor], batch_idx: int) -> None:
        x, y = batch
        self.log("val_loss", nn.functional.mse_loss(self.net(x), y), prog_bar=True, sync_dist=True)

    def configure_optimizers(self) -> torch.optim.Optimizer:
        return torch.optim.SGD(self.parameters(), lr=0.01)


class Truth(L.Callback):
    def __init__(self, path: str) -> None:
        self.path = path

    def emit(self, trainer: L.Trainer, **fields: Any) -> None:
        if trainer.global_rank == 0:
            with open(self.path, "a") as fh:
                fh.write("TRUTH " + json.dumps({"rank": 0, "attempt": 0, **fields}) + "\n")

    def on_fit_start(self, trainer: L.Trainer, pl_module: L.LightningModule) -> None:
        self.emit(trainer, event="attempt_start", t=T0)

    def on_train_batch_start(self, trainer: L.Trainer, pl_module: L.LightningModule, batch: Any, batch_idx: int) -> None:
        self.emit(trainer, event="step_start", step=trainer.global_step + 1, epoch=trainer.current_epoch,
                  batch=batch_idx + 1, t=time.time())

    def on_train_batch_end(self, trainer: L.Trainer, pl_module: L.LightningModule, outputs: Any, batch: Any,
                           batch_idx: int) -> None:
        self.emit(trainer, event="step_end", step=trainer.global_step, epoch=trainer.current_epoch,
                  batch=batch_idx + 1, t=time.time())

    def on_validation_start(self, trainer: L.Trainer, pl_module: L.LightningModule) -> None:
        self.emit(trainer, event="eval_start", sanity=trainer.sanity_checking, t=time.time())

    def on_validation_end(self, trainer: L.Trainer, pl_module: L.LightningModule) -> None:
        self.emit(trainer, event="eval_end", sanity=trainer.sanity_checking, t=time.time())

    def on_save_checkpoint(self, trainer: L.Trainer, pl_module: L.LightningModule, checkpoint: dict[str, Any]) -> None:
        self.emit(trainer, event="checkpoint_saved", step=trainer.global_step, t=time.time())

    def on_fit_end(self, trainer: L.Trainer, pl_module: L.LightningModule) -> None:
        self.emit(trainer, event="attempt_end", t=time.time())


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True, help="folder the loggers write into")
    ap.add_argument("--truth", required=True, help="file the TRUTH lines are appended to")
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--samples", type=int, default=240)
    ap.add_argument("--step-sleep", type=float, default=0.5)
    a = ap.parse_args()
    L.seed_everything(0)
    torch.set_num_threads(1)
    g = torch.Generator().manual_seed(0)
    x = torch.randn(a.samples, 32, generator=g)
    y = torch.randn(a.samples, 1, generator=g)
    train = DataLoader(TensorDataset(x, y), batch_size=8)
    val = DataLoader(TensorDataset(x[:64], y[:64]), batch_size=16)
    trainer = L.Trainer(
        accelerator="cpu", devices=2, strategy="ddp", max_epochs=a.epochs, log_every_n_steps=1,
        logger=[TensorBoardLogger(a.out, name="tb"), CSVLogger(a.out, name="csv")],
        callbacks=[Truth(a.truth)],
    )
    trainer.fit(Regressor(a.step_sleep), train, val)


if __name__ == "__main__":
    main()
