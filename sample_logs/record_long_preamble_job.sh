#!/usr/bin/env bash
# Re-record sample_logs/epoch_loop_preamble: `epoch_loop_train.py` as for epoch_loop_1based (3
# epochs of 20 batches, a line every 5), with a 120-block backbone that the script prints before
# training: `print(model)` fills the 489 lines ahead of the first step line, more than a log's head that
# detection reads. Needs: pip install torch==2.13.0 (CPU wheel).
# Kept: console.log, truth.txt (the harness's clock, `TRUTH {...}`), RECORDED.txt.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out="$here/epoch_loop_preamble"
rm -rf "$out" && mkdir -p "$out"
OMP_NUM_THREADS=1 python "$here/epoch_loop_train.py" --truth "$out/truth.txt" --epochs 3 --batches 20 --log-every 5 \
    --backbone 120 > "$out/console.log" 2>&1
{
  echo "recorded: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "torch: $(python -c 'import torch; print(torch.__version__)')"
  echo "python: $(python --version 2>&1)"
  echo "command: python epoch_loop_train.py --epochs 3 --batches 20 --log-every 5 --backbone 120"
} > "$out/RECORDED.txt"
grep -c TRUTH "$out/truth.txt"
