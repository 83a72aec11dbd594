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
With --crash-rank/--crash-step (run under torchrun with restarts) the first attempt raises on that
rank at that step and the next one resumes from the last epoch-end checkpoint.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import time
from typing import Any

import lightning as L
import torch
from lightning.pytorch.loggers import CSVLogger, TensorBoardLogger
from lightning.pytorch.profilers import PyTorchProfiler
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

T0 = time.time()


class Regressor(L.LightningModule):
    def __init__(self, step_sleep: float, slow_every: int = 0, slow_sleep: float = 0.0) -> None:
        super().__init__()
        self.net = nn.Sequential(nn.Linear(32, 64), nn.ReLU(), nn.Linear(64, 1))
        self.step_sleep, self.slow_every, self.slow_sleep = step_sleep, slow_every, slow_sleep

    def training_step(self, batch: list[torch.Tensor], batch_idx: int) -> torch.Tensor:
        x, y = batch
        slow = self.slow_every > 0 and (batch_idx + 1) % self.slow_every == 0
        time.sleep(self.slow_sleep if slow else self.step_sleep)
        loss = nn.functional.mse_loss(self.net(x), y)
        self.log("train_loss", loss, prog_bar=True)
        return loss

    def validation_step(self, batch: list[torch.Tensor], batch_idx: int) -> None:
        x, y = batch
        self.log("val_loss", nn.functional.mse_loss(self.net(x), y), prog_bar=True, sync_dist=True)

    def configure_optimizers(self) -> torch.optim.Optimizer:
        return torch.optim.SGD(self.parameters(), lr=0.01)


class Truth(L.Callback):
    def __init__(self, path: str, attempt: int, crash_rank: int, crash_step: int) -> None:
        self.path, self.attempt, self.crash_rank, self.crash_step = path, attempt, crash_rank, crash_step

    def emit(self, trainer: L.Trainer, **fields: Any) -> None:
        if trainer.global_rank == 0 or fields.get("event") == "crash":
            # one short line per write with O_APPEND: the ranks' lines never interleave
            with open(self.path, "a") as fh:
                fh.write("TRUTH " + json.dumps({"rank": trainer.global_rank, "attempt": self.attempt, **fields}) + "\n")

    def on_fit_start(self, trainer: L.Trainer, pl_module: L.LightningModule) -> None:
        self.emit(trainer, event="attempt_start", t=T0)

    def on_train_batch_start(self, trainer: L.Trainer, pl_module: L.LightningModule, batch: Any, batch_idx: int) -> None:
        step = trainer.global_step + 1
        self.emit(trainer, event="step_start", step=step, epoch=trainer.current_epoch, batch=batch_idx + 1, t=time.time())
        if trainer.global_rank == self.crash_rank and step == self.crash_step and self.attempt == 0:
            time.sleep(0.05)
            self.emit(trainer, event="crash", step=step, t=time.time())
            raise RuntimeError(f"injected failure on rank {trainer.global_rank} at step {step}")

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
    ap.add_argument("--slow-every", type=int, default=0, help="every N-th batch of an epoch sleeps --slow-sleep instead")
    ap.add_argument("--slow-sleep", type=float, default=0.0)
    ap.add_argument("--crash-rank", type=int, default=-1)
    ap.add_argument("--crash-step", type=int, default=-1)
    ap.add_argument("--profile-dir", default=None,
                    help="profile with Lightning's PyTorchProfiler (its default schedule, Chrome traces into this folder) "
                         "and no logger: the console's bar and the traces are all the job leaves")
    ap.add_argument("--accelerator", default="cpu")
    ap.add_argument("--devices", type=int, default=2)
    ap.add_argument("--strategy", default="ddp")
    a = ap.parse_args()
    # under torchrun (a restartable job) the launcher counts the attempts; Lightning's own
    # launcher runs one
    attempt = int(os.environ.get("TORCHELASTIC_RESTART_COUNT", "0"))
    L.seed_everything(0)
    torch.set_num_threads(1)
    g = torch.Generator().manual_seed(0)
    x = torch.randn(a.samples, 32, generator=g)
    y = torch.randn(a.samples, 1, generator=g)
    train = DataLoader(TensorDataset(x, y), batch_size=8)
    val = DataLoader(TensorDataset(x[:64], y[:64]), batch_size=16)
    profiled = a.profile_dir is not None
    trainer = L.Trainer(
        accelerator=a.accelerator, devices=a.devices, strategy=a.strategy, max_epochs=a.epochs, log_every_n_steps=1,
        logger=False if profiled else [TensorBoardLogger(a.out, name="tb"), CSVLogger(a.out, name="csv")],
        profiler=PyTorchProfiler(dirpath=a.profile_dir, filename="profile", export_to_chrome=True) if profiled else None,
        callbacks=[Truth(a.truth, attempt, a.crash_rank, a.crash_step)],
    )
    # a restarted attempt resumes from the newest checkpoint the default ModelCheckpoint wrote
    # (at each epoch's end, under the first logger's tb/version_N/checkpoints/)
    saved = sorted(glob.glob(os.path.join(a.out, "tb", "version_*", "checkpoints", "*.ckpt")), key=os.path.getmtime)
    trainer.fit(Regressor(a.step_sleep, a.slow_every, a.slow_sleep), train, val,
                ckpt_path=saved[-1] if attempt > 0 and saved else None)


if __name__ == "__main__":
    main()
