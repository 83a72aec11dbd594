#!/usr/bin/env bash
# Re-record sample_logs/kfold_lightning: `kfold_lightning_train.py`, one process fitting three folds of 2 epochs of
# 10 steps, a new Trainer and TensorBoardLogger each (logger versions 0, 1, 2 on the bar), its fold ends dated by
# Python logging. Needs: pip install torch==2.13.0 (CPU wheel) lightning tensorboard.
# Kept: console.log (stdout and stderr), RECORDED.txt.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out="$here/kfold_lightning"
rm -rf "$out" && mkdir -p "$out"
tmp=$(mktemp -d)
OMP_NUM_THREADS=1 python "$here/kfold_lightning_train.py" --out "$tmp" --folds 3 > "$out/console.log" 2>&1
rm -rf "$tmp"
{
  echo "recorded: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "torch: $(python -c 'import torch; print(torch.__version__)')"
  echo "lightning: $(python -c 'import lightning; print(lightning.__version__)')"
  echo "python: $(python --version 2>&1)"
  echo "command: python kfold_lightning_train.py --folds 3"
} > "$out/RECORDED.txt"
grep -c "fold .* done" "$out/console.log"
