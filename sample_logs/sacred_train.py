"""A small PyTorch training loop run as a Sacred experiment, as research code keeps its metrics:
Sacred's FileStorageObserver writes `<dir>/1/metrics.json`, one series a metric
(`training.loss`, `training.lr`: steps, timestamps, values), logged with `_run.log_scalar` after
every optimizer step.

The harness's own clock (time.time() right after each log_scalar call) goes to --truth as
`TRUTH {...}` lines: each step's number, its loss as logged and the time.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--truth", type=Path, required=True)
    parser.add_argument("--runs", type=Path, required=True, help="the FileStorageObserver's folder")
    parser.add_argument("--steps", type=int, default=20)
    args = parser.parse_args()

    import torch
    from sacred import Experiment
    from sacred.observers import FileStorageObserver

    truth = args.truth.open("w")
    ex = Experiment("sacred_train", save_git_info=False)
    ex.observers.append(FileStorageObserver(str(args.runs)))

    @ex.main
    def run(_run):  # type: ignore[no-untyped-def]
        torch.manual_seed(0)
        model = torch.nn.Sequential(torch.nn.Linear(64, 256), torch.nn.ReLU(), torch.nn.Linear(256, 2))
        optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
        loss_fn = torch.nn.CrossEntropyLoss()
        x = torch.randn(args.steps * 32, 64)
        y = (x[:, 0] > 0).long()
        for step in range(1, args.steps + 1):
            xb, yb = x[(step - 1) * 32:step * 32], y[(step - 1) * 32:step * 32]
            loss = loss_fn(model(xb), yb)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            time.sleep(0.05)  # a step long enough to tell the steps' times apart
            _run.log_scalar("training.loss", loss.item(), step)
            _run.log_scalar("training.lr", optimizer.param_groups[0]["lr"], step)
            truth.write("TRUTH " + json.dumps({"event": "step_logged", "step": step, "loss": loss.item(),
                                               "t": time.time()}) + "\n")
        truth.flush()

    ex.run()


if __name__ == "__main__":
    main()
