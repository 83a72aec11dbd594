#!/usr/bin/env bash
# Re-record three W&B runs in one process (sample_logs/wandb_folds_offline): `wandb_folds_train.py` opens and finishes
# a run a fold, offline, its own dated logger lines between them and no step line; wandb's client prints each run's
# history and summary as it finishes.
#
# wandb needs its own Python: PYTHON=/tmp/wbenv/bin/python after `python -m venv /tmp/wbenv && /tmp/wbenv/bin/pip
# install wandb` (tracelens does not depend on wandb).
#
# Kept: console.log, RECORDED.txt.
set -euo pipefail
py=${PYTHON:?set PYTHON to a Python with wandb (see above)}
here=$(cd "$(dirname "$0")" && pwd)
out="$here/wandb_folds_offline"
work=$(mktemp -d)
rm -rf "$out" && mkdir -p "$out"
(cd "$work" && "$py" "$here/wandb_folds_train.py") > "$out/console.log" 2>&1
rm -rf "$work"
{
  echo "recorded: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "wandb: $("$py" -c 'import wandb; print(wandb.__version__)')"
  echo "command: python wandb_folds_train.py (in a temporary folder: its wandb/ folder not kept)"
  echo "settings: mode=offline, 3 runs of 3 logged metrics 1 s apart"
} > "$out/RECORDED.txt"
grep -c "Run summary:" "$out/console.log"
