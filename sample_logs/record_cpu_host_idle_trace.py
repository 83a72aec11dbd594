"""Record sample_logs/cpu_host_idle/: a PyTorch profiler trace of a CPU-only training loop whose
batches are built in plain Python between the profiled operators (lists of floats turned into a
tensor at the end): time the trace records no operator for, on a machine with no device. The
harness times each batch's Python with its own clock (harness.json: per profiled step, the
seconds from the step's start to its batch's tensor, and the step's whole seconds).

    python sample_logs/record_cpu_host_idle_trace.py   # needs torch (CPU)
"""

from __future__ import annotations

import json
import random
import shutil
import time
from pathlib import Path

import torch
from torch.profiler import ProfilerActivity, profile, schedule, tensorboard_trace_handler

OUT = Path(__file__).resolve().parent / "cpu_host_idle"
ROWS, COLUMNS, STEPS = 256, 64, 6


def python_batch(rng: random.Random) -> torch.Tensor:
    """A batch of ROWS x COLUMNS floats built in Python (no operator until the final tensor)."""
    rows = [[rng.gauss(0.0, 1.0) for _ in range(COLUMNS)] for _ in range(ROWS)]
    return torch.tensor(rows)


def main() -> None:
    shutil.rmtree(OUT, ignore_errors=True)
    OUT.mkdir()
    torch.manual_seed(0)
    torch.set_num_threads(1)
    rng = random.Random(0)
    model = torch.nn.Sequential(torch.nn.Linear(COLUMNS, 256), torch.nn.ReLU(), torch.nn.Linear(256, 10))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    steps = []
    with profile(activities=[ProfilerActivity.CPU], schedule=schedule(wait=0, warmup=1, active=STEPS - 1),
                 on_trace_ready=tensorboard_trace_handler(str(OUT), worker_name="rank0", use_gzip=True)) as prof:
        for step in range(STEPS):
            began = time.perf_counter()
            data = python_batch(rng)
            built = time.perf_counter()
            target = torch.randint(0, 10, (ROWS,))
            optimizer.zero_grad()
            torch.nn.functional.cross_entropy(model(data), target).backward()
            optimizer.step()
            ended = time.perf_counter()
            steps.append({"step": step, "python_batch_s": built - began, "step_s": ended - began})
            prof.step()
    (OUT / "harness.json").write_text(json.dumps({"steps": steps, "profiled_from_step": 1}, indent=1) + "\n")
    command = "python sample_logs/record_cpu_host_idle_trace.py"
    (OUT / "RECORDED.txt").write_text(f"torch: {torch.__version__}\ncommand: {command}\n")


if __name__ == "__main__":
    main()
