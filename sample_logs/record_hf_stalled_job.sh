#!/usr/bin/env bash
# Record sample_logs/hf_trainer_stalled: a HuggingFace Trainer run that makes no progress
# (hf_stalled.py: learning rate 0, the same sample in every batch, no dropout), one process on the
# CPU at the Trainer's default log level, 20 steps with a metric dict each: every dict the same to
# the last digit, the epoch printed to 2 decimals (0.0, then 0.01, then 0.02).
# Kept: console.log (stdout+stderr), RECORDED.txt.
# Needs: torch==2.13.0 (CPU), transformers<5.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
py=${PYTHON:-python}
out="$here/hf_trainer_stalled"
rm -rf "$out" && mkdir -p "$out"
work=$(mktemp -d)
OMP_NUM_THREADS=1 "$py" "$here/hf_stalled.py" --out "$work/run" --steps 20 > "$out/console.log" 2>&1
rm -rf "$work"
{
  echo "recorded: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "torch: $("$py" -c 'import torch; print(torch.__version__)')"
  echo "transformers: $("$py" -c 'import transformers; print(transformers.__version__)')"
  echo "command: python hf_stalled.py --steps 20"
} > "$out/RECORDED.txt"
grep -c "{'loss'" "$out/console.log"
