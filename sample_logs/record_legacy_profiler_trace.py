"""Record sample_logs/legacy_profiler/: PyTorch's legacy autograd profiler
(`torch.autograd.profiler_legacy.profile`, still shipped in torch 2.x) exports its Chrome trace as
a bare JSON array of events (the Trace Event Format's array form), not Kineto's object with
`traceEvents`. A few CPU steps of a small MLP, so the trace stays small.

    python sample_logs/record_legacy_profiler_trace.py   # needs torch (CPU)
"""

from __future__ import annotations

from pathlib import Path

import torch
from torch.autograd import profiler_legacy

OUT = Path(__file__).resolve().parent / "legacy_profiler"


def main() -> None:
    OUT.mkdir(exist_ok=True)
    torch.manual_seed(0)
    torch.set_num_threads(1)
    model = torch.nn.Sequential(torch.nn.Linear(64, 128), torch.nn.ReLU(), torch.nn.Linear(128, 10))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    data, target = torch.randn(32, 64), torch.randint(0, 10, (32,))
    with profiler_legacy.profile() as prof:
        for _ in range(3):
            optimizer.zero_grad()
            torch.nn.functional.cross_entropy(model(data), target).backward()
            optimizer.step()
    prof.export_chrome_trace(str(OUT / "trace.json"))
    command = "python sample_logs/record_legacy_profiler_trace.py"
    (OUT / "RECORDED.txt").write_text(f"torch: {torch.__version__}\ncommand: {command}\n")


if __name__ == "__main__":
    main()
