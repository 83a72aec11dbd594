#!/usr/bin/env bash
# Record the HF Trainer jobs of one rank under plain torchrun, `hf_train_default.py` at the Trainer's
# default log level (no `***** Running training *****` header: nothing names the run's steps):
# - sample_logs/hf_trainer_eval_bars: 60 steps, metrics every 10, an evaluation every 30 steps on 9600
#   samples (1200 batches): each evaluation draws its own bar, more readings than the training bar gets
#   between two metric lines; a checkpoint every 30, each step sleeps 0.1 s.
# - sample_logs/hf_trainer_epochs: 3 epochs of 104 samples (13 steps an epoch at 8 a batch), metrics
#   every 5 steps, a checkpoint every 20, each step sleeps 0.2 s: the metric dicts name only their
#   epoch (`'epoch': 0.38`), the summary dict the 3 epochs.
# - sample_logs/hf_trainer_example_tail: 40 steps, metrics every 10, a checkpoint every 20, each step
#   sleeps 0.1 s, ended as the transformers example scripts end (run_glue.py, run_clm.py): logging at
#   INFO (the training header, undated), the model saved, the train metrics table, `trainer.evaluate()`
#   on 800 samples (its own bar of 100 batches) and the eval metrics table. DDP's reducer warning is
#   the console's one dated line (in the recording kept, tqdm's clock places step 1's end before the
#   start `train_runtime` gives back from the run's end: a rerun may not).
# `record_hf_single_rank_jobs.sh FOLDER` records that sample alone.
# Kept in each: console.log (stdout+stderr), truth.txt (the harness's clock, `TRUTH {...}`), RECORDED.txt.
# Needs: torch==2.13.0 (CPU), transformers<5 (PYTHON=a Python that has them).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
py=${PYTHON:-python}

only=${1:-}

record() {  # record FOLDER ARGS...: one rank of hf_train_default.py with ARGS
  [ -z "$only" ] || [ "$only" = "$1" ] || return 0
  local out="$here/$1" work port
  shift
  rm -rf "$out" && mkdir -p "$out"
  work=$(mktemp -d)
  port=$((29600 + RANDOM % 300))
  OMP_NUM_THREADS=1 "$py" -m torch.distributed.run --nnodes 1 --nproc-per-node 1 \
      --rdzv-backend c10d --rdzv-endpoint "127.0.0.1:$port" "$here/hf_train_default.py" \
      --out "$work/run" --truth "$out/truth.txt" "$@" > "$out/console.log" 2>&1
  rm -rf "$work"
  {
    echo "recorded: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "torch: $("$py" -c 'import torch; print(torch.__version__)')"
    echo "transformers: $("$py" -c 'import transformers; print(transformers.__version__)')"
    echo "command: torchrun --nproc-per-node 1 hf_train_default.py $*"
  } > "$out/RECORDED.txt"
  grep -c TRUTH "$out/truth.txt"
}

record hf_trainer_eval_bars --steps 60 --save-steps 30 --logging-steps 10 --eval-steps 30 --eval-samples 9600 --step-sleep 0.1
record hf_trainer_epochs --epochs 3 --train-samples 104 --save-steps 20 --logging-steps 5 --step-sleep 0.2
record hf_trainer_example_tail --steps 40 --save-steps 20 --logging-steps 10 --example-tail --eval-samples 800 --step-sleep 0.1
