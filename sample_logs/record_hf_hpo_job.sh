#!/usr/bin/env bash
# Record sample_logs/hf_trainer_hpo_epochs: `hf_hpo_train.py`, the HF Trainer's `hyperparameter_search`
# (Optuna) at the Trainer's default log level, 3 trials in one process, each 3 epochs of 8 steps with
# its metrics and evaluation once an epoch (dicts that name only their epoch), Optuna's `Trial N
# finished` lines between them. Kept: console.log (stdout and stderr), truth.txt (the harness's clock,
# `TRUTH {...}`), RECORDED.txt.
# And sample_logs/hf_trainer_hpo_pruned: 5 trials under Optuna's MedianPruner, trials 2 to 4 pruned after
# their first epoch (`Trial N pruned.`, no summary dict).
# And sample_logs/hf_trainer_hpo_terminal: the search of hf_trainer_hpo_epochs run on a pseudo-terminal
# 250 columns wide (`script`), its console.log what the terminal shows (`terminal_screen.py`): each
# trial's dicts, then its bar's last frame, then Optuna's line (tqdm.write prints above the bar).
# `record_hf_hpo_job.sh FOLDER` records one alone.
# Needs: torch==2.13.0 (CPU), transformers<5, optuna, and pyte for the terminal's (PYTHON=a Python that
# has them), util-linux's `script`.
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
  if [ "$terminal" ]; then
    OMP_NUM_THREADS=1 script -q -e -c "stty cols 250 rows 50; $(printf '%q ' "$py" "$here/hf_hpo_train.py" --out "$work/run" \
      --truth "$out/truth.txt" "$@")" "$work/typescript" > /dev/null
    "$py" "$here/terminal_screen.py" "$work/typescript" 250 > "$out/console.log"
  else
    OMP_NUM_THREADS=1 "$py" "$here/hf_hpo_train.py" --out "$work/run" --truth "$out/truth.txt" "$@" > "$out/console.log" 2>&1
  fi
  rm -rf "$work"
  {
    echo "recorded: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "torch: $("$py" -c 'import torch; print(torch.__version__)')"
    echo "transformers: $("$py" -c 'import transformers; print(transformers.__version__)')"
    echo "optuna: $("$py" -c 'import optuna; print(optuna.__version__)')"
    echo "command: python hf_hpo_train.py $*"
    [ -z "$terminal" ] || echo "terminal: script(1), 250 columns; console.log is the screen (terminal_screen.py, pyte $("$py" -c 'from importlib.metadata import version; print(version("pyte"))'))"
  } > "$out/RECORDED.txt"
  grep -c TRUTH "$out/truth.txt"
}

terminal=
record hf_trainer_hpo_epochs
record hf_trainer_hpo_pruned --trials 5 --step-sleep 0.05 --prune
terminal=1
record hf_trainer_hpo_terminal
