"""A real mmengine job as users run it: `mmengine.runner.Runner` with its default hooks (its
LoggerHook every 10 iterations, its CheckpointHook every epoch, its default LogProcessor and
console logger), launched by torchrun (`launcher="pytorch"`, gloo on CPU). A tiny MLP learns
random regression targets; each training iteration sleeps --step-sleep seconds so that step
times are measurable.

The harness's own clock (time.time() in a Hook, rank 0) goes to --truth as `TRUTH {...}` lines,
never to the console: attempt start, each training iteration's begin and end (global
iteration, 1-based, and its epoch and iteration within the epoch as the log prints them),
checkpoint saves (the iterations they hold), the end of training. With --crash-rank/--crash-iter (run under torchrun with
restarts) the first attempt raises on that rank at that global iteration, and the next one
resumes from the newest checkpoint in the work dir (`resume=True`).
"""

from __future__ import annotations

import argparse
import json
import os
import time
from typing import Any

import torch
from mmengine.hooks import Hook
from mmengine.model import BaseModel, MMDistributedDataParallel
from mmengine.registry import MODEL_WRAPPERS
from mmengine.runner import Runner
from torch import nn
from torch.utils.data import Dataset

T0 = time.time()


class Regressor(BaseModel):
    def __init__(self, step_sleep: float) -> None:
        super().__init__()
        self.net = nn.Sequential(nn.Linear(32, 64), nn.ReLU(), nn.Linear(64, 1))
        self.step_sleep = step_sleep

    def forward(self, inputs: torch.Tensor, targets: torch.Tensor, mode: str = "tensor") -> Any:
        out = self.net(torch.stack(inputs) if isinstance(inputs, list) else inputs)
        if mode == "loss":
            time.sleep(self.step_sleep)
            target = torch.stack(targets) if isinstance(targets, list) else targets
            return {"loss": nn.functional.mse_loss(out, target)}
        return out


class Pairs(Dataset):  # type: ignore[type-arg]
    def __init__(self, samples: int) -> None:
        g = torch.Generator().manual_seed(0)
        self.x = torch.randn(samples, 32, generator=g)
        self.y = torch.randn(samples, 1, generator=g)

    def __len__(self) -> int:
        return len(self.x)

    def __getitem__(self, i: int) -> dict[str, torch.Tensor]:
        return {"inputs": self.x[i], "targets": self.y[i]}


@MODEL_WRAPPERS.register_module()
class CpuDDP:
    """mmengine's own wrapper without `device_ids` (which it always passes, and which DDP refuses
    for a module on the CPU)."""

    def __new__(cls, module: nn.Module) -> MMDistributedDataParallel:  # type: ignore[misc]
        return MMDistributedDataParallel(module=module, broadcast_buffers=False)


class Truth(Hook):
    priority = "VERY_LOW"

    def __init__(self, path: str, attempt: int, crash_rank: int, crash_iter: int) -> None:
        self.path, self.attempt, self.crash_rank, self.crash_iter = path, attempt, crash_rank, crash_iter

    def emit(self, runner: Runner, **fields: Any) -> None:
        if runner.rank == 0 or fields.get("event") == "crash":
            # one short line per write with O_APPEND: the ranks' lines never interleave
            with open(self.path, "a") as fh:
                fh.write("TRUTH " + json.dumps({"rank": runner.rank, "attempt": self.attempt, **fields}) + "\n")

    def before_run(self, runner: Runner) -> None:
        self.emit(runner, event="attempt_start", t=T0)

    def before_train_iter(self, runner: Runner, batch_idx: int, data_batch: Any = None) -> None:
        step = runner.iter + 1
        self.emit(runner, event="step_start", step=step, epoch=runner.epoch + 1, iter=batch_idx + 1, t=time.time())
        if runner.rank == self.crash_rank and step == self.crash_iter and self.attempt == 0:
            time.sleep(0.05)
            self.emit(runner, event="crash", step=step, t=time.time())
            raise RuntimeError(f"injected failure on rank {runner.rank} at iteration {step}")

    def after_train_iter(self, runner: Runner, batch_idx: int, data_batch: Any = None, outputs: Any = None) -> None:
        # runner.iter is incremented after the hooks: this is iteration runner.iter + 1
        self.emit(runner, event="step_end", step=runner.iter + 1, epoch=runner.epoch + 1, iter=batch_idx + 1,
                  t=time.time())

    def before_save_checkpoint(self, runner: Runner, checkpoint: dict[str, Any]) -> None:
        # called with the checkpoint's contents made, just before they are written
        self.emit(runner, event="checkpoint_save", step=runner.iter, t=time.time())

    def after_run(self, runner: Runner) -> None:
        self.emit(runner, event="attempt_end", t=time.time())


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--work-dir", required=True)
    ap.add_argument("--truth", required=True, help="file the TRUTH lines are appended to")
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--samples", type=int, default=320, help="samples in the data set (split between the ranks)")
    ap.add_argument("--step-sleep", type=float, default=0.2)
    ap.add_argument("--crash-rank", type=int, default=-1)
    ap.add_argument("--crash-iter", type=int, default=-1)
    a = ap.parse_args()
    attempt = int(os.environ.get("TORCHELASTIC_RESTART_COUNT", "0"))
    torch.set_num_threads(1)
    # mmengine's own process-group set-up calls torch.cuda.set_device, which a CPU-only torch
    # lacks: the group is made here (gloo, torchrun's environment), and the Runner uses it
    torch.distributed.init_process_group("gloo")
    runner = Runner(
        model=Regressor(a.step_sleep),
        work_dir=a.work_dir,
        train_dataloader={"dataset": Pairs(a.samples), "sampler": {"type": "DefaultSampler", "shuffle": True},
                              "batch_size": 8, "num_workers": 0},
        train_cfg={"by_epoch": True, "max_epochs": a.epochs},
        optim_wrapper={"optimizer": {"type": "SGD", "lr": 0.01}},
        custom_hooks=[Truth(a.truth, attempt, a.crash_rank, a.crash_iter)],
        cfg={"model_wrapper_cfg": {"type": "CpuDDP"}},
        launcher="pytorch",
        env_cfg={"dist_cfg": {"backend": "gloo"}},
        randomness={"seed": 0},
        resume=attempt > 0,  # the restarted attempt resumes from the newest checkpoint in work_dir
    )
    runner.train()


if __name__ == "__main__":
    main()
