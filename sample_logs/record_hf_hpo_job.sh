#!/usr/bin/env bash
# Record sample_logs/hf_trainer_hpo_epochs: `hf_hpo_train.py`, the HF Trainer's `hyperparameter_search`
# (Optuna) at the Trainer's default log level, 3 trials in one process, each 3 epochs of 8 steps with
# its metrics and evaluation once an epoch (dicts that name only their epoch), Optuna's `Trial N
# finished` lines between them. Kept: console.log (stdout and stderr), truth.txt (the harness's clock,
# `TRUTH {...}`), RECORDED.txt.
# And sample_logs/hf_trainer_hpo_pruned: 5 trials under Optuna's MedianPruner, trials 2 to 4 pruned after
# their first epoch (`Trial N pruned.`, no summary dict). `record_hf_hpo_job.sh FOLDER` records one alone.
# Needs: torch==2.13.0 (CPU), transformers<5, optuna (PYTHON=a Python that has them).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
py=${PYTHON:-python}
only=${1:-}

record() {  # record FOLDER HF_HPO_TRAIN_OPTIONS...
  [ -z "$only" ] || [ "$only" = "$1" ] || return 0
  local out="$here/$1" work
  shift
  rm -rf "$out" && mkdir -p "$out"
  work=$(mktemp -d)
  OMP_NUM_THREADS=1 "$py" "$here/hf_hpo_train.py" --out "$work/run" --truth "$out/truth.txt" "$@" > "$out/console.log" 2>&1
  rm -rf "$work"
  {
    echo "recorded: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "torch: $("$py" -c 'import torch; print(torch.__version__)')"
    echo "transformers: $("$py" -c 'import transformers; print(transformers.__version__)')"
    echo "optuna: $("$py" -c 'import optuna; print(optuna.__version__)')"
    echo "command: python hf_hpo_train.py $*"
  } > "$out/RECORDED.txt"
  grep -c TRUTH "$out/truth.txt"
}

record hf_trainer_hpo_epochs
record hf_trainer_hpo_pruned --trials 5 --step-sleep 0.05 --prune
