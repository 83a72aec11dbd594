#!/usr/bin/env bash
# Re-record a Keras 3 job with ModelCheckpoint (sample_logs/keras_checkpoint): `keras_train.py` fits a
# small MLP for 6 epochs of 50 batches on generated data, on the PyTorch backend on the CPU, at fit's
# default console output, with `ModelCheckpoint(save_best_only=True, verbose=1)` saying `Epoch N:
# val_loss improved from ... saving model to ...` when it saves (Keras prints no date).
#
# Keras needs its own Python: PYTHON=/tmp/kvenv/bin/python after `python -m venv /tmp/kvenv &&
# /tmp/kvenv/bin/pip install torch==2.13.0 keras numpy` (tracelens does not depend on Keras).
#
# Kept: console.log, truth.txt (the harness's clock, `TRUTH {...}`; `checkpoint_saved` for each epoch
# whose end wrote the file), RECORDED.txt.
set -euo pipefail
py=${PYTHON:?set PYTHON to a Python with keras (see above)}
here=$(cd "$(dirname "$0")" && pwd)
out="$here/keras_checkpoint"
work=$(mktemp -d)
rm -rf "$out" && mkdir -p "$out"
OMP_NUM_THREADS=1 KERAS_BACKEND=torch "$py" "$here/keras_train.py" --truth "$out/truth.txt" --epochs 6 --samples 2000 \
    --batch-size 32 --checkpoint "$work/best.keras" > "$out/console.log" 2>&1
rm -rf "$work"
{
  echo "recorded: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "torch: $("$py" -c 'import torch; print(torch.__version__)')"
  echo "keras: $(KERAS_BACKEND=torch "$py" -c 'import keras; print(keras.__version__)' 2>/dev/null)"
  echo "command: KERAS_BACKEND=torch python keras_train.py --epochs 6 --samples 2000 --batch-size 32 --checkpoint <tmp>/best.keras"
  echo "settings: fit's defaults with validation_split=0.2, ModelCheckpoint(monitor='val_loss', save_best_only=True, verbose=1); TRUTH lines in truth.txt"
} > "$out/RECORDED.txt"
grep -c TRUTH "$out/truth.txt"
