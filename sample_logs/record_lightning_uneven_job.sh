#!/usr/bin/env bash
# Record sample_logs/lightning_ddp_uneven: the Lightning DDP job of record_lightning_ddp_job.sh
# (Trainer(accelerator="cpu", devices=2, strategy="ddp"), Lightning's own launcher, its default
# TQDMProgressBar, sanity check, checkpointing, TensorBoardLogger and CSVLogger), with uneven
# steps: each batch sleeps 0.3 s, every 4th 1.5 s (a step that logs images or waits on I/O).
# Lightning's training bar shows its mean rate since the epoch started (tqdm smoothing=0), which
# such steps pull away from each step's own time. No timestamp on the console.
#
# Run with a Python that has no `rich` (a plain `pip install lightning`), where the default bar
# is TQDMProgressBar: e.g. PYTHON=/tmp/lvenv/bin/python after `python -m venv /tmp/lvenv &&
# /tmp/lvenv/bin/pip install torch==2.13.0 lightning tensorboard`.
#
# Kept: console.log (stdout+stderr), tb/ and csv/ (the checkpoints removed), truth.txt (the
# harness's clock, `TRUTH {...}`).
set -euo pipefail
py=${PYTHON:-python}
if "$py" -c 'import rich' 2>/dev/null; then
  echo "$py has rich: Lightning's default bar would be Rich; use one without it" >&2
  exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
out="$here/lightning_ddp_uneven"
rm -rf "$out" && mkdir -p "$out"
work=$(mktemp -d)
command="python lightning_train.py --epochs 2 --samples 240 --step-sleep 0.3 --slow-every 4 --slow-sleep 1.5"
(cd "$work" && OMP_NUM_THREADS=1 "$py" "$here/lightning_train.py" --out "$out" --truth "$out/truth.txt" \
    --epochs 2 --samples 240 --step-sleep 0.3 --slow-every 4 --slow-sleep 1.5 > "$out/console.log" 2>&1)
rm -rf "$work" "$out"/tb/version_*/checkpoints
{
  echo "recorded: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "torch: $("$py" -c 'import torch; print(torch.__version__)')"
  echo "lightning: $("$py" -c 'import lightning; print(lightning.__version__)')"
  echo "tensorboard: $("$py" -c 'import tensorboard; print(tensorboard.__version__)')"
  echo "rich installed: 0 (Lightning's default bar: TQDMProgressBar)"
  echo "command: $command"
  echo "settings: Lightning's defaults except log_every_n_steps=1 (so every step has a record) and the two loggers; TRUTH lines in truth.txt, not the console"
} > "$out/RECORDED.txt"
grep -c TRUTH "$out/truth.txt"
