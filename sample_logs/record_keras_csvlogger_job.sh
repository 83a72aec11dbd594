#!/usr/bin/env bash
# Re-record sample_logs/keras_csvlogger: `keras_train.py` as for keras_fit (a small MLP, 4 epochs of
# 100 batches, the PyTorch backend on the CPU), with Keras's CSVLogger callback at its defaults
# writing `training.log`, the per-epoch table (`epoch,accuracy,loss,val_accuracy,val_loss`).
#
# Keras needs its own Python: PYTHON=/tmp/kvenv/bin/python after `python -m venv /tmp/kvenv &&
# /tmp/kvenv/bin/pip install torch==2.13.0 keras numpy` (tracelens does not depend on Keras).
#
# Kept: training.log, console.log, truth.txt (the harness's clock, `TRUTH {...}`), RECORDED.txt.
set -euo pipefail
py=${PYTHON:?set PYTHON to a Python with keras (see above)}
here=$(cd "$(dirname "$0")" && pwd)
out="$here/keras_csvlogger"
rm -rf "$out" && mkdir -p "$out"
OMP_NUM_THREADS=1 KERAS_BACKEND=torch "$py" "$here/keras_train.py" --truth "$out/truth.txt" --epochs 4 --samples 4000 \
    --batch-size 32 --csv "$out/training.log" > "$out/console.log" 2>&1
{
  echo "recorded: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "torch: $("$py" -c 'import torch; print(torch.__version__)')"
  echo "keras: $(KERAS_BACKEND=torch "$py" -c 'import keras; print(keras.__version__)' 2>/dev/null)"
  echo "command: KERAS_BACKEND=torch python keras_train.py --epochs 4 --samples 4000 --batch-size 32 --csv training.log"
  echo "settings: fit's defaults with validation_split=0.2, CSVLogger's defaults; TRUTH lines in truth.txt, not the console"
} > "$out/RECORDED.txt"
grep -c TRUTH "$out/truth.txt"
