"""A 2-rank gloo job whose steps are plain prints (no date), as many scripts log: rank 0 raises at step 3
of its first launch, torchrun relaunches both ranks, and the harness kills torchrun while the relaunch
runs (record_undated_relaunch_job.sh). Each rank appends its own clock to TRUTH (a file, not the console)."""

from __future__ import annotations

import json
import os
import sys
import time

import torch
import torch.distributed as dist


def main() -> None:
    truth, steps = sys.argv[1], int(sys.argv[2])
    dist.init_process_group("gloo")
    rank, attempt = dist.get_rank(), int(os.environ.get("TORCHELASTIC_RESTART_COUNT", "0"))
    model = torch.nn.Linear(64, 64)
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    with open(truth, "a") as out:
        out.write(json.dumps({"rank": rank, "attempt": attempt, "event": "start", "t": time.time()}) + "\n")
    for step in range(1, steps + 1):
        x = torch.randn(32, 64)
        loss = model(x).pow(2).mean()
        loss.backward()
        for p in model.parameters():
            dist.all_reduce(p.grad)
        opt.step()
        opt.zero_grad()
        time.sleep(0.5)
        if attempt == 0 and rank == 0 and step == 3:
            raise RuntimeError("injected failure on rank 0 at step 3")
        if rank == 0:
            print(f"step {step}/{steps} loss {loss.item():.4f}", flush=True)
        with open(truth, "a") as out:
            out.write(json.dumps({"rank": rank, "attempt": attempt, "event": "step_end", "step": step,
                                  "t": time.time()}) + "\n")
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
