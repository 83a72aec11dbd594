#!/usr/bin/env bash
# Record sample_logs/trl_sft_tokens: `trl_sft_train.py`, TRL's SFTTrainer at its default settings
# (its metric dicts name `num_tokens`, the tokens trained on since the trainer began), 24 steps on
# sentences of random length, metrics every 4 steps, a checkpoint every 12, one process as
# `python train.py` runs it. Kept: console.log (stdout and stderr), truth.txt (the harness's clock
# and each step's tokens, `TRUTH {...}`), RECORDED.txt.
# Needs: torch==2.13.0 (CPU), trl, transformers, datasets, tokenizers (PYTHON=a Python that has them).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
py=${PYTHON:-python}
out="$here/trl_sft_tokens"
rm -rf "$out" && mkdir -p "$out"
work=$(mktemp -d)
OMP_NUM_THREADS=1 "$py" "$here/trl_sft_train.py" --out "$work/run" --truth "$out/truth.txt" > "$out/console.log" 2>&1
rm -rf "$work"
{
  echo "recorded: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  for package in torch trl transformers datasets tokenizers; do
    echo "$package: $("$py" -c "from importlib.metadata import version; print(version('$package'))")"
  done
  echo "command: python trl_sft_train.py"
} > "$out/RECORDED.txt"
grep -c TRUTH "$out/truth.txt"
