#!/usr/bin/env bash
# Re-record sample_logs/killed_last_epoch: `epoch_loop_train.py` (the PyTorch tutorial-style loop of
# epoch_loop_1based: 3 epochs of 20 batches, `Epoch [3/3], Step [10/20], Loss: ...` every 5 batches,
# Python logging's dates) killed with SIGKILL in its last epoch, once it logged `Epoch [3/3], Step [10/20]`,
# then launched again from scratch into the same console, running to its end. Needs: pip install
# torch==2.13.0 (CPU wheel). Kept: console.log (both processes' output, appended), truth.txt (the
# harness's clock: each process's `TRUTH {...}` lines, and the harness's own `HARNESS {...}` lines for the
# launches and the kill), RECORDED.txt.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out="$here/killed_last_epoch"
rm -rf "$out" && mkdir -p "$out"
OMP_NUM_THREADS=1 python - "$here/epoch_loop_train.py" "$out" <<'PY'
import json, os, signal, subprocess, sys, time
script, out = sys.argv[1], sys.argv[2]
console = open(os.path.join(out, "console.log"), "wb")
truth = open(os.path.join(out, "truth.txt"), "a")
def harness(event, **fields):
    truth.write("HARNESS " + json.dumps({"event": event, **fields, "t": time.time()}) + "\n")
    truth.flush()
for launch in (1, 2):
    part = os.path.join(out, f"truth_{launch}.txt")
    harness("launch", launch=launch)
    proc = subprocess.Popen([sys.executable, script, "--truth", part, "--epochs", "3", "--batches", "20",
                             "--log-every", "5"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    for raw in proc.stdout:
        console.write(raw)
        console.flush()
        if launch == 1 and b"Epoch [3/3], Step [10/20]" in raw:
            proc.send_signal(signal.SIGKILL)
            harness("killed", launch=launch, after="Epoch [3/3], Step [10/20]")
            break
    proc.wait()
    harness("exited", launch=launch, code=proc.returncode)
    with open(part) as f:
        truth.write(f.read())
    os.remove(part)
PY
{
  echo "recorded: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "torch: $(python -c 'import torch; print(torch.__version__)')"
  echo "python: $(python --version 2>&1)"
  echo "command: python epoch_loop_train.py --epochs 3 --batches 20 --log-every 5 (killed in epoch 3, then again)"
} > "$out/RECORDED.txt"
grep -c TRUTH "$out/truth.txt"
