#!/usr/bin/env bash
# Re-record sample_logs/epoch_loop_1based: `epoch_loop_train.py`, a PyTorch tutorial-style loop
# (3 epochs of 20 batches, a line every 5 batches: `Epoch [1/3], Step [5/20], Loss: ...`, the
# epochs counted from 1) logged with Python logging's default dates, its training time so far
# after each epoch and the run's at the end. Needs: pip install torch==2.13.0 (CPU wheel).
# Kept: console.log, truth.txt (the harness's clock, `TRUTH {...}`), RECORDED.txt.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out="$here/epoch_loop_1based"
rm -rf "$out" && mkdir -p "$out"
OMP_NUM_THREADS=1 python "$here/epoch_loop_train.py" --truth "$out/truth.txt" --epochs 3 --batches 20 --log-every 5 \
    > "$out/console.log" 2>&1
{
  echo "recorded: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "torch: $(python -c 'import torch; print(torch.__version__)')"
  echo "python: $(python --version 2>&1)"
  echo "command: python epoch_loop_train.py --epochs 3 --batches 20 --log-every 5"
} > "$out/RECORDED.txt"
grep -c TRUTH "$out/truth.txt"
