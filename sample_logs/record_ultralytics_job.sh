#!/usr/bin/env bash
# Re-record an Ultralytics YOLO job (sample_logs/ultralytics_resume): `YOLO("yolov8n.yaml").train()`
# on the CPU at Ultralytics' default console output, on a generated data set of 48 training
# images (6 batches of 8 an epoch) at 64 px, 3 epochs; the first run raises at epoch 2, batch 3
# (after epoch 1's last.pt was saved), the second is `train(resume=True)` from that last.pt and
# finishes. Both runs write to one console.log, as a user rerunning the command in one terminal
# session would keep it. Ultralytics prints no date; its bar redraws are carriage-return frames.
#
# Ultralytics needs torchvision, whose wheels match only CUDA builds of torch: run it with a
# Python of its own (PYTHON=/tmp/uvenv/bin/python after `python -m venv /tmp/uvenv &&
# /tmp/uvenv/bin/pip install torch==2.15.0 torchvision==0.29.2 ultralytics`), not tracelens' venv
# (whose CPU torch 2.13 it must not replace). YOLO_OFFLINE=1 and plots=False: no downloads.
#
# Kept: console.log, truth.txt (the harness's clock, `TRUTH {...}`), RECORDED.txt. The run folder
# (weights, results.csv) and the data set are removed.
set -euo pipefail
py=${PYTHON:?set PYTHON to a Python with ultralytics (see above)}
here=$(cd "$(dirname "$0")" && pwd)
out="$here/ultralytics_resume"
rm -rf "$out" && mkdir -p "$out"
work=$(mktemp -d)
args=(--work "$work" --truth "$out/truth.txt" --epochs 3 --images 48)
(cd "$work" && OMP_NUM_THREADS=1 YOLO_OFFLINE=1 "$py" "$here/ultralytics_train.py" "${args[@]}" --crash-epoch 2 --crash-batch 3 \
    > "$out/console.log" 2>&1) || true
(cd "$work" && OMP_NUM_THREADS=1 YOLO_OFFLINE=1 "$py" "$here/ultralytics_train.py" "${args[@]}" --resume >> "$out/console.log" 2>&1)
rm -rf "$work"
{
  echo "recorded: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "torch: $("$py" -c 'import torch; print(torch.__version__)')"
  echo "ultralytics: $("$py" -c 'import ultralytics; print(ultralytics.__version__)')"
  echo "command: python ultralytics_train.py --epochs 3 --images 48 --crash-epoch 2 --crash-batch 3; then the same with --resume"
  echo "settings: Ultralytics' defaults except imgsz=64, batch=8, workers=0, device=cpu, plots=False; TRUTH lines in truth.txt, not the console"
} > "$out/RECORDED.txt"
grep -c TRUTH "$out/truth.txt"
