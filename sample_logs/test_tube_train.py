"""A training loop logging through test-tube's `Experiment` the way PyTorch Lightning 1.x's
TestTubeLogger drove it for latent-diffusion and its descendants (Stable Diffusion v1, StableSR,
...): every `log_every` optimizer steps one `Experiment.log` call with the step losses, the
`global_step` the module logs itself (`self.log("global_step", self.global_step)`, the optimizer
steps done before the batch, a float as Lightning logs it) and `epoch`. test-tube stamps each row
`created_at` (UTC) and writes `<save_dir>/<name>/version_0/metrics.csv`.

The harness's clock: after each log call one `TRUTH {"step": S, "t": T}` line, S the optimizer
steps done once the batch ended (global_step + 1), T the wall-clock time in seconds."""

from __future__ import annotations

import argparse
import json
import time

import torch
from test_tube import Experiment


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--save-dir", required=True)
    ap.add_argument("--truth", required=True)
    ap.add_argument("--steps", type=int, default=60)
    ap.add_argument("--log-every", type=int, default=10)
    ap.add_argument("--steps-per-epoch", type=int, default=25)
    args = ap.parse_args()
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(64, 256), torch.nn.ReLU(), torch.nn.Linear(256, 1))
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    exp = Experiment(name="testtube", save_dir=args.save_dir, version=0)
    with open(args.truth, "w") as truth:
        for global_step in range(args.steps):
            x = torch.randn(128, 64)
            loss = ((model(x) - x.sum(1, keepdim=True)) ** 2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            time.sleep(0.02)  # a step long enough for the clock to see it
            if (global_step + 1) % args.log_every == 0:
                exp.log({"train/loss_step": loss.item(), "global_step": float(global_step),
                         "epoch": global_step // args.steps_per_epoch})
                truth.write("TRUTH " + json.dumps({"step": global_step + 1, "t": time.time(),
                                                   "loss": loss.item()}) + "\n")
    exp.save()


if __name__ == "__main__":
    main()
